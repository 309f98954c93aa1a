package actor.bench.jmh;

import actor.api.ActorSystem;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** Padding before the count, so no object allocated before it shares its cache line. */
abstract class ReceiptCounterPad0 {
    long p00, p01, p02, p03, p04, p05, p06, p07;
    long p08, p09, p10, p11, p12, p13, p14, p15;
}

/**
 * The count. Written by the worker threads running the counting behaviours (see the two increments
 * of {@link ReceiptCounter} for the ordering each writer uses); read with opaque loads by the
 * benchmark thread, which only needs to see it advance.
 */
abstract class ReceiptCounterFields extends ReceiptCounterPad0 {
    long received;
}

/**
 * Messages received so far by the actors of a send benchmark, so the benchmark thread can bound
 * how many messages are in flight. The count lives on a cache line of its own: if it sat in the
 * receiving actor, every increment by the worker would invalidate the line the sender reads the
 * actor's ticket from on each send, and the benchmark would measure that false sharing too.
 *
 * <p>A counter is incremented either always by {@link #incrementSingleWriter()} (one actor) or
 * always by {@link #incrementAtomic()} (many actors, several workers), never by both.
 */
final class ReceiptCounter extends ReceiptCounterFields {

    /**
     * Spins before each {@link Thread#yield()}. A batch is normally received within a few
     * microseconds; on an oversubscribed machine (a busy-spinning worker and this thread sharing a
     * core) yielding lets the worker run instead of spinning out a whole time slice.
     */
    private static final int SPINS_BEFORE_YIELD = 1 << 10;
    /** Yields between two checks that the system still runs and the thread was not interrupted. */
    private static final int YIELDS_PER_CHECK = 1 << 10;
    private static final VarHandle VH_RECEIVED;

    static {
        try {
            VH_RECEIVED = MethodHandles.lookup().findVarHandle(ReceiptCounterFields.class, "received", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    long q00, q01, q02, q03, q04, q05, q06, q07;
    long q08, q09, q10, q11, q12, q13, q14, q15;

    /**
     * One more message received, by a single writer: only one actor counts here, and behaviours of
     * one actor never overlap. A plain read and an opaque store, no atomic instruction.
     */
    void incrementSingleWriter() {
        // NOTE: successive behaviours of one actor are ordered by its mailbox (the beingProcessed
        // release/acquire), even when the mailbox is stolen, so the plain read sees the last store.
        VH_RECEIVED.setOpaque(this, received + 1);
    }

    /** One more message received, by any of several workers at once: an atomic add. */
    void incrementAtomic() {
        final long ignored = (long) VH_RECEIVED.getAndAdd(this, 1L);
    }

    /** Messages received so far (opaque: may lag, never goes back). */
    long received() {
        return (long) VH_RECEIVED.getOpaque(this);
    }

    /**
     * Waits until at least {@code target} messages were received: spins, yielding now and then.
     *
     * @throws IllegalStateException if {@code system} stopped meanwhile (an actor failed, say) or
     *                               the thread was interrupted, rather than spinning forever
     */
    void awaitAtLeast(long target, ActorSystem system) {
        int spins = 0;
        int yields = 0;
        while (received() < target) {
            if (++spins < SPINS_BEFORE_YIELD) {
                Thread.onSpinWait();
                continue;
            }
            spins = 0;
            Thread.yield();
            if (++yields == YIELDS_PER_CHECK) {
                yields = 0;
                if (!system.isRunning() || Thread.currentThread().isInterrupted()) {
                    throw new IllegalStateException("waited for " + target + " receipts, saw " + received()
                            + "; system running: " + system.isRunning());
                }
            }
        }
    }
}
