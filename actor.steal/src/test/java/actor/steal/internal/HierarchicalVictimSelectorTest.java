package actor.steal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.steal.Topology;
import actor.steal.VictimSelector;
import actor.steal.VictimSelectors;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Four sockets of eight CPUs sharing an L3 (the reference's Intel machine), unless a test says otherwise. */
class HierarchicalVictimSelectorTest {

    private static final Topology FOUR_BY_EIGHT = Topology.parse("sockets=4,l3PerSocket=1,coresPerL3=8");
    private final VictimSelector selector = VictimSelectors.hierarchical();

    @Test
    void aThiefStealsInsideItsNodeWhileTheNodeHasWork() {
        final TestView view = new TestView(FOUR_BY_EIGHT, 32);
        for (int w = 0; w < 32; w++) {
            view.busy(w);
        }
        assertEquals(Set.of(1, 2, 3, 4, 5, 6, 7), victims(0, view), "every other worker of node 0, only they");
        assertEquals(Set.of(24, 25, 26, 28, 29, 30, 31), victims(27, view));
    }

    @Test
    void emptyWorkersAreSkipped() {
        final TestView view = new TestView(FOUR_BY_EIGHT, 32).busy(5, 20, 30);
        assertEquals(Set.of(5), victims(0, view), "the only busy worker of the node, never the empty ones");
        assertEquals(Set.of(5, 20, 30), victims(9, view), "node 1 is empty: one level up, the busy workers anywhere");
        assertEquals(Set.of(VictimSelector.NONE), victims(0, new TestView(FOUR_BY_EIGHT, 32)), "nobody has work");
    }

    @Test
    void afterAsManyAttemptsAsTheNodeHasOtherWorkersTheThiefLooksEverywhere() {
        final TestView view = new TestView(FOUR_BY_EIGHT, 32);
        for (int w = 0; w < 32; w++) {
            view.busy(w);
        }
        view.attempts[0] = 6;
        assertEquals(Set.of(1, 2, 3, 4, 5, 6, 7), victims(0, view), "the 7th attempt: still in the node");
        view.attempts[0] = 7;
        final Set<Integer> everywhere = victims(0, view);
        assertTrue(everywhere.size() > 20 && !everywhere.contains(0) && everywhere.stream().anyMatch(w -> w >= 8),
                everywhere.toString());
        assertEquals(2, HierarchicalVictimSelector.startLevel(FOUR_BY_EIGHT, 0, 32, 7));
        assertEquals(1, HierarchicalVictimSelector.startLevel(FOUR_BY_EIGHT, 0, 32, 0), "no budget at the CPU: level 0 is skipped");
    }

    @Test
    void budgetsAddUpLevelByLevel() {
        final Topology t = Topology.parse("sockets=2,l3PerSocket=2,coresPerL3=4,coresPerL2=2");
        // Thief 0: L2 has 1 other worker, L3 3, node 7, then the system.
        final int[] expected = {1, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 4, 4};
        for (int attempts = 0; attempts < expected.length; attempts++) {
            assertEquals(expected[attempts], HierarchicalVictimSelector.startLevel(t, 0, 16, attempts),
                    "after " + attempts + " attempts");
        }
    }

    @Test
    void aVictimTakesAtMostHalfItsNodeAsThieves() {
        final TestView view = new TestView(FOUR_BY_EIGHT, 32).busy(3).polling(3, 1, 2, 4);
        assertEquals(Set.of(3), victims(0, view), "three thieves poll it: the fourth joins");
        view.polling(3, 5);
        assertEquals(Set.of(VictimSelector.NONE), victims(0, view), "four poll it: a fifth backs off");
        assertEquals(Set.of(VictimSelector.NONE), victims(12, view), "so does a thief from another node");
        view.polling(VictimSelector.NONE, 1, 2);
        assertEquals(Set.of(3), victims(12, view), "two poll it: a thief from another node joins");
        view.busy(6).polling(3, 1, 2);
        assertEquals(Set.of(6, VictimSelector.NONE), victims(0, view),
                "with two busy workers, a thief that draws the crowded one backs off");
        view.polling(6, 1, 2);
        assertEquals(Set.of(3, 6), victims(0, view), "two thieves on each: neither is crowded");
    }

    @Test
    void aLoneThiefIsNeverThrottled() {
        final TestView view = new TestView(Topology.parse("sockets=4"), 4).busy(0);
        assertEquals(Set.of(0), victims(1, view), "a node of one CPU still allows one thief");
        view.polling(0, 2);
        assertEquals(Set.of(VictimSelector.NONE), victims(1, view));
    }

    @Test
    void withoutATopologyEveryBusyWorkerIsAsNear() {
        final TestView view = new TestView(Topology.unknown(), 6).busy(1, 4, 5);
        assertEquals(Set.of(1, 4, 5), victims(0, view));
    }

    /**
     * With two workers there is one possible victim: {@code hierarchical} differs from
     * {@code longest-victim} and {@code random}, which always return the other worker, only by
     * returning no victim while the other worker has no queued mailbox, whatever the thief's
     * attempts, target or topology (the budget only moves the start level, and a lone thief is never
     * throttled). Then the executor's attempt on that worker would find no mailbox to take either:
     * the same failure and back-off ({@code docs/lab/locality.md}, "On this machine").
     */
    @Test
    void onTwoWorkersTheOtherIsTheVictimExactlyWhenItHasAQueuedMailbox() {
        final List<Topology> machines = List.of(Topology.parse("sockets=1,coresPerL3=2"), Topology.parse("sockets=2"),
                Topology.flat(2), Topology.unknown());
        for (Topology machine : machines) {
            for (int thief = 0; thief < 2; thief++) {
                final int other = 1 - thief;
                for (int attempts : new int[] {0, 1, 2, Integer.MAX_VALUE}) {
                    final TestView view = new TestView(machine, 2).polling(other, thief);
                    view.attempts[thief] = attempts;
                    assertEquals(Set.of(VictimSelector.NONE), victims(thief, view), "other idle: " + view);
                    view.busy(other);
                    assertEquals(Set.of(other), victims(thief, view), "other busy: " + view);
                }
            }
        }
    }

    /** Every result of many calls. */
    private Set<Integer> victims(int thief, TestView view) {
        final Set<Integer> seen = new TreeSet<>();
        for (int i = 0; i < 3_000; i++) {
            seen.add(selector.selectVictim(thief, view));
        }
        return seen;
    }
}
