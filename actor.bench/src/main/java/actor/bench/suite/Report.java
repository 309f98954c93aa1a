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

/** Turns results into the table on stdout and the files in the results folder. */
public final class Report {

    /** The CSV header, fixed. */
    public static final String CSV_HEADER = "benchmark,system,variant,workers,median_ms,min_ms,max_ms,peak_rss_mb";

    private final List<Result> results;

    public Report(List<Result> results) {
        this.results = List.copyOf(results);
    }

    /**
     * Pekko's median divided by this row's median, for an actorkit row of a benchmark Pekko ran
     * too (above 1: actorkit is faster).
     */
    public OptionalDouble ratio(Result row) {
        if (!row.ok() || !Benchmarks.ACTORKIT.equals(row.system())) {
            return OptionalDouble.empty();
        }
        return peer(row).map(p -> OptionalDouble.of(p.medianMs() / row.medianMs())).orElse(OptionalDouble.empty());
    }

    private Optional<Result> peer(Result row) {
        return results.stream().filter(r -> r.ok() && Benchmarks.PEKKO.equals(r.system())
                && r.benchmark().equals(row.benchmark()) && r.workers() == row.workers()).findFirst();
    }

    /** The human-readable table. */
    public String table() {
        final StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%-21s %-9s %-15s %7s %11s %11s %11s %9s %9s%n", "benchmark", "system",
                "variant", "workers", "median ms", "min ms", "max ms", "peak MB", "ratio"));
        for (Result r : results) {
            if (!r.ok()) {
                out.append(String.format(Locale.ROOT, "%-21s %-9s %-15s %7d   FAILED: %s%n", r.benchmark(), r.system(),
                        r.variant(), r.workers(), r.error()));
                continue;
            }
            final OptionalDouble ratio = ratio(r);
            out.append(String.format(Locale.ROOT, "%-21s %-9s %-15s %7d %11.1f %11.1f %11.1f %9.0f %9s%n",
                    r.benchmark(), r.system(), r.variant(), r.workers(), r.medianMs(), r.minMs(), r.maxMs(),
                    r.peakRssMb(), ratio.isPresent() ? String.format(Locale.ROOT, "%.2fx", ratio.getAsDouble()) : ""));
        }
        for (Result r : results) {
            for (Map.Entry<String, Double> e : r.extras().entrySet()) {
                out.append(String.format(Locale.ROOT, "%s %s/%s: %s = %.1f%n", r.benchmark(), r.system(), r.variant(),
                        e.getKey(), e.getValue()));
            }
        }
        out.append("ratio = Pekko's median / actorkit's median, same run and worker count (above 1: actorkit is faster)\n");
        return out.toString();
    }

    /** {@link #CSV_HEADER} and one line per successful run. */
    public String csv() {
        final StringBuilder out = new StringBuilder(CSV_HEADER).append('\n');
        for (Result r : results) {
            if (r.ok()) {
                out.append(String.format(Locale.ROOT, "%s,%s,%s,%d,%.3f,%.3f,%.3f,%.1f%n", r.benchmark(), r.system(),
                        r.variant(), r.workers(), r.medianMs(), r.minMs(), r.maxMs(), r.peakRssMb()));
            }
        }
        return out.toString();
    }

    /** Every run, with its raw times, extras, ratio and error. */
    public String json(Map<String, String> settings) {
        final StringBuilder out = new StringBuilder("{\n  \"settings\": {");
        int n = 0;
        for (Map.Entry<String, String> e : settings.entrySet()) {
            out.append(n++ > 0 ? ", " : "").append(quote(e.getKey())).append(": ").append(quote(e.getValue()));
        }
        out.append("},\n  \"results\": [\n");
        for (int i = 0; i < results.size(); i++) {
            final Result r = results.get(i);
            out.append("    {\"benchmark\": ").append(quote(r.benchmark())).append(", \"system\": ").append(quote(r.system()))
                    .append(", \"variant\": ").append(quote(r.variant())).append(", \"workers\": ").append(r.workers());
            if (r.ok()) {
                out.append(String.format(Locale.ROOT, ", \"median_ms\": %.3f, \"min_ms\": %.3f, \"max_ms\": %.3f",
                        r.medianMs(), r.minMs(), r.maxMs()));
                final OptionalDouble ratio = ratio(r);
                if (ratio.isPresent()) {
                    out.append(String.format(Locale.ROOT, ", \"ratio_pekko_over_actorkit\": %.3f", ratio.getAsDouble()));
                }
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

    /**
     * A horizontal bar chart of the ratios (log scale, 1x marked), one bar per actorkit run that
     * has a Pekko peer.
     */
    public String svg() {
        final List<Result> rows = new ArrayList<>();
        for (Result r : results) {
            if (ratio(r).isPresent()) {
                rows.add(r);
            }
        }
        final int left = 300;
        final int width = 900;
        final int barHeight = 18;
        final int top = 50;
        final int height = top + rows.size() * (barHeight + 6) + 50;
        double maxRatio = 10;
        double minRatio = 0.5;
        for (Result r : rows) {
            maxRatio = Math.max(maxRatio, ratio(r).getAsDouble());
            minRatio = Math.min(minRatio, ratio(r).getAsDouble());
        }
        final double lo = Math.log10(minRatio);
        final double hi = Math.log10(maxRatio * 1.2);
        final int plot = width - left - 40;
        final StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">%n",
                width, height));
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"24\" font-size=\"15\">Pekko median / actorkit median "
                + "(log scale; right of 1x: actorkit faster)</text>%n", 10));
        for (double tick : new double[] {0.5, 1, 2, 5, 10, 20, 50, 100, 200}) {
            if (tick < minRatio || tick > maxRatio * 1.2) {
                continue;
            }
            final double x = left + (Math.log10(tick) - lo) / (hi - lo) * plot;
            svg.append(String.format(Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"%s\"/>%n", x, top - 8, x,
                    height - 40, tick == 1 ? "black" : "#ccc", tick == 1 ? "1.5" : "1"));
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%sx</text>%n", x,
                    height - 24, tick == Math.rint(tick) ? String.valueOf((int) tick) : String.valueOf(tick)));
        }
        for (int i = 0; i < rows.size(); i++) {
            final Result r = rows.get(i);
            final double ratio = ratio(r).getAsDouble();
            final int y = top + i * (barHeight + 6);
            final double x0 = left + (0 - lo) / (hi - lo) * plot;
            final double x1 = left + (Math.log10(ratio) - lo) / (hi - lo) * plot;
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s (%s)</text>%n", left - 8,
                    y + 13, r.benchmark(), r.variant()));
            svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>%n",
                    Math.min(x0, x1), y, Math.abs(x1 - x0), barHeight, ratio >= 1 ? "#3a7d44" : "#b5493f"));
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\">%.2fx</text>%n", Math.max(x0, x1) + 4, y + 13,
                    ratio));
        }
        return svg.append("</svg>\n").toString();
    }

    /** Writes {@code latest.csv}, {@code latest.json} and {@code ratios.svg} into {@code dir}. */
    public void write(Path dir, Map<String, String> settings) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("latest.csv"), csv(), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("latest.json"), json(settings), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("ratios.svg"), svg(), StandardCharsets.UTF_8);
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
    }
}
