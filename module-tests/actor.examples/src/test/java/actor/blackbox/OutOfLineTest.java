package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The executor's two out-of-line calls stay out of line in C2's code (docs/scheduling.md, "What a
 * rule costs the JIT"): an application plays ping-pong for three seconds in a JVM that prints
 * C2's inlining decisions, and wherever C2 inlined a worker's send or a batch-run wrapper
 * ({@code OutOfLine::runBatch}) into a compiled method, the rules of an envelope's first send
 * ({@code Worker::firstHandOff}) and the batch run ({@code EnvelopeRunner::runBatch}) were not
 * inlined below it, while the handle call
 * that reaches them was compiled (so the check is not vacuous). A handle made a constant (a static
 * final one) would let C2 inline through it, and this test fail.
 */
class OutOfLineTest {

    private static final String MAIN = """
            package app;

            import actor.api.Actor;
            import actor.api.ActorSystem;
            import actor.api.ActorSystemConfig;
            import actor.api.Allocation;
            import java.time.Duration;
            import java.util.concurrent.CountDownLatch;
            import java.util.concurrent.TimeUnit;

            public final class Main {
                static final class Player extends Actor<Integer> {
                    Player other;
                    volatile CountDownLatch done;
                    Player(ActorSystem system) { super(system); }
                    @Override protected Allocation receive(Integer left) {
                        if (left == 0) {
                            done.countDown();
                        } else {
                            other.ref().send(left - 1);
                        }
                        return Allocation.NODELETE;
                    }
                }

                public static void main(String[] args) throws Exception {
                    final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("out-of-line")
                            .workers(2).build());
                    final Player ping = new Player(system);
                    final Player pong = new Player(system);
                    ping.other = pong;
                    pong.other = ping;
                    final long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
                    int rounds = 0;
                    while (System.nanoTime() < end) {
                        final CountDownLatch done = new CountDownLatch(1);
                        ping.done = done;
                        pong.done = done;
                        ping.ref().send(200_000);
                        if (!done.await(60, TimeUnit.SECONDS)) {
                            throw new IllegalStateException("a round did not end");
                        }
                        rounds++;
                    }
                    System.err.println("rounds: " + rounds);
                    System.err.println("stopped: " + system.shutdown(Duration.ofSeconds(30)));
                }
            }
            """;

    private static final String SEND = "actor.executor.internal.Worker::send";
    private static final String FIRST_HAND_OFF = "actor.executor.internal.Worker::firstHandOff";
    private static final String BATCH_WRAPPER = "actor.executor.internal.OutOfLine::runBatch";
    private static final String BATCH = "actor.executor.internal.EnvelopeRunner::runBatch";
    private static final String HANDLE_CALL = "java.lang.invoke.MethodHandle::invokeBasic";
    /** A line of {@code -XX:+PrintInlining}: the call's bytecode index, the callee, and C2's decision after its size. */
    private static final Pattern CALL = Pattern.compile("@ (\\d+)\\s+(\\S+)[^)]*\\)\\s*(.*)");
    /** The decisions that inline (JDK 17 and 25 print the refusals differently, these alike). */
    private static final Pattern INLINED = Pattern.compile("(inline|inline \\(hot\\)|force inline by annotation|accessor)");

    @Test
    @Timeout(180)
    void theFirstSendsRulesAndTheBatchRunAreNeverInlinedIntoTheirCallers(@TempDir Path dir) throws Exception {
        final String modulePath = ModuleBoundaryTest.modulePathOf("actor.api", "actor.executor");
        final Path classes = ChildApplication.compile(dir, modulePath, MAIN);
        final Path out = dir.resolve("stdout.txt");
        final Path err = dir.resolve("stderr.txt");
        final Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        // NOTE: C2 alone, one compiler thread: the printed inlining trees do not interleave.
        final Process child = new ProcessBuilder(java.toString(), "-XX:+UnlockDiagnosticVMOptions",
                "-XX:+PrintInlining", "-XX:-TieredCompilation", "-XX:CICompilerCount=1",
                "--module-path", classes + File.pathSeparator + modulePath, "--module", "app/app.Main")
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(child.waitFor(150, TimeUnit.SECONDS), "the application did not end within 150 s");
        final String stderr = Files.readString(err, StandardCharsets.UTF_8);
        assertEquals(0, child.exitValue(), "exit code; stderr:\n" + stderr);
        assertTrue(stderr.contains("stopped: true"), stderr);

        final List<String> wrong = new ArrayList<>();
        int handleCallsInSend = 0;
        int handleCallsInBatchWrapper = 0;
        final Deque<Call> callers = new ArrayDeque<>();
        for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
            final int at = line.indexOf("@ ");
            final Matcher call = CALL.matcher(line);
            if (at < 0 || !call.find(at)) {
                continue;
            }
            while (!callers.isEmpty() && callers.peek().depth >= at) {
                callers.pop();
            }
            final String callee = call.group(2);
            final boolean inlined = INLINED.matcher(call.group(3).trim()).matches();
            final boolean underSend = callers.stream().anyMatch(c -> c.callee.equals(SEND));
            final boolean underBatchWrapper = callers.stream().anyMatch(c -> c.callee.equals(BATCH_WRAPPER));
            if (inlined && (underSend && callee.equals(FIRST_HAND_OFF) || underBatchWrapper && callee.equals(BATCH))) {
                wrong.add(line.trim());
            }
            if (callee.startsWith(HANDLE_CALL) && line.contains("receiver not constant")) {
                handleCallsInSend += underSend ? 1 : 0;
                handleCallsInBatchWrapper += underBatchWrapper ? 1 : 0;
            }
            callers.push(new Call(at, callee));
        }
        assertTrue(wrong.isEmpty(), "inlined into its caller: " + wrong);
        assertTrue(handleCallsInSend > 0, "no compiled Worker::send reached the rules through the handle");
        assertTrue(handleCallsInBatchWrapper > 0, "no compiled OutOfLine::runBatch reached the batch through the handle");
    }

    private record Call(int depth, String callee) {
    }
}
