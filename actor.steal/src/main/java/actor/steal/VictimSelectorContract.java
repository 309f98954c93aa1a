package actor.steal;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The contract every {@link VictimSelector} must meet, runnable against any implementation without
 * a test framework: call {@link #verify(Supplier)} from a test; it throws {@link AssertionError} on
 * the first violation.
 *
 * <pre>{@code
 * @Test void mySelectorMeetsTheContract() { VictimSelectorContract.verify(MySelector::new); }
 * }</pre>
 *
 * <p>Checked: a name that is not blank; with 1 worker, {@link VictimSelector#NONE}; for 2 to 64
 * workers and random stamps and occupancies, a result in range and never the thief; from several
 * threads calling one instance at once over a view that changes under them, the same.
 */
public final class VictimSelectorContract {

    private static final int THREADS = 8;
    private static final int CALLS_PER_THREAD = 20_000;
    private static final long JOIN_MILLIS = 60_000;

    private VictimSelectorContract() {
    }

    /**
     * Checks the contract on instances made by {@code selectors}.
     *
     * @param selectors makes a new selector on each call: one instance is checked on a single thread,
     *                  another from several threads at once
     * @throws AssertionError describing the first violation
     */
    public static void verify(Supplier<? extends VictimSelector> selectors) {
        Objects.requireNonNull(selectors, "selectors");
        final VictimSelector selector = Objects.requireNonNull(selectors.get(), "the supplier returned null");
        final String name = selector.name();
        check(name != null && !name.isBlank(), selector, "name() must not be blank");
        singleWorker(selector);
        sequential(selector, new SplittableRandom(20_240_611L));
        concurrent(selectors.get());
    }

    private static void singleWorker(VictimSelector selector) {
        final FixedView view = new FixedView(new long[] {42L}, new int[] {3});
        for (int i = 0; i < 100; i++) {
            final int victim = selector.selectVictim(0, view);
            check(victim == VictimSelector.NONE, selector, "with 1 worker the result must be NONE, was " + victim);
        }
    }

    private static void sequential(VictimSelector selector, SplittableRandom random) {
        for (int workers = 2; workers <= 64; workers++) {
            for (int round = 0; round < 50; round++) {
                final long[] stamps = new long[workers];
                final int[] occupancy = new int[workers];
                for (int w = 0; w < workers; w++) {
                    stamps[w] = random.nextInt(4) == 0 ? Long.MIN_VALUE : random.nextLong(-1_000_000, 1_000_000);
                    occupancy[w] = random.nextInt(17);
                }
                final FixedView view = new FixedView(stamps, occupancy);
                for (int thief = 0; thief < workers; thief++) {
                    checkResult(selector, thief, workers, selector.selectVictim(thief, view));
                }
            }
        }
    }

    private static void concurrent(VictimSelector selector) {
        final int workers = THREADS;
        final ChangingView view = new ChangingView(workers);
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final CountDownLatch start = new CountDownLatch(1);
        final List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            final int thief = t;
            threads.add(new Thread(() -> {
                try {
                    start.await();
                    for (int i = 0; i < CALLS_PER_THREAD; i++) {
                        view.stamp(thief, i);
                        checkResult(selector, thief, workers, selector.selectVictim(thief, view));
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "contract-" + t));
        }
        threads.forEach(Thread::start);
        start.countDown();
        for (Thread thread : threads) {
            try {
                thread.join(JOIN_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while checking " + selector.name(), e);
            }
            if (thread.isAlive()) {
                throw new AssertionError(selector.name() + ": a call did not return within " + JOIN_MILLIS
                        + " ms when " + THREADS + " threads called at once (a selector must not block)");
            }
        }
        if (failure.get() instanceof AssertionError e) {
            throw e;
        }
        if (failure.get() != null) {
            throw new AssertionError(selector.name() + " threw when called from " + THREADS + " threads at once",
                    failure.get());
        }
    }

    private static void checkResult(VictimSelector selector, int thief, int workers, int victim) {
        check(victim == VictimSelector.NONE || (victim >= 0 && victim < workers), selector,
                "result " + victim + " out of range [0, " + workers + ") for thief " + thief);
        check(victim != thief, selector, "returned the thief itself (" + thief + ") with " + workers + " workers");
    }

    private static void check(boolean ok, VictimSelector selector, String violation) {
        if (!ok) {
            throw new AssertionError("VictimSelector " + selector.getClass().getName() + ": " + violation);
        }
    }

    /** A view with fixed values. */
    private record FixedView(long[] stamps, int[] occupancies) implements WorkerView {
        @Override
        public int workers() {
            return stamps.length;
        }

        @Override
        public long lastStealAttemptNanos(int worker) {
            return stamps[worker];
        }

        @Override
        public int occupancy(int worker) {
            return occupancies[worker];
        }
    }

    /** A view whose stamps move while selectors read them, as in a running executor. */
    private static final class ChangingView implements WorkerView {
        private final AtomicLongArray stamps;

        ChangingView(int workers) {
            this.stamps = new AtomicLongArray(workers);
        }

        void stamp(int worker, long value) {
            stamps.set(worker, value);
        }

        @Override
        public int workers() {
            return stamps.length();
        }

        @Override
        public long lastStealAttemptNanos(int worker) {
            return stamps.get(worker);
        }

        @Override
        public int occupancy(int worker) {
            return (int) (stamps.get(worker) & 15);
        }
    }
}
