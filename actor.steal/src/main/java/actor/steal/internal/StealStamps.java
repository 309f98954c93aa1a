package actor.steal.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import org.agrona.concurrent.NanoClock;

/**
 * One "last steal attempt" time stamp per worker, for the longest-victim heuristic. Each stamp sits
 * on its own 128-byte stretch of the array, so a thief stamping never invalidates a line another
 * worker's stamp lives on.
 *
 * <p>Threading: stamp {@code w} is written only by worker {@code w} (opaque) each time it attempts a
 * steal; any thief reads every stamp (opaque). Staleness only makes a choice slightly less apt.
 */
public final class StealStamps {

    /** Longs between two stamps: 16 x 8 bytes = 128 bytes, two cache lines. */
    static final int STRIDE = 16;

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
        }
        VarHandle.releaseFence();
    }

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

    private static int index(int w) {
        return (w + 1) * STRIDE;
    }
}
