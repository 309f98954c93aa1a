package actor.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

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
    void theReferencePresetHoldsTheReferenceSizes() {
        final Sizes r = Sizes.REFERENCE;
        assertEquals(100_000_000L, r.staticSendsExternal());
        assertEquals(20_000_000L, r.dynamicSendsExternal());
        assertEquals(List.of(40_000, 100, 400), List.of(r.executorActors(), r.executorGroup(), r.executorRounds()));
        assertEquals(List.of(100_000, 200), List.of(r.repeatServers(), r.repeatRounds()));
        assertEquals(3072, r.matrixSize());
        assertEquals(0, r.balanceWork(), "the reference balance workload is the executor workload");
        assertEquals(40_000, r.pingPongRoundTrips());
        assertEquals(List.of(100, 100_000), List.of(r.ringActors(), r.ringHops()));
        assertEquals(1_000_000, r.countingMessages());
        assertEquals(40_000, r.forkJoinActors());
        assertEquals(List.of(60, 10_000), List.of(r.throughputActors(), r.throughputMessages()));
        assertEquals(List.of(120, 20_000), List.of(r.bigActors(), r.bigPings()));
        assertEquals(1_000_000, r.spawnActors());
    }

    @Test
    void optionsHaveDefaultsAndBadOnesSayWhatIsWrong() {
        final Suite.Options defaults = Suite.parse(new String[0]);
        assertEquals("small", defaults.preset());
        assertEquals(Benchmarks.ids(), defaults.only());
        assertEquals(List.of("actorkit", "pekko"), defaults.systems());
        assertEquals(5, defaults.iterations());
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
        assertTrue(message("--frobnicate", "1").contains("unknown option"));
        assertTrue(message("--workers").contains("needs a value"));
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
        assertEquals(Benchmarks.STEALING_VARIANTS, Benchmarks.EXECUTOR.variants(Benchmarks.ACTORKIT));
        assertEquals(List.of("longest-victim"), Benchmarks.STATIC_SEND_EXTERNAL.variants(Benchmarks.ACTORKIT));
    }

    @Test
    void theReportComputesRatiosAgainstPekkoAndWritesTheFixedCsvHeader() {
        final Result toolkit = new Result("executor", "actorkit", "random", 2, List.of(100_000_000L, 300_000_000L, 200_000_000L),
                204_800, Map.of(), null);
        final Result pekko = new Result("executor", "pekko", "typed", 2, List.of(600_000_000L, 600_000_000L, 700_000_000L),
                409_600, Map.of(), null);
        final Result lonely = new Result("balance-one", "actorkit", "none", 2, List.of(5_000_000L), 1024,
                Map.of(), null);
        final Result failed = new Result("big", "pekko", "typed", 2, List.of(), -1, Map.of(), "exit code 1");
        final Report report = new Report(List.of(toolkit, pekko, lonely, failed));

        assertEquals(200.0, toolkit.medianMs(), 1e-9);
        assertEquals(3.0, report.ratio(toolkit).getAsDouble(), 1e-9);
        assertTrue(report.ratio(pekko).isEmpty());
        assertTrue(report.ratio(lonely).isEmpty());

        final List<String> csv = report.csv().lines().toList();
        assertEquals("benchmark,system,variant,workers,median_ms,min_ms,max_ms,peak_rss_mb", csv.get(0));
        assertEquals("executor,actorkit,random,2,200.000,100.000,300.000,200.0", csv.get(1));
        assertEquals(4, csv.size(), "the failed run has no CSV line");
        assertTrue(report.table().contains("3.00x"));
        assertTrue(report.table().contains("FAILED: exit code 1"));
        assertTrue(report.json(Map.of("preset", "small")).contains("\"ratio_pekko_over_actorkit\": 3.000"));
        final String svg = report.svg();
        assertTrue(svg.startsWith("<svg") && svg.trim().endsWith("</svg>"));
        assertTrue(svg.contains("executor (random)") && svg.contains("3.00x"));
    }
}
