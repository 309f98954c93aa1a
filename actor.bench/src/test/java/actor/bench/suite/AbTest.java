package actor.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A/B runs ({@code ./bench --ab A B}): the sides, the order of their JVMs, the B/A table. */
class AbTest {

    private static final RunInfo INFO = new RunInfo("small", 2, 2, 1_000, 3, 2, Sizes.SMALL.asMap(), List.of(),
            List.of("-Xmx4g"), "idle", "2024-01-02T03:04:05Z", "abc1234", "Test VM 17.0.1", 2);

    private static String message(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> Suite.parse(args)).getMessage();
    }

    @Test
    void eachSideIsARevisionThenItsOwnJvmOptions() {
        final Suite.Options options = Suite.parse(new String[] {"--ab", "HEAD~3", ". -Dactor.policy=pull=off -Xss2m",
                "--only", "counting"});
        assertTrue(options.ab());
        assertEquals(new AbVariant("HEAD~3", "HEAD~3", List.of()), options.abA());
        assertEquals(AbVariant.WORKTREE, options.abB().rev(), ". is the work tree");
        assertEquals(List.of("-Dactor.policy=pull=off", "-Xss2m"), options.abB().jvmArgs());
        assertEquals(List.of("actorkit"), options.systems(), "an A/B run compares actorkit with itself by default");
        assertEquals(List.of("actorkit", "pekko"),
                Suite.parse(new String[] {"--systems", "actorkit,pekko", "--ab", "WORKTREE", "HEAD"}).systems());
        assertFalse(Suite.parse(new String[0]).ab());
        assertNull(Suite.parse(new String[0]).abA());

        assertEquals("--ab needs a value", message("--ab"));
        assertEquals("--ab needs two values: A B", message("--ab", "HEAD"));
        assertTrue(message("--ab", " ", "HEAD").contains("a side is empty"));
        assertTrue(message("--ab", "-Dx=1", "HEAD").contains("starts with the revision"));
        assertTrue(message("--ab", "HEAD", "HEAD main").contains("main is not a JVM option"));
    }

    @Test
    void theSidesAlternateInEveryRowForkByFork() {
        final Suite.Planned one = new Suite.Planned("counting", "actorkit", "longest-victim", 2);
        final Suite.Planned two = new Suite.Planned("big", "actorkit", "longest-victim", 2);
        assertEquals(List.of(
                new Suite.AbStep(1, 0, one, Suite.Side.A), new Suite.AbStep(1, 0, one, Suite.Side.B),
                new Suite.AbStep(1, 1, two, Suite.Side.A), new Suite.AbStep(1, 1, two, Suite.Side.B),
                new Suite.AbStep(2, 0, one, Suite.Side.A), new Suite.AbStep(2, 0, one, Suite.Side.B),
                new Suite.AbStep(2, 1, two, Suite.Side.A), new Suite.AbStep(2, 1, two, Suite.Side.B)),
                Suite.abPlan(List.of(one, two), 2));
        final List<Suite.Planned> rows = Suite.plan(Suite.parse(new String[] {"--only", "counting,big", "--ab", ".", "."}));
        assertTrue(rows.stream().allMatch(r -> r.system().equals("actorkit")), rows.toString());
        assertEquals(2 * rows.size(), Suite.abPlan(rows, 1).size(), "two JVMs per row, one per side");
    }

    private static Result run(String benchmark, long... millis) {
        return new Result(benchmark, "actorkit", "longest-victim", 2,
                Arrays.stream(millis).map(ms -> ms * 1_000_000).boxed().toList(), 1024, Map.of(), null);
    }

    @Test
    void theTableGivesEachSidesPooledSpreadAndBOverAFlaggedWhenTheRangesOverlap() {
        final List<Result> a = List.of(run("counting", 100, 110, 120), run("big", 50, 60, 70), run("spawn", 10));
        final Result failed = new Result("spawn", "actorkit", "longest-victim", 2, List.of(), -1, Map.of(),
                "killed after 600 s (--run-timeout): the run had not ended");
        final List<Result> b = List.of(run("counting", 200, 220, 240), run("big", 55, 66, 77), failed);
        final AbReport report = new AbReport(a, b, AbVariant.parse("HEAD~3"), AbVariant.parse(". -Dactor.policy=pull=off"), INFO);

        final Report.Comparison slower = report.bOverA(0).orElseThrow();
        assertEquals(2.0, slower.ratio(), 1e-9, "B's median 220 / A's 110");
        assertEquals(200.0 / 120, slower.low(), 1e-9, "B's min / A's max");
        assertEquals(240.0 / 100, slower.high(), 1e-9, "B's max / A's min");
        assertFalse(slower.overlaps());
        assertTrue(report.bOverA(1).orElseThrow().overlaps(), "55-77 overlaps 50-70");
        assertTrue(report.bOverA(2).isEmpty());
        assertTrue(report.anyFailed());

        final String table = report.table();
        assertTrue(table.startsWith(INFO.summary() + "\nA = HEAD~3; B = WORKTREE -Dactor.policy=pull=off\n"), table);
        assertTrue(table.lines().anyMatch(l -> l.startsWith("counting ") && l.contains(" 110.0 ") && l.contains(" 220.0 ")
                && l.endsWith(" 2.00x")), table);
        assertTrue(table.lines().anyMatch(l -> l.startsWith("big ") && l.endsWith("~1.10x")), table);
        assertTrue(table.contains("FAILED: B: killed after 600 s"), table);
        assertTrue(table.contains(AbReport.LEGEND));

        final List<String> csv = report.csv().lines().toList();
        assertEquals(AbReport.CSV_HEADER, csv.get(0));
        assertEquals("counting,actorkit,longest-victim,2,110.000,100.000,120.000,220.000,200.000,240.000,2.0000,1.6667,2.4000,"
                + "false,idle,", csv.get(1));
        assertTrue(csv.get(3).startsWith("spawn,actorkit,longest-victim,2,,,,,,,,,,,idle,B: killed after 600 s"), csv.get(3));
        final String json = report.json();
        assertTrue(json.contains("\"a\": {\"rev\": \"HEAD~3\", \"jvm_args\": []}"), json);
        assertTrue(json.contains("\"b\": {\"rev\": \"WORKTREE\", \"jvm_args\": [\"-Dactor.policy=pull=off\"]}"), json);
        assertTrue(json.contains("\"a_times_ns\": [100000000, 110000000, 120000000], \"b_times_ns\": [200000000, "
                + "220000000, 240000000], \"b_over_a\": 2.0000"), json);
        assertTrue(json.contains("\"ranges_overlap\": true"), json);
    }
}
