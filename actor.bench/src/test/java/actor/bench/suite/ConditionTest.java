package actor.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The suite's conditions: the contender lives exactly as long as the suite, the quota holds its children. */
class ConditionTest {

    private static final Path CGROUP = Path.of("/sys/fs/cgroup");

    /** A suite JVM of one short run (counting on actorkit, one iteration) with {@code extra} options. */
    private static Process suite(Path out, String... extra) throws Exception {
        final List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", ChildRunTest.classPath(), Suite.class.getName(), "--only", "counting", "--systems", "actorkit",
                "--warmup", "1", "--warmup-ms", "0", "--iterations", "2", "--size", "countingMessages=200000",
                "--out", out.toString()));
        command.addAll(List.of(extra));
        return new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    /** The first descendant of {@code parent} whose command line names {@code mainClass}, within 120 s, else empty. */
    private static Optional<ProcessHandle> awaitDescendant(Process parent, Class<?> mainClass) throws InterruptedException {
        final long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < giveUp && parent.isAlive()) {
            final Optional<ProcessHandle> found = parent.descendants()
                    .filter(p -> p.info().arguments().map(a -> List.of(a).contains(mainClass.getName())).orElse(false))
                    .findFirst();
            if (found.isPresent()) {
                return found;
            }
            Thread.sleep(20);
        }
        return Optional.empty();
    }

    @Test
    @Timeout(300)
    void theContenderSpinsBesideTheRunsAndIsGoneWhenTheSuiteEnds(@TempDir Path out) throws Exception {
        final Process suite = suite(out, "--contend", "1");
        try {
            final ProcessHandle run = awaitDescendant(suite, RunOne.class).orElseThrow(() -> new AssertionError("no run started"));
            final ProcessHandle contender = awaitDescendant(suite, Contender.class)
                    .orElseThrow(() -> new AssertionError("no contender"));
            assertTrue(run.isAlive() && contender.isAlive(), "the contender is there while a run is going");
            assertEquals(List.of("1"), contender.info().arguments().map(a -> List.of(a).subList(a.length - 1, a.length))
                    .orElseThrow());
            assertTrue(suite.waitFor(240, TimeUnit.SECONDS), "the suite ended");
            assertEquals(0, suite.exitValue());
            assertTrue(contender.onExit().toCompletableFuture().completeOnTimeout(null, 30, TimeUnit.SECONDS).join() != null,
                    "the contender ended with the suite");
            assertFalse(contender.isAlive());
        } finally {
            suite.descendants().forEach(ProcessHandle::destroyForcibly);
            suite.destroyForcibly();
        }
        assertTrue(Files.readString(out.resolve("latest.json")).contains("\"condition\": \"contend=1\""));
        assertTrue(Files.readAllLines(out.resolve("latest.csv")).get(1).contains(",contend=1,"));
    }

    @Test
    @Timeout(300)
    void theQuotasCgroupHoldsTheRunsAndIsRemovedWhenTheSuiteEnds(@TempDir Path out) throws Exception {
        assumeTrue(isRoot(), "--cpu-quota needs root; this test runs as another user");
        final boolean v2 = Files.isRegularFile(CGROUP.resolve("cgroup.controllers"))
                && List.of(Files.readString(CGROUP.resolve("cgroup.controllers")).trim().split("\\s+")).contains("cpu");
        final boolean v1 = Files.isRegularFile(CGROUP.resolve("cpu").resolve("cpu.cfs_quota_us"));
        assumeTrue(v1 || v2, "no cpu cgroup controller here (neither v2 at /sys/fs/cgroup nor v1 at /sys/fs/cgroup/cpu)");
        final Path mount = v2 ? CGROUP : CGROUP.resolve("cpu");
        final Process suite = suite(out, "--cpu-quota", "1.5");
        final Path group;
        try {
            final ProcessHandle run = awaitDescendant(suite, RunOne.class).orElseThrow(() -> new AssertionError("no run started"));
            final String path = cpuCgroup(run.pid(), v2);
            assertTrue(path.contains("/actorkit-bench-"), "the run's cgroup: " + path);
            group = mount.resolve(path.substring(1));
            if (v2) {
                assertEquals("150000 100000", Files.readString(group.resolve("cpu.max")).trim());
            } else {
                assertEquals("150000", Files.readString(group.resolve("cpu.cfs_quota_us")).trim());
                assertEquals("100000", Files.readString(group.resolve("cpu.cfs_period_us")).trim());
            }
            assertEquals(path, cpuCgroup(suite.pid(), v2), "the suite's own JVM is in it too");
            assertTrue(suite.waitFor(240, TimeUnit.SECONDS), "the suite ended");
            assertEquals(0, suite.exitValue());
        } finally {
            suite.descendants().forEach(ProcessHandle::destroyForcibly);
            suite.destroyForcibly();
        }
        assertFalse(Files.exists(group), group + " was removed");
        assertTrue(Files.readString(out.resolve("latest.json")).contains("\"condition\": \"cpu-quota=1.5\""));
    }

    @Test
    void withoutACpuControllerTheQuotaSaysWhatIsMissing(@TempDir Path root) throws IOException {
        final Path membership = Files.writeString(root.resolve("cgroup"), "0::/\n");
        final IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> CpuQuota.enter(new BigDecimal("1.5"), root, membership));
        assertTrue(e.getMessage().contains("--cpu-quota needs the cpu cgroup controller"), e.getMessage());
    }

    /** The cpu controller's cgroup of process {@code pid}, as {@code /proc/<pid>/cgroup} names it. */
    private static String cpuCgroup(long pid, boolean v2) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), "cgroup"))) {
            final String[] fields = line.split(":", 3);
            if (v2 ? fields[0].equals("0") : List.of(fields[1].split(",")).contains("cpu")) {
                return fields[2];
            }
        }
        throw new AssertionError("process " + pid + " has no cpu cgroup");
    }

    private static boolean isRoot() throws IOException {
        return Files.readAllLines(Path.of("/proc/self/status")).stream()
                .anyMatch(l -> l.startsWith("Uid:") && l.split("\\s+")[1].equals("0"));
    }
}
