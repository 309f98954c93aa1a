package actor.bench.suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The child JVM of the suite: runs one benchmark on one system and variant, warm-up iterations
 * (at least {@code --warmup} of them, and until at least {@code --warmup-ms} milliseconds of them
 * have run) then measured ones, each a whole fresh run of the workload. Progress goes to stderr; the last
 * line on stdout is {@code RESULT {json}} with every measured time, the JVM's peak resident memory
 * and any extra values the workload recorded. A run that throws prints the exception to stderr and
 * {@code FAILED <exception>} on stdout, and ends its JVM with exit code 1, whatever threads the
 * system under test left running.
 *
 * <pre>
 * RunOne --benchmark executor --system actorkit --variant random --workers 2 --preset small \
 *        [--size name=value]... [--warmup 2] [--warmup-ms 1000] [--iterations 5]
 * </pre>
 */
public final class RunOne {

    private RunOne() {
    }

    public static void main(String[] args) {
        try {
            run(args);
        } catch (Throwable failure) {
            // NOTE: an Error too: thrown on, it would end the main thread only, and the system's
            // non-daemon threads (Pekko's) would keep this JVM, and the suite waiting for it, alive.
            failure.printStackTrace();
            System.out.println("FAILED " + failure.toString().replaceAll("\\s+", " "));
            System.exit(1);
        }
        System.exit(0);
    }

    private static void run(String[] args) throws Exception {
        final Map<String, String> options = new LinkedHashMap<>();
        final List<String> sizes = new ArrayList<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (args[i].equals("--size")) {
                sizes.add(args[i + 1]);
            } else {
                options.put(args[i], args[i + 1]);
            }
        }
        final Benchmarks benchmark = Benchmarks.byId(required(options, "--benchmark"))
                .orElseThrow(() -> new IllegalArgumentException("unknown benchmark " + options.get("--benchmark")));
        final String system = required(options, "--system");
        final String variant = required(options, "--variant");
        final int workers = Integer.parseInt(required(options, "--workers"));
        final Sizes chosen = Sizes.resolve(options.getOrDefault("--preset", "small"), sizes);
        final int minWarmup = Integer.parseInt(options.getOrDefault("--warmup", "2"));
        final long warmupNanos = Long.parseLong(options.getOrDefault("--warmup-ms", "0")) * 1_000_000;
        final int iterations = Integer.parseInt(options.getOrDefault("--iterations", "5"));

        final Workload workload = benchmark.workload(system);
        final Map<String, Double> extras = new LinkedHashMap<>();
        final RunSpec spec = new RunSpec(workers, variant, chosen, extras);
        final List<Long> times = new ArrayList<>();
        int warmups = 0;
        long warmedNanos = 0;
        while (warmups < minWarmup || warmedNanos < warmupNanos) {
            final long nanos = runOnce(workload, spec);
            warmups++;
            warmedNanos += nanos;
            System.err.printf(Locale.ROOT, "    warm-up %d: %.1f ms%n", warmups, nanos / 1e6);
        }
        for (int i = 0; i < iterations; i++) {
            final long nanos = runOnce(workload, spec);
            System.err.printf(Locale.ROOT, "    iteration %d/%d: %.1f ms%n", i + 1, iterations, nanos / 1e6);
            times.add(nanos);
        }
        final StringBuilder json = new StringBuilder("{\"times_ns\":").append(times).append(",\"peak_rss_kb\":")
                .append(peakRssKb()).append(",\"extras\":{");
        int n = 0;
        for (Map.Entry<String, Double> e : extras.entrySet()) {
            json.append(n++ > 0 ? "," : "").append('"').append(e.getKey()).append("\":")
                    .append(String.format(Locale.ROOT, "%.1f", e.getValue()));
        }
        System.out.println("RESULT " + json.append("}}"));
    }

    private static long runOnce(Workload workload, RunSpec spec) throws Exception {
        System.gc();
        return workload.run(spec);
    }

    private static String required(Map<String, String> options, String name) {
        final String value = options.get(name);
        if (value == null) {
            throw new IllegalArgumentException("missing " + name);
        }
        return value;
    }

    /** This JVM's peak resident set (VmHWM), in KiB; -1 where /proc is not available. */
    static long peakRssKb() throws IOException {
        final Path status = Path.of("/proc/self/status");
        if (!Files.isReadable(status)) {
            return -1;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("VmHWM:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return -1;
    }
}
