package actor.bench.suite;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The matrix-multiply benchmark's computation, shared by both systems so they do identical work. */
public final class MatrixKernel {

    /** Entries of X are {@code i % X_MOD}. */
    public static final int X_MOD = 7;
    /** Entries of Y are {@code i % Y_MOD}. */
    public static final int Y_MOD = 11;

    private static final Map<Long, double[]> INPUTS = new ConcurrentHashMap<>();

    private MatrixKernel() {
    }

    /**
     * An {@code n x n} row-major input with entries {@code i % mod}, built once per JVM and shared:
     * callers must not modify it.
     */
    public static double[] matrix(int n, int mod) {
        return INPUTS.computeIfAbsent(((long) n << 32) | mod, key -> {
            final double[] m = new double[n * n];
            for (int i = 0; i < m.length; i++) {
                m[i] = i % mod;
            }
            return m;
        });
    }

    /** Adds row {@code row} of {@code x . y} into {@code z} (all {@code n x n}, row-major). */
    public static void multiplyRow(double[] x, double[] y, double[] z, int row, int n) {
        final int zRow = row * n;
        for (int k = 0; k < n; k++) {
            final double a = x[row * n + k];
            final int yRow = k * n;
            for (int j = 0; j < n; j++) {
                z[zRow + j] += a * y[yRow + j];
            }
        }
    }
}
