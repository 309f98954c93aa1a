package actor.steal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The machine as a tree, for locality-aware stealing: the system, then NUMA nodes (grouped by
 * distance when some nodes are closer than others), then shared caches (L3, then L2), then CPUs.
 *
 * <p><b>Positions and levels.</b> The CPUs are numbered by <i>position</i>, {@code 0} to
 * {@code cpus() - 1}, in the tree's depth-first order, so that every group at every level is a
 * contiguous range of positions. Level {@code 0} groups each CPU on its own; each higher level
 * groups more CPUs, and level {@code levels() - 1} holds them all (the system). A level exists only
 * where it groups differently from the level below: a private L2 cache is level 0 (the CPU), and on
 * a single-socket machine the L3 cache, the NUMA node and the system are one level. {@link #kinds}
 * says what each level stands for.
 *
 * <p><b>Workers.</b> Worker {@code i} runs on the CPU at position {@code i % cpus()}: with more
 * workers than CPUs, the workers wrap around and several share a CPU (and its level-0 group). The
 * worker methods ({@link #sharedLevel}, {@link #groupSize}, {@link #groupMember}) take the number of
 * workers and compute everything from a few array reads: they allocate nothing, so selectors may
 * call them on every steal attempt.
 *
 * <p><b>Where a topology comes from.</b> {@link #detect()} reads Linux's sysfs, falling back to
 * {@link #flat} where it cannot; {@link #parse} reads a textual description (for tests, simulations,
 * and users whose sysfs misdescribes the machine); {@link #unknown()} is what a view without
 * placement information reports.
 *
 * <p>Immutable and thread-safe.
 */
public final class Topology {

    /** What a level of the tree stands for; one level may stand for several things. */
    public enum LevelKind {
        /** A single CPU (hardware thread): always level 0. */
        CPU,
        /** The CPUs sharing an L2 cache. */
        L2_CACHE,
        /** The CPUs sharing an L3 (last-level) cache. */
        L3_CACHE,
        /** The CPUs of one NUMA node: local memory. */
        NUMA_NODE,
        /** NUMA nodes closer to each other than to the rest, by the distances the firmware reports. */
        NUMA_GROUP,
        /** Every CPU: the root. */
        SYSTEM;

        /** {@return the name used in descriptions, such as {@code L3} or {@code NUMA node}} */
        public String label() {
            return switch (this) {
                case CPU -> "CPU";
                case L2_CACHE -> "L2";
                case L3_CACHE -> "L3";
                case NUMA_NODE -> "NUMA node";
                case NUMA_GROUP -> "NUMA group";
                case SYSTEM -> "system";
            };
        }
    }

    /** Most CPUs a topology may hold. */
    public static final int MAX_CPUS = 1 << 16;

    /** The keys {@link #parse} accepts, in the order a description lists them. */
    private static final List<String> OVERRIDE_KEYS = List.of("sockets", "l3PerSocket", "coresPerL3", "coresPerL2");

    private static final Path SYSFS = Path.of("/sys/devices/system");
    private static final Path PROC_SELF_STATUS = Path.of("/proc/self/status");
    private static final Topology UNKNOWN = flat(1, "unknown: no placement information");

    /** OS CPU number by position. */
    private final int[] cpuIds;
    /** Per level, per position: the first position of the group holding it. */
    private final int[][] starts;
    /** Per level, per position: one past the last position of the group holding it. */
    private final int[][] ends;
    private final List<Set<LevelKind>> kinds;
    private final String source;

    private Topology(int[] cpuIds, int[][] starts, int[][] ends, List<Set<LevelKind>> kinds, String source) {
        this.cpuIds = cpuIds;
        this.starts = starts;
        this.ends = ends;
        this.kinds = kinds;
        this.source = source;
    }

    /**
     * The machine this JVM runs on, read once from Linux's sysfs ({@code /sys/devices/system}: the
     * nodes' {@code cpulist} and {@code distance}, each CPU's {@code cache/index*}), restricted to
     * the CPUs this process may run on ({@code Cpus_allowed_list} in {@code /proc/self/status}).
     * Where sysfs is missing or unreadable (not Linux, a restricted container) it is
     * {@link #flat flat} over {@link Runtime#availableProcessors()} CPUs, and {@link #source()} says
     * why. Later calls return the same instance.
     *
     * @return the detected topology, never null
     */
    public static Topology detect() {
        return Detected.TOPOLOGY;
    }

    /**
     * {@return a topology of {@code cpus} CPUs numbered 0 to {@code cpus - 1} and no sharing
     * between them: level 0, the CPU, and the system above}
     *
     * @param cpus the number of CPUs, 1 to {@link #MAX_CPUS}
     * @throws IllegalArgumentException if {@code cpus} is out of range
     */
    public static Topology flat(int cpus) {
        return flat(cpus, "flat");
    }

    /**
     * {@return the topology of a view that knows nothing about placement: one place holding every
     * worker, so that every worker is as close to every other} It has one CPU and one level.
     */
    public static Topology unknown() {
        return UNKNOWN;
    }

    /**
     * A symmetric machine described as text: comma-separated {@code key=value} pairs, each key at
     * most once, in any order, values positive integers:
     * <ul>
     * <li>{@code sockets}: NUMA nodes, one per socket (default 1);</li>
     * <li>{@code l3PerSocket}: L3 caches per socket (default 1);</li>
     * <li>{@code coresPerL3}: CPUs sharing one L3 cache (default 1);</li>
     * <li>{@code coresPerL2}: CPUs sharing one L2 cache, dividing {@code coresPerL3} (default 1: a
     *     private L2).</li>
     * </ul>
     * For example {@code sockets=4,l3PerSocket=1,coresPerL3=8} is 32 CPUs in 4 nodes of 8 sharing
     * an L3 cache. CPUs are numbered 0 onwards in the tree's order.
     *
     * @param description the machine, as above
     * @return the topology
     * @throws IllegalArgumentException naming the part that is not valid: an unknown or repeated
     *                                  key, a value that is not a positive integer, a
     *                                  {@code coresPerL2} that does not divide {@code coresPerL3}, or
     *                                  more than {@link #MAX_CPUS} CPUs in all
     */
    public static Topology parse(String description) {
        Objects.requireNonNull(description, "description");
        final Map<String, Integer> values = new LinkedHashMap<>();
        if (description.isBlank()) {
            throw new IllegalArgumentException("topology \"" + description + "\": empty; expected key=value pairs "
                    + "separated by commas, keys " + OVERRIDE_KEYS);
        }
        for (String part : description.split(",", -1)) {
            final int eq = part.indexOf('=');
            final String key = (eq < 0 ? part : part.substring(0, eq)).strip();
            if (eq < 0) {
                throw new IllegalArgumentException("topology \"" + description + "\": part \"" + part
                        + "\" is not key=value; keys " + OVERRIDE_KEYS);
            }
            if (!OVERRIDE_KEYS.contains(key)) {
                throw new IllegalArgumentException("topology \"" + description + "\": unknown key \"" + key
                        + "\" in \"" + part + "\"; keys " + OVERRIDE_KEYS);
            }
            final String text = part.substring(eq + 1).strip();
            final int value;
            try {
                value = Integer.parseInt(text);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("topology \"" + description + "\": " + key + " = \"" + text
                        + "\" is not an integer", e);
            }
            if (value < 1) {
                throw new IllegalArgumentException("topology \"" + description + "\": " + key + " = " + value
                        + " must be at least 1");
            }
            if (values.put(key, value) != null) {
                throw new IllegalArgumentException("topology \"" + description + "\": key \"" + key
                        + "\" given twice");
            }
        }
        final int sockets = values.getOrDefault("sockets", 1);
        final int l3PerSocket = values.getOrDefault("l3PerSocket", 1);
        final int coresPerL3 = values.getOrDefault("coresPerL3", 1);
        final int coresPerL2 = values.getOrDefault("coresPerL2", 1);
        if (coresPerL3 % coresPerL2 != 0) {
            throw new IllegalArgumentException("topology \"" + description + "\": coresPerL2 = " + coresPerL2
                    + " must divide coresPerL3 = " + coresPerL3);
        }
        final long total = (long) sockets * l3PerSocket * coresPerL3;
        if (total > MAX_CPUS) {
            throw new IllegalArgumentException("topology \"" + description + "\": sockets x l3PerSocket x coresPerL3 = "
                    + total + " CPUs, more than " + MAX_CPUS);
        }
        final int cpus = (int) total;
        final int[] ids = new int[cpus];
        final int[] l2 = new int[cpus];
        final int[] l3 = new int[cpus];
        final int[] node = new int[cpus];
        for (int cpu = 0; cpu < cpus; cpu++) {
            ids[cpu] = cpu;
            l2[cpu] = cpu / coresPerL2;
            l3[cpu] = cpu / coresPerL3;
            node[cpu] = cpu / (coresPerL3 * l3PerSocket);
        }
        final Builder builder = new Builder(ids);
        builder.level(LevelKind.L2_CACHE, l2);
        builder.level(LevelKind.L3_CACHE, l3);
        builder.level(LevelKind.NUMA_NODE, node);
        return builder.build("override: " + description);
    }

    static Topology flat(int cpus, String source) {
        if (cpus < 1 || cpus > MAX_CPUS) {
            throw new IllegalArgumentException("cpus = " + cpus + ": must be in [1, " + MAX_CPUS + "]");
        }
        final int[] ids = new int[cpus];
        Arrays.setAll(ids, i -> i);
        return new Builder(ids).build(source);
    }

    /** {@return how this topology was obtained: {@code sysfs ...}, {@code override: ...}, {@code flat}, or {@code flat: } and why} */
    public String source() {
        return source;
    }

    /** {@return the number of CPUs, at least 1} */
    public int cpus() {
        return cpuIds.length;
    }

    /**
     * {@return the operating system's number of the CPU at {@code position}} The position of a
     * worker is {@link #position(int)}.
     *
     * @param position a position in {@code [0, cpus())}
     */
    public int cpu(int position) {
        return cpuIds[position];
    }

    /**
     * {@return the position of the CPU worker {@code worker} runs on: {@code worker % cpus()}}
     *
     * @param worker a worker index, at least 0
     */
    public int position(int worker) {
        return worker % cpuIds.length;
    }

    /** {@return the number of levels, at least 1: level 0 is the CPU, the last is the system} */
    public int levels() {
        return starts.length;
    }

    /**
     * {@return what {@code level} stands for, never empty}
     *
     * @param level a level in {@code [0, levels())}
     */
    public Set<LevelKind> kinds(int level) {
        return kinds.get(level);
    }

    /**
     * {@return the level standing for {@code kind}, or -1 if this topology knows nothing of it (a
     * machine without cache information has no cache levels)} For {@link LevelKind#NUMA_GROUP},
     * which may stand for several levels, the lowest.
     *
     * @param kind what the level stands for
     */
    public int level(LevelKind kind) {
        for (int level = 0; level < kinds.size(); level++) {
            if (kinds.get(level).contains(kind)) {
                return level;
            }
        }
        return -1;
    }

    /**
     * {@return the number of groups at {@code level}}
     *
     * @param level a level in {@code [0, levels())}
     */
    public int groups(int level) {
        int groups = 0;
        for (int p = 0; p < cpuIds.length; p = ends[level][p]) {
            groups++;
        }
        return groups;
    }

    /**
     * {@return the first position of the group holding {@code position} at {@code level}}
     *
     * @param position a position in {@code [0, cpus())}
     * @param level    a level in {@code [0, levels())}
     */
    public int groupStart(int position, int level) {
        return starts[level][position];
    }

    /**
     * {@return one past the last position of the group holding {@code position} at {@code level}}
     *
     * @param position a position in {@code [0, cpus())}
     * @param level    a level in {@code [0, levels())}
     */
    public int groupEnd(int position, int level) {
        return ends[level][position];
    }

    /**
     * {@return the lowest level at which workers {@code a} and {@code b} share a group: 0 if they
     * run on the same CPU, {@code levels() - 1} at most} The lower, the closer.
     *
     * @param a a worker index, at least 0
     * @param b a worker index, at least 0
     */
    public int sharedLevel(int a, int b) {
        final int pa = position(a);
        final int pb = position(b);
        final int[][] s = starts;
        for (int level = 0; level < s.length; level++) {
            if (s[level][pa] == s[level][pb]) {
                return level;
            }
        }
        return s.length - 1;
    }

    /**
     * {@return how many of workers {@code 0} to {@code workers - 1} share {@code worker}'s group at
     * {@code level}, {@code worker} included}
     *
     * @param worker  a worker index in {@code [0, workers)}
     * @param level   a level in {@code [0, levels())}
     * @param workers the number of workers
     */
    public int groupSize(int worker, int level, int workers) {
        final int cpus = cpuIds.length;
        final int p = position(worker);
        final int start = starts[level][p];
        final int end = ends[level][p];
        final int rest = workers % cpus;
        return (workers / cpus) * (end - start) + Math.max(0, Math.min(end, rest) - start);
    }

    /**
     * The members of {@code worker}'s group at {@code level}, in increasing order, one at a time:
     * {@code index} from 0 to {@link #groupSize groupSize(worker, level, workers) - 1}.
     *
     * @param worker  a worker index in {@code [0, workers)}
     * @param level   a level in {@code [0, levels())}
     * @param workers the number of workers
     * @param index   which member, in {@code [0, groupSize(worker, level, workers))}
     * @return the member's worker index
     */
    public int groupMember(int worker, int level, int workers, int index) {
        final int p = position(worker);
        final int start = starts[level][p];
        final int span = ends[level][p] - start;
        return (index / span) * cpuIds.length + start + index % span;
    }

    /** Equal topologies have the same CPUs in the same order and the same levels; the source does not count. */
    @Override
    public boolean equals(Object o) {
        return o instanceof Topology t && Arrays.equals(cpuIds, t.cpuIds) && Arrays.deepEquals(starts, t.starts)
                && kinds.equals(t.kinds);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(cpuIds) + Arrays.deepHashCode(starts);
    }

    /** {@return the levels, their groups and the source, such as {@code 32 CPUs: L3+NUMA node 4 x 8, system 1 x 32 (override: ...)}} */
    @Override
    public String toString() {
        final StringBuilder text = new StringBuilder().append(cpuIds.length).append(cpuIds.length == 1 ? " CPU:" : " CPUs:");
        for (int level = 1; level < starts.length; level++) {
            text.append(level == 1 ? " " : ", ");
            final StringBuilder label = new StringBuilder();
            for (LevelKind kind : kinds.get(level)) {
                label.append(label.length() == 0 ? "" : "+").append(kind.label());
            }
            int smallest = Integer.MAX_VALUE;
            int largest = 0;
            for (int p = 0; p < cpuIds.length; p = ends[level][p]) {
                smallest = Math.min(smallest, ends[level][p] - p);
                largest = Math.max(largest, ends[level][p] - p);
            }
            text.append(label).append(' ').append(groups(level)).append(" x ").append(smallest);
            if (largest != smallest) {
                text.append('-').append(largest);
            }
        }
        if (starts.length == 1) {
            text.append(" one level");
        }
        return text.append(" (").append(source).append(')').toString();
    }

    /**
     * Assembles a topology from each CPU's group at each level, given from the lowest level up,
     * groups named by any key. Every level is made nested in the one above (a group spanning two
     * groups of a higher level is split along them), levels grouping like the one below are merged
     * into it, and the CPUs are put in depth-first order, groups ordered by their lowest CPU number.
     * Package-private: the sysfs reader and {@link #parse} use it.
     */
    static final class Builder {
        private final int[] ids;
        private final List<LevelKind> levelKinds = new ArrayList<>();
        private final List<int[]> keys = new ArrayList<>();

        /** @param ids the CPUs' numbers, distinct, in any order */
        Builder(int[] ids) {
            if (ids.length < 1 || ids.length > MAX_CPUS) {
                throw new IllegalArgumentException("cpus = " + ids.length + ": must be in [1, " + MAX_CPUS + "]");
            }
            this.ids = ids.clone();
        }

        /**
         * Adds the level above the ones added so far.
         *
         * @param kind what it stands for
         * @param key  per CPU, in the order of the constructor's {@code ids}: the name of its group
         */
        Builder level(LevelKind kind, int[] key) {
            if (key.length != ids.length) {
                throw new IllegalArgumentException(kind + ": " + key.length + " keys for " + ids.length + " CPUs");
            }
            levelKinds.add(kind);
            keys.add(key.clone());
            return this;
        }

        Topology build(String source) {
            final int n = ids.length;
            final int given = keys.size();
            // Labels per level, from the top down: a CPU's label at a level is the lowest CPU number
            // of its group there, the group being its key's group intersected with the group above.
            final int[][] labels = new int[given + 2][];
            labels[given + 1] = new int[n];
            Arrays.fill(labels[given + 1], minimum(ids));
            for (int level = given; level >= 1; level--) {
                labels[level] = intersect(keys.get(level - 1), labels[level + 1]);
            }
            labels[0] = ids.clone();
            final Integer[] order = new Integer[n];
            Arrays.setAll(order, i -> i);
            Arrays.sort(order, (a, b) -> {
                for (int level = given + 1; level >= 0; level--) {
                    final int c = Integer.compare(labels[level][a], labels[level][b]);
                    if (c != 0) {
                        return c;
                    }
                }
                return 0;
            });
            final int[] cpuIds = new int[n];
            for (int p = 0; p < n; p++) {
                cpuIds[p] = ids[order[p]];
            }
            final List<int[]> starts = new ArrayList<>();
            final List<int[]> ends = new ArrayList<>();
            final List<Set<LevelKind>> kinds = new ArrayList<>();
            for (int level = 0; level <= given + 1; level++) {
                final LevelKind kind = level == 0 ? LevelKind.CPU : level == given + 1 ? LevelKind.SYSTEM
                        : levelKinds.get(level - 1);
                final int[] start = new int[n];
                final int[] end = new int[n];
                for (int p = 0; p < n; p++) {
                    start[p] = p > 0 && labels[level][order[p]] == labels[level][order[p - 1]] ? start[p - 1] : p;
                }
                for (int p = n - 1; p >= 0; p--) {
                    end[p] = p < n - 1 && start[p + 1] == start[p] ? end[p + 1] : p + 1;
                }
                if (!starts.isEmpty() && Arrays.equals(starts.get(starts.size() - 1), start)) {
                    kinds.get(kinds.size() - 1).add(kind);
                } else {
                    starts.add(start);
                    ends.add(end);
                    kinds.add(EnumSet.of(kind));
                }
            }
            final List<Set<LevelKind>> frozen = new ArrayList<>();
            kinds.forEach(k -> frozen.add(Collections.unmodifiableSet(k)));
            return new Topology(cpuIds, starts.toArray(new int[0][]), ends.toArray(new int[0][]),
                    List.copyOf(frozen), source);
        }

        /** Per CPU, the lowest CPU number among those with the same key and the same label above. */
        private int[] intersect(int[] key, int[] above) {
            final Map<Long, Integer> lowest = new HashMap<>();
            for (int i = 0; i < ids.length; i++) {
                lowest.merge(((long) key[i] << 32) ^ (above[i] & 0xFFFF_FFFFL), ids[i], Math::min);
            }
            final int[] labels = new int[ids.length];
            for (int i = 0; i < ids.length; i++) {
                labels[i] = lowest.get(((long) key[i] << 32) ^ (above[i] & 0xFFFF_FFFFL));
            }
            return labels;
        }

        private static int minimum(int[] values) {
            return Arrays.stream(values).min().orElseThrow();
        }
    }

    /** The detected topology, read on first use. */
    private static final class Detected {
        static final Topology TOPOLOGY = SysfsTopologyReader.detect(SYSFS, PROC_SELF_STATUS,
                Runtime.getRuntime().availableProcessors());

        private Detected() {
        }
    }
}
