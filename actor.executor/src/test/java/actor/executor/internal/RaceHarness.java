package actor.executor.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Predicate;

/**
 * A small concurrency-test harness in the discipline of jcstress: each "actor" (a thread) runs its
 * part of the scenario on a batch of fresh state objects. On every state the actors first meet at a
 * spinning rendezvous, so their operations start within a cache-line transfer of each other and
 * overlap at many different offsets. Every state then yields an outcome; outcomes are counted,
 * printed as a histogram, and classified: any forbidden outcome fails the test.
 *
 * @param <S> the scenario's state
 */
final class RaceHarness<S> {

    private final String name;
    private final IntFunction<S> fresh;
    private final List<Consumer<S>> actors;
    private final Function<S, String> outcome;
    private final Predicate<String> acceptable;

    RaceHarness(String name, IntFunction<S> fresh, List<Consumer<S>> actors, Function<S, String> outcome,
                Predicate<String> acceptable) {
        this.name = name;
        this.fresh = fresh;
        this.actors = List.copyOf(actors);
        this.outcome = outcome;
        this.acceptable = acceptable;
    }

    /**
     * Runs {@code batches} batches of {@code batchSize} states, or fewer if {@code deadlineNanos}
     * (a {@link System#nanoTime} value) passes first: at least one batch always runs, and the
     * deadline is checked between batches. Returns the histogram of outcomes.
     */
    Map<String, Long> run(int batches, int batchSize, long deadlineNanos) throws Exception {
        final Map<String, Long> histogram = new TreeMap<>();
        final CyclicBarrier start = new CyclicBarrier(actors.size() + 1);
        final CyclicBarrier end = new CyclicBarrier(actors.size() + 1);
        final List<S> batch = new ArrayList<>(batchSize);
        final AtomicIntegerArray arrivals = new AtomicIntegerArray(batchSize);
        final AtomicBoolean finished = new AtomicBoolean();
        final int parties = actors.size();
        final List<Throwable> errors = new ArrayList<>();
        final List<Thread> threads = new ArrayList<>();
        for (Consumer<S> actor : actors) {
            threads.add(new Thread(() -> {
                try {
                    while (true) {
                        start.await();
                        if (finished.get()) {
                            return;
                        }
                        for (int i = 0; i < batch.size(); i++) {
                            rendezvous(arrivals, i, parties);
                            actor.accept(batch.get(i));
                        }
                        end.await();
                    }
                } catch (Throwable e) {
                    synchronized (errors) {
                        errors.add(e);
                    }
                    start.reset();
                    end.reset();
                }
            }, name + "-actor"));
        }
        threads.forEach(Thread::start);
        for (int b = 0; b < batches && (b == 0 || deadlineNanos - System.nanoTime() > 0); b++) {
            batch.clear();
            for (int i = 0; i < batchSize; i++) {
                batch.add(fresh.apply(i));
                arrivals.set(i, 0);
            }
            start.await();
            end.await();
            for (S state : batch) {
                histogram.merge(outcome.apply(state), 1L, Long::sum);
            }
        }
        // NOTE: every actor has passed the last batch's end barrier and waits at the start one, so
        // this release is the only way out for them.
        finished.set(true);
        start.await();
        for (Thread thread : threads) {
            thread.join();
        }
        if (!errors.isEmpty()) {
            throw new AssertionError(name + ": an actor threw", errors.get(0));
        }
        System.out.println(name + ":");
        histogram.forEach((o, n) -> System.out.printf("  %10d  %-9s %s%n", n, acceptable.test(o) ? "OK" : "FORBIDDEN", o));
        return histogram;
    }

    /** Spins until every actor has arrived at state {@code i}; yields now and then (more threads than cores). */
    private static void rendezvous(AtomicIntegerArray arrivals, int i, int parties) {
        arrivals.incrementAndGet(i);
        int spins = 0;
        while (arrivals.get(i) < parties) {
            if (++spins % 256 == 0) {
                Thread.yield();
            } else {
                Thread.onSpinWait();
            }
        }
    }

    /** Outcomes that are not acceptable. */
    List<String> forbidden(Map<String, Long> histogram) {
        return histogram.keySet().stream().filter(acceptable.negate()).toList();
    }
}
