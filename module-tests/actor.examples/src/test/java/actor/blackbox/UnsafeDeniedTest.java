package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The toolkit on a JDK that denies {@code sun.misc.Unsafe}'s memory access (JDK 24+ warns on its
 * first use, and {@code --sun-misc-unsafe-memory-access=deny} makes it throw): a modular
 * application that starts a system, asks, schedules once and periodically, and runs an actor with
 * the MPSC mailbox kind runs on JDK 25 with that flag and prints nothing on stderr. Skipped where
 * no JDK 25 is installed ({@link #JDK_25_GLOB} under {@link #JVM_DIR}).
 */
class UnsafeDeniedTest {

    private static final Path JVM_DIR = Path.of("/usr/lib/jvm");
    private static final String JDK_25_GLOB = "temurin-25*";

    private static final String MAIN = """
            package app;

            import actor.api.Actor;
            import actor.api.ActorRef;
            import actor.api.ActorSystem;
            import actor.api.ActorSystemConfig;
            import actor.api.Allocation;
            import actor.api.Cancellable;
            import actor.api.tuning.MailboxKind;
            import java.time.Duration;
            import java.util.concurrent.CountDownLatch;
            import java.util.concurrent.TimeUnit;

            public final class Main {
                record Question(int n, ActorRef<Integer> replyTo) {}

                static final class Doubler extends Actor<Question> {
                    Doubler(ActorSystem system) { super(system); }
                    @Override protected Allocation receive(Question q) {
                        q.replyTo().send(2 * q.n());
                        return Allocation.NODELETE;
                    }
                }

                static final class Ticks extends Actor<String> {
                    final CountDownLatch once = new CountDownLatch(1);
                    final CountDownLatch periodic = new CountDownLatch(3);
                    Ticks(ActorSystem system) { super(system); }
                    @Override protected Allocation receive(String tick) {
                        (tick.equals("once") ? once : periodic).countDown();
                        return Allocation.NODELETE;
                    }
                }

                public static void main(String[] args) throws Exception {
                    final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("unsafe-denied")
                            .workers(2).mailboxKind(MailboxKind.MPSC).build());
                    final Doubler doubler = new Doubler(system);
                    final Ticks ticks = new Ticks(system);
                    int sum = 0;
                    for (int i = 1; i <= 100; i++) {
                        final int n = i;
                        sum += system.<Question, Integer>ask(doubler.ref(), replyTo -> new Question(n, replyTo),
                                Duration.ofSeconds(30)).get(30, TimeUnit.SECONDS);
                    }
                    System.out.println("asked: " + sum);
                    system.scheduleOnce(Duration.ofMillis(5), ticks.ref(), "once");
                    final Cancellable periodic = system.schedulePeriodic(Duration.ofMillis(1), Duration.ofMillis(2),
                            ticks.ref(), "periodic");
                    System.out.println("once: " + ticks.once.await(30, TimeUnit.SECONDS));
                    System.out.println("periodic: " + ticks.periodic.await(30, TimeUnit.SECONDS));
                    System.out.println("cancelled: " + periodic.cancel());
                    System.out.println("stopped: " + system.shutdown(Duration.ofSeconds(30)));
                }
            }
            """;

    @Test
    @Timeout(180)
    void anApplicationRunsOnJdk25WithUnsafeMemoryAccessDeniedAndPrintsNothingOnStderr(@TempDir Path dir)
            throws Exception {
        final Path java = jdk25Launcher();
        assumeTrue(java != null, "no JDK 25 found (" + JVM_DIR.resolve(JDK_25_GLOB) + "/bin/java): the test needs one"
                + " to run the application with --sun-misc-unsafe-memory-access=deny");
        final String modulePath = ModuleBoundaryTest.modulePathOf("actor.api", "actor.executor");
        final Path classes = ChildApplication.compile(dir, modulePath, MAIN);

        final Path out = dir.resolve("stdout.txt");
        final Path err = dir.resolve("stderr.txt");
        final Process child = new ProcessBuilder(java.toString(), "--sun-misc-unsafe-memory-access=deny",
                "--module-path", classes + File.pathSeparator + modulePath, "--module", "app/app.Main")
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        final boolean exited = child.waitFor(120, TimeUnit.SECONDS);
        if (!exited) {
            child.destroyForcibly();
        }
        final String stderr = Files.readString(err, StandardCharsets.UTF_8);
        final List<String> printed = Files.readAllLines(out, StandardCharsets.UTF_8);
        assertTrue(exited, "the application did not finish within 120 s; stdout " + printed + ", stderr:\n" + stderr);
        assertEquals(0, child.exitValue(), "exit code; stdout " + printed + ", stderr:\n" + stderr);
        assertEquals(List.of("asked: 10100", "once: true", "periodic: true", "cancelled: true", "stopped: true"),
                printed, "stderr:\n" + stderr);
        assertEquals("", stderr, "nothing on stderr (a warning names the code that touched sun.misc.Unsafe)");
    }

    /** The {@code java} of the first JDK 25 under {@link #JVM_DIR}, or null. */
    private static Path jdk25Launcher() throws IOException {
        if (!Files.isDirectory(JVM_DIR)) {
            return null;
        }
        try (DirectoryStream<Path> homes = Files.newDirectoryStream(JVM_DIR, JDK_25_GLOB)) {
            for (Path home : homes) {
                final Path java = home.resolve("bin").resolve("java");
                if (Files.isExecutable(java)) {
                    return java;
                }
            }
        }
        return null;
    }
}
