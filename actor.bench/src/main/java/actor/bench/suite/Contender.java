package actor.bench.suite;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The suite's contention ({@code ./bench --contend N}): N threads that spin at normal priority
 * in a process of their own, which the suite starts, so that it is in the suite's process tree
 * and session (Linux's autogroup then schedules them as neighbours of the measured JVMs, not in a
 * group of their own). The process ends when its stdin closes: when {@link #close()} closes it,
 * or when the suite's JVM dies.
 */
final class Contender implements AutoCloseable {

    /** Where a spinning thread leaves its value, so that no compiler drops the spin. */
    private static volatile long sink;

    private final Process process;

    private Contender(Process process) {
        this.process = process;
    }

    /** Starts {@code threads} spinning threads in a JVM of their own, on this JVM's java and class path. */
    static Contender start(int threads) throws IOException {
        final List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m", "-cp", System.getProperty("java.class.path"), Contender.class.getName(), String.valueOf(threads));
        return new Contender(new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.INHERIT).start());
    }

    /** {@return the contending process's id} */
    long pid() {
        return process.pid();
    }

    /** Closes the contender's stdin and kills it, then waits (10 s at most) until it has ended. */
    @Override
    public void close() {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            System.err.println("bench: closing the contender's stdin: " + e);
        }
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** {@code Contender N}: N spinning threads until stdin closes. */
    public static void main(String[] args) throws IOException {
        final int threads = Integer.parseInt(args[0]);
        for (int i = 0; i < threads; i++) {
            new Thread(Contender::spin, "contender-" + i).start();
        }
        System.in.transferTo(OutputStream.nullOutputStream());
        System.exit(0);
    }

    private static void spin() {
        long x = Thread.currentThread().getId();
        while (true) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            if (x == 0) {
                sink = x;
            }
        }
    }
}
