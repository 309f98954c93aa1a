package actor.steal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.steal.Topology;
import actor.steal.VictimSelector;
import java.util.List;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The hierarchical selector against a model written from its specification with nothing but
 * {@link Topology#sharedLevel}: on any topology (none, flat, sockets of shared caches), any number of
 * workers (fewer or more than the CPUs), any occupancies, attempts and targets, every result of
 * repeated calls is one the model allows.
 */
class HierarchicalVictimSelectorPropertiesTest {

    private static final int CALLS = 20;
    private final VictimSelector selector = new HierarchicalVictimSelector();

    /** A generated situation: a thief among workers on a topology. */
    record Scenario(Topology topology, int thief, int[] occupancy, int[] attempts, int[] targets) {
        int workers() {
            return occupancy.length;
        }

        TestView view() {
            final TestView view = new TestView(topology, workers());
            System.arraycopy(occupancy, 0, view.occupancy, 0, workers());
            System.arraycopy(attempts, 0, view.attempts, 0, workers());
            System.arraycopy(targets, 0, view.targets, 0, workers());
            return view;
        }

        @Override
        public String toString() {
            return "thief " + thief + " of " + view();
        }
    }

    @Provide
    Arbitrary<Scenario> scenarios() {
        return Arbitraries.integers().between(1, 80).flatMap(workers -> Combinators.combine(
                topologies(),
                Arbitraries.integers().between(0, workers - 1),
                Arbitraries.integers().between(0, 3).map(o -> o < 2 ? 0 : o).array(int[].class).ofSize(workers),
                Arbitraries.oneOf(Arbitraries.integers().between(0, 2 * workers), Arbitraries.just(Integer.MAX_VALUE))
                        .array(int[].class).ofSize(workers),
                Arbitraries.integers().between(-1, workers - 1).array(int[].class).ofSize(workers))
                .as(Scenario::new));
    }

    private static Arbitrary<Topology> topologies() {
        return Arbitraries.oneOf(
                Arbitraries.just(Topology.unknown()),
                Arbitraries.integers().between(1, 40).map(Topology::flat),
                Combinators.combine(Arbitraries.integers().between(1, 4), Arbitraries.integers().between(1, 3),
                        Arbitraries.integers().between(1, 3), Arbitraries.integers().between(1, 3))
                        .as((sockets, l3, l2PerL3, coresPerL2) -> Topology.parse("sockets=" + sockets + ",l3PerSocket="
                                + l3 + ",coresPerL3=" + l2PerL3 * coresPerL2 + ",coresPerL2=" + coresPerL2)));
    }

    @Property(tries = 400)
    void neverTheThiefAndAlwaysAWorkerOfTheTopology(@ForAll("scenarios") Scenario s) {
        final TestView view = s.view();
        for (int call = 0; call < CALLS; call++) {
            final int victim = selector.selectVictim(s.thief(), view);
            assertTrue(victim == VictimSelector.NONE || victim >= 0 && victim < s.workers(), victim + ": " + s);
            assertTrue(victim != s.thief(), s.toString());
        }
    }

    /**
     * The budget: a thief with {@code a} attempts starts at the model's level {@code start(a)}; the
     * victim is a busy worker of the lowest level from there up that has one, never a worker further
     * away, and never an idle one; no victim only if nobody is busy from there up, or the drawn one is
     * crowded.
     */
    @Property(tries = 400)
    void thePerLevelBudgetAndTheThrottleHold(@ForAll("scenarios") Scenario s) {
        final Topology t = s.topology();
        final int start = startLevel(s);
        int busyLevel = -1;
        for (int level = start; level < t.levels() && busyLevel < 0; level++) {
            if (!busy(s, level).isEmpty()) {
                busyLevel = level;
            }
        }
        final List<Integer> candidates = busyLevel < 0 ? List.of() : busy(s, busyLevel);
        final TestView view = s.view();
        for (int call = 0; call < CALLS; call++) {
            final int victim = selector.selectVictim(s.thief(), view);
            if (candidates.isEmpty()) {
                assertEquals(VictimSelector.NONE, victim, "nobody is busy from level " + start + " up: " + s);
            } else if (victim == VictimSelector.NONE) {
                final int level = busyLevel;
                assertTrue(candidates.stream().anyMatch(c -> crowded(s, c, level)),
                        "no victim although none of " + candidates + " is crowded: " + s);
            } else {
                assertTrue(candidates.contains(victim), victim + " is not among the busy workers " + candidates
                        + " of level " + busyLevel + " (start " + start + "): " + s);
                assertTrue(!crowded(s, victim, busyLevel), victim + " is crowded: " + s);
            }
        }
    }

    @Property(tries = 300)
    void budgetsAreTheOtherWorkersOfEachLevel(@ForAll("scenarios") Scenario s) {
        assertEquals(startLevel(s), HierarchicalVictimSelector.startLevel(s.topology(), s.thief(), s.workers(),
                s.attempts()[s.thief()]), s.toString());
    }

    /** The model's start level: spend, level by level, as many attempts as the level has other workers. */
    private static int startLevel(Scenario s) {
        final Topology t = s.topology();
        long left = s.attempts()[s.thief()];
        for (int level = 0; level < t.levels() - 1; level++) {
            int others = 0;
            for (int w = 0; w < s.workers(); w++) {
                if (w != s.thief() && t.sharedLevel(s.thief(), w) <= level) {
                    others++;
                }
            }
            if (left < others) {
                return level;
            }
            left -= others;
        }
        return t.levels() - 1;
    }

    /** The other workers sharing {@code level} with the thief that have work. */
    private static List<Integer> busy(Scenario s, int level) {
        return IntStream.range(0, s.workers())
                .filter(w -> w != s.thief() && s.topology().sharedLevel(s.thief(), w) <= level && s.occupancy()[w] > 0)
                .boxed().toList();
    }

    /** Whether other thieves poll {@code victim}, and with the thief would be more than half its group (at most its node). */
    private static boolean crowded(Scenario s, int victim, int level) {
        final Topology t = s.topology();
        final int node = t.level(Topology.LevelKind.NUMA_NODE);
        final int limit = node < 0 ? level : Math.min(level, node);
        int size = 0;
        int others = 0;
        for (int w = 0; w < s.workers(); w++) {
            if (t.sharedLevel(victim, w) <= limit) {
                size++;
            }
            if (w != s.thief() && w != victim && s.targets()[w] == victim) {
                others++;
            }
        }
        return others > 0 && 2 * (others + 1) > size;
    }
}
