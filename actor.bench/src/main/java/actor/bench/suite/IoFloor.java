package actor.bench.suite;

import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * The floor of the I/O-bound rows without any actor system: the same requests, keys, checksums
 * and {@link IoSimulator} device, served by one or more plain threads. Each read's completion (on
 * the device's thread) queues its requester on a {@link ConcurrentLinkedQueue}; the thread that
 * serves the requester polls that queue, waits a moment while it is empty ({@link Idle}), folds the
 * result and starts the requester's next read. That is the least any system must do to hand a
 * completion from the device's thread to another thread and start the next read, so a system's
 * {@code io-await} time near this one is spent in the device, not in the system.
 *
 * <p>With {@code threads} serving threads, requester {@code i} is served by thread
 * {@code i mod threads}, each with its own queue: the floor of a system with that many workers,
 * which on a machine with as many cores as serving threads shares them with the device's thread.
 * Not a suite row (it has no peer): {@code java -cp
 * "actor.bench/target/actor.bench-0.1.0-SNAPSHOT.jar:actor.bench/target/bench-lib/*"
 * actor.bench.suite.IoFloor ACTORS [REQUESTS DELAY_MICROS ITERATIONS [THREADS [yield|park]]]}.
 */
public final class IoFloor {

    /** Warm-up iterations {@link #main} runs before it measures. */
    private static final int WARMUP = 10;

    /** What a serving thread does while its queue is empty. */
    public enum Idle {
        /** {@link Thread#yield()}: the thread stays runnable. */
        YIELD,
        /** {@link LockSupport#parkNanos} for 1 microsecond (the kernel's timer slack makes it longer). */
        PARK;

        void pause() {
            if (this == YIELD) {
                Thread.yield();
            } else {
                LockSupport.parkNanos(1_000);
            }
        }
    }

    /** One requester: its index, its checksum so far and how many of its reads have completed. */
    private static final class Requester {
        final int index;
        final ConcurrentLinkedQueue<Requester> ready;
        long checksum;
        int done;

        Requester(int index, ConcurrentLinkedQueue<Requester> ready) {
            this.index = index;
            this.ready = ready;
        }
    }

    private IoFloor() {
    }

    /**
     * Serves {@code actors} requesters of {@code requests} sequential reads each on the calling
     * thread, yielding while there is nothing to do: {@code run(actors, requests, delayMicros, 1,
     * Idle.YIELD)}.
     *
     * @return the elapsed nanoseconds, from the first read to the last result
     * @throws IllegalArgumentException if a count or the delay is below 1
     * @throws IllegalStateException    if the checksums do not add up (a lost or reordered result)
     */
    public static long run(int actors, int requests, long delayMicros) {
        return run(actors, requests, delayMicros, 1, Idle.YIELD);
    }

    /**
     * Serves {@code actors} requesters of {@code requests} sequential reads each on {@code threads}
     * threads (the calling thread and {@code threads - 1} started before the clock starts), and
     * checks their checksums against {@link IoWork#expected}.
     *
     * @return the elapsed nanoseconds, from the first read to the last thread's last result
     * @throws IllegalArgumentException if a count, the delay or {@code threads} is below 1, or
     *                                  {@code threads} exceeds {@code actors}
     * @throws IllegalStateException    if the checksums do not add up (a lost or reordered result)
     */
    public static long run(int actors, int requests, long delayMicros, int threads, Idle idle) {
        if (actors < 1 || requests < 1 || threads < 1 || threads > actors) {
            throw new IllegalArgumentException("actors = " + actors + ", requests = " + requests + ", threads = "
                    + threads + ": each must be at least 1, and threads at most actors");
        }
        @SuppressWarnings({"unchecked", "rawtypes"})
        final ConcurrentLinkedQueue<Requester>[] ready = new ConcurrentLinkedQueue[threads];
        final Requester[] all = new Requester[actors];
        for (int t = 0; t < threads; t++) {
            ready[t] = new ConcurrentLinkedQueue<>();
        }
        for (int a = 0; a < actors; a++) {
            all[a] = new Requester(a, ready[a % threads]);
        }
        final long[] finished = new long[threads];
        final long elapsed;
        try (IoSimulator io = new IoSimulator(delayMicros)) {
            final Thread[] helpers = new Thread[threads - 1];
            for (int t = 1; t < threads; t++) {
                final int mine = t;
                helpers[t - 1] = new Thread(() -> finished[mine] = serve(io, ready[mine], served(actors, threads, mine),
                        requests, idle), "io-floor-" + t);
                helpers[t - 1].start();
            }
            final long start = System.nanoTime();
            for (Requester requester : all) {
                read(io, requester, requests);
            }
            finished[0] = serve(io, ready[0], served(actors, threads, 0), requests, idle);
            for (Thread helper : helpers) {
                helper.join();
            }
            long last = start;
            for (long end : finished) {
                last = Math.max(last, end);
            }
            elapsed = last - start;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the floor's threads", e);
        }
        long sum = 0;
        for (Requester requester : all) {
            sum += requester.checksum;
        }
        if (sum != IoWork.expected(actors, requests)) {
            throw new IllegalStateException("the floor's checksums do not add up: " + sum);
        }
        return elapsed;
    }

