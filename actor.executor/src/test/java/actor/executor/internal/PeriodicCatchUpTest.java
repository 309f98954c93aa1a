package actor.executor.internal;

import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Cancellable;
import actor.api.FailurePolicy;
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

    private final AtomicInteger sends = new AtomicInteger();
    private final CountDownLatch caughtUp = new CountDownLatch(SENDS + 1);

    private void send() {
        if (sends.getAndIncrement() == 0) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        caughtUp.countDown();
    }

    @Test
    @Timeout(30)
    void theTimerThreadCatchesUp() throws InterruptedException {
        final Timers timers = new Timers("catch-up", new Reporter(error -> { }, FailurePolicy.RESUME), null);
        final Cancellable periodic = timers.schedule(0, PERIOD_NANOS, this::send);
        try {
            assertTrue(caughtUp.await(3, TimeUnit.SECONDS), "sends after the late one: " + (sends.get() - 1));
        } finally {
            periodic.cancel();
            timers.close();
        }
    }
}
