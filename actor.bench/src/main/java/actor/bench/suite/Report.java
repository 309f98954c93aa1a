package actor.bench.suite;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Turns results into the table on stdout and the files in the results folder. Nothing here
 * flatters: every ratio comes with the range its runs' fastest and slowest iterations allow, a
 * ratio whose range crosses 1x is flagged {@value #OVERLAP_FLAG}, and the stealing variants are
 * compared with no stealing as plainly as actorkit is compared with Pekko.
 */
public final class Report {

    /**
     * The CSV header, fixed: {@code condition} is the run's load ({@link RunInfo#condition}); a failed
     * run's line has empty numbers and says why under {@code error}.
     */
    public static final String CSV_HEADER = "benchmark,system,variant,workers,median_ms,min_ms,max_ms,peak_rss_mb,condition,error";

    /** Marks a comparison whose two min-max ranges overlap. */
    public static final String OVERLAP_FLAG = "~";

    /** The actorkit variant the stealing variants are compared with. */
    public static final String NO_STEALING = "none";

    static final String RATIO_LEGEND =
            "ratio   = Pekko's median / actorkit's median, same run and worker count (above 1: actorkit is faster);"
            + " Pekko with its defaults (" + Benchmarks.PEKKO_VARIANT + ")";
    /** Explains the lines comparing actorkit with Pekko's other configurations ({@link #vsOtherPekko}), where there are any. */
    static final String OTHER_PEKKO_LEGEND =
            "vs pekko/V = that Pekko configuration's median / actorkit's median, same run and worker count (above 1:"
            + " actorkit is faster); " + Benchmarks.ARTERY_TUNED_VARIANT + ": Artery tuned for low latency on few cores";
    static final String VS_NONE_LEGEND =
            "vs none = actorkit without stealing's median / this variant's median (above 1: stealing is faster)";
    static final String OVERLAP_LEGEND = OVERLAP_FLAG
            + "       = the two runs' min-max ranges overlap (the slower side's fastest iteration beat the faster"
            + " side's slowest): not a lead, noise";

    /** An escape sequence (ANSI colours and the like), removed from any text that is printed. */
    private static final Pattern ESCAPE = Pattern.compile("\u001B\\[[0-?]*[ -/]*[@-~]|\u001B");
    private static final Pattern CONTROL = Pattern.compile("[\\p{Cntrl}&&[^\n\t]]");

    /**
     * How much faster one run is than a reference run: the ratio of the reference's median to
     * the run's, and the lowest and highest ratio any pair of their iterations gives (reference's
     * min / run's max, reference's max / run's min).
     */
    public record Comparison(double ratio, double low, double high) {

        static Comparison of(Result reference, Result run) {
            return new Comparison(reference.medianMs() / run.medianMs(), reference.minMs() / run.maxMs(),
                    reference.maxMs() / run.minMs());
        }

        /** Whether the two runs' min-max ranges overlap, that is whether {@code [low, high]} holds 1. */
        public boolean overlaps() {
            return low <= 1 && high >= 1;
        }

        /** The ratio as {@code 1.23x}, flagged {@value #OVERLAP_FLAG} when the ranges overlap. */
        public String formatted() {
            return (overlaps() ? OVERLAP_FLAG : "") + String.format(Locale.ROOT, "%.2fx", ratio);
        }
    }

    private final List<Result> results;
    private final RunInfo info;

    public Report(List<Result> results, RunInfo info) {
        this.results = List.copyOf(results);
        this.info = info;
    }

    /**
     * Pekko's median divided by this row's median, for an actorkit row of a benchmark Pekko ran
     * too (above 1: actorkit is faster).
     */
    public OptionalDouble ratio(Result row) {
        return vsPekko(row).map(c -> OptionalDouble.of(c.ratio())).orElse(OptionalDouble.empty());
    }

    /** An actorkit row compared with Pekko's run of the same benchmark and worker count. */
    public Optional<Comparison> vsPekko(Result row) {
        if (!row.ok() || !Benchmarks.ACTORKIT.equals(row.system())) {
            return Optional.empty();
        }
        return find(row, Benchmarks.PEKKO, Benchmarks.PEKKO_VARIANT).map(pekko -> Comparison.of(pekko, row));
    }

    /**
     * A stealing variant's actorkit row compared with the same benchmark's {@value #NO_STEALING}
     * row (empty for that row itself, and where no such row ran).
     */
    public Optional<Comparison> vsNone(Result row) {
        if (!row.ok() || !Benchmarks.ACTORKIT.equals(row.system()) || NO_STEALING.equals(row.variant())) {
            return Optional.empty();
        }
        return find(row, Benchmarks.ACTORKIT, NO_STEALING).map(none -> Comparison.of(none, row));
    }

    /** An actorkit row compared with one of Pekko's other configurations ({@code variant}) of its benchmark. */
    public record PeerComparison(String variant, Comparison comparison) {
    }

    /**
     * An actorkit row compared with each of Pekko's configurations of the same benchmark and worker
     * count other than its defaults ({@link #vsPekko}), in the order they ran: on the remote rows,
     * Artery tuned ({@value Benchmarks#ARTERY_TUNED_VARIANT}). Empty for other rows and systems.
     */
    public List<PeerComparison> vsOtherPekko(Result row) {
        if (!row.ok() || !Benchmarks.ACTORKIT.equals(row.system())) {
            return List.of();
        }
        return results.stream().filter(r -> r.ok() && r.system().equals(Benchmarks.PEKKO)
                        && !r.variant().equals(Benchmarks.PEKKO_VARIANT) && r.benchmark().equals(row.benchmark())
                        && r.workers() == row.workers())
                .map(pekko -> new PeerComparison(pekko.variant(), Comparison.of(pekko, row))).toList();
    }

    /** {@code "remote-ping-pong actorkit/longest-victim vs pekko/artery-tuned: 3.10x (2.80-3.50)"}: one line of {@link #vsOtherPekko}. */
    private static String otherPekkoLine(Result row, PeerComparison peer) {
        final Comparison c = peer.comparison();
        return String.format(Locale.ROOT, "%s %s/%s%s vs %s/%s: %s (%.2f-%.2f)", row.benchmark(), row.system(), row.variant(),
                sweptWorkers(row), Benchmarks.PEKKO, peer.variant(), c.formatted(), c.low(), c.high());
    }

    /** Whether any actorkit row has a comparison with another Pekko configuration. */
    private boolean anyOtherPekko() {
        return results.stream().anyMatch(r -> !vsOtherPekko(r).isEmpty());
    }

    private Optional<Result> find(Result row, String system, String variant) {
        return results.stream().filter(r -> r.ok() && r.system().equals(system) && r.variant().equals(variant)
                && r.benchmark().equals(row.benchmark()) && r.workers() == row.workers()).findFirst();
    }

    /** The human-readable table, headed by the run's summary and followed by its legend. */
    public String table() {
        final StringBuilder out = new StringBuilder();
        out.append(plain(info.summary())).append('\n');
        final String columns = "%-22s %-9s %-15s %7s %11s %11s %11s %9s %10s %10s%n";
        out.append(String.format(Locale.ROOT, columns, "benchmark", "system", "variant", "workers", "median ms",
                "min ms", "max ms", "peak MB", "ratio", "vs none"));
        for (Result r : results) {
            if (!r.ok()) {
                out.append(String.format(Locale.ROOT, "%-22s %-9s %-15s %7d   FAILED: %s%n", r.benchmark(), r.system(),
                        r.variant(), r.workers(), plain(String.valueOf(r.error()))));
                continue;
            }
            out.append(String.format(Locale.ROOT, columns, r.benchmark(), r.system(), r.variant(), r.workers(),
                    String.format(Locale.ROOT, "%.1f", r.medianMs()), String.format(Locale.ROOT, "%.1f", r.minMs()),
                    String.format(Locale.ROOT, "%.1f", r.maxMs()), String.format(Locale.ROOT, "%.0f", r.peakRssMb()),
                    vsPekko(r).map(Comparison::formatted).orElse(""), vsNone(r).map(Comparison::formatted).orElse("")));
        }
        for (Result r : results) {
            for (PeerComparison peer : vsOtherPekko(r)) {
                out.append(plain(otherPekkoLine(r, peer))).append('\n');
            }
        }
        for (Result r : results) {
            for (Map.Entry<String, Double> e : r.extras().entrySet()) {
                out.append(String.format(Locale.ROOT, "%s %s/%s%s: %s = %.1f%n", r.benchmark(), r.system(), r.variant(),
                        sweptWorkers(r), plain(e.getKey()), e.getValue()));
            }
        }
        results.stream().map(Result::benchmark).distinct().forEach(id -> {
            final long warmup = warmupMillis(id);
            if (warmup != info.warmupMillis()) {
                out.append(String.format(Locale.ROOT, "%s: warm-up iterations until at least %d ms of them have run%n", id, warmup));
            }
        });
        out.append(RATIO_LEGEND).append('\n');
        if (anyOtherPekko()) {
            out.append(OTHER_PEKKO_LEGEND).append('\n');
        }
        out.append(VS_NONE_LEGEND).append('\n').append(OVERLAP_LEGEND).append('\n');
        return out.toString();
    }

    /**
     * The table as a Markdown page ({@code results.md}), to publish as it is: a heading with the
     * condition, commit and date, the run's summary, one table row per run in the order of
     * {@link #table()} (a failed run says why in its median column), then the extras, the warm-up
     * notes and the legend as a list.
     */
    public String markdown() {
        final StringBuilder out = new StringBuilder();
        out.append("# `./bench` results: ").append(markdownCell(info.condition())).append(", commit ")
                .append(markdownCell(info.commit())).append(", ").append(markdownCell(info.date())).append("\n\n");
        out.append(markdownCell(info.summary())).append(".\n\n");
        out.append(markdownRow(List.of("benchmark", "system", "variant", "workers", "median ms", "min ms", "max ms",
                "peak MB", "ratio", "vs none")));
        out.append("|---|---|---|--:|--:|--:|--:|--:|--:|--:|\n");
        for (Result r : results) {
            final String workers = Integer.toString(r.workers());
            if (!r.ok()) {
                out.append(markdownRow(List.of(markdownCell(r.benchmark()), markdownCell(r.system()),
                        markdownCell(r.variant()), workers, "FAILED: " + markdownCell(String.valueOf(r.error())), "", "", "",
                        "", "")));
                continue;
            }
            out.append(markdownRow(List.of(markdownCell(r.benchmark()), markdownCell(r.system()), markdownCell(r.variant()),
                    workers, String.format(Locale.ROOT, "%.1f", r.medianMs()), String.format(Locale.ROOT, "%.1f", r.minMs()),
                    String.format(Locale.ROOT, "%.1f", r.maxMs()), String.format(Locale.ROOT, "%.0f", r.peakRssMb()),
                    markdownCell(vsPekko(r).map(Comparison::formatted).orElse("")),
                    markdownCell(vsNone(r).map(Comparison::formatted).orElse("")))));
        }
        out.append('\n');
        for (Result r : results) {
            for (PeerComparison peer : vsOtherPekko(r)) {
                out.append("- ").append(markdownCell(otherPekkoLine(r, peer))).append('\n');
            }
        }
        for (Result r : results) {
            for (Map.Entry<String, Double> e : r.extras().entrySet()) {
                out.append(String.format(Locale.ROOT, "- %s %s/%s%s: %s = %.1f\n", markdownCell(r.benchmark()),
                        markdownCell(r.system()), markdownCell(r.variant()), sweptWorkers(r), markdownCell(e.getKey()),
                        e.getValue()));
            }
        }
        results.stream().map(Result::benchmark).distinct().forEach(id -> {
            final long warmup = warmupMillis(id);
            if (warmup != info.warmupMillis()) {
                out.append(String.format(Locale.ROOT, "- %s: warm-up iterations until at least %d ms of them have run\n",
                        markdownCell(id), warmup));
            }
        });
        final List<String> legends = anyOtherPekko() ? List.of(RATIO_LEGEND, OTHER_PEKKO_LEGEND, VS_NONE_LEGEND, OVERLAP_LEGEND)
                : List.of(RATIO_LEGEND, VS_NONE_LEGEND, OVERLAP_LEGEND);
        for (String legend : legends) {
            out.append("- ").append(markdownCell(legend.replaceAll(" {2,}", " "))).append('\n');
        }
        return out.toString();
    }

    /** One table row: {@code | a | b |}, an empty cell as {@code | |}. */
    private static String markdownRow(List<String> cells) {
        final StringBuilder row = new StringBuilder("|");
        for (String cell : cells) {
            row.append(cell.isEmpty() ? " |" : " " + cell + " |");
        }
        return row.append('\n').toString();
    }

    /**
     * {@code text} as Markdown table text on one line: plain, newlines as spaces, with the characters
     * a table or GitHub's emphasis would read (bar, tilde, backslash, star, underscore, backtick)
     * escaped by a backslash.
     */
    static String markdownCell(String text) {
        final String line = plain(text).replace('\n', ' ').replace('\t', ' ');
        final StringBuilder out = new StringBuilder(line.length());
        for (int i = 0; i < line.length(); i++) {
            final char c = line.charAt(i);
            if ("|~\\*_`".indexOf(c) >= 0) {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }

    /** {@link #CSV_HEADER} and one line per run. */
    public String csv() {
        final String condition = csvField(plain(info.condition()));
        final StringBuilder out = new StringBuilder(CSV_HEADER).append('\n');
        for (Result r : results) {
            if (r.ok()) {
                out.append(String.format(Locale.ROOT, "%s,%s,%s,%d,%.3f,%.3f,%.3f,%.1f,%s,%n", r.benchmark(), r.system(),
                        r.variant(), r.workers(), r.medianMs(), r.minMs(), r.maxMs(), r.peakRssMb(), condition));
            } else {
                out.append(String.format(Locale.ROOT, "%s,%s,%s,%d,,,,,%s,%s%n", r.benchmark(), r.system(), r.variant(),
                        r.workers(), condition, csvField(plain(String.valueOf(r.error())).replace('\n', ' '))));
            }
        }
        return out.toString();
    }

    /** {@code text} as one CSV field: quoted, with its quotes doubled, where it holds a comma or a quote. */
    static String csvField(String text) {
        return text.contains(",") || text.contains("\"") ? '"' + text.replace("\"", "\"\"") + '"' : text;
    }

    /** The run's settings (every size used, date, commit, JVM, CPUs) and every run with its raw times, extras, comparisons and error. */
    public String json() {
        final StringBuilder out = new StringBuilder("{\n  \"settings\": {");
        out.append("\"preset\": ").append(quote(info.preset()))
                .append(", \"workers\": ").append(info.workers())
                .append(", \"warmup\": ").append(info.warmup())
                .append(", \"warmup_ms\": ").append(info.warmupMillis())
                .append(", \"iterations\": ").append(info.iterations())
                .append(", \"forks\": ").append(info.forks())
                .append(", \"date\": ").append(quote(info.date()))
                .append(", \"commit\": ").append(quote(info.commit()))
                .append(", \"jvm\": ").append(quote(info.jvm()))
                .append(", \"cpus\": ").append(info.cpus())
                .append(", \"jvm_args\": ").append(strings(info.jvmArgs()))
                .append(", \"condition\": ").append(quote(info.condition()))
                .append(", \"size_overrides\": ").append(strings(info.sizeOverrides()))
                .append(",\n    \"sizes\": {");
        int n = 0;
        for (Map.Entry<String, Long> e : info.sizes().entrySet()) {
            out.append(n++ > 0 ? ", " : "").append(quote(e.getKey())).append(": ").append(e.getValue());
        }
        out.append("}},\n  \"results\": [\n");
        for (int i = 0; i < results.size(); i++) {
            final Result r = results.get(i);
            out.append("    {\"benchmark\": ").append(quote(r.benchmark())).append(", \"system\": ").append(quote(r.system()))
                    .append(", \"variant\": ").append(quote(r.variant())).append(", \"workers\": ").append(r.workers())
                    .append(", \"warmup_ms\": ").append(warmupMillis(r.benchmark()));
            if (r.ok()) {
                out.append(String.format(Locale.ROOT, ", \"median_ms\": %.3f, \"min_ms\": %.3f, \"max_ms\": %.3f",
                        r.medianMs(), r.minMs(), r.maxMs()));
                vsPekko(r).ifPresent(c -> comparison(out, "ratio_pekko_over_actorkit", c));
                for (PeerComparison peer : vsOtherPekko(r)) {
                    comparison(out, "ratio_pekko_" + peer.variant().replace('-', '_') + "_over_actorkit", peer.comparison());
                }
                vsNone(r).ifPresent(c -> comparison(out, "speedup_over_none", c));
            }
            out.append(String.format(Locale.ROOT, ", \"peak_rss_mb\": %.1f", r.peakRssMb()));
            out.append(", \"times_ns\": ").append(r.timesNs());
            for (Map.Entry<String, Double> e : r.extras().entrySet()) {
                out.append(", ").append(quote(e.getKey())).append(String.format(Locale.ROOT, ": %.1f", e.getValue()));
            }
            if (r.error() != null) {
                out.append(", \"error\": ").append(quote(r.error()));
            }
            out.append(i + 1 < results.size() ? "},\n" : "}\n");
        }
        return out.append("  ]\n}\n").toString();
    }

    /** The least warm-up time of {@code benchmark}'s runs ({@link Benchmarks#warmupMillis}). */
    private long warmupMillis(String benchmark) {
        return Benchmarks.byId(benchmark).map(b -> b.warmupMillis(info.warmupMillis())).orElse(info.warmupMillis());
    }

    private static void comparison(StringBuilder out, String name, Comparison c) {
        out.append(String.format(Locale.ROOT, ", \"%s\": %.3f, \"%s_min\": %.3f, \"%s_max\": %.3f, \"%s_ranges_overlap\": %b",
                name, c.ratio(), name, c.low(), name, c.high(), name, c.overlaps()));
    }

    /**
     * {@code ", 8 workers"} ({@code ", 1 worker"}) for a run of a benchmark that
     * {@linkplain Benchmarks#sweepsWorkers sweeps worker counts}, whose variant alone does not tell
     * its runs apart; otherwise empty.
     */
    static String sweptWorkers(Result r) {
        if (!Benchmarks.byId(r.benchmark()).map(Benchmarks::sweepsWorkers).orElse(false)) {
            return "";
        }
        return ", " + r.workers() + (r.workers() == 1 ? " worker" : " workers");
    }

    /** One bar of the chart. */
    private record Bar(String label, Comparison comparison) {
    }

    /**
     * The chart: the run's summary, then one bar per actorkit run with a Pekko peer (Pekko's median
     * over actorkit's) and one per stealing variant with a {@value #NO_STEALING} run (its speed-up
     * over no stealing), on one log scale with 1x marked. Each bar carries a whisker from the lowest
     * to the highest ratio the two runs' iterations allow; a bar whose whisker crosses 1x is grey
     * and flagged {@value #OVERLAP_FLAG}.
     */
    public String svg() {
        final List<Bar> vsPekko = pekkoBars();
        final List<Bar> vsNone = bars(this::vsNone);
        double low = 0.5;
        double high = 2;
        for (List<Bar> bars : List.of(vsPekko, vsNone)) {
            for (Bar bar : bars) {
                low = Math.min(low, Math.max(1e-3, bar.comparison().low()));
                high = Math.max(high, Math.min(1e4, bar.comparison().high()));
            }
        }
        final Scale scale = new Scale(Math.log10(low / 1.15), Math.log10(high * 1.15));
        final StringBuilder body = new StringBuilder();
        int y = 78;
        y = section(body, "actorkit vs Apache Pekko: Pekko's median / actorkit's median (right of 1x: actorkit faster)",
                vsPekko, y, scale);
        y = section(body, "work stealing: no stealing's median / the variant's median (right of 1x: stealing faster)",
                vsNone, y + 16, scale);
        final StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">%n",
                Scale.WIDTH, y + 10));
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        text(svg, 10, 22, 15, "start", "actorkit benchmark suite: speed ratios (log scale)");
        text(svg, 10, 40, 11, "start", info.summary());
        text(svg, 10, 56, 11, "start", "bar: ratio of medians; whisker: lowest to highest ratio of any two iterations"
                + " (min/max); " + OVERLAP_FLAG + " and grey: the runs' min-max ranges overlap, not a lead");
        return svg.append(body).append("</svg>\n").toString();
    }

    /**
     * The bars against Pekko: each actorkit row against Pekko's defaults, then against each of its
     * other configurations ({@link #vsOtherPekko}), labelled with that configuration.
     */
    private List<Bar> pekkoBars() {
        final List<Bar> bars = new ArrayList<>();
        for (Result r : results) {
            vsPekko(r).ifPresent(c -> bars.add(new Bar(r.benchmark() + " (" + r.variant() + sweptWorkers(r) + ")", c)));
            for (PeerComparison peer : vsOtherPekko(r)) {
                bars.add(new Bar(r.benchmark() + " (" + r.variant() + sweptWorkers(r) + " vs " + peer.variant() + ")",
                        peer.comparison()));
            }
        }
        return bars;
    }

    private List<Bar> bars(Function<Result, Optional<Comparison>> compare) {
        final List<Bar> bars = new ArrayList<>();
        for (Result r : results) {
            compare.apply(r).ifPresent(c -> bars.add(new Bar(r.benchmark() + " (" + r.variant() + sweptWorkers(r) + ")", c)));
        }
        return bars;
    }

    /** Log-scale x positions of the chart. */
    private record Scale(double lo, double hi) {
        static final int WIDTH = 1000;
        static final int LEFT = 300;
        static final int PLOT = WIDTH - LEFT - 170;

        double x(double ratio) {
            return LEFT + (Math.log10(ratio) - lo) / (hi - lo) * PLOT;
        }
    }

    private static int section(StringBuilder svg, String heading, List<Bar> bars, int top, Scale scale) {
        final int barHeight = 16;
        final int step = barHeight + 6;
        text(svg, 10, top, 13, "start", heading);
        if (bars.isEmpty()) {
            text(svg, 20, top + 20, 12, "start", "(no such runs in this run of the suite)");
            return top + 28;
        }
        final int first = top + 12;
        final int bottom = first + bars.size() * step;
        for (double tick : new double[] {0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100,
                200, 500, 1000, 2000, 5000, 10000}) {
            final double x = scale.x(tick);
            if (x < Scale.LEFT - 0.5 || x > Scale.LEFT + Scale.PLOT + 0.5) {
                continue;
            }
            svg.append(String.format(Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"%s\"/>%n", x, first - 4,
                    x, bottom, tick == 1 ? "black" : "#ccc", tick == 1 ? "1.5" : "1"));
            text(svg, x, bottom + 14, 11, "middle", (tick < 1 ? String.valueOf(tick) : String.valueOf((long) tick)) + "x");
        }
        for (int i = 0; i < bars.size(); i++) {
            final Bar bar = bars.get(i);
            final Comparison c = bar.comparison();
            final int y = first + i * step;
            final double mid = y + barHeight / 2.0;
            final double x0 = scale.x(1);
            final double x1 = scale.x(c.ratio());
            final String fill = c.overlaps() ? "#9e9e9e" : c.ratio() >= 1 ? "#3a7d44" : "#b5493f";
            text(svg, Scale.LEFT - 8, y + 12, 12, "end", (c.overlaps() ? OVERLAP_FLAG + " " : "") + bar.label());
            svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>%n",
                    Math.min(x0, x1), y, Math.max(1, Math.abs(x1 - x0)), barHeight, fill));
            final double lowX = scale.x(Math.max(1e-3, c.low()));
            final double highX = scale.x(Math.min(1e4, c.high()));
            svg.append(String.format(Locale.ROOT,
                    "<path d=\"M%.1f %.1f H%.1f M%.1f %.1f V%.1f M%.1f %.1f V%.1f\" stroke=\"black\" fill=\"none\"/>%n",
                    lowX, mid, highX, lowX, mid - 5, mid + 5, highX, mid - 5, mid + 5));
            text(svg, Math.max(Math.max(x0, x1), highX) + 6, y + 12, 12, "start",
                    String.format(Locale.ROOT, "%s (%.2f-%.2f)", c.formatted(), c.low(), c.high()));
        }
        return bottom + 22;
    }

    private static void text(StringBuilder svg, double x, int y, int size, String anchor, String text) {
        svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"%d\" text-anchor=\"%s\">%s</text>%n",
                x, y, size, anchor, xml(plain(text))));
    }

    /**
     * Writes {@code latest.csv}, {@code latest.json}, {@code ratios.svg} and {@code results.md} (the
     * results page: {@code cp bench-results/results.md docs/results-latest.md}) into {@code dir}.
     */
    public void write(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("results.md"), markdown(), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("latest.csv"), csv(), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("latest.json"), json(), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("ratios.svg"), svg(), StandardCharsets.UTF_8);
    }

    /** {@code text} without terminal escape sequences or other control characters (newlines and tabs stay). */
    static String plain(String text) {
        return CONTROL.matcher(ESCAPE.matcher(text).replaceAll("")).replaceAll("?");
    }

    private static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    static String strings(List<String> values) {
        final StringBuilder out = new StringBuilder("[");
        for (int i = 0; i < values.size(); i++) {
            out.append(i > 0 ? ", " : "").append(quote(values.get(i)));
        }
        return out.append(']').toString();
    }

    static String quote(String s) {
        final StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            final char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
