package actor.steal;

import actor.steal.Topology.LevelKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Reads a {@link Topology} from Linux's sysfs, under a directory laid out like
 * {@code /sys/devices/system}:
 * <ul>
 * <li>{@code cpu/online}: the CPUs (else the {@code cpu/cpuN} directories);</li>
 * <li>{@code node/nodeN/cpulist}: each NUMA node's CPUs (no {@code node} directory: one node);</li>
 * <li>{@code node/nodeN/distance}: the node's distance to every node, in node order; nodes closer
 *     to each other than to the rest make a {@link LevelKind#NUMA_GROUP} level per distance;</li>
 * <li>{@code cpu/cpuN/cache/indexK/level}, {@code .../type} (instruction caches are skipped) and
 *     {@code .../shared_cpu_list}: the CPUs sharing each L2 and L3 cache (none: no cache level).</li>
 * </ul>
 * A file that exists but does not parse fails the whole read with an
 * {@link IllegalArgumentException} naming the file and its content; {@link #detect} then falls
 * back to a flat topology. Package-private: {@link Topology#detect()} is the API.
 */
final class SysfsTopologyReader {

    private SysfsTopologyReader() {
    }

    /**
     * The topology under {@code system}, restricted to the CPUs {@code procStatus} allows, or a flat
     * one of {@code availableProcessors} CPUs saying why sysfs could not be used.
     */
    static Topology detect(Path system, Path procStatus, int availableProcessors) {
        try {
            return read(system, allowedCpus(procStatus));
        } catch (IOException e) {
            return Topology.flat(availableProcessors, "flat: " + describe(e));
        } catch (UncheckedIOException e) {
            return Topology.flat(availableProcessors, "flat: " + describe(e.getCause()));
        } catch (IllegalArgumentException e) {
            return Topology.flat(availableProcessors, "flat: " + e.getMessage());
        }
    }

    /**
     * Reads the topology under {@code system}.
     *
     * @param allowed the CPUs to keep, or null for every online CPU
     * @throws IOException              if a required file or directory is missing or unreadable
     * @throws IllegalArgumentException if a file does not parse, naming it
     */
    static Topology read(Path system, BitSet allowed) throws IOException {
        final Path cpuDir = system.resolve("cpu");
        if (!Files.isDirectory(cpuDir)) {
            throw new NoSuchFileException(cpuDir.toString());
        }
        final BitSet online = Files.isRegularFile(cpuDir.resolve("online"))
                ? cpuList(cpuDir.resolve("online")) : numberedDirectories(cpuDir, "cpu");
        final BitSet cpus = (BitSet) online.clone();
        if (allowed != null) {
            cpus.and(allowed);
        }
        if (cpus.isEmpty()) {
            throw new IllegalArgumentException(cpuDir + ": no online CPU" + (allowed == null ? "" : " this process may use"));
        }
        final int[] ids = cpus.stream().toArray();
        final Topology.Builder builder = new Topology.Builder(ids);
        cacheLevel(builder, cpuDir, ids, 2, LevelKind.L2_CACHE);
        cacheLevel(builder, cpuDir, ids, 3, LevelKind.L3_CACHE);
        numaLevels(builder, system.resolve("node"), ids);
        return builder.build("sysfs " + system);
    }

    /** The CPUs in {@code Cpus_allowed_list} of a {@code /proc/<pid>/status} file, or null if it has none. */
    static BitSet allowedCpus(Path procStatus) throws IOException {
        if (!Files.isRegularFile(procStatus)) {
            return null;
        }
        try (Stream<String> lines = Files.lines(procStatus)) {
            final String line = lines.filter(l -> l.startsWith("Cpus_allowed_list:")).findFirst().orElse(null);
            return line == null ? null : parseCpuList(line.substring(line.indexOf(':') + 1), procStatus);
        }
    }

    /**
     * Parses the kernel's CPU list format, such as {@code 0-3,8-11} or {@code 5}; an empty list is
     * empty.
     *
     * @param source named in the exception
     * @throws IllegalArgumentException naming {@code source} and the text if it does not parse
     */
    static BitSet parseCpuList(String text, Path source) {
        final BitSet cpus = new BitSet();
        final String list = text.strip();
        if (list.isEmpty()) {
            return cpus;
        }
        for (String range : list.split(",")) {
            final int dash = range.indexOf('-');
            try {
                final int first = Integer.parseInt(dash < 0 ? range.strip() : range.substring(0, dash).strip());
                final int last = dash < 0 ? first : Integer.parseInt(range.substring(dash + 1).strip());
                if (first < 0 || last < first || last >= Topology.MAX_CPUS) {
                    throw new NumberFormatException("range " + first + "-" + last);
                }
                cpus.set(first, last + 1);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(source + ": \"" + list + "\" is not a CPU list (such as 0-3,8): part \""
                        + range + "\"", e);
            }
        }
        return cpus;
    }

    private static void cacheLevel(Topology.Builder builder, Path cpuDir, int[] ids, int cacheLevel, LevelKind kind)
            throws IOException {
        final int[] key = new int[ids.length];
        boolean known = false;
        for (int i = 0; i < ids.length; i++) {
            final BitSet shared = sharedCpus(cpuDir.resolve("cpu" + ids[i]).resolve("cache"), cacheLevel);
            if (shared == null) {
                // NOTE: no such cache known for this CPU: a group of its own (real keys are >= 0).
                key[i] = -1 - ids[i];
            } else if (!shared.get(ids[i])) {
                throw new IllegalArgumentException(cpuDir.resolve("cpu" + ids[i]) + ": its L" + cacheLevel
                        + " cache's shared_cpu_list " + shared + " leaves the CPU out");
            } else {
                key[i] = shared.nextSetBit(0);
                known = true;
            }
        }
        if (known) {
            builder.level(kind, key);
        }
    }

    /** The CPUs sharing the data or unified cache of {@code level} in a {@code cache} directory, or null if none. */
    private static BitSet sharedCpus(Path cacheDir, int level) throws IOException {
        if (!Files.isDirectory(cacheDir)) {
            return null;
        }
        for (int index : numberedDirectories(cacheDir, "index").stream().toArray()) {
            final Path dir = cacheDir.resolve("index" + index);
            final Path type = dir.resolve("type");
            if (integer(dir.resolve("level")) == level
                    && !(Files.isRegularFile(type) && Files.readString(type).strip().equals("Instruction"))) {
                return cpuList(dir.resolve("shared_cpu_list"));
            }
        }
        return null;
    }

    private static void numaLevels(Topology.Builder builder, Path nodeDir, int[] ids) throws IOException {
        final int[] nodeOf = new int[ids.length];
        if (!Files.isDirectory(nodeDir)) {
            builder.level(LevelKind.NUMA_NODE, nodeOf);
            return;
        }
        final int[] nodes = numberedDirectories(nodeDir, "node").stream().toArray();
        Arrays.fill(nodeOf, -1);
        for (int n = 0; n < nodes.length; n++) {
            final BitSet members = cpuList(nodeDir.resolve("node" + nodes[n]).resolve("cpulist"));
            for (int i = 0; i < ids.length; i++) {
                if (members.get(ids[i])) {
                    nodeOf[i] = n;
                }
            }
        }
        for (int i = 0; i < ids.length; i++) {
            if (nodeOf[i] < 0) {
                throw new IllegalArgumentException(nodeDir + ": CPU " + ids[i] + " is in no node's cpulist");
            }
        }
        builder.level(LevelKind.NUMA_NODE, nodeOf);
        final int[][] distance = distances(nodeDir, nodes);
        if (distance == null) {
            return;
        }
        final TreeSet<Integer> thresholds = new TreeSet<>();
        for (int a = 0; a < nodes.length; a++) {
            for (int b = 0; b < nodes.length; b++) {
                if (a != b) {
                    thresholds.add(Math.max(distance[a][b], distance[b][a]));
                }
            }
        }
        for (int threshold : thresholds) {
            final int[] root = new int[nodes.length];
            Arrays.setAll(root, n -> n);
            for (int a = 0; a < nodes.length; a++) {
                for (int b = 0; b < nodes.length; b++) {
                    if (Math.max(distance[a][b], distance[b][a]) <= threshold) {
                        union(root, a, b);
                    }
                }
            }
            final int[] group = new int[ids.length];
            boolean several = false;
            for (int i = 0; i < ids.length; i++) {
                group[i] = find(root, nodeOf[i]);
                several |= group[i] != group[0];
            }
            if (several) {
                builder.level(LevelKind.NUMA_GROUP, group);
            }
        }
    }

    /** The distance matrix in node order, or null if some node has no distance file. */
    private static int[][] distances(Path nodeDir, int[] nodes) throws IOException {
        final int[][] distance = new int[nodes.length][];
        for (int n = 0; n < nodes.length; n++) {
            final Path file = nodeDir.resolve("node" + nodes[n]).resolve("distance");
            if (!Files.isRegularFile(file)) {
                return null;
            }
            final String text = Files.readString(file).strip();
            final String[] fields = text.isEmpty() ? new String[0] : text.split("\\s+");
            if (fields.length != nodes.length) {
                throw new IllegalArgumentException(file + ": \"" + text + "\" holds " + fields.length
                        + " distances for " + nodes.length + " nodes");
            }
            distance[n] = new int[nodes.length];
            for (int m = 0; m < nodes.length; m++) {
                try {
                    distance[n][m] = Integer.parseInt(fields[m]);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(file + ": \"" + text + "\": distance \"" + fields[m]
                            + "\" is not an integer", e);
                }
            }
        }
        return distance;
    }

    private static void union(int[] root, int a, int b) {
        final int ra = find(root, a);
        final int rb = find(root, b);
        root[Math.max(ra, rb)] = Math.min(ra, rb);
    }

    private static int find(int[] root, int n) {
        int r = n;
        while (root[r] != r) {
            r = root[r];
        }
        return r;
    }

    private static BitSet cpuList(Path file) throws IOException {
        return parseCpuList(Files.readString(file), file);
    }

    private static int integer(Path file) throws IOException {
        final String text = Files.readString(file).strip();
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(file + ": \"" + text + "\" is not an integer", e);
        }
    }

    /** The numbers N of the subdirectories named {@code prefix}N. */
    private static BitSet numberedDirectories(Path dir, String prefix) throws IOException {
        final BitSet numbers = new BitSet();
        final List<Path> entries = new ArrayList<>();
        try (Stream<Path> list = Files.list(dir)) {
            list.forEach(entries::add);
        }
        for (Path entry : entries) {
            final String name = entry.getFileName().toString();
            if (name.length() > prefix.length() && name.startsWith(prefix)
                    && name.substring(prefix.length()).chars().allMatch(Character::isDigit) && Files.isDirectory(entry)) {
                numbers.set(Integer.parseInt(name.substring(prefix.length())));
            }
        }
        return numbers;
    }

    private static String describe(Throwable e) {
        return e instanceof NoSuchFileException missing ? "no " + missing.getFile() : e.toString();
    }
}
