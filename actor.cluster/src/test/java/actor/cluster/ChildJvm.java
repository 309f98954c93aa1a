package actor.cluster;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A {@link ClusterProcess} in a JVM of its own, on the class path of the test run (its module path
 * and class path together) with actor.remote's one flag. Its stdout lines are collected as they
 * come, for the test to wait on; its stderr goes to the test's.
 */
final class ChildJvm implements AutoCloseable {

    private final String name;
    private final Process process;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final List<String> seen = new ArrayList<>();

    private ChildJvm(String name, Process process) {
        this.name = name;
        this.process = process;
        final Thread reader = new Thread(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    lines.add(line);
                }
            } catch (IOException e) {
                lines.add("READ FAILED " + e);
            }
        }, "stdout of " + name);
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@link ClusterProcess} with {@code args}; its temporary files go to {@code temporaryDirectory}. */
    static ChildJvm start(Path temporaryDirectory, String name, String... args) throws IOException {
        final List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED", "-XX:+UseSerialGC", "-Xmx128m",
                "-XX:TieredStopAtLevel=1", "-Djava.net.preferIPv4Stack=true", "-Djava.io.tmpdir=" + temporaryDirectory,
                "-cp", classPath(), ClusterProcess.class.getName()));
        command.addAll(List.of(args));
        return new ChildJvm(name, new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start());
    }

    private static String classPath() {
        final List<String> entries = new ArrayList<>();
        for (String property : List.of("jdk.module.path", "java.class.path")) {
            final String value = System.getProperty(property);
            if (value != null && !value.isEmpty()) {
                entries.add(value);
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    /** {@return the first line from now on that matches, waiting at most {@code timeout}} */
    String await(Predicate<String> wanted, Duration timeout) throws InterruptedException {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            final String line = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (line == null) {
                throw new AssertionError(name + ": no matching line within " + timeout + " (alive: " + process.isAlive()
                        + "); last lines: " + seen.subList(Math.max(0, seen.size() - 10), seen.size()));
            }
            seen.add(line);
            if (wanted.test(line)) {
                return line;
            }
        }
    }

    /** Closes the child's stdin: it leaves the cluster and exits. */
    void closeInput() throws IOException {
        process.getOutputStream().close();
    }

    /** SIGKILL, and waits for the process to be gone; its exit value. */
    int kill() throws InterruptedException {
        process.destroyForcibly();
        return process.waitFor();
    }

    /** {@return the exit value, waiting at most {@code timeout}} */
    int exitValue(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError(name + " still running after " + timeout);
        }
        return process.exitValue();
    }

    /** Kills the process if it still runs (a test that failed half-way). */
    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
