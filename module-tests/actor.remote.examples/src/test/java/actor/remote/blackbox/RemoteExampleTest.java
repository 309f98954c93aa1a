package actor.remote.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.remote.RemoteNode;
import actor.remote.codec.MessageCodec;
import actor.remote.codec.RecordCodec;
import actor.remote.examples.PingCodec;
import actor.remote.examples.PingPong;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ResolvedModule;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two-JVM example of docs/remote.md, run as a user runs it: two JVMs on the module path with the one
 * documented flag; and what a modular application sees of {@code actor.remote}.
 */
class RemoteExampleTest {

    private static final String FLAG = "--add-opens=java.base/jdk.internal.misc=org.agrona";

    /** The examples' temporary directory (their drivers' directories go there). */
    @TempDir
    static Path temporary;

    @Test
    @Timeout(120)
    void thePingPongExampleRunsInTwoJvmsFromTheModulePath() throws Exception {
        final String pongAt = freeEndpoint();
        final String pingAt = freeEndpoint();
        final Process pong = example(true, "pong", pongAt, "ping@" + pingAt);
        final Process ping = example(true, "ping", pingAt, "pong@" + pongAt, "5");
        try {
            final CompletableFuture<String> pongOutput = outputOf(pong);
            final String pingOutput = outputOf(ping).get(60, TimeUnit.SECONDS);
            assertTrue(ping.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, ping.exitValue(), pingOutput);
            assertTrue(pong.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, pong.exitValue(), pongOutput.get());
            final List<String> pings = pingOutput.lines().toList();
            assertEquals(6, pings.size(), pingOutput);
            for (int n = 1; n <= 5; n++) {
                assertTrue(pings.get(n - 1).startsWith("pong " + n + " after "), pingOutput);
            }
            assertTrue(pings.get(5).startsWith("5 round trips, median "), pingOutput);
            assertEquals(List.of("ponger ready on node pong", "ping 1", "ping 2", "ping 3", "ping 4", "ping 5", "bye"),
                    pongOutput.get().lines().toList());
        } finally {
            ping.destroyForcibly();
            pong.destroyForcibly();
        }
    }

    @Test
    @Timeout(60)
    void withoutTheFlagTheNodeSaysWhichFlagToAdd() throws Exception {
        final Process pong = example(false, "pong", freeEndpoint(), "ping@" + freeEndpoint());
        final String output = outputOf(pong).get(30, TimeUnit.SECONDS);
        assertTrue(pong.waitFor(30, TimeUnit.SECONDS));
        assertNotEquals(0, pong.exitValue());
        assertTrue(output.contains("Exception in thread \"main\" java.lang.IllegalStateException: ")
                && output.contains("--add-opens java.base/jdk.internal.misc=org.agrona")
                && output.contains("--add-opens java.base/jdk.internal.misc=ALL-UNNAMED"), output);
        assertTrue(output.contains("Caused by: java.lang.IllegalAccessError"), "Agrona's error is the cause: " + output);
    }

    @Test
    void theApplicationsCodecIsProvidedAsAServiceAndAskedBeforeTheBuiltInOne() {
        final ModuleDescriptor examples = PingPong.class.getModule().getDescriptor();
        assertEquals(Map.of(MessageCodec.class.getName(), List.of(PingCodec.class.getName())), examples.provides().stream()
                .collect(Collectors.toMap(ModuleDescriptor.Provides::service, ModuleDescriptor.Provides::providers)));
        final MessageCodec mine = new PingCodec();
        assertTrue(mine.priority() > new RecordCodec().priority(), "asked before the built-in codec");
        assertTrue(mine.codecFor(PingPong.Ping.class).schema().startsWith("ping/1"));
        assertEquals(null, mine.codecFor(PingPong.Pong.class), "other types are left to the built-in codec");
    }

    @Test
    void actorRemoteExportsItsApiAndTheCodecServiceOnly() {
        final ModuleDescriptor remote = RemoteNode.class.getModule().getDescriptor();
        assertEquals(Map.of("actor.remote", Set.of(), "actor.remote.codec", Set.of()), remote.exports().stream()
                .collect(Collectors.toMap(ModuleDescriptor.Exports::source, ModuleDescriptor.Exports::targets)));
        assertEquals(Set.of("actor.remote.codec.MessageCodec"), remote.uses());
        assertEquals(List.of(RecordCodec.class.getName()), remote.provides().iterator().next().providers());
        assertTrue(remote.requires().stream().anyMatch(r -> r.name().equals("actor.api")
                && r.modifiers().contains(ModuleDescriptor.Requires.Modifier.TRANSITIVE)));
        assertEquals(Set.of("actor.remote"), PingPong.class.getModule().getDescriptor().requires().stream()
                .filter(r -> !r.modifiers().contains(ModuleDescriptor.Requires.Modifier.MANDATED))
                .map(ModuleDescriptor.Requires::name).collect(Collectors.toSet()),
                "the example requires actor.remote and nothing else");
    }

    /** Starts the example from the module path of this test run, with or without the flag. */
    private static Process example(boolean withFlag, String... args) throws IOException {
        final List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        if (withFlag) {
            command.add(FLAG);
        }
        command.addAll(List.of("-XX:+UseSerialGC", "-Xmx128m", "-Djava.io.tmpdir=" + temporary, "--module-path", modulePathOf("actor.remote.examples", "actor.executor"),
                "--module", "actor.remote.examples/actor.remote.examples.PingPong"));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }

    /** The process's whole output, read on a thread of its own (the common pool may have a single thread). */
    private static CompletableFuture<String> outputOf(Process process) {
        return CompletableFuture.supplyAsync(() -> {
            final ByteArrayOutputStream out = new ByteArrayOutputStream();
            try {
                process.getInputStream().transferTo(out);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return out.toString(StandardCharsets.UTF_8);
        }, task -> {
            final Thread reader = new Thread(task, "output of " + process.pid());
            reader.setDaemon(true);
            reader.start();
        });
    }

    private static String freeEndpoint() throws IOException {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return "localhost:" + socket.getLocalPort();
        }
    }

    /** The module path of {@code roots} and every non-JDK module they read, transitively, as this test run found them. */
    private static String modulePathOf(String... roots) {
        final Deque<ResolvedModule> todo = new ArrayDeque<>();
        for (String root : roots) {
            todo.add(ModuleLayer.boot().configuration().findModule(root).orElseThrow(
                    () -> new AssertionError("module " + root + " is not on the test's module path")));
        }
        final Map<String, String> locations = new TreeMap<>();
        while (!todo.isEmpty()) {
            final ResolvedModule module = todo.poll();
            final URI location = module.reference().location().orElseThrow();
            if (!"file".equals(location.getScheme()) || locations.containsKey(module.name())) {
                continue;
            }
            locations.put(module.name(), Path.of(location).toString());
            todo.addAll(module.reads());
        }
        return String.join(File.pathSeparator, locations.values());
    }
}
