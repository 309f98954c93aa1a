package actor.bench.suite;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The simulated I/O device of the I/O-bound rows ({@code io-block}, {@code io-await}), the same for
 * both systems and every form, so that the I/O side of their runs is identical: {@link #read}
 * returns a future that the device's one thread completes with {@link #response} of the key
 * {@code ioDelayMicros} after the call. One device per iteration, started before the timed part
 * and closed after it.
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

    private final ScheduledThreadPoolExecutor device;
    private final long delayMicros;
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
        this.delayMicros = delayMicros;
        this.device = new ScheduledThreadPoolExecutor(1, task -> {
            final Thread thread = new Thread(task, "io-simulator");
            thread.setDaemon(true);
            return thread;
        });
        device.prestartCoreThread();
    }

    /** What a read of {@code key} completes with. */
    public static long response(long key) {
        return key * 31 + 7;
    }

    /**
     * Starts a read of {@code key}: the returned future completes with {@link #response} of
     * {@code key}, on the device's thread, {@code delayMicros} from now.
     */
    public CompletableFuture<Long> read(long key) {
        final CompletableFuture<Long> result = new CompletableFuture<>();
        peakInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        device.schedule(() -> {
            // Counted out before completing, so that a reader woken by the completion, issuing its
            // next read at once, never sees its own previous read still in flight.
            inFlight.decrementAndGet();
            result.complete(response(key));
        }, delayMicros, TimeUnit.MICROSECONDS);
        return result;
    }

    /**
     * The most reads that were in flight at once: for a form that handles one request per actor at
     * a time, how many actors' requests overlapped.
     */
    public int peakInFlight() {
        return peakInFlight.get();
    }

    /**
     * Stops the device once every read issued has completed.
     *
     * @throws IllegalStateException if its thread has not finished within {@value #CLOSE_TIMEOUT_SECONDS} s,
     *                               or the caller was interrupted while waiting (its flag stays set)
     */
    @Override
    public void close() {
        device.shutdown();
        final boolean finished;
        try {
            finished = device.awaitTermination(CLOSE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the I/O simulator to finish", e);
        }
        if (!finished) {
            throw new IllegalStateException("the I/O simulator did not finish within " + CLOSE_TIMEOUT_SECONDS + " s");
        }
    }
}
