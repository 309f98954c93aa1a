package actor.steal.internal;

import actor.steal.VictimSelector;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import org.agrona.concurrent.NanoClock;

/**
 * What each worker's search for work looks like to the other workers: when it last attempted a
 * steal (for the longest-victim heuristic), how many attempts it has made on a victim since it last
 * found work, and which victim it tried last (for the hierarchical selector's per-level budget and
 * its throttle). A worker's three values sit together on their own 128-byte stretch of the array,
 * so a thief recording its search never invalidates a line another worker's values live on.
 *
 * <p>Threading: the values of worker {@code w} are written only by worker {@code w} (opaque), each
 * time it attempts a steal and when it finds work again; any thief reads every value (opaque).
 * Staleness only makes a choice slightly less apt.
 */
public final class StealStamps {

    /** Longs between two workers' values: 16 x 8 bytes = 128 bytes, two cache lines. */
    static final int STRIDE = 16;
    /** Offset of the attempts count from a worker's stamp. */
    private static final int ATTEMPTS = 1;
    /** Offset of the last victim from a worker's stamp. */
    private static final int TARGET = 2;

    private static final VarHandle VH_LONGS = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[] stamps;
    private final int workers;
    private final NanoClock clock;

    /**
     * Stamps for {@code workers} workers, none stamped yet.
     *
     * @param clock the time source ({@link org.agrona.concurrent.SystemNanoClock} in production; a
     *              controllable clock makes selection deterministic in tests)
     */
    public StealStamps(int workers, NanoClock clock) {
        if (workers < 1) {
            throw new IllegalArgumentException("workers = " + workers + ": must be at least 1");
        }
        this.workers = workers;
        this.clock = Objects.requireNonNull(clock, "clock");
        this.stamps = new long[(workers + 2) * STRIDE];
        for (int w = 0; w < workers; w++) {
            stamps[index(w)] = Long.MIN_VALUE;
            stamps[index(w) + TARGET] = VictimSelector.NONE;
        }
        VarHandle.releaseFence();
    }

    /** Number of workers. */
    public int workers() {
        return workers;
    }

    /** Worker {@code w} records that it is attempting a steal now. */
    public void stamp(int w) {
        VH_LONGS.setOpaque(stamps, index(w), clock.nanoTime());
    }

    /** When worker {@code w} last attempted a steal; {@link Long#MIN_VALUE} if never. */
    public long lastAttemptNanos(int w) {
        return (long) VH_LONGS.getOpaque(stamps, index(w));
    }

    /**
     * Worker {@code w} attempted a steal from {@code victim}: it is polling {@code victim} now, and
     * has made one more attempt on a victim. With {@link VictimSelector#NONE} (no victim this time)
     * it polls nobody, and the count stays: an attempt without a victim looked at nothing.
     */
    public void attempted(int w, int victim) {
        final int i = index(w);
        if (victim != VictimSelector.NONE) {
            VH_LONGS.setOpaque(stamps, i + ATTEMPTS, (long) VH_LONGS.getOpaque(stamps, i + ATTEMPTS) + 1);
        }
        VH_LONGS.setOpaque(stamps, i + TARGET, (long) victim);
    }

    /** Worker {@code w} found work: its search is over, its attempts count starts again at zero. */
    public void foundWork(int w) {
        final int i = index(w);
        VH_LONGS.setOpaque(stamps, i + ATTEMPTS, 0L);
        VH_LONGS.setOpaque(stamps, i + TARGET, (long) VictimSelector.NONE);
    }

    /** Attempts on a victim worker {@code w} made since it last found work (saturating). */
    public int attempts(int w) {
        return (int) Math.min(Integer.MAX_VALUE, (long) VH_LONGS.getOpaque(stamps, index(w) + ATTEMPTS));
    }

    /** The victim of worker {@code w}'s latest attempt while it still looks for work; {@link VictimSelector#NONE} otherwise. */
    public int target(int w) {
        return (int) (long) VH_LONGS.getOpaque(stamps, index(w) + TARGET);
    }

    private static int index(int w) {
        return (w + 1) * STRIDE;
    }
}
