package actor.steal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** The worker methods against a brute-force model built from {@link Topology#sharedLevel}, and the shape of the tree. */
class TopologyPropertiesTest {

    @Provide
    Arbitrary<Topology> topologies() {
        return Combinators.combine(Arbitraries.integers().between(1, 4), Arbitraries.integers().between(1, 3),
                Arbitraries.integers().between(1, 4), Arbitraries.integers().between(1, 3))
                .as((sockets, l3, l2PerL3, coresPerL2) -> Topology.parse("sockets=" + sockets + ",l3PerSocket=" + l3
                        + ",coresPerL3=" + l2PerL3 * coresPerL2 + ",coresPerL2=" + coresPerL2));
    }

    @Property(tries = 300)
    void groupMembersAreTheWorkersSharingTheLevel(@ForAll("topologies") Topology t,
                                                  @ForAll @IntRange(min = 1, max = 100) int workers,
                                                  @ForAll @IntRange(min = 0, max = 99) int anyWorker,
                                                  @ForAll @IntRange(min = 0, max = 8) int anyLevel) {
        final int worker = anyWorker % workers;
        final int level = anyLevel % t.levels();
        final List<Integer> expected = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            if (t.sharedLevel(worker, w) <= level) {
                expected.add(w);
            }
        }
        assertEquals(expected, TopologyTest.members(t, worker, level, workers), t + ", " + workers + " workers");
        assertEquals(expected.size(), t.groupSize(worker, level, workers));
    }

    @Property(tries = 200)
    void groupsAreContiguousNestedAndEndInTheSystem(@ForAll("topologies") Topology t) {
        final int top = t.levels() - 1;
        for (int p = 0; p < t.cpus(); p++) {
            assertEquals(p, t.groupStart(p, 0));
            assertEquals(p + 1, t.groupEnd(p, 0));
            assertEquals(0, t.groupStart(p, top));
            assertEquals(t.cpus(), t.groupEnd(p, top));
            for (int level = 1; level <= top; level++) {
                assertTrue(t.groupStart(p, level) <= t.groupStart(p, level - 1), "nested");
                assertTrue(t.groupEnd(p, level) >= t.groupEnd(p, level - 1), "nested");
                assertTrue(t.groups(level) < t.groups(level - 1), "every level groups differently");
            }
            for (int level = 0; level <= top; level++) {
                for (int q = t.groupStart(p, level); q < t.groupEnd(p, level); q++) {
                    assertEquals(t.groupStart(p, level), t.groupStart(q, level), "contiguous");
                }
            }
        }
    }

    @Property(tries = 200)
    void sharedLevelIsSymmetricAndZeroOnlyOnOneCpu(@ForAll("topologies") Topology t,
                                                   @ForAll @IntRange(min = 0, max = 200) int a,
                                                   @ForAll @IntRange(min = 0, max = 200) int b) {
        assertEquals(t.sharedLevel(a, b), t.sharedLevel(b, a));
        assertEquals(t.position(a) == t.position(b), t.sharedLevel(a, b) == 0);
    }
}
