package actor.bench.suite;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The waits of the rescue rows' rounds, shared by both systems' workloads so that both give up
 * after the same time: any event of a round within {@value #ROUND_TIMEOUT_SECONDS} s, and the
 * Neighbour's reply within that after the block's length, since a reply nobody rescues comes only
 * once the block has ended (a result, not a fault).
 */
public final class RescueRounds {

    /** How long a round may wait for any one of its events before the run is declared broken. */
    public static final long ROUND_TIMEOUT_SECONDS = 10;

    private RescueRounds() {
    }

    /**
     * Waits for {@code latch}, at most {@link #ROUND_TIMEOUT_SECONDS}.
     *
     * @throws IllegalStateException if it has not opened by then, naming {@code workload} and {@code what}
     */
    public static void await(String workload, CountDownLatch latch, String what) throws InterruptedException {
        awaitAfterBlock(workload, latch, what, 0);
    }

    /**
     * Waits for {@code latch}, at most {@link #ROUND_TIMEOUT_SECONDS} after {@code blockMillis}.
     *
     * @throws IllegalStateException if it has not opened by then, naming {@code workload} and {@code what}
     */
    public static void awaitAfterBlock(String workload, CountDownLatch latch, String what, long blockMillis)
            throws InterruptedException {
        final long limitMillis = TimeUnit.SECONDS.toMillis(ROUND_TIMEOUT_SECONDS) + blockMillis;
        if (!latch.await(limitMillis, TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException(workload + ": waited " + limitMillis + " ms for " + what);
        }
    }
}
