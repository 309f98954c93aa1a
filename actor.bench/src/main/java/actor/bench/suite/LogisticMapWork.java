package actor.bench.suite;

/**
 * The series of the logistic map benchmark (Savina's {@code logmap}), shared by both systems so
 * they compute the same terms: series {@code i} starts at {@code i * INCREMENT} with the rate
 * {@code START_RATE + i * INCREMENT}, and each term is {@code rate * x * (1 - x)} of the one before.
 */
public final class LogisticMapWork {

    /** Savina's first rate. */
    public static final double START_RATE = 3.46;
    /** Savina's step between the series' rates and start terms. */
    public static final double INCREMENT = 0.0025;
    /** The largest difference between the sum a run collected and the sequential one (sums in any order). */
    private static final double TOLERANCE = 1e-9;

    private LogisticMapWork() {
    }

    /** The rate of series {@code i}. */
    public static double rate(int i) {
        return START_RATE + i * INCREMENT;
    }

    /** The first term of series {@code i}. */
    public static double start(int i) {
        return i * INCREMENT;
    }

    /** The term after {@code term} at {@code rate}. */
    public static double next(double rate, double term) {
        return rate * term * (1 - term);
    }

    /** The sum of the {@code terms}-th term of each of {@code series} series, computed sequentially. */
    public static double expectedSum(int series, int terms) {
        double sum = 0;
        for (int i = 0; i < series; i++) {
            double term = start(i);
            final double rate = rate(i);
            for (int t = 0; t < terms; t++) {
                term = next(rate, term);
            }
            sum += term;
        }
        return sum;
    }

    /**
     * Fails the run when the collected sum of last terms is wrong.
     *
     * @throws IllegalStateException naming the benchmark and both sums
     */
    public static void check(String benchmark, int series, int terms, double collected) {
        final double expected = expectedSum(series, terms);
        if (!(Math.abs(collected - expected) <= TOLERANCE)) {
            throw new IllegalStateException(benchmark + ": sum of the last terms = " + collected + ", expected " + expected);
        }
    }
}
