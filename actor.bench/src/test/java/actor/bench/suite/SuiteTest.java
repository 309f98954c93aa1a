package actor.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class SuiteTest {

    @Test
    void sizesCanBeOverriddenByNameAndRejectNonsense() {
        final Sizes sizes = Sizes.SMALL.with("executorRounds", 7).with("staticSendsExternal", 3_000_000_000L);
        assertEquals(7, sizes.executorRounds());
        assertEquals(3_000_000_000L, sizes.staticSendsExternal());
        assertEquals(Sizes.SMALL.executorActors(), sizes.executorActors());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Sizes.SMALL.with("rounds", 1))
                .getMessage().contains("executorRounds"), "lists the names");
        assertThrows(IllegalArgumentException.class, () -> Sizes.SMALL.with("executorRounds", 0));
        assertEquals(0, Sizes.SMALL.with("balanceWork", 0).balanceWork(), "no extra work is a valid weight");
        assertThrows(IllegalArgumentException.class, () -> Sizes.SMALL.with("balanceWork", -1));
        assertThrows(IllegalArgumentException.class, () -> Sizes.SMALL.with("executorRounds", 1L << 40));
        assertEquals(Sizes.REFERENCE, Sizes.preset("reference"));
        assertThrows(IllegalArgumentException.class, () -> Sizes.preset("huge"));
    }

    @Test
    void policySwitchesRulesOffInEveryChildJvmAndRejectsAMalformedValue() {
        final Suite.Options options = Suite.parse(new String[] {"--policy", "follow=off,pull=off", "--only", "ping-pong"});
        assertTrue(Suite.jvmArgs(options).contains("-Dactor.policy=follow=off,pull=off"), Suite.jvmArgs(options).toString());
        final IllegalArgumentException spaced = assertThrows(IllegalArgumentException.class,
                () -> Suite.parse(new String[] {"--policy", "follow=off, pull=off"}));
        assertTrue(spaced.getMessage().contains("--policy"), spaced.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Suite.parse(new String[] {"--policy", " "}));
    }

    @Test
    void variantsKeepOnlyTheNamedVariantsOfEachRow() {
        final Suite.Options options = Suite.parse(new String[] {"--only", "executor,ping-pong-cross,thread-ring",
                "--variants", "none,copy-queue", "--systems", "actorkit", "--workers", "2"});
        final List<String> planned = Suite.plan(options).stream().map(p -> p.benchmark() + "/" + p.variant()).toList();
        assertTrue(planned.contains("executor/none"), planned.toString());
        assertTrue(planned.contains("ping-pong-cross/copy-queue"), planned.toString());
        assertTrue(planned.stream().allMatch(p -> p.endsWith("/none") || p.endsWith("/copy-queue")), planned.toString());
        assertTrue(Suite.plan(Suite.parse(new String[] {"--only", "executor", "--systems", "actorkit"})).size() > 1,
                "without --variants every selector runs");
    }

    @Test
    void theReferencePresetHoldsTheReferenceSizes() {
        final Sizes r = Sizes.REFERENCE;
        assertEquals(100_000_000L, r.staticSends(), "the chapter's static send: 100M");
        assertEquals(20_000_000L, r.dynamicSends(), "the chapter's dynamic send: 20M");
        assertEquals(100_000_000L, r.staticSendsExternal());
        assertEquals(20_000_000L, r.dynamicSendsExternal());
        assertEquals(List.of(40_000, 100, 400), List.of(r.executorActors(), r.executorGroup(), r.executorRounds()));
        assertEquals(List.of(100_000, 200), List.of(r.repeatServers(), r.repeatRounds()));
        assertEquals(3072, r.matrixSize());
        assertEquals(0, r.balanceWork(), "the reference balance workload is the executor workload");
        assertEquals(40_000, r.pingPongRoundTrips());
        assertEquals(40_000, r.pingPongCrossRoundTrips());
        assertEquals(List.of(20, 10_000), List.of(r.dictionaryClients(), r.dictionaryRequests()));
        assertEquals(List.of(100, 200_000), List.of(r.brokerCreatures(), r.brokerMeetings()));
        assertEquals(List.of(100, 100_000), List.of(r.ringActors(), r.ringHops()));
        assertEquals(1_000_000, r.countingMessages());
        assertEquals(40_000, r.forkJoinActors());
        assertEquals(List.of(60, 10_000), List.of(r.throughputActors(), r.throughputMessages()));
        assertEquals(List.of(120, 20_000), List.of(r.bigActors(), r.bigPings()));
        assertEquals(1_000_000, r.spawnActors());
        assertEquals(List.of(100, 50), List.of(r.rescueRounds(), r.rescueBlockMillis()));
        assertEquals(List.of(20, 50), List.of(Sizes.SMALL.rescueRounds(), Sizes.SMALL.rescueBlockMillis()));
        assertEquals(List.of(256, 4_000, 40, 1_000),
                List.of(r.ioActors(), r.ioManyActors(), r.ioRequests(), r.ioDelayMicros()));
        assertEquals(List.of(64, 2_000, 10, 1_000),
                List.of(Sizes.SMALL.ioActors(), Sizes.SMALL.ioManyActors(), Sizes.SMALL.ioRequests(),
                        Sizes.SMALL.ioDelayMicros()),
                "the issue's d = 1 ms in both presets");
    }

    @Test
    void helpListsTheBenchmarksTheWarmUpDefaultAndTheSizes() throws Exception {
        final java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        final java.io.PrintStream stdout = System.out;
        System.setOut(new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            Suite.main(new String[] {"--help"});
        } finally {
            System.setOut(stdout);
        }
        final String help = out.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(help.contains("(default all): " + String.join(", ", Benchmarks.ids())), help);
        assertTrue(help.contains("(default " + Suite.DEFAULT_WARMUP_MILLIS + ": the JIT"), help);
        assertTrue(help.contains("names: " + String.join(", ", Sizes.SMALL.asMap().keySet())), help);
    }

    @Test
    void optionsHaveDefaultsAndBadOnesSayWhatIsWrong() {
        final Suite.Options defaults = Suite.parse(new String[0]);
        assertEquals("small", defaults.preset());
        assertEquals(Benchmarks.ids(), defaults.only());
        assertEquals(List.of("actorkit", "pekko"), defaults.systems());
        assertEquals(5, defaults.iterations());
        assertEquals(1, defaults.forks());
        assertEquals(Path.of("bench-results"), defaults.out());
        assertNull(Suite.parse(new String[] {"--help"}));

        final Suite.Options chosen = Suite.parse(new String[] {"--only", "executor,big", "--systems", "actorkit",
                "--workers", "3", "--size", "bigPings=10", "--preset", "reference"});
        assertEquals(List.of("executor", "big"), chosen.only());
        assertEquals(3, chosen.workers());
        assertEquals(List.of("bigPings=10"), chosen.sizes());

        assertTrue(message("--only", "nope").contains("unknown benchmark \"nope\""));
        assertTrue(message("--systems", "akka").contains("unknown system \"akka\""));
        assertTrue(message("--workers", "0").contains("--workers = 0"));
        assertTrue(message("--size", "nope=3").contains("does not exist"));
        assertTrue(message("--preset", "huge").contains("small or reference"));
        assertTrue(message("--frobnicate", "1").contains("unknown option --frobnicate"));
        assertEquals("unknown option --bogus", message("--bogus"), "a lone unknown option is named, not asked a value");
        assertEquals("unknown option -x", message("--iterations", "1", "-x"));
        assertEquals("unexpected argument stray", message("stray"));
        assertTrue(message("--workers").contains("needs a value"));
        assertTrue(message("--warmup", "-1").contains("--warmup = -1"));
        assertEquals(0, Suite.parse(new String[] {"--warmup", "0"}).warmup());
        assertEquals(Suite.DEFAULT_WARMUP_MILLIS, Suite.parse(new String[0]).warmupMillis());
        assertEquals(0, Suite.parse(new String[] {"--warmup-ms", "0"}).warmupMillis());
        assertTrue(message("--warmup-ms", "-5").contains("--warmup-ms = -5"));
        assertTrue(message("--size", "bigPings=lots").contains("must be a whole number"));
        assertTrue(message("--size", "bigPings").contains("name=value"));
        assertEquals(3, Suite.parse(new String[] {"--forks", "3"}).forks());
        assertTrue(message("--forks", "0").contains("--forks = 0"));
        assertEquals(Suite.DEFAULT_RUN_TIMEOUT_SMALL, defaults.runTimeout());
        assertEquals(Suite.DEFAULT_RUN_TIMEOUT_REFERENCE, chosen.runTimeout(), "the reference preset's runs take longer");
        assertEquals(java.time.Duration.ofSeconds(90), Suite.parse(new String[] {"--run-timeout", "90"}).runTimeout());
        assertTrue(message("--run-timeout", "0").contains("--run-timeout = 0"));
        assertTrue(message("--run-timeout", "5m").contains("must be a whole number"));
        assertEquals(Condition.IDLE, defaults.condition());
        assertEquals("idle", defaults.condition().label());
        final Suite.Options loaded = Suite.parse(new String[] {"--contend", "2", "--cpu-quota", "1.50"});
        assertEquals(new Condition(2, new java.math.BigDecimal("1.5")), loaded.condition());
        assertEquals("contend=2 cpu-quota=1.5", loaded.condition().label());
        assertEquals("cpu-quota=2", Suite.parse(new String[] {"--cpu-quota", "2"}).condition().label());
        assertEquals(150_000, CpuQuota.quotaMicros(loaded.condition().cpuQuota()), "1.5 CPUs of each 100 ms period");
        assertTrue(message("--contend", "0").contains("--contend = 0: must be at least 1"));
        assertTrue(message("--contend", "two").contains("must be a whole number"));
        assertTrue(message("--cpu-quota", "lots").contains("--cpu-quota = lots: must be a decimal number of CPUs"));
        assertTrue(message("--cpu-quota", "0").contains("at least 0.01"));
        assertTrue(message("--cpu-quota", "-1").contains("at least 0.01"));
        assertTrue(message("--cpu-quota", "NaN").contains("decimal number"));
        assertTrue(message("--cpu-quota").contains("needs a value"));
    }

    @Test
    void forksPoolEveryIterationAndAFailedForkFailsTheRun() {
        final Result one = new Result("big", "actorkit", "none", 2, List.of(5_000_000L, 9_000_000L), 1_000,
                Map.of("bytes_per_actor", 1.0), null);
        final Result two = new Result("big", "actorkit", "none", 2, List.of(7_000_000L), 3_000,
                Map.of("bytes_per_actor", 2.0), null);
        final Result pooled = Result.pooled(List.of(one, two));
        assertEquals(List.of(5_000_000L, 9_000_000L, 7_000_000L), pooled.timesNs());
        assertEquals(7.0, pooled.medianMs(), 1e-9, "the median of all three iterations");
        assertEquals(3_000, pooled.peakRssKb(), "the highest peak");
        assertEquals(2.0, pooled.extras().get("bytes_per_actor"), "the last fork's extras");
        assertTrue(pooled.ok());
        final Result failed = new Result("big", "actorkit", "none", 2, List.of(), -1, Map.of(), "exit code 1");
        final Result withFailure = Result.pooled(List.of(one, failed, two));
        assertFalse(withFailure.ok(), "a failed fork is not hidden by the others");
        assertEquals("exit code 1", withFailure.error());
        assertThrows(IllegalArgumentException.class, () -> Result.pooled(List.of()));
        assertThrows(IllegalArgumentException.class, () -> Result.pooled(List.of(one,
                new Result("big", "actorkit", "random", 2, List.of(1L), 1, Map.of(), null))));
    }

    @Test
    void childJvmsKeepTheirHeapBetweenIterationsUnlessTheUserSaysOtherwise() {
        final List<String> defaults = Suite.jvmArgs(Suite.parse(new String[0]));
        assertTrue(defaults.contains("-Xmx4g"), defaults.toString());
        assertTrue(defaults.contains(Suite.KEEP_HEAP), defaults.toString());
        assertTrue(Suite.jvmArgs(Suite.parse(new String[] {"--preset", "reference"})).contains("-Xmx16g"));

        final List<String> chosen = Suite.jvmArgs(Suite.parse(new String[] {"--jvm-arg", "-XX:MaxHeapFreeRatio=70",
                "--jvm-arg", "-Xmx1g"}));
        assertEquals(List.of("-XX:MaxHeapFreeRatio=70", "-Xmx1g"),
                chosen.stream().filter(a -> a.startsWith("-Xmx") || a.startsWith("-XX:MaxHeapFreeRatio")).sorted().toList(),
                "the user's heap options replace the defaults");
    }

    private static String message(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> Suite.parse(args)).getMessage();
    }

    @Test
    void everyBenchmarkHasAnActorkitWorkloadAndThePeersAreWhereTheIssueSays() {
        for (Benchmarks b : Benchmarks.values()) {
            assertTrue(b.workload(Benchmarks.ACTORKIT) instanceof Workload, b.id());
            if (b.hasPeer()) {
                assertTrue(b.workload(Benchmarks.PEKKO) instanceof Workload, b.id());
            }
        }
        assertEquals(List.of(), Benchmarks.BALANCE_ONE.variants(Benchmarks.PEKKO), "balance runs on actorkit only");
        assertEquals(List.of("none", "random", "longest-victim", "hierarchical", "mpsc"), Benchmarks.EXECUTOR.variants(Benchmarks.ACTORKIT));
        assertEquals(Benchmarks.STEALING_VARIANTS, Benchmarks.MATRIX.variants(Benchmarks.ACTORKIT));
        assertEquals(List.of("copy-queue", "mpsc"), Benchmarks.STATIC_SEND_EXTERNAL.variants(Benchmarks.ACTORKIT));
        assertEquals(List.of("none", "copy-queue", "mpsc"), Benchmarks.PING_PONG_CROSS.variants(Benchmarks.ACTORKIT),
                "a cross-worker workload also runs where nothing moves its actors");
        assertEquals(List.of("none", "copy-queue", "mpsc"), Benchmarks.REQUEST_REPLY.variants(Benchmarks.ACTORKIT));
        assertEquals(List.of("longest-victim"), Benchmarks.BROKER.variants(Benchmarks.ACTORKIT));
        assertEquals(Benchmarks.STEALING_VARIANTS, Benchmarks.RESCUE.variants(Benchmarks.ACTORKIT),
                "rescue shows the reply without stealing too");
    }

    @Test
    void theChaptersDefinitionsAndTheCrossWorkerWorkloadsAreInTheSuiteOnBothSystems() {
        final List<String> ids = Benchmarks.ids();
        for (String id : List.of("static-send", "dynamic-send", "static-send-external", "dynamic-send-external",
                "ping-pong-cross", "request-reply", "broker", "rescue", "io-block", "io-await", "io-await-many")) {
            final Benchmarks b = Benchmarks.byId(id).orElseThrow(() -> new AssertionError(id + " is missing"));
            assertTrue(b.hasPeer(), id + " runs on Pekko too");
            assertEquals(List.of("typed"), b.variants(Benchmarks.PEKKO), id);
        }
        assertTrue(ids.indexOf("static-send") < ids.indexOf("static-send-external"), "the chapter's rows come first");
        assertEquals(ids.size(), Set.copyOf(ids).size(), "ids are unique");
    }

    @Test
    void theIoRowsSweepOneTwoAndEightWorkersBesideTheSuitesCountAndTheOthersButTrapezoidRunAtItAlone() {
        for (Benchmarks b : List.of(Benchmarks.IO_BLOCK, Benchmarks.IO_AWAIT, Benchmarks.IO_AWAIT_MANY)) {
            assertTrue(b.sweepsWorkers(), b.id());
            assertEquals(List.of(1, 2, 8), b.workerCounts(2), b.id());
            assertEquals(List.of(1, 2, 8), b.workerCounts(8), b.id());
            assertEquals(List.of(1, 2, 4, 8), b.workerCounts(4), "--workers 4 comes in between");
            assertEquals(List.of(1, 2, 8, 16), b.workerCounts(16));
            assertEquals(List.of(Benchmarks.PEKKO_VARIANT), b.variants(Benchmarks.PEKKO), b.id());
        }
        assertEquals(List.of(Benchmarks.DEFAULT_VARIANT), Benchmarks.IO_BLOCK.variants(Benchmarks.ACTORKIT));
        assertEquals(Benchmarks.KIND_VARIANTS, Benchmarks.IO_AWAIT.variants(Benchmarks.ACTORKIT),
                "completions reach the actor's mailbox through either kind's send: the lock or the lock-free queue");
        assertEquals(Benchmarks.KIND_VARIANTS, Benchmarks.IO_AWAIT_MANY.variants(Benchmarks.ACTORKIT));
        for (Benchmarks b : Benchmarks.values()) {
            if (b != Benchmarks.IO_BLOCK && b != Benchmarks.IO_AWAIT && b != Benchmarks.IO_AWAIT_MANY
                    && b != Benchmarks.TRAPEZOID) {
                assertFalse(b.sweepsWorkers(), b.id());
                assertEquals(List.of(3), b.workerCounts(3), b.id());
            }
        }
    }

    @Test
    void thePlanRunsEachSweptWorkerCountOnBothSystemsAndEveryOtherRowAtTheSuitesCount() {
        final List<Suite.Planned> plan = Suite.plan(Suite.parse(new String[] {"--only", "io-await,ask", "--workers", "2"}));
        assertEquals(List.of(
                new Suite.Planned("io-await", "actorkit", "copy-queue", 1),
                new Suite.Planned("io-await", "actorkit", "copy-queue", 2),
                new Suite.Planned("io-await", "actorkit", "copy-queue", 8),
                new Suite.Planned("io-await", "actorkit", "mpsc", 1),
                new Suite.Planned("io-await", "actorkit", "mpsc", 2),
                new Suite.Planned("io-await", "actorkit", "mpsc", 8),
                new Suite.Planned("io-await", "pekko", "typed", 1),
                new Suite.Planned("io-await", "pekko", "typed", 2),
                new Suite.Planned("io-await", "pekko", "typed", 8),
                new Suite.Planned("ask", "actorkit", "longest-victim", 2),
                new Suite.Planned("ask", "pekko", "typed", 2)), plan);
        assertEquals(List.of(new Suite.Planned("executor", "pekko", "typed", 5)),
                Suite.plan(Suite.parse(new String[] {"--only", "executor", "--systems", "pekko", "--workers", "5"})));
    }

    @Test
    void trapezoidAlsoRunsOnOneWorkerToShowWhatASecondOnePays() {
        assertTrue(Benchmarks.TRAPEZOID.sweepsWorkers());
        assertEquals(List.of(1, 2), Benchmarks.TRAPEZOID.workerCounts(2));
        assertEquals(List.of(1, 2, 4), Benchmarks.TRAPEZOID.workerCounts(4));
        assertEquals(Benchmarks.STEALING_VARIANTS, Benchmarks.TRAPEZOID.variants(Benchmarks.ACTORKIT));
    }

    /** Sizes small enough that every workload runs in well under a second. */
    private static final Sizes TINY = Sizes.SMALL.with("staticSends", 20_000).with("dynamicSends", 5_000)
            .with("pingPongCrossRoundTrips", 2_000).with("dictionaryClients", 5).with("dictionaryRequests", 300)
            .with("brokerCreatures", 7).with("brokerMeetings", 2_000)
            .with("ioActors", 8).with("ioManyActors", 12).with("ioRequests", 3).with("philosopherRounds", 500);

    @Test
    @Timeout(120)
    void theNewWorkloadsRunToTheirCheckedEndOnBothSystems() throws Exception {
        for (Benchmarks b : List.of(Benchmarks.STATIC_SEND, Benchmarks.DYNAMIC_SEND, Benchmarks.PING_PONG_CROSS,
                Benchmarks.REQUEST_REPLY, Benchmarks.BROKER, Benchmarks.PHILOSOPHER)) {
            for (int workers : List.of(1, 3)) {
                for (String variant : List.of(Benchmarks.DEFAULT_VARIANT, Benchmarks.MPSC_VARIANT)) {
                    final RunSpec spec = new RunSpec(workers, variant, TINY, new HashMap<>());
                    assertTrue(b.workload(Benchmarks.ACTORKIT).run(spec) > 0,
                            b.id() + " on actorkit (" + variant + "), " + workers + " workers");
                }
            }
            final RunSpec spec = new RunSpec(2, Benchmarks.PEKKO_VARIANT, TINY, new HashMap<>());
            assertTrue(b.workload(Benchmarks.PEKKO).run(spec) > 0, b.id() + " on Pekko");
        }
    }

    @Test
    @Timeout(180)
    void theRemoteRowsRunInTwoJvmsToTheirCheckedEndOnBothSystemsAndBothOfPekkosConfigurations() throws Exception {
        final Sizes remote = TINY.with("remotePingPongRoundTrips", 50).with("remoteMessages", 5_000).with("remoteWindow", 500);
        for (String system : List.of(Benchmarks.ACTORKIT, Benchmarks.PEKKO)) {
            for (String variant : Benchmarks.REMOTE_PING_PONG.variants(system)) {
                for (Benchmarks b : List.of(Benchmarks.REMOTE_PING_PONG, Benchmarks.REMOTE_THROUGHPUT)) {
                    for (int iteration = 0; iteration < 2; iteration++) {
                        assertTrue(b.workload(system).run(new RunSpec(2, variant, remote, new HashMap<>())) > 0,
                                b.id() + " on " + system + " (" + variant + "), iteration " + iteration);
                    }
                }
            }
        }
    }

    @Test
    void pekkoRunsTheRemoteRowsWithArterysDefaultsAndTunedAndEveryOtherRowOnce() {
        for (Benchmarks b : List.of(Benchmarks.REMOTE_PING_PONG, Benchmarks.REMOTE_THROUGHPUT)) {
            assertTrue(b.isRemote(), b.id());
            assertEquals(List.of("typed", "artery-tuned"), b.variants(Benchmarks.PEKKO), b.id());
            assertEquals(List.of(Benchmarks.DEFAULT_VARIANT), b.variants(Benchmarks.ACTORKIT), b.id());
        }
        for (Benchmarks b : Benchmarks.values()) {
            if (!b.isRemote()) {
                assertEquals(b.hasPeer() ? List.of(Benchmarks.PEKKO_VARIANT) : List.of(), b.variants(Benchmarks.PEKKO), b.id());
            }
        }
        assertEquals(List.of(
                new Suite.Planned("remote-ping-pong", "actorkit", "longest-victim", 2),
                new Suite.Planned("remote-ping-pong", "pekko", "typed", 2),
                new Suite.Planned("remote-ping-pong", "pekko", "artery-tuned", 2)),
                Suite.plan(Suite.parse(new String[] {"--only", "remote-ping-pong", "--workers", "2"})));
        assertEquals(List.of(new Suite.Planned("remote-throughput", "pekko", "artery-tuned", 2)),
                Suite.plan(Suite.parse(new String[] {"--only", "remote-throughput", "--workers", "2", "--systems", "pekko",
                        "--variants", "artery-tuned"})), "--variants picks one of Pekko's configurations");
    }

    @Test
    @Timeout(120)
    void theLocalityReferencesWorkloadsRunToTheirCheckedEndUnderEveryStealingVariant() throws Exception {
        final Sizes sizes = TINY.with("nqueensSize", 8).with("trapezoidPieces", 10_000).with("trapezoidWorkers", 10);
        for (Benchmarks b : List.of(Benchmarks.NQUEENS, Benchmarks.TRAPEZOID)) {
            assertEquals(Benchmarks.STEALING_VARIANTS, b.variants(Benchmarks.ACTORKIT), b.id());
            for (String variant : b.variants(Benchmarks.ACTORKIT)) {
                for (int workers : List.of(1, 3)) {
                    final RunSpec spec = new RunSpec(workers, variant, sizes, new HashMap<>());
                    assertTrue(b.workload(Benchmarks.ACTORKIT).run(spec) > 0, b.id() + " (" + variant + "), " + workers);
                }
            }
        }
        final RunSpec tooBig = new RunSpec(1, "none", sizes.with("nqueensSize", 15), new HashMap<>());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Benchmarks.NQUEENS.workload(Benchmarks.ACTORKIT)
                .run(tooBig)).getMessage().contains("nqueensSize = 15"));
        final RunSpec uneven = new RunSpec(1, "none", sizes.with("trapezoidPieces", 10_001), new HashMap<>());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Benchmarks.TRAPEZOID.workload(Benchmarks.ACTORKIT)
                .run(uneven)).getMessage().contains("multiple of trapezoidWorkers"));
    }

    private static double peakInFlight(Benchmarks b, String system, int workers, Sizes sizes) throws Exception {
        final RunSpec spec = new RunSpec(workers, b.variants(system).get(0), sizes, new HashMap<>());
        assertTrue(b.workload(system).run(spec) > 0, b.id() + " on " + system + ", " + workers + " workers");
        return spec.extras().get("peak_in_flight");
    }

    /**
     * Each form runs to its checked end (every request handled, in order, with the device's
     * response) on both systems. The peaks are orders of events, not timings: a worker blocked in
     * join() has its other mailboxes run by a spare carrier within a millisecond or so, and an actor
     * that awaits frees its worker, which starts the next actor's read within microseconds; either
     * way every actor (each in a mailbox of its own here) has its read in flight long before a
     * 300 ms read completes.
     */
    @Test
    @Timeout(120)
    void theIoFormsRunToTheirCheckedEndWithEveryActorsReadInFlight() throws Exception {
        final Sizes slow = TINY.with("ioActors", 4).with("ioManyActors", 6).with("ioRequests", 1)
                .with("ioDelayMicros", 300_000);
        for (int workers : List.of(1, 3)) {
            for (Benchmarks b : List.of(Benchmarks.IO_BLOCK, Benchmarks.IO_AWAIT)) {
                for (String system : List.of(Benchmarks.ACTORKIT, Benchmarks.PEKKO)) {
                    final double peak = peakInFlight(b, system, workers, TINY);
                    assertTrue(peak >= 1 && peak <= TINY.ioActors(), b.id() + " on " + system + ": " + peak);
                }
            }
        }
        assertEquals(slow.ioActors(), peakInFlight(Benchmarks.IO_BLOCK, Benchmarks.ACTORKIT, 1, slow), 0.0,
                "every blocked actor's read in flight at once, one worker and its spare carriers");
        assertEquals(slow.ioActors(), peakInFlight(Benchmarks.IO_AWAIT, Benchmarks.ACTORKIT, 1, slow), 0.0,
                "every actor's read in flight at once, on one worker");
        assertEquals(slow.ioActors(), peakInFlight(Benchmarks.IO_AWAIT, Benchmarks.PEKKO, 1, slow), 0.0);
        for (String system : List.of(Benchmarks.ACTORKIT, Benchmarks.PEKKO)) {
            assertEquals(slow.ioManyActors(), peakInFlight(Benchmarks.IO_AWAIT_MANY, system, 1, slow), 0.0,
                    "io-await-many runs ioManyActors actors on " + system);
        }
    }

    @Test
    void theIoChecksumCatchesALostOrReorderedRequest() {
        final long a = IoSimulator.response(IoWork.key(0, 2, 0));
        final long b = IoSimulator.response(IoWork.key(0, 2, 1));
        assertEquals(IoWork.fold(IoWork.fold(0, a), b), IoWork.expected(1, 2));
        assertNotEquals(IoWork.fold(IoWork.fold(0, b), a), IoWork.expected(1, 2), "reordered");
        assertNotEquals(IoWork.fold(0, a), IoWork.expected(1, 2), "lost");
        assertNotEquals(IoWork.key(0, 3, 2), IoWork.key(1, 3, 0), "actors' keys never collide");
    }

    @Test
    @Timeout(30)
    void theIoSimulatorCompletesEachReadWithItsResponseAndCountsTheOverlap() throws Exception {
        try (IoSimulator io = new IoSimulator(300_000)) {
            final CompletableFuture<Long> first = io.read(3);
            final CompletableFuture<Long> second = io.read(4);
            assertEquals(IoSimulator.response(3), first.join());
            assertEquals(IoSimulator.response(4), second.join());
            assertEquals(IoSimulator.response(5), io.read(5).join());
            assertEquals(2, io.peakInFlight(), "the first two overlapped, the third ran alone");
        }
        assertThrows(IllegalArgumentException.class, () -> new IoSimulator(0));
    }

    @Test
    @Timeout(30)
    void closingTheIoSimulatorCompletesTheReadsInFlightAndRefusesLaterOnes() {
        final IoSimulator io = new IoSimulator(50_000);
        final List<CompletableFuture<Long>> reads = new ArrayList<>();
        for (long key = 0; key < 8; key++) {
            reads.add(io.read(key));
        }
        io.close();
        for (int key = 0; key < reads.size(); key++) {
            assertTrue(reads.get(key).isDone(), "read " + key + " completed before close returned");
            assertEquals(IoSimulator.response(key), reads.get(key).join());
        }
        assertThrows(IllegalStateException.class, () -> io.read(9));
    }

    /**
     * Readers on several threads, in bursts with pauses between them (so the device's thread keeps
     * falling asleep with nothing pending and must be woken): every read completes with its key's
     * response, none before its delay, and in the order it was issued on its thread.
     */
    @Test
    @Timeout(60)
    void theIoSimulatorCompletesEveryReadOfConcurrentReadersNeverEarlyAndInOrder() throws Exception {
        final long delayMicros = 200;
        final int threads = 4;
        final int bursts = 50;
        final int perBurst = 20;
        try (IoSimulator io = new IoSimulator(delayMicros)) {
            final ExecutorService pool = Executors.newFixedThreadPool(threads);
            try {
                final List<Future<Integer>> done = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    final long base = 1_000_000L * t;
                    done.add(pool.submit(() -> {
                        int checked = 0;
                        for (int b = 0; b < bursts; b++) {
                            final long first = base + (long) b * perBurst;
                            final long[] issued = new long[perBurst];
                            final long[] completed = new long[perBurst];
                            final List<CompletableFuture<Long>> reads = new ArrayList<>();
                            for (int i = 0; i < perBurst; i++) {
                                final int slot = i;
                                issued[i] = System.nanoTime();
                                reads.add(io.read(first + i).whenComplete((r, e) -> completed[slot] = System.nanoTime()));
                            }
                            for (int i = 0; i < perBurst; i++) {
                                assertEquals(IoSimulator.response(first + i), reads.get(i).join());
                                assertTrue(completed[i] - issued[i] >= delayMicros * 1_000, "read " + i + " completed early");
                                if (i > 0) {
                                    assertTrue(completed[i] >= completed[i - 1], "read " + i + " completed before the read issued before it");
                                }
                                checked++;
                            }
                            Thread.sleep(1);
                        }
                        return checked;
                    }));
                }
                for (Future<Integer> f : done) {
                    assertEquals(bursts * perBurst, f.get());
                }
            } finally {
                pool.shutdownNow();
            }
            assertTrue(io.peakInFlight() >= perBurst, "a burst's reads overlapped: " + io.peakInFlight());
        }
    }

    /**
     * The replies made while the Blocker still blocked: an order of events, not a timing. With the
     * block capped at 20 s only a missing spare carrier or rescue lets the block end first: a spare
     * carrier of the Blocker's worker runs the reply with any selector, also with one worker. Pekko's
     * dispatcher now and then leaves the reply queued until the block ends, even with a thread idle
     * (see {@link actor.bench.pekko.PekkoRescue}), so for Pekko the test asks for some replies while
     * blocked with two threads, and none with one.
     */
    private static double repliesWhileBlocked(String system, int workers, String variant, Sizes sizes) throws Exception {
        final RunSpec spec = new RunSpec(workers, variant, sizes, new HashMap<>());
        assertTrue(Benchmarks.RESCUE.workload(system).run(spec) > 0, system + "/" + variant + ", " + workers + " workers");
        return spec.extras().get("replies_while_blocked");
    }

    @Test
    @Timeout(120)
    void rescueCountsTheRepliesARescueLetThroughWhileTheBlockHeld() throws Exception {
        final Sizes patient = TINY.with("rescueRounds", 5).with("rescueBlockMillis", 20_000);
        final Sizes quick = TINY.with("rescueRounds", 3).with("rescueBlockMillis", 20);
        for (String variant : List.of("none", "random", "longest-victim")) {
            for (int workers : List.of(1, 2)) {
                assertEquals(5.0, repliesWhileBlocked(Benchmarks.ACTORKIT, workers, variant, patient),
                        variant + ", " + workers + " workers");
            }
        }
        final double pekkoRescued = repliesWhileBlocked(Benchmarks.PEKKO, 2, Benchmarks.PEKKO_VARIANT,
                TINY.with("rescueRounds", 5).with("rescueBlockMillis", 2_000));
        assertTrue(pekkoRescued >= 1 && pekkoRescued <= 5, "Pekko, 2 threads: " + pekkoRescued);
        assertEquals(0.0, repliesWhileBlocked(Benchmarks.PEKKO, 1, Benchmarks.PEKKO_VARIANT, quick), "Pekko, 1 thread");
    }

    /**
     * A reply nobody can rescue (one thread, held by the Blocker) comes when the block ends, even
     * a block longer than the rounds' timeout for any other event: a result, not a broken run.
     */
    @Test
    @Timeout(60)
    void anUnrescuedReplyWaitsForTheBlockInsteadOfFailingTheRun() throws Exception {
        final Sizes longBlock = TINY.with("rescueRounds", 1).with("rescueBlockMillis", 10_500);
        final RunSpec spec = new RunSpec(1, Benchmarks.PEKKO_VARIANT, longBlock, new HashMap<>());
        final long elapsed = Benchmarks.RESCUE.workload(Benchmarks.PEKKO).run(spec);
        assertTrue(elapsed >= TimeUnit.SECONDS.toNanos(10), "the reply did not wait for the block: " + elapsed);
        assertEquals(0.0, spec.extras().get("replies_while_blocked"));
    }

    @Test
    @Timeout(60)
    void thePhilosophersRecordTheirDenialsOnBothSystems() throws Exception {
        for (String system : List.of(Benchmarks.ACTORKIT, Benchmarks.PEKKO)) {
            final RunSpec spec = new RunSpec(2, Benchmarks.PHILOSOPHER.variants(system).get(0), TINY, new HashMap<>());
            assertTrue(Benchmarks.PHILOSOPHER.workload(system).run(spec) > 0, system);
            final Double denials = spec.extras().get("denials");
            assertTrue(denials != null && denials >= 0, system + ": denials " + denials);
        }
        final Sizes alone = TINY.with("philosophers", 1);
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Benchmarks.PHILOSOPHER.workload(Benchmarks.ACTORKIT).run(new RunSpec(2, "longest-victim", alone,
                        new HashMap<>())));
        assertTrue(e.getMessage().contains("philosophers = 1"), e.getMessage());
    }

    @Test
    @Timeout(60)
    void aBrokerWithOneCreatureIsRejectedRatherThanLeftWaiting() {
        final Sizes lonely = TINY.with("brokerCreatures", 1);
        for (String system : List.of(Benchmarks.ACTORKIT, Benchmarks.PEKKO)) {
            final String variant = Benchmarks.BROKER.variants(system).get(0);
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Benchmarks.BROKER.workload(system).run(new RunSpec(2, variant, lonely, new HashMap<>())));
            assertTrue(e.getMessage().contains("brokerCreatures = 1"), e.getMessage());
        }
    }

    private static final RunInfo INFO = new RunInfo("small", 2, 2, 1_000, 3, 1, Sizes.SMALL.with("bigPings", 10).asMap(),
            List.of("bigPings=10"), List.of("-Xmx4g"), "contend=2", "2024-01-02T03:04:05Z", "abc1234", "Test VM 17.0.1", 8);

    private static Result run(String benchmark, String system, String variant, long... millis) {
        return new Result(benchmark, system, variant, 2, Arrays.stream(millis).map(ms -> ms * 1_000_000).boxed().toList(),
                204_800, Map.of(), null);
    }

    @Test
    void theReportComputesRatiosAgainstPekkoAndWritesTheFixedCsvHeader() {
        final Result toolkit = run("executor", "actorkit", "random", 100, 300, 200);
        final Result pekko = run("executor", "pekko", "typed", 600, 600, 700);
        final Result lonely = run("spawn", "actorkit", "longest-victim", 5);
        final Result failed = new Result("big", "pekko", "typed", 2, List.of(), -1, Map.of(), "exit code 1");
        final Report report = new Report(List.of(toolkit, pekko, lonely, failed), INFO);

        assertEquals(200.0, toolkit.medianMs(), 1e-9);
        assertEquals(3.0, report.ratio(toolkit).getAsDouble(), 1e-9);
        final Report.Comparison c = report.vsPekko(toolkit).orElseThrow();
        assertEquals(2.0, c.low(), 1e-9, "Pekko's fastest over actorkit's slowest");
        assertEquals(7.0, c.high(), 1e-9, "Pekko's slowest over actorkit's fastest");
        assertFalse(c.overlaps());
        assertTrue(report.ratio(pekko).isEmpty());
        assertTrue(report.ratio(lonely).isEmpty());

        final List<String> csv = report.csv().lines().toList();
        assertEquals("benchmark,system,variant,workers,median_ms,min_ms,max_ms,peak_rss_mb,condition,error", csv.get(0));
        assertEquals("executor,actorkit,random,2,200.000,100.000,300.000,200.0,contend=2,", csv.get(1));
        assertEquals("big,pekko,typed,2,,,,,contend=2,exit code 1", csv.get(4), "the failed run's line says why");
        final Result killed = new Result("big", "pekko", "typed", 2, List.of(), -1, Map.of(), "exit code 1: \"x\", then y");
        assertEquals("big,pekko,typed,2,,,,,contend=2,\"exit code 1: \"\"x\"\", then y\"",
                new Report(List.of(killed), INFO).csv().lines().toList().get(1), "quoted as one field");
        final String table = report.table();
        assertTrue(table.contains(" 3.00x"), table);
        assertFalse(table.contains("~3.00x"), "a lead outside the noise is not flagged");
        assertTrue(table.contains("FAILED: exit code 1"));
        final String json = report.json();
        assertTrue(json.contains("\"ratio_pekko_over_actorkit\": 3.000, \"ratio_pekko_over_actorkit_min\": 2.000, "
                + "\"ratio_pekko_over_actorkit_max\": 7.000, \"ratio_pekko_over_actorkit_ranges_overlap\": false"), json);
        final String svg = report.svg();
        assertTrue(svg.startsWith("<svg") && svg.trim().endsWith("</svg>"));
        assertTrue(svg.contains("executor (random)") && svg.contains("3.00x (2.00-7.00)"), svg);
    }

    private static Result swept(String system, String variant, int workers, long millis, double peak) {
        return new Result("io-await", system, variant, workers, List.of(millis * 1_000_000), 204_800,
                Map.of("peak_in_flight", peak), null);
    }

    @Test
    void sweptRowsAreComparedAtTheirOwnWorkerCountAndNamedByItInTheExtrasAndTheChart() {
        final Result one = swept("actorkit", "longest-victim", 1, 10, 64);
        final Result eight = swept("actorkit", "longest-victim", 8, 40, 64);
        final Result pekkoOne = swept("pekko", "typed", 1, 30, 64);
        final Result pekkoEight = swept("pekko", "typed", 8, 20, 64);
        final Report report = new Report(List.of(one, eight, pekkoOne, pekkoEight), INFO);

        assertEquals(3.0, report.ratio(one).getAsDouble(), 1e-9, "Pekko's 1-worker run over actorkit's");
        assertEquals(0.5, report.ratio(eight).getAsDouble(), 1e-9, "Pekko's 8-worker run over actorkit's");
        final String table = report.table();
        assertTrue(table.contains("io-await actorkit/longest-victim, 1 worker: peak_in_flight = 64.0"), table);
        assertTrue(table.contains("io-await pekko/typed, 8 workers: peak_in_flight = 64.0"), table);
        final String svg = report.svg();
        assertTrue(svg.contains(">io-await (longest-victim, 1 worker)<") && svg.contains(">io-await (longest-victim, 8 workers)<"),
                svg);
        assertEquals("", Report.sweptWorkers(run("executor", "actorkit", "random", 5)), "other rows run at one count");
    }

    @Test
    void theRemoteRowsCompareActorkitWithArterysDefaultsInTheRatioColumnAndWithArteryTunedBelowIt() {
        final Result toolkit = run("remote-ping-pong", "actorkit", "longest-victim", 40, 50, 60);
        final Result defaults = run("remote-ping-pong", "pekko", "typed", 500, 600, 700);
        final Result tuned = run("remote-ping-pong", "pekko", "artery-tuned", 45, 150, 300);
        final Result other = run("ask", "actorkit", "longest-victim", 10);
        final Report report = new Report(List.of(toolkit, defaults, tuned, other,
                run("ask", "pekko", "typed", 20)), INFO);

        assertEquals(12.0, report.ratio(toolkit).getAsDouble(), 1e-9, "the ratio column: Artery's defaults, as before");
        final List<Report.PeerComparison> peers = report.vsOtherPekko(toolkit);
        assertEquals(1, peers.size(), peers.toString());
        assertEquals("artery-tuned", peers.get(0).variant());
        assertEquals(3.0, peers.get(0).comparison().ratio(), 1e-9, "Artery tuned's 150 over actorkit's 50");
        assertEquals(45.0 / 60, peers.get(0).comparison().low(), 1e-9);
        assertEquals(300.0 / 40, peers.get(0).comparison().high(), 1e-9);
        assertTrue(peers.get(0).comparison().overlaps(), "Artery tuned's fastest (45) beat actorkit's slowest (60)");
        assertTrue(report.vsOtherPekko(defaults).isEmpty() && report.vsOtherPekko(tuned).isEmpty(), "Pekko rows compare nothing");
        assertTrue(report.vsOtherPekko(other).isEmpty(), "rows with one Pekko configuration have nothing more");

        final String table = report.table();
        assertTrue(table.lines().anyMatch(l -> l.startsWith("remote-ping-pong ") && l.contains("artery-tuned")
                && l.contains(" 150.0 ")), table);
        assertTrue(table.contains("remote-ping-pong actorkit/longest-victim vs pekko/artery-tuned: ~3.00x (0.75-7.50)\n"), table);
        assertTrue(table.contains(Report.OTHER_PEKKO_LEGEND), table);
        final String markdown = report.markdown();
        assertTrue(markdown.contains("- remote-ping-pong actorkit/longest-victim vs pekko/artery-tuned: \\~3.00x (0.75-7.50)\n"),
                markdown);
        final String json = report.json();
        assertTrue(json.contains("\"ratio_pekko_over_actorkit\": 12.000"), json);
        assertTrue(json.contains("\"ratio_pekko_artery_tuned_over_actorkit\": 3.000, \"ratio_pekko_artery_tuned_over_actorkit_min\": 0.750, "
                + "\"ratio_pekko_artery_tuned_over_actorkit_max\": 7.500, \"ratio_pekko_artery_tuned_over_actorkit_ranges_overlap\": true"),
                json);
        final String svg = report.svg();
        assertTrue(svg.contains(">remote-ping-pong (longest-victim)<") && svg.contains("12.00x"), svg);
        assertTrue(svg.contains(">~ remote-ping-pong (longest-victim vs artery-tuned)<") && svg.contains("~3.00x (0.75-7.50)"), svg);

        final Report withoutTuned = new Report(List.of(toolkit, defaults), INFO);
        assertFalse(withoutTuned.table().contains(Report.OTHER_PEKKO_LEGEND), "no legend for lines that are not there");
        assertFalse(withoutTuned.table().contains("vs pekko/"));
    }

    @Test
    void aLeadWithinTheSpreadIsFlaggedNotReportedAsAWin() {
        // actorkit's median is better, but its slowest iteration is slower than Pekko's fastest.
        final Result toolkit = run("broker", "actorkit", "longest-victim", 100, 110, 400);
        final Result pekko = run("broker", "pekko", "typed", 150, 300, 320);
        // Pekko's median is better, and its ranges are clear of actorkit's: an honest loss, no flag.
        final Result losing = run("request-reply", "actorkit", "longest-victim", 500, 510, 520);
        final Result winning = run("request-reply", "pekko", "typed", 100, 110, 120);
        final Report report = new Report(List.of(toolkit, pekko, losing, winning), INFO);

        final Report.Comparison overlap = report.vsPekko(toolkit).orElseThrow();
        assertEquals(300.0 / 110, overlap.ratio(), 1e-9);
        assertTrue(overlap.overlaps(), "actorkit's max 400 > Pekko's min 150");
        assertEquals("~2.73x", overlap.formatted());
        assertFalse(report.vsPekko(losing).orElseThrow().overlaps());
        assertEquals("0.22x", report.vsPekko(losing).orElseThrow().formatted());

        final String table = report.table();
        assertTrue(table.lines().anyMatch(l -> l.startsWith("broker ") && l.contains("~2.73x")), table);
        assertTrue(table.lines().anyMatch(l -> l.startsWith("request-reply ") && l.contains(" 0.22x")), table);
        assertTrue(table.contains(Report.OVERLAP_LEGEND), "the flag is explained");
        assertTrue(report.json().contains("\"ratio_pekko_over_actorkit_ranges_overlap\": true"));
        final String svg = report.svg();
        assertTrue(svg.contains(">~ broker (longest-victim)<"), svg);
        assertTrue(svg.contains("~2.73x"), svg);
    }

    @Test
    void stealingVariantsAreComparedWithNoStealingInTheTableTheJsonAndTheChart() {
        final Result none = run("balance-one", "actorkit", "none", 400, 410, 420);
        final Result random = run("balance-one", "actorkit", "random", 200, 205, 210);
        final Result longest = run("balance-one", "actorkit", "longest-victim", 300, 500, 600);
        final Report report = new Report(List.of(none, random, longest), INFO);

        assertTrue(report.vsNone(none).isEmpty(), "none is the reference");
        final Report.Comparison faster = report.vsNone(random).orElseThrow();
        assertEquals(2.0, faster.ratio(), 1e-9, "none's median 410 / random's 205");
        assertEquals(400.0 / 210, faster.low(), 1e-9);
        assertEquals(420.0 / 200, faster.high(), 1e-9);
        assertFalse(faster.overlaps());
        assertTrue(report.vsNone(longest).orElseThrow().overlaps(), "300-600 overlaps 400-420");
        assertTrue(report.vsPekko(random).isEmpty(), "balance has no Pekko peer");

        final String table = report.table();
        assertTrue(table.lines().anyMatch(l -> l.contains("random") && l.endsWith(" 2.00x")), table);
        assertTrue(table.lines().anyMatch(l -> l.contains("longest-victim") && l.endsWith("~0.82x")), table);
        assertTrue(table.contains(Report.VS_NONE_LEGEND));
        assertTrue(report.json().contains("\"speedup_over_none\": 2.000"), report.json());
        final String svg = report.svg();
        assertTrue(svg.contains("work stealing") && svg.contains("balance-one (random)") && svg.contains("2.00x"), svg);
        assertFalse(svg.contains("balance-one (none)"), "none is not compared with itself");
    }

    @Test
    void theRunsSettingsAreRecordedAndShown() {
        final Report report = new Report(List.of(run("static-send", "actorkit", "longest-victim", 10)), INFO);
        final String json = report.json();
        for (String field : List.of("\"preset\": \"small\"", "\"workers\": 2", "\"warmup\": 2", "\"warmup_ms\": 1000",
                "\"iterations\": 3",
                "\"date\": \"2024-01-02T03:04:05Z\"", "\"commit\": \"abc1234\"", "\"jvm\": \"Test VM 17.0.1\"",
                "\"cpus\": 8", "\"jvm_args\": [\"-Xmx4g\"]", "\"condition\": \"contend=2\"", "\"size_overrides\": [\"bigPings=10\"]",
                "\"bigPings\": 10", "\"staticSends\": " + Sizes.SMALL.staticSends(), "\"brokerMeetings\": ")) {
            assertTrue(json.contains(field), field + " in " + json);
        }
        final String summary = "preset small, 2 workers, 2+ warm-up iterations (at least 1000 ms) + 3 measured, 2024-01-02T03:04:05Z, "
                + "commit abc1234, Test VM 17.0.1, 8 CPUs, contend=2";
        assertEquals(summary, INFO.summary());
        final RunInfo forked = new RunInfo("small", 2, 2, 1_000, 3, 4, INFO.sizes(), INFO.sizeOverrides(), INFO.jvmArgs(),
                "idle", INFO.date(), INFO.commit(), INFO.jvm(), INFO.cpus());
        assertTrue(forked.summary().contains("+ 3 measured in each of 4 JVMs per run, "), forked.summary());
        assertTrue(json.contains("\"forks\": 1"), json);
        assertTrue(report.table().startsWith(summary + "\n"));
        assertTrue(report.svg().contains(summary), "the chart says what it shows");
        assertTrue(RunInfo.currentJvm().contains(System.getProperty("java.version")));
        final String commit = RunInfo.gitCommit();
        assertTrue(commit.equals(RunInfo.UNKNOWN) || commit.matches("[0-9a-f]{4,40}"), commit);
    }

    @Test
    void aRowWhosePeerSettlesLaterWarmsUpLongerAndTheReportSaysSo() {
        assertEquals(3_000, Benchmarks.IO_AWAIT_MANY.warmupMillis(Suite.DEFAULT_WARMUP_MILLIS));
        assertEquals(5_000, Benchmarks.IO_AWAIT_MANY.warmupMillis(5_000), "a longer request stands");
        assertEquals(0, Benchmarks.IO_AWAIT_MANY.warmupMillis(0), "--warmup-ms 0 turns warm-up time off");
        for (Benchmarks stealing : List.of(Benchmarks.BALANCE_ONE, Benchmarks.BALANCE_MULTI)) {
            assertEquals(3_000, stealing.warmupMillis(Suite.DEFAULT_WARMUP_MILLIS), stealing.id());
        }
        for (Benchmarks other : List.of(Benchmarks.STATIC_SEND, Benchmarks.IO_AWAIT, Benchmarks.EXECUTOR)) {
            assertEquals(Suite.DEFAULT_WARMUP_MILLIS, other.warmupMillis(Suite.DEFAULT_WARMUP_MILLIS), other.id());
        }
        final Report report = new Report(List.of(run("io-await-many", "actorkit", "copy-queue", 10),
                run("static-send", "actorkit", "longest-victim", 10)), INFO);
        final String table = report.table();
        assertTrue(table.contains("io-await-many: warm-up iterations until at least 3000 ms of them have run"), table);
        assertFalse(table.contains("static-send: warm-up"), table);
        final String json = report.json();
        assertTrue(json.contains("\"benchmark\": \"io-await-many\", \"system\": \"actorkit\", \"variant\": \"copy-queue\", "
                + "\"workers\": 2, \"warmup_ms\": 3000"), json);
        assertTrue(json.contains("\"benchmark\": \"static-send\", \"system\": \"actorkit\", \"variant\": \"longest-victim\", "
                + "\"workers\": 2, \"warmup_ms\": 1000"), json);
    }

    @Test
    void noEscapeSequenceOrControlCharacterReachesTheTableOrTheFiles() {
        final Result failed = new Result("big", "pekko", "typed", 2, List.of(), -1, Map.of(),
                "\u001B[31mboom\u001B[0m at\u0007 once");
        final RunInfo odd = new RunInfo("small", 2, 2, 1_000, 3, 1, Sizes.SMALL.asMap(), List.of(), List.of(), "idle", "now",
                "unknown",
                "VM <with> \u001B[1mbold\u001B[0m & more", 2);
        final Report report = new Report(List.of(failed, run("big", "actorkit", "longest-victim", 5)), odd);
        for (String out : List.of(report.table(), report.json(), report.svg(), report.csv())) {
            assertFalse(out.chars().anyMatch(ch -> ch == 0x1B || ch == 0x07), out);
        }
        assertTrue(report.table().contains("FAILED: boom at? once"), report.table());
        assertTrue(report.svg().contains("VM &lt;with&gt; bold &amp; more"), report.svg());
        assertTrue(report.json().contains("\\u001b[31mboom"), "JSON keeps the text, escaped");
    }
}
