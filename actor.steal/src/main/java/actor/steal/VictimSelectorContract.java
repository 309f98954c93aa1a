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
 * workers, random stamps, occupancies, steal attempts and targets, and topologies (none, flat, and
 * sockets of shared caches with fewer or more CPUs than workers), a result in range and never the
 * thief; from several threads calling one instance at once over a view that changes under them,
 * the same.
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
        final FixedView view = new FixedView(new long[] {42L}, new int[] {3}, new int[] {5}, new int[] {0},
                Topology.parse("sockets=2,coresPerL3=2"));
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
                final int[] attempts = new int[workers];
                final int[] targets = new int[workers];
                for (int w = 0; w < workers; w++) {
                    stamps[w] = random.nextInt(4) == 0 ? Long.MIN_VALUE : random.nextLong(-1_000_000, 1_000_000);
                    occupancy[w] = random.nextInt(4) == 0 ? 0 : random.nextInt(17);
                    attempts[w] = random.nextInt(4) == 0 ? Integer.MAX_VALUE : random.nextInt(3 * workers);
                    targets[w] = random.nextInt(-1, workers);
                }
                final FixedView view = new FixedView(stamps, occupancy, attempts, targets, topology(random));
                for (int thief = 0; thief < workers; thief++) {
                    checkResult(selector, thief, workers, selector.selectVictim(thief, view));
                }
            }
        }
    }

    /** No topology, a flat one, or sockets of shared caches, holding from 1 to 96 CPUs. */
    private static Topology topology(SplittableRandom random) {
        return switch (random.nextInt(4)) {
            case 0 -> Topology.unknown();
            case 1 -> Topology.flat(1 + random.nextInt(64));
            default -> Topology.parse("sockets=" + (1 + random.nextInt(4)) + ",l3PerSocket=" + (1 + random.nextInt(3))
                    + ",coresPerL3=" + (1 + random.nextInt(8)));
        };
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
    private record FixedView(long[] stamps, int[] occupancies, int[] attempts, int[] targets, Topology topology)
            implements WorkerView {
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

        @Override
        public int stealAttempts(int worker) {
            return attempts[worker];
        }

        @Override
        public int stealTarget(int worker) {
            return targets[worker];
        }
    }

    /**
     * A view whose stamps, occupancies, attempts and targets move while selectors read them, as in a
     * running executor, on two sockets of two shared caches.
     */
    private static final class ChangingView implements WorkerView {
        private static final Topology TOPOLOGY = Topology.parse("sockets=2,l3PerSocket=2,coresPerL3=2");
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

        @Override
        public int stealAttempts(int worker) {
            return (int) (stamps.get(worker) % 13);
        }

        @Override
        public int stealTarget(int worker) {
            return (int) (stamps.get(worker) % (workers() + 1)) - 1;
        }

        @Override
        public Topology topology() {
            return TOPOLOGY;
        }
    }
}
