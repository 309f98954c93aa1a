package actor.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The suite's child JVMs: a run that hangs or throws ends, and its row says why. */
class ChildRunTest {

    private static final Suite.Planned RUN = new Suite.Planned("counting", "pekko", "typed", 2);

    @Test
    @Timeout(120)
    void aChildThatNeverEndsIsKilledWithItsDescendantsAfterTheLimitAndReportedFailed(@TempDir Path dir) throws Exception {
        final Path pids = dir.resolve("pids");
        // The shell forks a grandchild (as a remote row forks its server), writes both pids, then
        // becomes a child that never ends.
        final List<String> command = List.of("sh", "-c", "sleep 600 & echo $$ $! > '" + pids + "'; exec sleep 600");
        final Result result = Suite.runChild(command, RUN, Duration.ofSeconds(2));
        assertFalse(result.ok());
        assertTrue(result.error().contains("killed after 2 s"), result.error());
        final List<Long> family = Arrays.stream(Files.readString(pids).trim().split(" ")).map(Long::parseLong).toList();
        assertEquals(2, family.size(), family.toString());
        for (long pid : family) {
            assertTrue(endsWithin(pid, Duration.ofSeconds(30)), "process " + pid + " still runs");
        }
    }

    @Test
    @Timeout(60)
    void aFailedChildsRowSaysWhyItFailed() throws Exception {
        final Result result = Suite.runChild(List.of("sh", "-c", "echo 'FAILED java.lang.IllegalStateException: boom'; exit 1"),
                RUN, Duration.ofSeconds(30));
        assertFalse(result.ok());
        assertEquals("exit code 1: java.lang.IllegalStateException: boom", result.error());
        final Result silent = Suite.runChild(List.of("sh", "-c", "exit 3"), RUN, Duration.ofSeconds(30));
        assertEquals("exit code 3, no result", silent.error());
    }

    /**
     * The bug: Pekko's non-daemon threads kept a child alive after its workload threw. The workload
     * here throws on a size it refuses (nqueensSize = 15) while a non-daemon thread lives.
     */
    @Test
    @Timeout(180)
    void aWorkloadThatThrowsEndsItsJvmEvenWhileANonDaemonThreadLives(@TempDir Path dir) throws Exception {
        final Path out = dir.resolve("out");
        final List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", classPath(), RunOneWithALiveThread.class.getName(),
                "--benchmark", "nqueens", "--system", "actorkit", "--variant", "none", "--workers", "1",
                "--size", "nqueensSize=15", "--warmup", "0", "--warmup-ms", "0", "--iterations", "1"));
        final Process child = new ProcessBuilder(command).redirectOutput(out.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            assertTrue(child.waitFor(120, TimeUnit.SECONDS), "the child JVM still runs after its workload threw");
            assertEquals(1, child.exitValue());
            final String text = Files.readString(out);
            assertTrue(text.lines().anyMatch(l -> l.startsWith("FAILED ") && l.contains("nqueensSize = 15")), text);
        } finally {
            child.destroyForcibly();
        }
    }

    /** Whether process {@code pid} is gone (or a zombie) within {@code limit}. */
    private static boolean endsWithin(long pid, Duration limit) throws InterruptedException, IOException {
        final long giveUp = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < giveUp) {
            final Path stat = Path.of("/proc", String.valueOf(pid), "stat");
            if (!Files.exists(stat)) {
                return true;
            }
            try {
                final String text = Files.readString(stat);
                if (text.substring(text.lastIndexOf(')') + 2).startsWith("Z")) {
                    return true;
                }
            } catch (IOException gone) {
                return true;
            }
            Thread.sleep(100);
        }
        return false;
    }

    /** The test JVM's module path, class path and test classes, as one class path for a child JVM. */
    static String classPath() throws URISyntaxException {
        final List<String> entries = new ArrayList<>();
        for (String property : List.of("jdk.module.path", "java.class.path")) {
            final String value = System.getProperty(property);
            if (value != null && !value.isEmpty()) {
                entries.add(value);
            }
        }
        entries.add(Path.of(ChildRunTest.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
        return String.join(File.pathSeparator, entries);
    }
}
