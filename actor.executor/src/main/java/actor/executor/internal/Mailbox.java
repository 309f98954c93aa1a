package actor.executor.internal;

import actor.stats.WorkerCounters;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/** Padding before the hot fields, so no other object shares their cache lines. */
abstract class MailboxPad0 {
    long p00, p01, p02, p03, p04, p05, p06, p07;
    long p08, p09, p10, p11, p12, p13, p14, p15;
}

/**
 * The hot fields of a mailbox. All on one cache line, because a send touches all of them.
 *
 * <ul>
 * <li>{@code lock}: the spin lock. CAS to acquire (any thread), release store to unlock.</li>
 * <li>{@code queue}: the current copy queue. Read and replaced under the lock; read racily (opaque)
 *     by the test-and-gulp check and by thieves.</li>
 * <li>{@code beingProcessed}: set under the lock by the worker that gulps; cleared by the same
 *     worker with a release store after its batch; read with acquire by the next gulper (under the
 *     lock) and opaquely by thieves. It makes at most one batch of this mailbox run at a time.</li>
 * <li>{@code owner}: the worker whose slice holds this mailbox, so a sender knows whom to wake.
 *     Written by a thief after a swap (then it takes the lock, see the stealing code); read under
 *     the lock by senders.</li>
 * <li>{@code closed}: set under the lock once the system has stopped; sends that race the stop
 *     then report their message instead of queueing it.</li>
 * </ul>
 */
abstract class MailboxFields extends MailboxPad0 {
    volatile int lock;
    boolean beingProcessed;
    boolean closed;
    CopyQueue queue;
    Worker owner;
}

/**
 * One of the M sharded message queues. Every message for an actor goes to the mailbox of its
 * ticket, which gives per-actor FIFO order; the {@code beingProcessed} flag gives per-actor mutual
 * exclusion even when the mailbox moves between workers.
 */
final class Mailbox extends MailboxFields {

    private static final int SPINS_BEFORE_YIELD = 128;
    private static final int YIELDS_BEFORE_PARK = 8;
    private static final long MIN_PARK_NANOS = 1_000;
    private static final long MAX_PARK_NANOS = 256_000;
    private static final VarHandle VH_LOCK;
    private static final VarHandle VH_BEING_PROCESSED;
    private static final VarHandle VH_QUEUE;

    static {
        try {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            VH_LOCK = lookup.findVarHandle(MailboxFields.class, "lock", int.class);
            VH_BEING_PROCESSED = lookup.findVarHandle(MailboxFields.class, "beingProcessed", boolean.class);
            VH_QUEUE = lookup.findVarHandle(MailboxFields.class, "queue", CopyQueue.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    long q00, q01, q02, q03, q04, q05, q06, q07;
    long q08, q09, q10, q11, q12, q13, q14, q15;

    final int index;

    Mailbox(int index, CopyQueue queue, Worker owner) {
        this.index = index;
        this.queue = queue;
        this.owner = owner;
    }

    void lock() {
        if (!VH_LOCK.compareAndSet(this, 0, 1)) {
            lockContended();
        }
    }

    /**
     * Spins, then yields, then parks for growing periods. A lock is held for a few dozen
     * nanoseconds, so spinning nearly always wins; but when the holder has lost its CPU (more
     * runnable threads than cores: JIT or GC threads, oversubscribed workers, a virtual CPU the host
     * took away) spinning and yielding only burn the CPU it needs. Parking gives it back.
     */
    private void lockContended() {
        int spins = 0;
        int yields = 0;
        long parkNanos = MIN_PARK_NANOS;
        while (true) {
            if (lock == 0 && VH_LOCK.compareAndSet(this, 0, 1)) {
                return;
            }
            if (++spins < SPINS_BEFORE_YIELD) {
                Thread.onSpinWait();
                continue;
            }
            spins = 0;
            if (++yields <= YIELDS_BEFORE_PARK) {
                Thread.yield();
            } else {
                LockSupport.parkNanos(this, parkNanos);
                parkNanos = Math.min(2 * parkNanos, MAX_PARK_NANOS);
            }
        }
    }

    void unlock() {
        VH_LOCK.setRelease(this, 0);
    }

    /** Racy hint that the current queue holds messages; see {@link CopyQueue#isEmptyRacy()}. */
    boolean hasMessagesRacy() {
        return !((CopyQueue) VH_QUEUE.getOpaque(this)).isEmptyRacy();
    }

    /** Racy count of queued messages, for steal statistics. */
    int sizeRacy() {
        return ((CopyQueue) VH_QUEUE.getOpaque(this)).sizeRacy();
    }

    /** Under the lock: whether another worker is running a batch gulped from here. */
    private boolean isBeingProcessed() {
        return (boolean) VH_BEING_PROCESSED.getAcquire(this);
    }

    /** Racy read for thieves scanning a victim's slice. */
    boolean isBeingProcessedRacy() {
        return (boolean) VH_BEING_PROCESSED.getOpaque(this);
    }

    /**
     * The test-and-gulp, after the caller's racy emptiness test: under the lock, if no other
     * worker is processing this mailbox and it holds messages, takes its copy queue for processing,
     * leaves {@code spare} (empty) in its place, and marks the mailbox being processed. The caller
     * then drains the batch without any atomic operation and calls {@link #doneProcessing()}.
     *
     * @return the batch to run, or null: nothing queued, or another worker's batch from this mailbox
     *         is still running (then {@code counters} records a missed gulp)
     */
    CopyQueue tryGulp(CopyQueue spare, WorkerCounters counters) {
        lock();
        if (isBeingProcessed()) {
            unlock();
            counters.missedGulp();
            return null;
        }
        final CopyQueue full = queue;
        if (full.isEmpty()) {
            unlock();
            return null;
        }
        VH_QUEUE.setOpaque(this, spare);
        beingProcessed = true;
        unlock();
        return full;
    }

    /** After the batch: lets the next gulp of this mailbox proceed (release: publishes the batch's effects). */
    void doneProcessing() {
        VH_BEING_PROCESSED.setRelease(this, false);
    }
}
