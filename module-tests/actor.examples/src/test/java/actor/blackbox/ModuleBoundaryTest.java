package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.ActorSystem;
import actor.examples.HelloActors;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ResolvedModule;
import java.lang.reflect.InaccessibleObjectException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.spi.ToolProvider;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The toolkit as a modular application sees it: {@code requires actor.api} is enough, the
 * executor's internals and the SPI are out of reach, and wrong message types do not compile.
 */
class ModuleBoundaryTest {

    @Test
    void theApplicationModuleRequiresOnlyTheApi() {
        final ModuleDescriptor descriptor = HelloActors.class.getModule().getDescriptor();
        final Set<String> requires = descriptor.requires().stream()
                .filter(r -> !r.modifiers().contains(ModuleDescriptor.Requires.Modifier.MANDATED))
                .map(ModuleDescriptor.Requires::name).collect(Collectors.toSet());
        assertEquals(Set.of("actor.api"), requires);
    }

    @Test
    void executorInternalsAndTheSpiAreNotAccessible() throws Exception {
        final Module app = HelloActors.class.getModule();
        final Module executor = ModuleLayer.boot().findModule("actor.executor").orElseThrow();
        assertEquals(Map.of("actor.executor.internal", Set.of("actor.bench"), "actor.executor.jfr", Set.of("jdk.jfr")),
                executor.getDescriptor().exports().stream().filter(ModuleDescriptor.Exports::isQualified)
                        .collect(Collectors.toMap(ModuleDescriptor.Exports::source, ModuleDescriptor.Exports::targets)),
                "actor.executor exports its internals to the micro-benchmarks and its events to Flight Recorder only");
        assertTrue(executor.getDescriptor().exports().stream().allMatch(ModuleDescriptor.Exports::isQualified));
        assertFalse(executor.isExported("actor.executor.jfr", app));
        assertFalse(executor.isExported("actor.executor.internal", app));
        final Module api = ActorSystem.class.getModule();
        assertTrue(api.isExported("actor.api", app));
        assertTrue(api.isExported("actor.api.tuning", app), "the advanced settings: mailbox kind, placement, pinning, idling, slices");
        assertTrue(api.isExported("actor.api.routing", app), "routers: groups and pools");
        assertFalse(api.isExported("actor.api.spi", app), "the SPI is exported to actor.executor only");
        assertTrue(api.isExported("actor.api.spi", executor));

        final Class<?> provider = Class.forName("actor.executor.internal.ShardedExecutorProvider");
        assertThrows(IllegalAccessException.class, () -> provider.getConstructor().newInstance());
        assertThrows(InaccessibleObjectException.class, () -> provider.getConstructor().setAccessible(true));
        final Class<?> mailbox = Class.forName("actor.executor.internal.Mailbox");
        assertThrows(InaccessibleObjectException.class, () -> mailbox.getDeclaredField("index").setAccessible(true));
    }

    @Test
    void statisticsExportOnlyTheirApiAndTheCountersAreForTheExecutorAlone() {
        final Module app = HelloActors.class.getModule();
        final Module stats = ModuleLayer.boot().findModule("actor.stats").orElseThrow();
        final Module executor = ModuleLayer.boot().findModule("actor.executor").orElseThrow();
        final Map<String, Set<String>> exports = stats.getDescriptor().exports().stream()
                .collect(Collectors.toMap(ModuleDescriptor.Exports::source, ModuleDescriptor.Exports::targets));
        assertEquals(Map.of("actor.stats", Set.of(), "actor.stats.internal", Set.of("actor.executor")), exports,
                "actor.stats exports its API to everyone and its internals to the executor only");
        assertTrue(stats.isExported("actor.stats", app));
        assertFalse(stats.isExported("actor.stats.internal", app));
        assertTrue(stats.isExported("actor.stats.internal", executor));
    }

    @Test
    void theStatisticsInternalsDoNotCompileFromAnApplication(@TempDir Path dir) throws IOException {
        for (String internal : List.of("WorkerCounters", "OutsideCounters")) {
            final CompileResult inApi = compile(dir.resolve(internal + "-api"), """
                    package app;
                    final class Sneaky {
                        Object peek() { return new actor.stats.%s(); }
                    }
                    """.formatted(internal));
            assertEquals(1, inApi.exitCode(), "actor.stats." + internal + " is not API: " + inApi.output());
            final CompileResult inInternal = compile(dir.resolve(internal + "-internal"), """
                    package app;
                    final class Sneaky {
                        Object peek() { return new actor.stats.internal.%s(); }
                    }
                    """.formatted(internal));
            assertEquals(1, inInternal.exitCode(), inInternal.output());
            assertTrue(inInternal.output().contains("actor.stats.internal"), inInternal.output());
        }
        final CompileResult api = compile(dir.resolve("api"), """
                package app;
                import actor.stats.*;
                final class User {
                    static String use(actor.api.ActorSystem system) {
                        final Statistics s = system.statistics();
                        final Counts total = s.total();
                        return s.toJson() + total.messagesSent() + Counter.GULPS.label() + StatisticsMXBean.DOMAIN
                                + StatisticsReport.to(System.out, StatisticsReport.Format.TEXT);
                    }
                }
                """);
        assertEquals(0, api.exitCode(), "what users of system.statistics() touch stays API: " + api.output());
    }

