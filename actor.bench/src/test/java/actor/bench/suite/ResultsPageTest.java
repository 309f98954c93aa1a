package actor.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code results.md}, the results page the suite writes beside {@code latest.csv}: the printed table's rows as Markdown. */
class ResultsPageTest {

    private static final RunInfo INFO = new RunInfo("small", 2, 2, 1_000, 5, 1, Sizes.SMALL.asMap(), List.of(),
            List.of(), "idle", "2026-11-26T10:11:12Z", "e798c18", "Test VM 17.0.15", 2);

    private static Result run(String benchmark, String system, String variant, long... millis) {
        return new Result(benchmark, system, variant, 2, java.util.Arrays.stream(millis).map(ms -> ms * 1_000_000).boxed().toList(),
                204_800, Map.of(), null);
    }

    private static final List<Result> CANNED = List.of(
            run("static-send", "actorkit", "none", 60, 62, 70),
            run("static-send", "actorkit", "longest-victim", 30, 31, 35),
            run("static-send", "pekko", "typed", 500, 520, 560),
            run("ask", "actorkit", "longest-victim", 10, 12, 40),
            run("ask", "pekko", "typed", 20, 25, 30),
            new Result("big", "pekko", "typed", 2, List.of(), -1, Map.of(), "killed after 600 s | exit code 137"));

    @Test
    void thePageHasTheConditionCommitAndDateThenOneTableRowPerPrintedRow() {
        final List<String> page = new Report(CANNED, INFO).markdown().lines().toList();
        assertEquals("# `./bench` results: idle, commit e798c18, 2026-11-26T10:11:12Z", page.get(0));
        assertEquals("", page.get(1));
        assertEquals(Report.markdownCell(INFO.summary()) + ".", page.get(2));
        assertEquals("| benchmark | system | variant | workers | median ms | min ms | max ms | peak MB | ratio | vs none |",
                page.get(4));
        assertEquals("|---|---|---|--:|--:|--:|--:|--:|--:|--:|", page.get(5));
        assertEquals(List.of(
                "| static-send | actorkit | none | 2 | 62.0 | 60.0 | 70.0 | 200 | 8.39x | |",
                "| static-send | actorkit | longest-victim | 2 | 31.0 | 30.0 | 35.0 | 200 | 16.77x | 2.00x |",
                "| static-send | pekko | typed | 2 | 520.0 | 500.0 | 560.0 | 200 | | |",
                "| ask | actorkit | longest-victim | 2 | 12.0 | 10.0 | 40.0 | 200 | \\~2.08x | |",
                "| ask | pekko | typed | 2 | 25.0 | 20.0 | 30.0 | 200 | | |",
                "| big | pekko | typed | 2 | FAILED: killed after 600 s \\| exit code 137 | | | | | |"),
                page.subList(6, 12), "the printed table's rows, in its order; a failed run's bar is escaped");
        assertEquals("", page.get(12));
        assertTrue(page.get(13).startsWith("- ratio = Pekko's median / actorkit's median"), page.get(13));
        assertTrue(page.get(15).startsWith("- \\~ = the two runs' min-max ranges overlap"), page.get(15));
        assertEquals(16, page.size(), String.join("\n", page));
    }

    @Test
    void everyRowHasTheHeadersNumberOfCells() {
        final List<String> table = new Report(CANNED, INFO).markdown().lines().filter(l -> l.startsWith("|")).toList();
        final long cells = cells(table.get(0));
        for (String row : table) {
            assertEquals(cells, cells(row), row);
        }
    }

    @Test
    void theSuiteWritesThePageBesideLatestCsv(@TempDir Path dir) throws IOException {
        final Report report = new Report(CANNED, INFO);
        report.write(dir);
        assertTrue(Files.exists(dir.resolve("latest.csv")));
        assertEquals(report.markdown(), Files.readString(dir.resolve("results.md"), StandardCharsets.UTF_8));
    }

    @Test
    void cellsKeepTheirTextAndEscapeWhatMarkdownWouldRead() {
        assertEquals("a\\|b \\~1.02x \\*x\\* \\_y\\_ \\`z\\` c\\\\d e f", Report.markdownCell("a|b ~1.02x *x* _y_ `z` c\\d e\nf"));
        assertEquals("red?", Report.markdownCell("\u001B[31mred\u0007"), "escape sequences removed, control characters marked");
    }

    /** The cells of a table row: its unescaped bars, less one. */
    private static long cells(String row) {
        return row.replace("\\|", "").chars().filter(c -> c == '|').count() - 1;
    }
}
