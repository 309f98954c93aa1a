package actor.bench.suite;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The simulated I/O device of the I/O-bound rows ({@code io-block}, {@code io-await},
 * {@code io-await-many}), the same for both systems and every form, so that the I/O side of their
 * runs is identical: {@link #read} returns a future that the device's one thread completes with
 * {@link #response} of the key {@code ioDelayMicros} after the call. One device per iteration,
 * started before the timed part and closed after it.
 *
 * <p>Reads wait in a lock-free queue in the order they were issued. Every read takes the same
 * delay, so that order is also the order in which they fall due (reads issued at nearly the same
 * time by two threads may enter the queue in the other order; the later-due one then completes a
 * few hundred nanoseconds late, never early). The device's thread parks until the head is due,
 * completes it, and parks with nothing to do when the queue is empty; it reads the clock only
 * when the head is not yet due by its last reading (a reading older than the present can only
 * make a read late, never early), so a run of due reads costs one clock read, not one each. A
 * read that finds the thread announced parked unparks it. So neither the readers nor the device's
 * thread ever wait for a lock: the device costs each read a queue insertion and a completion, and
 * a run measures the system that issues the reads, not the device (a
 * {@code ScheduledThreadPoolExecutor}, whose one lock the readers and its thread contend for, took
 * twice the reads' own latency to serve 2,000 requesters with no actor system at all; see
 * {@link IoFloor} and docs/lab/benchmarks-notebook.md).
 *
 * <p>Threading: {@link #read} is called from any thread (the systems' workers); every completion
 * runs on the device's thread, together with whatever the caller chained on the future (an
 * actorkit continuation's hand-off, Pekko's {@code pipeToSelf} tell, or the wake-up of a thread
 * blocked in {@code join()}). {@link #peakInFlight} counts reads issued and not yet completed, as
 * atomics.
 */
public final class IoSimulator implements AutoCloseable {

    /** How long {@link #close} waits for the device's thread to finish the reads still pending. */
    private static final long CLOSE_TIMEOUT_SECONDS = 10;

    /** One read in flight: when it falls due, its key, and the future it completes. */
    private record Read(long dueNanos, long key, CompletableFuture<Long> result) {
    }

    private final long delayNanos;
    private final ConcurrentLinkedQueue<Read> reads = new ConcurrentLinkedQueue<>();
    private final Thread thread;
    /**
     * Set by the device's thread before its last look at an empty queue and its park; a reader
     * that queued a read and then sees it set unparks the thread. Both sides write, then read the
     * other side's variable (the queue's insertion is a CAS), so one of them sees the other: no
     * read waits for a thread parked on an empty queue.
     */
    private volatile boolean parked;
    /** Set once by {@link #close} (any thread); read by readers and by the device's thread (volatile). */
    private volatile boolean closing;
    /** Reads issued and not yet completed: incremented by readers, decremented by the device's thread. */
    private final AtomicInteger inFlight = new AtomicInteger();
    /** The most reads in flight at once since the start: raised by readers. */
    private final AtomicInteger peakInFlight = new AtomicInteger();

    /**
     * Starts a device whose reads take {@code delayMicros}.
     *
     * @throws IllegalArgumentException if {@code delayMicros} is below 1
     */
    public IoSimulator(long delayMicros) {
        if (delayMicros < 1) {
            throw new IllegalArgumentException("delayMicros = " + delayMicros + ": must be at least 1");
        }
        this.delayNanos = TimeUnit.MICROSECONDS.toNanos(delayMicros);
        this.thread = new Thread(this::serve, "io-simulator");
        thread.setDaemon(true);
        thread.start();
    }

    /** What a read of {@code key} completes with. */
    public static long response(long key) {
        return key * 31 + 7;
    }

    /**
     * Starts a read of {@code key}: the returned future completes with {@link #response} of
     * {@code key}, on the device's thread, {@code delayMicros} from now (never earlier).
     *
     * @throws IllegalStateException if the device is closed
     */
    public CompletableFuture<Long> read(long key) {
        if (closing) {
            throw new IllegalStateException("the I/O simulator is closed");
        }
        final CompletableFuture<Long> result = new CompletableFuture<>();
        peakInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        reads.add(new Read(System.nanoTime() + delayNanos, key, result));
        // NOTE: the other half of serve's announce-and-look: queued first, then the announcement read.
        if (parked) {
            LockSupport.unpark(thread);
        }
        return result;
    }

    /**
     * The device's thread: completes each read once due, in queue order, until closed and drained.
     * {@code now} is the last clock reading, never ahead of the clock, so a head due by it is due.
     */
    private void serve() {
        long now = System.nanoTime();
        while (true) {
            final Read head = reads.peek();
            if (head == null) {
                if (closing) {
                    return;
                }
                parked = true;
                // NOTE: announce, then look again: a reader queues, then reads the announcement
                // (both volatile or CAS), so either this look sees its read or it unparks us.
                if (reads.peek() == null && !closing) {
                    LockSupport.park(this);
                }
                parked = false;
                continue;
            }
            if (head.dueNanos() - now > 0) {
                now = System.nanoTime();
                final long wait = head.dueNanos() - now;
                if (wait > 0) {
                    LockSupport.parkNanos(this, wait);
                    continue;
                }
            }
            reads.poll();
            // Counted out before completing, so that a reader woken by the completion, issuing its
            // next read at once, never sees its own previous read still in flight.
            inFlight.decrementAndGet();
            head.result().complete(response(head.key()));
        }
    }

    /**
     * The most reads that were in flight at once: for a form that handles one request per actor at
     * a time, how many actors' requests overlapped.
     */
    public int peakInFlight() {
        return peakInFlight.get();
    }

    /**
     * Stops the device once every read issued has completed; reads issued after this call are
     * refused. Call it once the readers are done: a read issued while it runs may be neither
     * refused nor completed.
     *
     * @throws IllegalStateException if its thread has not finished within {@value #CLOSE_TIMEOUT_SECONDS} s,
     *                               or the caller was interrupted while waiting (its flag stays set)
     */
    @Override
    public void close() {
        closing = true;
        LockSupport.unpark(thread);
        try {
            thread.join(TimeUnit.SECONDS.toMillis(CLOSE_TIMEOUT_SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the I/O simulator to finish", e);
        }
        if (thread.isAlive()) {
            throw new IllegalStateException("the I/O simulator did not finish within " + CLOSE_TIMEOUT_SECONDS + " s");
        }
    }
}
