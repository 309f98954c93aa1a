package actor.steal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.steal.Topology.LevelKind;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Fixture trees under {@code src/test/resources/sysfs} are copies of sysfs's text files, laid out as {@code /sys/devices/system}. */
class SysfsTopologyReaderTest {

    @Test
    void twoSocketsWithHyperThreads() throws Exception {
        final Topology t = SysfsTopologyReader.read(fixture("two-socket"), null);
        assertEquals(16, t.cpus());
        assertEquals(List.of(0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15), cpus(t),
                "depth-first: hyper-thread siblings share an L2, and are next to each other");
        assertEquals(List.of(Set.of(LevelKind.CPU), Set.of(LevelKind.L2_CACHE),
                Set.of(LevelKind.L3_CACHE, LevelKind.NUMA_NODE), Set.of(LevelKind.SYSTEM)), kinds(t));
        assertEquals(8, t.groups(1));
        assertEquals(2, t.groups(2));
        assertTrue(t.source().startsWith("sysfs "), t.source());
        assertEquals("16 CPUs: L2 8 x 2, L3+NUMA node 2 x 8, system 1 x 16 (" + t.source() + ")", t.toString());
    }

    @Test
    void aSingleNode() throws Exception {
        final Topology t = SysfsTopologyReader.read(fixture("single-node"), null);
        assertEquals(List.of(0, 1, 2, 3), cpus(t));
        assertEquals(List.of(Set.of(LevelKind.CPU, LevelKind.L2_CACHE),
                Set.of(LevelKind.L3_CACHE, LevelKind.NUMA_NODE, LevelKind.SYSTEM)), kinds(t));
    }

    @Test
    void nodesCloserToEachOtherMakeAGroup() throws Exception {
        final Topology t = SysfsTopologyReader.read(fixture("four-node"), null);
        assertEquals(List.of(Set.of(LevelKind.CPU, LevelKind.L2_CACHE), Set.of(LevelKind.L3_CACHE),
                Set.of(LevelKind.NUMA_NODE), Set.of(LevelKind.NUMA_GROUP), Set.of(LevelKind.SYSTEM)), kinds(t));
        assertEquals(List.of(16, 8, 4, 2, 1), groups(t));
        assertEquals(2, t.sharedLevel(0, 3), "same node");
        assertEquals(3, t.sharedLevel(0, 4), "nodes 0 and 1, distance 16");
        assertEquals(4, t.sharedLevel(0, 8), "nodes 0 and 2, distance 22");
    }

