package actor.bench.suite;

import java.util.Arrays;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The floor of the I/O-bound rows without any actor system: the same requests, keys, checksums
 * and {@link IoSimulator} device, served by the one thread that calls {@link #run}. Each read's
 * completion (on the device's thread) queues its requester on a {@link ConcurrentLinkedQueue};
 * the calling thread polls the queue, yielding while it is empty, folds the result and starts the
 * requester's next read. That is the least any system must do to hand a completion from the
 * device's thread to another thread and start the next read, so a system's {@code io-await} time
 * near this one is spent in the device, not in the system. Not a suite row (it has no peer):
 * {@code java -cp "actor.bench/target/actor.bench-0.1.0-SNAPSHOT.jar:actor.bench/target/bench-lib/*"
 * actor.bench.suite.IoFloor ACTORS [REQUESTS DELAY_MICROS ITERATIONS]}.
 */
public final class IoFloor {

    /** Warm-up iterations {@link #main} runs before it measures. */
    private static final int WARMUP = 10;

    /** One requester: its index, its checksum so far and how many of its reads have completed. */
    private static final class Requester {
        final int index;
        long checksum;
        int done;

        Requester(int index) {
            this.index = index;
        }
    }

    private IoFloor() {
    }

    /**
     * Serves {@code actors} requesters of {@code requests} sequential reads each and checks their
     * checksums against {@link IoWork#expected}.
     *
     * @return the elapsed nanoseconds, from the first read to the last result
     * @throws IllegalArgumentException if a count or the delay is below 1
     * @throws IllegalStateException    if the checksums do not add up (a lost or reordered result)
     */
    public static long run(int actors, int requests, long delayMicros) {
        if (actors < 1 || requests < 1) {
            throw new IllegalArgumentException("actors = " + actors + ", requests = " + requests + ": must be at least 1");
        }
        final ConcurrentLinkedQueue<Requester> ready = new ConcurrentLinkedQueue<>();
        final Requester[] all = new Requester[actors];
        final long elapsed;
        try (IoSimulator io = new IoSimulator(delayMicros)) {
            final long start = System.nanoTime();
            for (int a = 0; a < actors; a++) {
                all[a] = new Requester(a);
                read(io, all[a], requests, ready);
            }
            int live = actors;
            while (live > 0) {
                final Requester next = ready.poll();
                if (next == null) {
                    Thread.yield();
                } else if (next.done == requests) {
                    live--;
                } else {
                    read(io, next, requests, ready);
                }
            }
            elapsed = System.nanoTime() - start;
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

    /** Starts {@code requester}'s next read; its completion folds the result and queues the requester. */
    private static void read(IoSimulator io, Requester requester, int requests, ConcurrentLinkedQueue<Requester> ready) {
        io.read(IoWork.key(requester.index, requests, requester.done)).thenAccept(result -> {
            requester.checksum = IoWork.fold(requester.checksum, result);
            requester.done++;
            ready.add(requester);
        });
    }

    /**
     * Prints the median, min and max of {@code ITERATIONS} timed runs (after {@value #WARMUP}
     * warm-ups). Arguments: actors, then optionally requests (default 10), the delay in
     * microseconds (default 1,000) and iterations (default 20): the small preset's
     * {@code io-await} and {@code io-await-many} sizes by default.
     */
    public static void main(String[] args) {
        final int actors;
        final int requests;
        final long delay;
        final int iterations;
        try {
            if (args.length < 1 || args.length > 4) {
                throw new IllegalArgumentException("expected 1 to 4 arguments, got " + args.length);
            }
            actors = Integer.parseInt(args[0]);
            requests = args.length > 1 ? Integer.parseInt(args[1]) : Sizes.SMALL.ioRequests();
            delay = args.length > 2 ? Long.parseLong(args[2]) : Sizes.SMALL.ioDelayMicros();
            iterations = args.length > 3 ? Integer.parseInt(args[3]) : 20;
            if (actors < 1 || requests < 1 || delay < 1 || iterations < 1) {
                throw new IllegalArgumentException("every argument must be at least 1");
            }
        } catch (IllegalArgumentException e) {
            System.err.println("IoFloor: " + e.getMessage()
                    + "; usage: IoFloor ACTORS [REQUESTS DELAY_MICROS ITERATIONS] (whole numbers, at least 1)");
            System.exit(2);
            return;
        }
        for (int i = 0; i < WARMUP; i++) {
            run(actors, requests, delay);
        }
        final double[] millis = new double[iterations];
        for (int i = 0; i < iterations; i++) {
            millis[i] = run(actors, requests, delay) / 1e6;
        }
        Arrays.sort(millis);
        System.out.printf("io floor: %d actors x %d requests, %d us reads: median %.1f ms (min %.1f, max %.1f), %d iterations%n",
                actors, requests, delay, millis[iterations / 2], millis[0], millis[iterations - 1], iterations);
    }
}
