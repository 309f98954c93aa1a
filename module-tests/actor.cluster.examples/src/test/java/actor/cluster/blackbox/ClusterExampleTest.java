package actor.cluster.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.cluster.Cluster;
import actor.cluster.examples.Bank;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ResolvedModule;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.ServerSocket;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The three-terminal example of docs/cluster.md, run as a user runs it: three JVMs on the module
 * path (JGroups as the automatic module org.jgroups) with the one documented flag; and what a
 * modular application sees of {@code actor.cluster}.
 */
class ClusterExampleTest {

    private static final String FLAG = "--add-opens=java.base/jdk.internal.misc=org.agrona";
    private static final Pattern BALANCE = Pattern.compile("acc-(\\d+): 10 on ([abc])");

    @TempDir
    static Path temporary;

    @Test
    @Timeout(120)
    void theBankExampleRunsInThreeJvmsFromTheModulePath() throws Exception {
        final String seeds = String.join(",", freeTcpEndpoint(), freeTcpEndpoint(), freeTcpEndpoint());
        final String[] binds = seeds.split(",");
        final Process a = example("a", freeUdpEndpoint(), binds[0], seeds);
        final Process b = example("b", freeUdpEndpoint(), binds[1], seeds);
        final Process c = example("c", freeUdpEndpoint(), binds[2], seeds, "10");
        try {
            final CompletableFuture<String> aOutput = outputOf(a);
            final CompletableFuture<String> bOutput = outputOf(b);
            final String cOutput = outputOf(c).get(90, TimeUnit.SECONDS);
            assertTrue(c.waitFor(30, TimeUnit.SECONDS));
            assertEquals(0, c.exitValue(), cOutput);
            final Map<Integer, String> hosts = new TreeMap<>();
            for (String line : cOutput.lines().toList()) {
                final Matcher balance = BALANCE.matcher(line);
                if (balance.matches()) {
                    hosts.put(Integer.parseInt(balance.group(1)), balance.group(2));
                }
            }
            assertEquals(10, hosts.size(), cOutput);
            assertEquals(Set.of("a", "b", "c"), Set.copyOf(hosts.values()), "the accounts spread over the three: " + cOutput);
            assertTrue(cOutput.contains("; members [a, b, c]"), cOutput);
            assertTrue(cOutput.lines().anyMatch("done"::equals), cOutput);
            a.getOutputStream().close();
            b.getOutputStream().close();
            assertTrue(a.waitFor(30, TimeUnit.SECONDS));
            assertTrue(b.waitFor(30, TimeUnit.SECONDS));
            assertEquals(0, a.exitValue(), aOutput.get());
            assertEquals(0, b.exitValue(), bOutput.get());
            assertTrue(aOutput.get().contains("a: c left"), aOutput.get());
        } finally {
            a.destroyForcibly();
            b.destroyForcibly();
            c.destroyForcibly();
        }
    }

    @Test
    void theExampleRequiresActorClusterOnlyAndActorClusterExportsItsApiOnly() {
        final ModuleDescriptor cluster = Cluster.class.getModule().getDescriptor();
        assertEquals(Set.of("actor.cluster"), cluster.exports().stream().map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toSet()));
        assertTrue(cluster.requires().stream().anyMatch(r -> r.name().equals("actor.remote")
                && r.modifiers().contains(ModuleDescriptor.Requires.Modifier.TRANSITIVE)));
        assertTrue(cluster.requires().stream().anyMatch(r -> r.name().equals("org.jgroups")));
        assertTrue(ModuleLayer.boot().findModule("org.jgroups").orElseThrow().getDescriptor().isAutomatic(),
                "JGroups has no module descriptor: its manifest names the automatic module");
        assertEquals(Set.of("actor.cluster"), Bank.class.getModule().getDescriptor().requires().stream()
                .filter(r -> !r.modifiers().contains(ModuleDescriptor.Requires.Modifier.MANDATED))
                .map(ModuleDescriptor.Requires::name).collect(Collectors.toSet()));
    }

    /** Starts the example from the module path of this test run. */
    private static Process example(String... args) throws IOException {
        final List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                FLAG, "-XX:+UseSerialGC", "-Xmx128m", "-XX:TieredStopAtLevel=1", "-Djava.io.tmpdir=" + temporary,
                "--module-path", modulePathOf("actor.cluster.examples", "actor.executor"),
                "--module", "actor.cluster.examples/actor.cluster.examples.Bank"));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    /** The process's whole output, read on a thread of its own. */
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

    private static String freeTcpEndpoint() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return "127.0.0.1:" + socket.getLocalPort();
        }
    }

    private static String freeUdpEndpoint() throws IOException {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return "127.0.0.1:" + socket.getLocalPort();
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
