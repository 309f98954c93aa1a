package actor.bench.suite;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * The table and files of an A/B run ({@code ./bench --ab A B}): per row, each side's median, min
 * and max over all its JVMs' iterations, and B's median over A's (above 1: B is slower), flagged
 * {@value Report#OVERLAP_FLAG} when the two sides' min-max ranges overlap.
 */
final class AbReport {

    /** The CSV header, fixed. */
    static final String CSV_HEADER = "benchmark,system,variant,workers,a_median_ms,a_min_ms,a_max_ms,b_median_ms,b_min_ms,"
            + "b_max_ms,b_over_a,b_over_a_min,b_over_a_max,ranges_overlap,condition,error";

    static final String LEGEND = "B/A = B's median / A's median, same row (above 1: B is slower); "
            + Report.OVERLAP_FLAG + " = the two sides' min-max ranges overlap: not a difference, noise";

    private final List<Result> a;
    private final List<Result> b;
    private final AbVariant sideA;
    private final AbVariant sideB;
    private final RunInfo info;

    /** {@code a} and {@code b}: each side's pooled result of every row, in the same order. */
    AbReport(List<Result> a, List<Result> b, AbVariant sideA, AbVariant sideB, RunInfo info) {
        if (a.size() != b.size()) {
            throw new IllegalArgumentException("A has " + a.size() + " rows, B " + b.size());
        }
        this.a = List.copyOf(a);
        this.b = List.copyOf(b);
        this.sideA = sideA;
        this.sideB = sideB;
        this.info = info;
    }

    /** Row {@code i}'s B over A: B's median / A's median, low = B's min / A's max, high = B's max / A's min. */
    Optional<Report.Comparison> bOverA(int i) {
        return a.get(i).ok() && b.get(i).ok() ? Optional.of(Report.Comparison.of(b.get(i), a.get(i))) : Optional.empty();
    }

    private static String side(String name, AbVariant variant) {
        return name + " = " + variant.rev() + (variant.jvmArgs().isEmpty() ? "" : " " + String.join(" ", variant.jvmArgs()));
    }

    /** The human-readable table, headed by the run's summary and both sides, followed by its legend. */
    String table() {
        final StringBuilder out = new StringBuilder();
        out.append(Report.plain(info.summary())).append('\n')
                .append(Report.plain(side("A", sideA) + "; " + side("B", sideB))).append('\n');
        final String columns = "%-22s %-9s %-15s %7s %11s %11s %11s %11s %11s %11s %9s%n";
        out.append(String.format(Locale.ROOT, columns, "benchmark", "system", "variant", "workers", "A median", "A min",
                "A max", "B median", "B min", "B max", "B/A"));
        for (int i = 0; i < a.size(); i++) {
            final Result ra = a.get(i);
            final Result rb = b.get(i);
            final String error = error(i);
            if (error != null) {
                out.append(String.format(Locale.ROOT, "%-22s %-9s %-15s %7d   FAILED: %s%n", ra.benchmark(), ra.system(),
                        ra.variant(), ra.workers(), Report.plain(error)));
                continue;
            }
            out.append(String.format(Locale.ROOT, columns, ra.benchmark(), ra.system(), ra.variant(), ra.workers(),
                    ms(ra.medianMs()), ms(ra.minMs()), ms(ra.maxMs()), ms(rb.medianMs()), ms(rb.minMs()), ms(rb.maxMs()),
                    bOverA(i).orElseThrow().formatted()));
        }
        return out.append("times in ms; ").append(LEGEND).append('\n').toString();
    }

    /** Whether a side of any row failed. */
    boolean anyFailed() {
        return IntStream.range(0, a.size()).anyMatch(i -> error(i) != null);
    }

    /** Why row {@code i} has no comparison (each failed side, named), or null. */
    private String error(int i) {
        final String ea = a.get(i).ok() ? null : "A: " + a.get(i).error();
        final String eb = b.get(i).ok() ? null : "B: " + b.get(i).error();
        return ea == null ? eb : eb == null ? ea : ea + "; " + eb;
    }

    private static String ms(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }

    /** {@link #CSV_HEADER} and one line per row. */
    String csv() {
        final StringBuilder out = new StringBuilder(CSV_HEADER).append('\n');
        final String condition = Report.csvField(Report.plain(info.condition()));
        for (int i = 0; i < a.size(); i++) {
            final Result ra = a.get(i);
            final Result rb = b.get(i);
            out.append(String.format(Locale.ROOT, "%s,%s,%s,%d,", ra.benchmark(), ra.system(), ra.variant(), ra.workers()));
            final Optional<Report.Comparison> c = bOverA(i);
            if (c.isPresent()) {
                out.append(String.format(Locale.ROOT, "%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.4f,%.4f,%.4f,%b,%s,%n", ra.medianMs(),
                        ra.minMs(), ra.maxMs(), rb.medianMs(), rb.minMs(), rb.maxMs(), c.get().ratio(), c.get().low(),
                        c.get().high(), c.get().overlaps(), condition));
            } else {
                out.append(",,,,,,,,,,").append(condition).append(',')
                        .append(Report.csvField(Report.plain(error(i)).replace('\n', ' '))).append('\n');
            }
        }
        return out.toString();
    }

    /** Both sides, the run's settings, and per row each side's raw times and the comparison. */
    String json() {
        final StringBuilder out = new StringBuilder("{\n  \"a\": ");
        variant(out, sideA);
        out.append(",\n  \"b\": ");
        variant(out, sideB);
        out.append(",\n  \"summary\": ").append(Report.quote(info.summary()))
                .append(",\n  \"condition\": ").append(Report.quote(info.condition()))
                .append(",\n  \"jvm_args\": ").append(Report.strings(info.jvmArgs()))
                .append(",\n  \"rows\": [\n");
        for (int i = 0; i < a.size(); i++) {
            final Result ra = a.get(i);
            out.append("    {\"benchmark\": ").append(Report.quote(ra.benchmark())).append(", \"system\": ")
                    .append(Report.quote(ra.system())).append(", \"variant\": ").append(Report.quote(ra.variant()))
                    .append(", \"workers\": ").append(ra.workers())
                    .append(", \"a_times_ns\": ").append(ra.timesNs()).append(", \"b_times_ns\": ").append(b.get(i).timesNs());
            bOverA(i).ifPresent(c -> out.append(String.format(Locale.ROOT,
                    ", \"b_over_a\": %.4f, \"b_over_a_min\": %.4f, \"b_over_a_max\": %.4f, \"ranges_overlap\": %b",
                    c.ratio(), c.low(), c.high(), c.overlaps())));
            if (error(i) != null) {
                out.append(", \"error\": ").append(Report.quote(error(i)));
            }
            out.append(i + 1 < a.size() ? "},\n" : "}\n");
        }
        return out.append("  ]\n}\n").toString();
    }

    private static void variant(StringBuilder out, AbVariant variant) {
        out.append("{\"rev\": ").append(Report.quote(variant.rev())).append(", \"jvm_args\": ")
                .append(Report.strings(variant.jvmArgs())).append('}');
    }

    /** Writes {@code ab.csv} and {@code ab.json} into {@code dir}. */
    void write(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("ab.csv"), csv(), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("ab.json"), json(), StandardCharsets.UTF_8);
    }
}
