package actor.bench.suite;

/**
 * The small fixed computation of Savina's fork-join benchmarks, shared by both systems. The result
 * feeds a volatile sink so the JIT cannot drop the work.
 */
public final class SavinaWork {

    /** Volatile so the JIT cannot fold the computation into a constant. */
    private static volatile double theta = 37.2;
    private static volatile double sink;

    private SavinaWork() {
    }

    /** One unit of work. */
    public static void compute() {
        final double sint = Math.sin(theta);
        final double res = sint * sint;
        if (res <= 0) {
            sink = res;
        }
    }
}