    @Test
    void aWellTypedSendCompilesAgainstTheApiModule(@TempDir Path dir) throws IOException {
        final CompileResult result = compile(dir, """
                package app;
                import actor.api.*;
                final class Good extends Actor<Good.Hi> {
                    static final class Hi extends Message {}
                    Good(ActorSystem s) { super(s); }
                    @Override protected Allocation receive(Hi hi) { return Allocation.NODELETE; }
                    static void use(Good g) { g.send(new Hi()).send(PoisonPill.FINISHED); }
                }
                """);
        assertEquals(0, result.exitCode(), result.output());
    }

    @Test
    void sendingAMessageTypeTheActorDoesNotAcceptDoesNotCompile(@TempDir Path dir) throws IOException {
        final CompileResult result = compile(dir, """
                package app;
                import actor.api.*;
                final class Picky extends Actor<Picky.Hi> {
                    static final class Hi extends Message {}
                    static final class Other extends Message {}
                    Picky(ActorSystem s) { super(s); }
                    @Override protected Allocation receive(Hi hi) { return Allocation.NODELETE; }
                    static void use(Picky p) { p.send(new Other()); }
                }
                """);
        assertEquals(1, result.exitCode(), result.output());
        assertTrue(result.output().contains("no suitable method found for send"), result.output());
    }

    @Test
    void theExecutorsInternalPackageDoesNotCompileFromAnApplication(@TempDir Path dir) throws IOException {
        final CompileResult result = compile(dir, """
                package app;
                final class Sneaky {
                    Object peek() { return new actor.executor.internal.ShardedExecutorProvider(); }
                }
                """);
        assertEquals(1, result.exitCode(), result.output());
        assertTrue(result.output().contains("actor.executor.internal"), result.output());
    }

    @Test
    @Timeout(120)
    void theExampleRunsFromTheModulePathWithNoFlags() throws Exception {
        assertEquals(List.of("string message \"Hello World\"", "integer message 42", "integer message 42"),
                runExample("HelloActors"));
    }

    @Test
    @Timeout(120)
    void theRecordsExampleRunsFromTheModulePath() throws Exception {
        assertEquals(List.of("refused: 500 from bob", "alice 150", "bob 0"), runExample("Bank"));
    }

    @Test
    @Timeout(120)
    void theAwaitExampleRunsFromTheModulePath() throws Exception {
        assertEquals(List.of("Paris: sunny, 21 C", "Oslo: rain, 9 C", "Atlantis: unavailable (404 Atlantis)",
                "Paris: sunny, 21 C (cached)"), runExample("Weather"));
    }

    @Test
    @Timeout(120)
    void theBlockingCallsExampleRunsFromTheModulePath() throws Exception {
        assertEquals(List.of("1: Ada Lovelace", "3: no customer 3", "2: Alan Turing"), runExample("Customers"));
    }

