package actor.bench.locality;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.steal.Topology;
import actor.steal.VictimSelectors;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The simulation's figures, on fewer rounds than the documented run: the targets, and what makes them meaningful. */
class LocalitySimulationTest {

    private static final int ROUNDS = 4_000;

    @Test
    void hierarchicalStaysInTheNodeAndBoundsConvergenceOnBothMachines() {
        for (String description : LocalitySimulation.DEFAULT_TOPOLOGIES) {
            final List<SimulationResult> results = LocalitySimulation.simulate(Topology.parse(description), ROUNDS, 7);
            assertEquals(OccupancyPattern.values().length * LocalitySimulation.SELECTORS.size(), results.size());
            for (SimulationResult r : results) {
                assertTrue(r.sameNode() <= r.steals() && r.sameL3() <= r.sameNode()
                        && r.sameNodeWithLocalWork() <= r.stealsWithLocalWork() && r.steals() <= r.attempts(), r.toString());
                if (r.selector().equals(VictimSelectors.HIERARCHICAL)) {
                    assertTrue(r.sameNodeShareWithLocalWork() >= 0.9, "locality target: " + r);
                    assertTrue(r.maxConvergence() <= r.nodeSize() / 2, "convergence target: " + r);
                    assertTrue(r.busyShare() > 0.7, "the load (75-80%) is kept up with: " + r);
                }
                if (r.selector().equals(VictimSelectors.RANDOM)) {
                    assertTrue(r.sameNodeShareWithLocalWork() < 0.7, "random ignores the nodes: " + r);
                }
                if (r.selector().equals(VictimSelectors.LONGEST_VICTIM) && r.pattern() == OccupancyPattern.HUB) {
                    assertTrue(r.maxConvergence() > r.nodeSize() / 2, "every thief converges on the hub: " + r);
                }
            }
        }
    }

    @Test
    void theSameSeedGivesTheSameArrivalsAndTheTablePrintsEveryRun() {
        final Topology machine = Topology.parse("sockets=2,coresPerL3=4");
        final List<SimulationResult> results = LocalitySimulation.simulate(machine, 500, 3);
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        LocalitySimulation.print(results, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        final List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(2 + results.size(), lines.size());
        assertTrue(lines.get(2).startsWith("| sockets=2,coresPerL3=4 | one hub | hierarchical | "), lines.get(2));
        assertTrue(lines.get(2).endsWith("(node 4) | " + String.format(java.util.Locale.ROOT, "%.1f%%",
                100 * results.get(0).busyShare()) + " |"), lines.get(2));
    }
}
