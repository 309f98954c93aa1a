package actor.remote;

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
 * A {@link PeerProcess} in a JVM of its own, on the class path of the test run (its module path and
 * class path together) with the one flag Agrona needs. Its stdout lines are collected as they come,
 * for the test to wait on; its stderr goes to the test's. Public for the multi-process tests of
 * {@code actor.remote.internal}.
 */
public final class ChildJvm implements AutoCloseable {

    /** The flag of every JVM that runs actor.remote on the class path. */
    public static final String FLAG = "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED";

    private final String name;
    private final Process process;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final List<String> seen = new ArrayList<>();
    private final Thread reader;

    private ChildJvm(String name, Process process) {
        this.name = name;
        this.process = process;
        reader = new Thread(() -> {
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

    /**
     * Starts {@code PeerProcess} with {@code args}; its temporary files (the embedded driver's
     * directory, which a killed JVM leaves behind) go to {@code temporaryDirectory}.
     */
    static ChildJvm start(Path temporaryDirectory, String name, String... args) throws IOException {
        return start(temporaryDirectory, name, List.of(FLAG), PeerProcess.class, args);
    }

    /** Starts {@code main} with {@code args}, with {@code flags} instead of the one flag Agrona needs. */
    public static ChildJvm start(Path temporaryDirectory, String name, List<String> flags, Class<?> main, String... args)
            throws IOException {
        final List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(flags);
        command.addAll(List.of("-XX:+UseSerialGC", "-Xmx128m", "-XX:TieredStopAtLevel=1",
                "-Djava.io.tmpdir=" + temporaryDirectory,
                "-cp", classPath(), main.getName()));
        command.addAll(List.of(args));
        return new ChildJvm(name, new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start());
    }

    /** The test run's module path and class path, as one class path. */
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

    /** {@return the first line from now on that matches, waiting at most {@code timeout}} Lines passed over are kept in {@link #seen()}. */
    public String await(Predicate<String> wanted, Duration timeout) throws InterruptedException {
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

    /** {@return the next {@code count} lines that start with {@code prefix}, other lines skipped} */
    public List<String> take(String prefix, int count, Duration timeout) throws InterruptedException {
        final long deadline = System.nanoTime() + timeout.toNanos();
        final List<String> taken = new ArrayList<>();
        while (taken.size() < count) {
            taken.add(await(line -> line.startsWith(prefix), Duration.ofNanos(Math.max(0, deadline - System.nanoTime()))));
        }
        return taken;
    }

    /**
     * {@return every line not taken yet, once the process has ended (it is waited for at most
     * {@code timeout}) and its stdout is read to the end} They are added to {@link #seen()} too.
     */
    public List<String> rest(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError(name + " still running after " + timeout);
        }
        reader.join(timeout.toMillis());
        final List<String> rest = new ArrayList<>();
        lines.drainTo(rest);
        seen.addAll(rest);
        return rest;
    }

    /** {@return the lines read so far, without waiting} They are added to {@link #seen()} too. */
    public List<String> available() {
        final List<String> available = new ArrayList<>();
        lines.drainTo(available);
        seen.addAll(available);
        return available;
    }

    /** The lines read so far by {@link #await}, {@link #rest} and {@link #available}. */
    public List<String> seen() {
        return seen;
    }

    /** Closes the child's stdin, which ends a ponger or a sink. */
    public void closeInput() throws IOException {
        process.getOutputStream().close();
    }

    /** SIGKILL, and waits for the process to be gone; its exit value (137 on Linux). */
    public int kill() throws InterruptedException {
        process.destroyForcibly();
        return process.waitFor();
    }

    /** The child's process id. */
    public long pid() {
        return process.pid();
    }

    /**
     * Sends the child {@code signal} ({@code STOP}, {@code CONT}) with {@code kill}, and waits for
     * {@code kill} to exit.
     */
    public void signal(String signal) throws IOException, InterruptedException {
        final Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid()))
                .redirectErrorStream(true).start();
        final String out = new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (kill.waitFor() != 0) {
            throw new AssertionError("kill -" + signal + " " + process.pid() + " failed: " + out);
        }
    }

    /** {@return the exit value, waiting at most {@code timeout}} */
    public int exitValue(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError(name + " still running after " + timeout);
        }
        return process.exitValue();
    }

    /** Kills the process if it still runs (a test that failed half-way), waiting at most 10 s for it to go. */
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
