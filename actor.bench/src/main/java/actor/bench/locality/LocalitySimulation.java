package actor.bench.locality;

import actor.steal.Topology;
import actor.steal.VictimSelectors;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Drives the real victim selectors on simulated machines and prints a Markdown table: for each
 * machine, occupancy pattern and selector, where successful steals landed (same L3 cache, same
 * NUMA node, and same node among the steals whose thief's node had work), attempts per successful
 * steal, the most thieves that chose one victim in one round, and how busy the workers were.
 *
 * <pre>
 * java -cp "actor.bench/target/actor.bench-0.1.0-SNAPSHOT.jar:actor.bench/target/bench-lib/*" \
 *      actor.bench.locality.LocalitySimulation [--rounds 20000] [--seed 14] [--topology sockets=4,coresPerL3=8 ...]
 * </pre>
 *
 * Default machines: 4 sockets of 8 cores sharing an L3 each (the reference's Intel machine), and 2
 * sockets of 32 cores in 4 L3 caches of 8 each. See {@code docs/lab/locality.md}.
 */
public final class LocalitySimulation {

    /** The machines simulated unless {@code --topology} says otherwise. */
    public static final List<String> DEFAULT_TOPOLOGIES = List.of(
            "sockets=4,l3PerSocket=1,coresPerL3=8",
            "sockets=2,l3PerSocket=4,coresPerL3=8");
    /** The selectors compared. */
    public static final List<String> SELECTORS = List.of(
            VictimSelectors.HIERARCHICAL, VictimSelectors.RANDOM, VictimSelectors.LONGEST_VICTIM);
    /** Default rounds per simulation; the first tenth warms up and is not counted. */
    public static final int DEFAULT_ROUNDS = 20_000;
    /** Default seed of the arrivals and the thieves' order (the selectors draw their own random numbers). */
    public static final long DEFAULT_SEED = 14;

    private LocalitySimulation() {
    }

    /**
     * Runs every machine, pattern and selector and prints the table.
     *
     * @param args {@code --rounds n}, {@code --seed n}, {@code --topology description} (repeatable)
     */
    public static void main(String[] args) {
        int rounds = DEFAULT_ROUNDS;
        long seed = DEFAULT_SEED;
        final List<String> topologies = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            final String option = args[i];
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(option + ": a value must follow; options --rounds, --seed, --topology");
            }
            final String value = args[++i];
            switch (option) {
                case "--rounds" -> rounds = Integer.parseInt(value);
                case "--seed" -> seed = Long.parseLong(value);
                case "--topology" -> topologies.add(value);
                default -> throw new IllegalArgumentException(option + ": unknown; options --rounds, --seed, --topology");
            }
        }
        if (rounds < 10) {
            throw new IllegalArgumentException("--rounds " + rounds + ": must be at least 10");
        }
        final List<SimulationResult> results = new ArrayList<>();
        for (String description : topologies.isEmpty() ? DEFAULT_TOPOLOGIES : topologies) {
            results.addAll(simulate(Topology.parse(description), rounds, seed));
        }
        print(results, System.out);
    }

    /** Every pattern and selector on one machine, each from the same seed. */
    static List<SimulationResult> simulate(Topology topology, int rounds, long seed) {
        final List<SimulationResult> results = new ArrayList<>();
        for (OccupancyPattern pattern : OccupancyPattern.values()) {
            for (String selector : SELECTORS) {
                results.add(new SimulatedMachine(topology, seed).run(pattern, VictimSelectors.byName(selector),
                        rounds / 10, rounds));
            }
        }
        return results;
    }

    static void print(List<SimulationResult> results, PrintStream out) {
        out.println("| machine | pattern | selector | steals | same L3 | same node | same node, node had work "
                + "| attempts / steal | most thieves on one victim | busy |");
        out.println("|---|---|---|---:|---:|---:|---:|---:|---:|---:|");
        for (SimulationResult r : results) {
            out.println(String.format(Locale.ROOT, "| %s | %s | %s | %d | %s | %s | %s | %.2f | %d (node %d) | %s |",
                    machine(r.topology()), r.pattern().label(), r.selector(), r.steals(), percent(r.sameL3Share()),
                    percent(r.sameNodeShare()), percent(r.sameNodeShareWithLocalWork()), r.attemptsPerSteal(),
                    r.maxConvergence(), r.nodeSize(), percent(r.busyShare())));
        }
    }

    /** The description the machine was made from, without the {@code override: } prefix. */
    private static String machine(Topology topology) {
        final String source = topology.source();
        return source.startsWith("override: ") ? source.substring("override: ".length()) : source;
    }

    private static String percent(double share) {
        return Double.isNaN(share) ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * share);
    }
}
