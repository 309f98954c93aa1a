package actor.steal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.steal.Topology.LevelKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class TopologyTest {

    @Test
    void fourSocketsOfEightCoresSharingAnL3() {
        final Topology t = Topology.parse("sockets=4,l3PerSocket=1,coresPerL3=8");
        assertEquals(32, t.cpus());
        assertEquals(3, t.levels());
        assertEquals(Set.of(LevelKind.CPU, LevelKind.L2_CACHE), t.kinds(0), "a private L2 is the CPU's own");
        assertEquals(Set.of(LevelKind.L3_CACHE, LevelKind.NUMA_NODE), t.kinds(1));
        assertEquals(Set.of(LevelKind.SYSTEM), t.kinds(2));
        assertEquals(1, t.level(LevelKind.NUMA_NODE));
        assertEquals(-1, t.level(LevelKind.NUMA_GROUP));
        assertEquals(4, t.groups(1));
        assertEquals(8, t.groupStart(12, 1));
        assertEquals(16, t.groupEnd(12, 1));
        assertEquals(0, t.sharedLevel(3, 3));
        assertEquals(1, t.sharedLevel(0, 7));
        assertEquals(2, t.sharedLevel(7, 8));
        assertEquals(31, t.cpu(31));
        assertEquals("32 CPUs: L3+NUMA node 4 x 8, system 1 x 32 (override: sockets=4,l3PerSocket=1,coresPerL3=8)",
                t.toString());
    }

    @Test
    void everyLevelOfASharedL2() {
        final Topology t = Topology.parse("sockets=2, l3PerSocket=2, coresPerL3=4, coresPerL2=2");
        assertEquals(16, t.cpus());
        assertEquals(List.of(Set.of(LevelKind.CPU), Set.of(LevelKind.L2_CACHE), Set.of(LevelKind.L3_CACHE),
                Set.of(LevelKind.NUMA_NODE), Set.of(LevelKind.SYSTEM)), kinds(t));
        assertEquals(List.of(16, 8, 4, 2, 1), groups(t));
        assertEquals(1, t.sharedLevel(4, 5));
        assertEquals(2, t.sharedLevel(4, 6));
        assertEquals(3, t.sharedLevel(4, 0));
        assertEquals(4, t.sharedLevel(4, 8));
    }

    @Test
    void moreWorkersThanCpusWrapAround() {
        final Topology t = Topology.parse("sockets=4,coresPerL3=8");
        assertEquals(3, t.position(35));
        assertEquals(0, t.sharedLevel(3, 35), "workers 3 and 35 share CPU 3");
        assertEquals(2, t.groupSize(3, 0, 40));
        assertEquals(16, t.groupSize(0, 1, 40), "workers 0-7 and 32-39");
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 32, 33, 34, 35, 36, 37, 38, 39), members(t, 0, 1, 40));
        assertEquals(List.of(8, 9, 10, 11, 12, 13, 14, 15), members(t, 9, 1, 40));
        assertEquals(40, t.groupSize(9, 2, 40));
    }

    @Test
    void fewerWorkersThanCpusFillTheFirstGroups() {
        final Topology t = Topology.parse("sockets=4,coresPerL3=8");
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), members(t, 2, 1, 10));
        assertEquals(List.of(8, 9), members(t, 9, 1, 10));
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), members(t, 9, 2, 10));
        assertEquals(1, t.groupSize(2, 0, 10));
    }

    @Test
    void flatAndUnknown() {
        final Topology flat = Topology.flat(6);
        assertEquals(2, flat.levels());
        assertEquals(Set.of(LevelKind.CPU), flat.kinds(0));
        assertEquals(1, flat.sharedLevel(0, 5));
        assertEquals(-1, flat.level(LevelKind.L3_CACHE));
        assertEquals("flat", flat.source());
        final Topology unknown = Topology.unknown();
        assertEquals(1, unknown.cpus());
        assertEquals(1, unknown.levels());
        assertEquals(Set.of(LevelKind.CPU, LevelKind.SYSTEM), unknown.kinds(0));
        assertEquals(0, unknown.sharedLevel(3, 17), "every worker as close to every other");
        assertEquals(5, unknown.groupSize(4, 0, 5));
        assertEquals(List.of(0, 1, 2, 3, 4), members(unknown, 4, 0, 5));
        assertThrows(IllegalArgumentException.class, () -> Topology.flat(0));
    }

    @Test
    void equalTopologiesIgnoreTheirSource() {
        assertEquals(Topology.parse("sockets=2,coresPerL3=4"), Topology.parse("coresPerL3=4,sockets=2"));
        assertEquals(Topology.parse("sockets=2,coresPerL3=4").hashCode(), Topology.parse("coresPerL3=4,sockets=2").hashCode());
        assertNotEquals(Topology.parse("sockets=2,coresPerL3=4"), Topology.parse("sockets=2,l3PerSocket=2,coresPerL3=2"));
        assertNotEquals(Topology.flat(8), Topology.parse("coresPerL3=8"), "one shared L3 is not flat");
    }

    @ParameterizedTest(name = "[{0}]")
    @CsvSource(delimiter = '|', value = {
        "''                                   | empty",
        "sockets                              | part \"sockets\" is not key=value",
        "sockets=2,                           | part \"\" is not key=value",
        "socket=2                             | unknown key \"socket\"",
        "sockets=two                          | sockets = \"two\" is not an integer",
        "sockets=0                            | sockets = 0 must be at least 1",
        "coresPerL3=-8                        | coresPerL3 = -8 must be at least 1",
        "sockets=2,sockets=4                  | key \"sockets\" given twice",
        "coresPerL3=6,coresPerL2=4            | coresPerL2 = 4 must divide coresPerL3 = 6",
        "sockets=1024,l3PerSocket=8,coresPerL3=64 | = 524288 CPUs, more than 65536",
    })
    void aBadDescriptionIsRejectedNamingTheBadPart(String description, String expected) {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Topology.parse(description));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertTrue(e.getMessage().startsWith("topology \"" + description + "\""), e.getMessage());
    }

    static List<Integer> members(Topology t, int worker, int level, int workers) {
        final List<Integer> members = new ArrayList<>();
        for (int i = 0; i < t.groupSize(worker, level, workers); i++) {
            members.add(t.groupMember(worker, level, workers, i));
        }
        return members;
    }

    private static List<Set<LevelKind>> kinds(Topology t) {
        final List<Set<LevelKind>> kinds = new ArrayList<>();
        for (int level = 0; level < t.levels(); level++) {
            kinds.add(t.kinds(level));
        }
        return kinds;
    }

    private static List<Integer> groups(Topology t) {
        final List<Integer> groups = new ArrayList<>();
        for (int level = 0; level < t.levels(); level++) {
            groups.add(t.groups(level));
        }
        return groups;
    }
}
