package actor.bench.suite;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The load a suite run measures under: idle, busy neighbours ({@code --contend N}: a
 * {@link Contender}), a CPU quota ({@code --cpu-quota X}: a {@link CpuQuota}), or both. Both
 * systems run under the same condition, interleaved; the report names it.
 *
 * @param contenders spinning threads beside the runs, 0 for none
 * @param cpuQuota   CPUs the suite and its children may use, or null for no quota
 */
record Condition(int contenders, BigDecimal cpuQuota) {

    /** No contention, no quota. */
    static final Condition IDLE = new Condition(0, null);

    /** {@return e.g. {@code "idle"}, {@code "contend=2"}, {@code "cpu-quota=1.5"} or {@code "contend=2 cpu-quota=1.5"}} */
    String label() {
        final List<String> parts = new ArrayList<>();
        if (contenders > 0) {
            parts.add("contend=" + contenders);
        }
        if (cpuQuota != null) {
            parts.add("cpu-quota=" + cpuQuota.toPlainString());
        }
        return parts.isEmpty() ? "idle" : String.join(" ", parts);
    }

    /**
     * Puts this JVM, and every process it starts from now on, under the condition: first the
     * quota (so that the contender runs inside it too), then the contender. Closing the returned
     * handle, or this JVM's exit (a shutdown hook: a failure, Ctrl-C), kills the contender and
     * removes the quota.
     *
     * @throws IllegalStateException if the quota cannot be set (see {@link CpuQuota#enter})
     */
    AutoCloseable apply() throws IOException {
        final CpuQuota quota = cpuQuota == null ? null : CpuQuota.enter(cpuQuota);
        final Contender contender;
        try {
            contender = contenders == 0 ? null : Contender.start(contenders);
        } catch (IOException | RuntimeException e) {
            if (quota != null) {
                quota.close();
            }
            throw e;
        }
        final Runnable undo = () -> {
            if (contender != null) {
                contender.close();
            }
            if (quota != null) {
                quota.close();
            }
        };
        final Thread hook = new Thread(undo, "bench condition");
        Runtime.getRuntime().addShutdownHook(hook);
        return () -> {
            Runtime.getRuntime().removeShutdownHook(hook);
            undo.run();
        };
    }
}