    /** Runs {@code actor.examples.<name>} from the module path, with no flags; its output lines. */
    private static List<String> runExample(String name) throws Exception {
        final String modulePath = modulePathOf("actor.examples", "actor.executor");
        final Process process = new ProcessBuilder(javaLauncher(), "--module-path", modulePath,
                "--module", "actor.examples/actor.examples." + name).redirectErrorStream(true).start();
        final ByteArrayOutputStream output = new ByteArrayOutputStream();
        process.getInputStream().transferTo(output);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), output.toString(StandardCharsets.UTF_8));
        return output.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void anApplicationThatRequiresTheApiDoesNotSeeAgronaAndAdaptsItsOwnIdleStrategy(@TempDir Path dir) throws IOException {
        final CompileResult agrona = compile(dir.resolve("agrona"), """
                package app;
                final class Idle {
                    Object strategy() { return new org.agrona.concurrent.YieldingIdleStrategy(); }
                }
                """);
        assertEquals(1, agrona.exitCode(), agrona.output());
        assertTrue(agrona.output().contains("org.agrona.concurrent"), agrona.output());
        final CompileResult own = compile(dir.resolve("own"), """
                package app;
                import actor.api.*;
                import actor.api.tuning.IdleStrategy;
                final class Idle {
                    static ActorSystemConfig config() {
                        return ActorSystemConfig.builder().idleStrategy(() -> IdleStrategy.backoff(16)).build();
                    }
                    static ActorSystemConfig yielding() {
                        return ActorSystemConfig.builder().idleStrategy(() -> IdleStrategy.of(Thread::yield, () -> { })).build();
                    }
                }
                """);
        assertEquals(0, own.exitCode(), own.output());
    }

    @Test
    void recordsAndSealedProtocolsCompileAndOneMessageMayServeTwoProtocols(@TempDir Path dir) throws IOException {
        final CompileResult result = compile(dir, """
                package app;
                import actor.api.*;
                sealed interface MallMsg permits Meet {}
                sealed interface CreatureMsg permits Meet, Stop {}
                record Meet(int colour, ActorRef<CreatureMsg> partner) implements MallMsg, CreatureMsg {}
                enum Stop implements CreatureMsg { NOW }
                final class Mall extends Actor<MallMsg> {
                    Mall(ActorSystem s) { super(s); }
                    @Override protected Allocation receive(MallMsg m) { return Allocation.NODELETE; }
                }
                final class Creature extends Actor<CreatureMsg> {
                    Creature(ActorSystem s) { super(s); }
                    @Override protected Allocation receive(CreatureMsg m) {
                        if (m instanceof Meet meet) { meet.partner().send(Stop.NOW); }
                        return Allocation.NODELETE;
                    }
                    static void use(Mall mall, Creature c) {
                        mall.send(new Meet(1, c.ref()));
                        c.send(new Meet(2, c.ref())).send(Stop.NOW).send(PoisonPill.FINISHED);
                    }
                }
                """);
        assertEquals(0, result.exitCode(), result.output());
    }

    @Test
    void aReplyToAcceptsOnlyItsProtocolAndExposesNothingElseOfTheSender(@TempDir Path dir) throws IOException {
        final CompileResult wrongReply = compile(dir.resolve("wrong"), """
                package app;
                import actor.api.*;
                sealed interface TellerMsg permits Done {}
                record Done(boolean ok) implements TellerMsg {}
                record Audit() {}
                record Withdraw(long amount, ActorRef<TellerMsg> replyTo) {}
                final class Account extends Actor<Withdraw> {
                    Account(ActorSystem s) { super(s); }
                    @Override protected Allocation receive(Withdraw w) { w.replyTo().send(new Audit()); return Allocation.NODELETE; }
                }
                """);
        assertEquals(1, wrongReply.exitCode(), wrongReply.output());
        assertTrue(wrongReply.output().contains("incompatible types: Audit cannot be converted to TellerMsg"),
                wrongReply.output());
        final CompileResult poking = compile(dir.resolve("poking"), """
                package app;
                import actor.api.*;
                record Withdraw(long amount, ActorRef<Long> replyTo) {}
                final class Account extends Actor<Withdraw> {
                    Account(ActorSystem s) { super(s); }
                    @Override protected Allocation receive(Withdraw w) {
                        w.replyTo().send(PoisonPill.FINISHED);
                        return Allocation.NODELETE;
                    }
                }
                """);
        assertEquals(1, poking.exitCode(), poking.output());
        assertTrue(poking.output().contains("PoisonPill cannot be converted to Long"), poking.output());
    }

    record CompileResult(int exitCode, String output) {
    }

    private static CompileResult compile(Path dir, String source) throws IOException {
        final Path src = dir.resolve("src");
        Files.createDirectories(src.resolve("app"));
        Files.writeString(src.resolve("module-info.java"), "module app { requires actor.api; }\n");
        Files.writeString(src.resolve("app").resolve("Code.java"), source);
        final ToolProvider javac = ToolProvider.findFirst("javac").orElseThrow();
        final ByteArrayOutputStream output = new ByteArrayOutputStream();
        final PrintWriter writer = new PrintWriter(output, true, StandardCharsets.UTF_8);
        final int exit = javac.run(writer, writer, "-d", dir.resolve("out").toString(),
                "--module-path", modulePathOf("actor.api", "actor.executor"),
                src.resolve("module-info.java").toString(), src.resolve("app").resolve("Code.java").toString());
        return new CompileResult(exit, output.toString(StandardCharsets.UTF_8));
    }

    /**
     * A module path holding {@code roots} and every non-JDK module they read, transitively, as the
     * running test found them (jars or class directories).
     */
    static String modulePathOf(String... roots) {
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

    private static String javaLauncher() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