    /** How many of {@code actors} requesters thread {@code t} of {@code threads} serves. */
    private static int served(int actors, int threads, int t) {
        return actors / threads + (t < actors % threads ? 1 : 0);
    }

    /** Serves one thread's requesters until each has its last result; returns the time it did. */
    private static long serve(IoSimulator io, ConcurrentLinkedQueue<Requester> ready, int requesters, int requests,
                              Idle idle) {
        int live = requesters;
        while (live > 0) {
            final Requester next = ready.poll();
            if (next == null) {
                idle.pause();
            } else if (next.done == requests) {
                live--;
            } else {
                read(io, next, requests);
            }
        }
        return System.nanoTime();
    }

    /** Starts {@code requester}'s next read; its completion folds the result and queues the requester. */
    private static void read(IoSimulator io, Requester requester, int requests) {
        io.read(IoWork.key(requester.index, requests, requester.done)).thenAccept(result -> {
            requester.checksum = IoWork.fold(requester.checksum, result);
            requester.done++;
            requester.ready.add(requester);
        });
    }

    /**
     * Prints the median, min and max of {@code ITERATIONS} timed runs (after {@value #WARMUP}
     * warm-ups). Arguments: actors, then optionally requests (default 10), the delay in
     * microseconds (default 1,000), iterations (default 20), serving threads (default 1) and what
     * they do while idle ({@code yield}, the default, or {@code park}): by default the small
     * preset's {@code io-await} and {@code io-await-many} sizes on one yielding thread.
     */
    public static void main(String[] args) {
        final int actors;
        final int requests;
        final long delay;
        final int iterations;
        final int threads;
        final Idle idle;
        try {
            if (args.length < 1 || args.length > 6) {
                throw new IllegalArgumentException("expected 1 to 6 arguments, got " + args.length);
            }
            actors = Integer.parseInt(args[0]);
            requests = args.length > 1 ? Integer.parseInt(args[1]) : Sizes.SMALL.ioRequests();
            delay = args.length > 2 ? Long.parseLong(args[2]) : Sizes.SMALL.ioDelayMicros();
            iterations = args.length > 3 ? Integer.parseInt(args[3]) : 20;
            threads = args.length > 4 ? Integer.parseInt(args[4]) : 1;
            idle = args.length > 5 ? idleOf(args[5]) : Idle.YIELD;
            if (actors < 1 || requests < 1 || delay < 1 || iterations < 1 || threads < 1) {
                throw new IllegalArgumentException("every number must be at least 1");
            }
            if (threads > actors) {
                throw new IllegalArgumentException("threads (" + threads + ") must not exceed actors (" + actors + ")");
            }
        } catch (IllegalArgumentException e) {
            System.err.println("IoFloor: " + e.getMessage() + "; usage: IoFloor ACTORS [REQUESTS DELAY_MICROS ITERATIONS"
                    + " [THREADS [yield|park]]] (whole numbers, at least 1)");
            System.exit(2);
            return;
        }
        for (int i = 0; i < WARMUP; i++) {
            run(actors, requests, delay, threads, idle);
        }
        final double[] millis = new double[iterations];
        for (int i = 0; i < iterations; i++) {
            millis[i] = run(actors, requests, delay, threads, idle) / 1e6;
        }
        Arrays.sort(millis);
        System.out.printf("io floor: %d actors x %d requests, %d us reads, %d %s thread%s: median %.1f ms (min %.1f, max %.1f),"
                        + " %d iterations%n", actors, requests, delay, threads, idle.name().toLowerCase(Locale.ROOT),
                threads == 1 ? "" : "s", millis[iterations / 2], millis[0], millis[iterations - 1], iterations);
    }

    private static Idle idleOf(String name) {
        return switch (name) {
            case "yield" -> Idle.YIELD;
            case "park" -> Idle.PARK;
            default -> throw new IllegalArgumentException("unknown idle step '" + name + "': expected yield or park");
        };
    }
}
