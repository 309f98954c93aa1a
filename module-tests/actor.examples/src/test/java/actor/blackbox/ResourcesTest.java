package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.Message;
import actor.api.PoisonPill;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A burst does not pin memory: drained copy queues shrink back once the workers are idle. */
class ResourcesTest {

    private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

    static final class Msg extends Message {
    }

    static final Msg MSG = new Msg();

    /** Waits on a gate in its first behaviour, so everything sent meanwhile queues up. */
    static final class Gated extends Actor<Msg> {
        final CountDownLatch gate = new CountDownLatch(1);
        final CountDownLatch entered = new CountDownLatch(1);
        private final long expected;
        private long received;
        final CountDownLatch drained = new CountDownLatch(1);

        Gated(ActorSystem system, long expected) {
            super(system);
            this.expected = expected;
        }

        @Override
        protected Allocation receive(Msg msg) {
            if (received++ == 0) {
                entered.countDown();
                try {
                    gate.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (received == expected) {
                drained.countDown();
            }
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(120)
    void afterABurstOfTenMillionMessagesIsDrainedTheRetainedHeapReturnsWithinTenPercent() throws Exception {
        final int burst = 10_000_000;
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).build())) {
            runBurst(system, 100_000);
            final long before = settledHeap();
            final long peak = runBurst(system, burst);
            // NOTE: a worker trims its queues when it goes to sleep, which on a loaded machine may
            // come later than one settling pause; measure again until the heap is back, for at most 10 s.
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            long after = settledHeap();
            while (after > before * 1.10 && System.nanoTime() < deadline) {
                after = settledHeap();
            }
            System.out.printf("burst of %d: heap %d KiB before, %d KiB with the burst queued, %d KiB after%n",
                    burst, before / 1024, peak / 1024, after / 1024);
            assertTrue(peak > before + burst * 8L, "the burst really was queued: " + peak / 1024 + " KiB");
            assertTrue(after <= before * 1.10, "retained heap " + after / 1024 + " KiB is more than 10% above "
                    + before / 1024 + " KiB");
        }
    }

    /** Queues {@code count} messages behind a gated actor, releases it, waits for the drain. Returns the heap while queued. */
    private static long runBurst(ActorSystem system, int count) throws InterruptedException {
        final Gated gated = new Gated(system, count + 1L);
        gated.send(MSG);
        assertTrue(gated.entered.await(10, TimeUnit.SECONDS));
        for (int i = 0; i < count; i++) {
            gated.send(MSG);
        }
        final long queued = MEMORY.getHeapMemoryUsage().getUsed();
        gated.gate.countDown();
        assertTrue(gated.drained.await(60, TimeUnit.SECONDS));
        gated.send(PoisonPill.FINISHED);
        return queued;
    }

    /** Used heap after the workers have gone to sleep (which trims idle queues) and a full GC. */
    private static long settledHeap() throws InterruptedException {
        Thread.sleep(200);
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            System.gc();
            used = Math.min(used, MEMORY.getHeapMemoryUsage().getUsed());
        }
        return used;
    }
}
