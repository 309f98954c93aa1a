package actor.executor.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class LiveActorCountTest {

    @Test
    void stopWithNothingLiveCompletesAtOnceAndRefusesRegistration() {
        final LiveActorCount count = new LiveActorCount();
        assertTrue(count.requestStop());
        assertTrue(count.isDone());
        assertFalse(count.requestStop(), "a second stop does not complete it again");
        assertFalse(count.tryRegister());
    }

    @Test
    void theLastTerminationAfterAStopCompletesIt() {
        final LiveActorCount count = new LiveActorCount();
        assertTrue(count.tryRegister());
        assertTrue(count.tryRegister());
        assertFalse(count.terminated(1));
        assertFalse(count.requestStop());
        assertEquals(1, count.live());
        assertTrue(count.tryRegister(), "a stopping system with live actors still registers");
        assertFalse(count.terminated(1));
        assertTrue(count.terminated(1));
        assertTrue(count.isDone());
        assertFalse(count.tryRegister());
    }

    /**
     * Threads register actors and report their terminations in random batches while another thread
     * requests the stop at a random moment: exactly one call completes the stop, and every
     * registration that succeeded was counted before it.
     */
    @Test
    @Timeout(120)
    void exactlyOneCallCompletesTheStopUnderContention() throws Exception {
        final SplittableRandom seeds = new SplittableRandom(7);
        for (int round = 0; round < 300; round++) {
            final LiveActorCount count = new LiveActorCount();
            final AtomicInteger completions = new AtomicInteger();
            final AtomicInteger registered = new AtomicInteger();
            final AtomicInteger terminated = new AtomicInteger();
            final int threads = 4;
            final CyclicBarrier start = new CyclicBarrier(threads + 1);
            final List<Thread> all = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                final SplittableRandom random = seeds.split();
                all.add(new Thread(() -> {
                    await(start);
                    int live = 0;
                    for (int op = 0; op < 200; op++) {
                        if (random.nextBoolean() && count.tryRegister()) {
                            registered.incrementAndGet();
                            live++;
                        } else if (live > 0) {
                            final int n = 1 + random.nextInt(live);
                            live -= n;
                            terminated.addAndGet(n);
                            if (count.terminated(n)) {
                                completions.incrementAndGet();
                            }
                        }
                    }
                    if (live > 0) {
                        terminated.addAndGet(live);
                        if (count.terminated(live)) {
                            completions.incrementAndGet();
                        }
                    }
                }));
            }
            final int stopAfterSpins = seeds.nextInt(2000);
            all.add(new Thread(() -> {
                await(start);
                for (int i = 0; i < stopAfterSpins; i++) {
                    Thread.onSpinWait();
                }
                if (count.requestStop()) {
                    completions.incrementAndGet();
                }
            }));
            all.forEach(Thread::start);
            for (Thread thread : all) {
                thread.join();
            }
            assertEquals(1, completions.get(), "round " + round + ": completions");
            assertTrue(count.isDone());
            assertEquals(registered.get(), terminated.get());
            assertEquals(0, count.live());
        }
    }

    private static void await(CyclicBarrier barrier) {
        try {
            barrier.await();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
