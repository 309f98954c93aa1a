package actor.bench.suite;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * The suite's CPU quota ({@code ./bench --cpu-quota X}): a cgroup of its own that may run X CPUs'
 * worth of time in every {@value #PERIOD_MICROS} µs period, holding the suite's JVM from before
 * its first child starts, so that every process it starts (child JVMs, the contender) runs in it
 * too. Cgroup v2 ({@code cpu.max}) where {@code /sys/fs/cgroup} is a cgroup2 mount with the cpu
 * controller, else v1 ({@code cpu.cfs_quota_us}, {@code cpu.cfs_period_us}) under
 * {@code /sys/fs/cgroup/cpu}. Needs root. {@link #close()} moves the JVM back to the cgroup it
 * came from and removes the quota's.
 */
final class CpuQuota implements AutoCloseable {

    /** The quota's period: 100 ms, the kernel's default. */
    static final long PERIOD_MICROS = 100_000;

    /** Least quota the kernel accepts, in microseconds per period. */
    private static final long MIN_QUOTA_MICROS = 1_000;

    /** How long the removal of the cgroup waits for processes that are still leaving it. */
    private static final Duration REMOVE_WAIT = Duration.ofSeconds(10);

    /** The two interfaces of the cpu controller. */
    enum Version { V1, V2 }

    private final Version version;
    private final Path group;
    private final Path home;

    private CpuQuota(Version version, Path group, Path home) {
        this.version = version;
        this.group = group;
        this.home = home;
    }

    /** {@code cpus} as microseconds per {@value #PERIOD_MICROS} µs period. */
    static long quotaMicros(BigDecimal cpus) {
        return cpus.multiply(BigDecimal.valueOf(PERIOD_MICROS)).setScale(0, RoundingMode.HALF_UP).longValueExact();
    }

    /**
     * Validates a {@code --cpu-quota} value: a decimal number of CPUs.
     *
     * @throws IllegalArgumentException if it is not a decimal number or below 0.01 CPUs
     */
    static BigDecimal parse(String option, String value) {
        final BigDecimal cpus;
        try {
            cpus = new BigDecimal(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " = " + value + ": must be a decimal number of CPUs, e.g. 1.5");
        }
        if (cpus.compareTo(BigDecimal.valueOf(MIN_QUOTA_MICROS, 5)) < 0 || cpus.scale() > 5) {
            throw new IllegalArgumentException(option + " = " + value + ": must be at least 0.01 CPUs, in steps of 0.00001");
        }
        return cpus.stripTrailingZeros();
    }

    /** Puts this JVM in a new cgroup of {@code cpus} CPUs under {@code /sys/fs/cgroup}. */
    static CpuQuota enter(BigDecimal cpus) throws IOException {
        return enter(cpus, Path.of("/sys/fs/cgroup"), Path.of("/proc/self/cgroup"));
    }

    /**
     * Puts this JVM in a new cgroup of {@code cpus} CPUs under the cgroup file system at
     * {@code root}; {@code membership} is this JVM's {@code /proc/self/cgroup}.
     *
     * @throws IllegalStateException saying what is missing, if neither controller is there or the
     *                               cgroup cannot be made or entered (not root, read-only)
     */
    static CpuQuota enter(BigDecimal cpus, Path root, Path membership) throws IOException {
        final Path controllers = root.resolve("cgroup.controllers");
        final Version version;
        final Path mount;
        if (Files.isRegularFile(controllers) && words(Files.readString(controllers)).contains("cpu")) {
            version = Version.V2;
            mount = root;
        } else if (Files.isRegularFile(root.resolve("cpu").resolve("cpu.cfs_quota_us"))) {
            version = Version.V1;
            mount = root.resolve("cpu");
        } else {
            throw new IllegalStateException("--cpu-quota needs the cpu cgroup controller: " + root
                    + " is neither a cgroup v2 mount with the cpu controller nor holds a v1 cpu hierarchy (cpu/cpu.cfs_quota_us)");
        }
        final Path home = mount.resolve(ownPath(version, Files.readAllLines(membership)));
        final long pid = ProcessHandle.current().pid();
        final Path group = mount.resolve("actorkit-bench-" + pid + "-" + System.currentTimeMillis());
        final long quota = quotaMicros(cpus);
        try {
            if (version == Version.V2) {
                write(root.resolve("cgroup.subtree_control"), "+cpu");
                Files.createDirectory(group);
                write(group.resolve("cpu.max"), quota + " " + PERIOD_MICROS);
            } else {
                Files.createDirectory(group);
                write(group.resolve("cpu.cfs_period_us"), String.valueOf(PERIOD_MICROS));
                write(group.resolve("cpu.cfs_quota_us"), String.valueOf(quota));
            }
            write(group.resolve("cgroup.procs"), String.valueOf(pid));
        } catch (IOException e) {
            if (Files.isDirectory(group)) {
                Files.delete(group);
            }
            throw new IllegalStateException("--cpu-quota needs root and a writable cpu controller (cgroup "
                    + (version == Version.V2 ? "v2" : "v1") + " at " + mount + "): " + e, e);
        }
        return new CpuQuota(version, group, home);
    }

    /** The cgroup, relative to the controller's mount, that {@code /proc/self/cgroup} places this JVM in. */
    private static String ownPath(Version version, List<String> lines) {
        for (String line : lines) {
            final String[] fields = line.split(":", 3);
            if (fields.length == 3 && (version == Version.V2 ? fields[0].equals("0") && fields[1].isEmpty()
                    : Arrays.asList(fields[1].split(",")).contains("cpu"))) {
                return fields[2].replaceFirst("^/+", "");
            }
        }
        throw new IllegalStateException("--cpu-quota: /proc/self/cgroup names no " + version + " cpu cgroup: " + lines);
    }

    private static List<String> words(String text) {
        return Arrays.asList(text.trim().split("\\s+"));
    }

    private static void write(Path file, String value) throws IOException {
        Files.writeString(file, value, StandardCharsets.US_ASCII);
    }

    /** {@return the cgroup's directory} */
    Path group() {
        return group;
    }

    /** {@return which interface of the cpu controller the quota is set through} */
    Version version() {
        return version;
    }

    /**
     * Moves this JVM back to the cgroup it came from and removes the quota's cgroup, waiting up to
     * {@link #REMOVE_WAIT} for processes that are still leaving it; says on stderr what it could not do.
     */
    @Override
    public void close() {
        try {
            write(home.resolve("cgroup.procs"), String.valueOf(ProcessHandle.current().pid()));
        } catch (IOException e) {
            System.err.println("bench: could not move back to " + home + ": " + e);
            return;
        }
        final long giveUp = System.nanoTime() + REMOVE_WAIT.toNanos();
        while (true) {
            try {
                Files.delete(group);
                return;
            } catch (IOException busy) {
                if (System.nanoTime() > giveUp) {
                    System.err.println("bench: could not remove " + group + ": " + busy);
                    return;
                }
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                System.err.println("bench: interrupted while removing " + group);
                return;
            }
        }
    }
}
