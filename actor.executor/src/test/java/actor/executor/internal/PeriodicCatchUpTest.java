package actor.executor.internal;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import actor.api.Cancellable;
import actor.api.FailurePolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A periodic timer that falls more than a tick behind (here its first send blocks for 20 ms) keeps
 * its fixed rate: the next sends come one a tick or faster, not one per turn of the wheel (512
 * ticks, about half a second), which is what happened when a late timer was scheduled again into
 * the spoke being polled.
 */
class PeriodicCatchUpTest {

    private static final long PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    /** Sends after the late one; at one per turn they would take about 10 s. */
    private static final int SENDS = 20;
    /** How long a round waits for the sends after the late one. */
    private static final long CAUGHT_UP_SECONDS = 3;
    /** How long the rounds may take while none caught up within {@link #CAUGHT_UP_SECONDS}. */
    private static final long ROUNDS_SECONDS = 30;

    /** A periodic timer's sends; the first one blocks for 20 ms. */
    private static final class Round {
        final AtomicInteger sends = new AtomicInteger();
        final CountDownLatch caughtUp = new CountDownLatch(SENDS + 1);

        void send() {
            if (sends.getAndIncrement() == 0) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            caughtUp.countDown();
        }
    }

    @Test
    @Timeout(180)
    void theTimerThreadCatchesUp() throws InterruptedException {
        // NOTE: on a busy machine the timer thread may wait for a CPU at each of its wake-ups, for
        // 3 s in all; rounds go on until one caught up, for at most ROUNDS_SECONDS, and a run in
        // which none did is reported as skipped.
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ROUNDS_SECONDS);
        final List<Integer> behind = new ArrayList<>();
        int after = sendsAfterTheLateOne();
        while (after < SENDS && System.nanoTime() < deadline) {
            behind.add(after);
            after = sendsAfterTheLateOne();
        }
        assumeTrue(after >= SENDS, "no round had " + SENDS + " sends after the late one within " + CAUGHT_UP_SECONDS
                + " s, in " + ROUNDS_SECONDS + " s: a busy machine? Sends after the late one: " + behind + ", " + after);
    }

    /** One round: the sends after the late one within {@link #CAUGHT_UP_SECONDS}, at most {@link #SENDS}. */
    private static int sendsAfterTheLateOne() throws InterruptedException {
        final Round round = new Round();
        final Timers timers = new Timers("catch-up", new Reporter(error -> { }, FailurePolicy.RESUME), null);
        final Cancellable periodic = timers.schedule(0, PERIOD_NANOS, round::send);
        try {
            round.caughtUp.await(CAUGHT_UP_SECONDS, TimeUnit.SECONDS);
            return Math.max(0, SENDS - (int) round.caughtUp.getCount());
        } finally {
            periodic.cancel();
            timers.close();
        }
    }
}
