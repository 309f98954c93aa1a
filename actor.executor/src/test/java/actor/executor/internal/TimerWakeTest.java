package actor.executor.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import actor.api.Cancellable;
import actor.api.FailurePolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A schedule wakes the timer thread only if it parks until after the schedule is due. What that
 * must not cost: a short schedule made while the thread parks for a far one (about half a second,
 * a turn of the wheel) or idles (a second) still fires near its deadline; schedules from several
 * threads with mixed delays, far ones among them, all fire once and none late by a park.
 */
class TimerWakeTest {

    /** Lateness allowed on this noisy 2-core machine; a missed wake-up costs 0.5-1 s. */
    private static final long LATE_NANOS = TimeUnit.MILLISECONDS.toNanos(150);

    /**
     * How long a test may go on while too few of its rounds were on time. On a busy machine the
     * timer thread may wait for a CPU for longer than {@link #LATE_NANOS}: a round that late cannot
     * tell a missed wake-up from the load, so rounds go on, each checked for what load cannot break
     * (every schedule fires, once), and a test that saw too few on time is reported as skipped.
     */
    private static final long ON_TIME_ROUNDS_SECONDS = 30;

    private static Timers timers() {
        return new Timers("wake", new Reporter(error -> { }, FailurePolicy.RESUME), null);
    }

    @Test
    @Timeout(180)
    void aShortScheduleBehindAFarOneOrAnIdleThreadIsNotLate() throws InterruptedException {
        final int onTimeWanted = 10;
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ON_TIME_ROUNDS_SECONDS);
        final List<String> lateRounds = new ArrayList<>();
        int onTime = 0;
        final Timers timers = timers();
        try {
            for (int round = 0; onTime < onTimeWanted && (round < onTimeWanted || System.nanoTime() < deadline); round++) {
                final Cancellable far = round % 2 == 0 ? timers.schedule(TimeUnit.MINUTES.toNanos(10), 0, () -> { }) : null;
                Thread.sleep(30);
                final CountDownLatch fired = new CountDownLatch(1);
                final AtomicLong firedAt = new AtomicLong();
                final long delay = TimeUnit.MILLISECONDS.toNanos(5);
                final long scheduledAt = System.nanoTime();
                timers.schedule(delay, 0, () -> {
                    firedAt.set(System.nanoTime());
                    fired.countDown();
                });
                assertTrue(fired.await(5, TimeUnit.SECONDS), "round " + round + ": fired");
                final long late = firedAt.get() - scheduledAt - delay;
                if (late < LATE_NANOS) {
                    onTime++;
                } else {
                    lateRounds.add("round " + round + " (" + (far != null ? "behind a far schedule" : "idle") + "): "
                            + TimeUnit.NANOSECONDS.toMillis(late) + " ms");
                }
                if (far != null) {
                    far.cancel();
                }
            }
        } finally {
            timers.close();
        }
        assumeTrue(onTime >= onTimeWanted, onTime + " rounds on time in " + ON_TIME_ROUNDS_SECONDS
                + " s: a busy machine? Late: " + lateRounds);
    }

    @Test
    @Timeout(180)
    void schedulesFromSeveralThreadsAllFireOnceAndNoneLateByAPark() throws InterruptedException {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ON_TIME_ROUNDS_SECONDS);
        final List<String> lateRounds = new ArrayList<>();
        long worstLate = schedulesFromSeveralThreads();
        while (worstLate >= LATE_NANOS && System.nanoTime() < deadline) {
            lateRounds.add(TimeUnit.NANOSECONDS.toMillis(worstLate) + " ms");
            worstLate = schedulesFromSeveralThreads();
        }
        assumeTrue(worstLate < LATE_NANOS, "every one of " + (lateRounds.size() + 1) + " rounds in "
                + ON_TIME_ROUNDS_SECONDS + " s had a schedule late: a busy machine? Worst lateness: " + lateRounds
                + ", " + TimeUnit.NANOSECONDS.toMillis(worstLate) + " ms");
    }

    /**
     * One round: 4 threads schedule 300 short schedules each, with far ones among them; checks
     * that every short one fired once and no far one fired, and returns the worst lateness.
     */
    private static long schedulesFromSeveralThreads() throws InterruptedException {
        final Timers timers = timers();
        final int threads = 4;
        final int perThread = 300;
        final AtomicInteger firedTwice = new AtomicInteger();
        final AtomicLong worstLate = new AtomicLong();
        final CountDownLatch allFired = new CountDownLatch(threads * perThread);
        final List<Cancellable> far = new ArrayList<>();
        try {
            final Thread[] schedulers = new Thread[threads];
            for (int t = 0; t < threads; t++) {
                schedulers[t] = new Thread(() -> {
                    final ThreadLocalRandom random = ThreadLocalRandom.current();
                    for (int i = 0; i < perThread; i++) {
                        final long delay = TimeUnit.MICROSECONDS.toNanos(random.nextInt(20_000));
                        final long due = System.nanoTime() + delay;
                        final AtomicInteger runs = new AtomicInteger();
                        timers.schedule(delay, 0, () -> {
                            worstLate.accumulateAndGet(System.nanoTime() - due, Math::max);
                            if (runs.incrementAndGet() > 1) {
                                firedTwice.incrementAndGet();
                            }
                            allFired.countDown();
                        });
                        if (random.nextInt(50) == 0) {
                            synchronized (far) {
                                far.add(timers.schedule(TimeUnit.MINUTES.toNanos(5), 0, firedTwice::incrementAndGet));
                            }
                        }
                        if (random.nextInt(10) == 0) {
                            LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(random.nextInt(3_000)));
                        }
                    }
                }, "scheduler-" + t);
                schedulers[t].start();
            }
            for (Thread scheduler : schedulers) {
                scheduler.join(TimeUnit.SECONDS.toMillis(30));
            }
            assertTrue(allFired.await(30, TimeUnit.SECONDS), "fired: " + (threads * perThread - allFired.getCount()));
            assertEquals(0, firedTwice.get(), "schedules that fired twice, or far ones that fired at all");
            return worstLate.get();
        } finally {
            synchronized (far) {
                far.forEach(Cancellable::cancel);
            }
            timers.close();
        }
    }
}