    @Test
    void onlyTheCpusTheProcessMayUse() throws Exception {
        final BitSet allowed = new BitSet();
        allowed.set(4, 8);
        allowed.set(12);
        final Topology t = SysfsTopologyReader.read(fixture("two-socket"), allowed);
        assertEquals(List.of(4, 12, 5, 6, 7), cpus(t));
        assertEquals(List.of(Set.of(LevelKind.CPU), Set.of(LevelKind.L2_CACHE),
                Set.of(LevelKind.L3_CACHE, LevelKind.NUMA_NODE, LevelKind.SYSTEM)), kinds(t));
        assertEquals(1, t.sharedLevel(0, 1), "CPUs 4 and 12 share an L2");
        final BitSet elsewhere = new BitSet();
        elsewhere.set(40);
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SysfsTopologyReader.read(fixture("two-socket"), elsewhere));
        assertTrue(e.getMessage().contains("no online CPU this process may use"), e.getMessage());
    }

    @Test
    void cpuDirectoriesAloneMakeAFlatMachine() throws Exception {
        final Topology t = SysfsTopologyReader.read(fixture("cpus-only"), null);
        assertEquals(List.of(0, 1, 2), cpus(t));
        assertEquals(List.of(Set.of(LevelKind.CPU), Set.of(LevelKind.NUMA_NODE, LevelKind.SYSTEM)), kinds(t));
        assertEquals(-1, t.level(LevelKind.L3_CACHE), "no cache information");
    }

    @Test
    void aBrokenFileFailsTheReadNamingItAndDetectionFallsBackToFlat() throws Exception {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SysfsTopologyReader.read(fixture("broken"), null));
        assertTrue(e.getMessage().contains(Path.of("node", "node0", "cpulist").toString()), e.getMessage());
        assertTrue(e.getMessage().contains("\"0-x\" is not a CPU list"), e.getMessage());
        final Topology fallback = SysfsTopologyReader.detect(fixture("broken"), fixture("no-such-status"), 3);
        assertEquals(Topology.flat(3), fallback);
        assertTrue(fallback.source().startsWith("flat: ") && fallback.source().contains("\"0-x\""), fallback.source());
    }

    @Test
    void aMissingTreeFallsBackToFlat(@TempDir Path empty) {
        final Topology fallback = SysfsTopologyReader.detect(empty.resolve("system"), empty.resolve("status"), 5);
        assertEquals(Topology.flat(5), fallback);
        assertEquals("flat: no " + empty.resolve("system").resolve("cpu"), fallback.source());
    }

    @Test
    void distancesMustCoverEveryNode(@TempDir Path dir) throws IOException {
        final Path node0 = Files.createDirectories(dir.resolve("cpu").resolve("cpu0"));
        Files.writeString(node0.resolve("online"), "1\n");
        final Path node = Files.createDirectories(dir.resolve("node").resolve("node0"));
        Files.writeString(node.resolve("cpulist"), "0\n");
        Files.writeString(node.resolve("distance"), "10 20\n");
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SysfsTopologyReader.read(dir, null));
        assertTrue(e.getMessage().contains("\"10 20\" holds 2 distances for 1 nodes"), e.getMessage());
    }

    @Test
    void cpuLists() {
        final Path source = Path.of("cpulist");
        assertEquals("{0, 1, 2, 3, 8, 9, 10, 11}", SysfsTopologyReader.parseCpuList("0-3,8-11\n", source).toString());
        assertEquals("{5}", SysfsTopologyReader.parseCpuList("5", source).toString());
        assertTrue(SysfsTopologyReader.parseCpuList("\n", source).isEmpty());
        for (String bad : List.of("3-1", "a", "1,,2", "-4", "70000")) {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> SysfsTopologyReader.parseCpuList(bad, source), bad);
            assertTrue(e.getMessage().startsWith("cpulist: \"" + bad + "\" is not a CPU list"), e.getMessage());
        }
    }

    @Test
    void allowedCpusComeFromProcStatus(@TempDir Path dir) throws IOException {
        final Path status = Files.writeString(dir.resolve("status"),
                "Name:\tjava\nCpus_allowed:\tf0\nCpus_allowed_list:\t4-7\nMems_allowed_list:\t0\n");
        assertEquals("{4, 5, 6, 7}", SysfsTopologyReader.allowedCpus(status).toString());
        assertNull(SysfsTopologyReader.allowedCpus(dir.resolve("missing")));
        assertNull(SysfsTopologyReader.allowedCpus(Files.writeString(dir.resolve("other"), "Name:\tjava\n")));
    }

    /** Whatever this machine's sysfs says, the detected topology is consistent with what the JVM sees. */
    @Test
    void thisMachine() throws IOException {
        final Topology t = Topology.detect();
        assertTrue(t == Topology.detect(), "detected once");
        final int processors = Runtime.getRuntime().availableProcessors();
        assertTrue(t.cpus() >= processors, t + " has fewer CPUs than the " + processors + " available processors");
        final Path sysfs = Path.of("/sys/devices/system/cpu/online");
        if (Files.isReadable(sysfs)) {
            assertTrue(t.source().startsWith("sysfs "), t.source());
            final BitSet online = SysfsTopologyReader.parseCpuList(Files.readString(sysfs), sysfs);
            final BitSet allowed = SysfsTopologyReader.allowedCpus(Path.of("/proc/self/status"));
            if (allowed != null) {
                online.and(allowed);
            }
            assertEquals(online.stream().boxed().toList(), new ArrayList<>(new TreeSet<>(cpus(t))),
                    "the online CPUs this process may use, each once");
        } else {
            assertEquals(Topology.flat(processors), t);
        }
        assertEquals(t.cpus(), t.groups(0));
        assertEquals(1, t.groups(t.levels() - 1));
        assertTrue(t.kinds(t.levels() - 1).contains(LevelKind.SYSTEM), t.toString());
    }

    static Path fixture(String name) throws URISyntaxException {
        return Path.of(SysfsTopologyReaderTest.class.getResource("/sysfs/single-node/cpu/online").toURI())
                .getParent().getParent().getParent().resolve(name);
    }

    static List<Integer> cpus(Topology t) {
        final List<Integer> cpus = new ArrayList<>();
        for (int p = 0; p < t.cpus(); p++) {
            cpus.add(t.cpu(p));
        }
        return cpus;
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
