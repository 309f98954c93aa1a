package actor.bench.suite;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The outcome of one run of the suite: one benchmark, system and variant in its own JVM.
 *
 * @param timesNs   every measured iteration, in nanoseconds (empty if the run failed)
 * @param peakRssKb the JVM's peak resident memory, in KiB (-1 if unknown)
 * @param extras    extra values the workload recorded (for example {@code bytes_per_actor})
 * @param error     why the run failed, or null
 */
public record Result(String benchmark, String system, String variant, int workers, List<Long> timesNs,
                     long peakRssKb, Map<String, Double> extras, String error) {

    public Result {
        timesNs = List.copyOf(timesNs);
        extras = Map.copyOf(extras);
    }

    /**
     * One run's forks (the same benchmark, system, variant and workers, each in its own JVM) as one
     * result: every iteration of every fork, the highest peak memory, the last fork's extras, and
     * the first error (a run with a failed fork has failed).
     *
     * @throws IllegalArgumentException if {@code forks} is empty or mixes runs
     */
    public static Result pooled(List<Result> forks) {
        if (forks.isEmpty()) {
            throw new IllegalArgumentException("no forks to pool");
        }
        final Result first = forks.get(0);
        final List<Long> times = new ArrayList<>();
        long peak = -1;
        final Map<String, Double> extras = new LinkedHashMap<>();
        String error = null;
        for (Result fork : forks) {
            if (!fork.benchmark.equals(first.benchmark) || !fork.system.equals(first.system)
                    || !fork.variant.equals(first.variant) || fork.workers != first.workers) {
                throw new IllegalArgumentException("forks of different runs: " + first + " and " + fork);
            }
            times.addAll(fork.timesNs);
            peak = Math.max(peak, fork.peakRssKb);
            extras.putAll(fork.extras);
            if (error == null) {
                error = fork.error;
            }
        }
        return new Result(first.benchmark, first.system, first.variant, first.workers, times, peak, extras, error);
    }

    public boolean ok() {
        return error == null && !timesNs.isEmpty();
    }

    public double medianMs() {
        final List<Long> sorted = timesNs.stream().sorted().toList();
        final int n = sorted.size();
        final double median = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2.0;
        return median / 1e6;
    }

    public double minMs() {
        return timesNs.stream().mapToLong(Long::longValue).min().orElse(0) / 1e6;
    }

    public double maxMs() {
        return timesNs.stream().mapToLong(Long::longValue).max().orElse(0) / 1e6;
    }

    public double peakRssMb() {
        return peakRssKb < 0 ? -1 : peakRssKb / 1024.0;
    }
}
