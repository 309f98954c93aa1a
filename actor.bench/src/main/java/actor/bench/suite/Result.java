package actor.bench.suite;

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
