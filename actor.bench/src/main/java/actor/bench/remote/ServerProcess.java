package actor.bench.remote;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The server JVM of a remote row: {@link RemoteServer} on this JVM's class path, with the flag
 * Agrona needs. It ends when its stdin closes: when {@link #close()} closes it, or when this JVM
 * dies.
 */
public final class ServerProcess implements AutoCloseable {

    /** The one flag of every JVM that runs Aeron (Agrona reads jdk.internal.misc.Unsafe). */
    public static final String FLAG = "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED";

    private final Process process;
    private final String settings;

    private ServerProcess(Process process, String settings) {
        this.process = process;
        this.settings = settings;
    }

    /**
     * Starts the server of {@code system} ("actorkit" or "pekko") at {@code port}, talking to the
     * client at {@code clientPort}, and returns once it is ready.
     */
    public static ServerProcess start(String system, int port, int clientPort) throws IOException, InterruptedException {
        return start(system, null, port, clientPort);
    }

    /**
     * As {@link #start(String, int, int)}, for the system's {@code variant} (Pekko's configuration:
     * "typed" or "artery-tuned"; null for the system's only one).
     */
    public static ServerProcess start(String system, String variant, int port, int clientPort)
            throws IOException, InterruptedException {
        final List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                FLAG, "-Xmx1g"));
        // The client's settings go to the server too: ./bench --jvm-arg -Dpekko.x=y (or -Dbench.x=y)
        // configures both ends of a remote row.
        for (String name : System.getProperties().stringPropertyNames()) {
            if (name.startsWith("pekko.") || name.startsWith("bench.")) {
                command.add("-D" + name + "=" + System.getProperty(name));
            }
        }
        command.addAll(List.of("-cp", classPath(), RemoteServer.class.getName(),
                system, String.valueOf(port), String.valueOf(clientPort)));
        if (variant != null) {
            command.add(variant);
        }
        final Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        // The server's settings line if it printed one before READY, "" if it printed none; null if it ended first.
        final CompletableFuture<String> ready = CompletableFuture.supplyAsync(() -> {
            try {
                final BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                String settings = "";
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    if (line.equals(RemoteServer.READY)) {
                        return settings;
                    }
                    if (line.startsWith(RemoteServer.SETTINGS)) {
                        settings = line.substring(RemoteServer.SETTINGS.length());
                    }
                }
                return null;
            } catch (IOException e) {
                return null;
            }
        }, task -> new Thread(task, "server output").start());
        final String settings;
        try {
            settings = ready.get(60, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            process.destroyForcibly();
            throw new IllegalStateException("the " + system + " server did not start within 60 s", e);
        }
        if (settings == null) {
            process.destroyForcibly();
            throw new IllegalStateException("the " + system + " server ended before it was ready (exit "
                    + process.waitFor() + ")");
        }
        return new ServerProcess(process, settings);
    }

    /**
     * {@return the settings the server said it runs with (its {@value RemoteServer#SETTINGS} line,
     * before it was ready), or "" if it said none}
     */
    public String settings() {
        return settings;
    }

    /** This JVM's module path and class path as one class path (the suite runs on the class path, its tests on both). */
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

    /** {@return a port free now on the loopback interface, for UDP and TCP alike} */
    public static int freePort() throws IOException {
        for (int attempt = 1; ; attempt++) {
            try (DatagramSocket udp = new DatagramSocket(0, InetAddress.getLoopbackAddress());
                 ServerSocket tcp = new ServerSocket(udp.getLocalPort(), 1, InetAddress.getLoopbackAddress())) {
                return tcp.getLocalPort();
            } catch (IOException taken) {
                if (attempt == 100) {
                    throw taken;
                }
            }
        }
    }

    /** Closes the server's stdin, which ends it; kills it if it has not ended within 10 s. */
    @Override
    public void close() {
        try {
            process.getOutputStream().close();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
