package actor.executor.internal;

import actor.stats.internal.WorkerCounters;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The copy-queue mailbox's queue, on the gulp-state line right after the shared fields
 * ({@link MailboxFields}). {@code queue}: the current copy queue. Read and replaced under the lock;
 * read racily (opaque) by the test-and-gulp check and by thieves.
 */
abstract class CopyQueueMailboxFields extends Mailbox {
    CopyQueue queue;

    CopyQueueMailboxFields(int index) {
        super(index);
    }
}

/** Padding after the gulp state. */
abstract class CopyQueueMailboxPad2 extends CopyQueueMailboxFields {
    byte c000, c001, c002, c003, c004, c005, c006, c007, c010, c011, c012, c013, c014, c015, c016, c017;
    byte c020, c021, c022, c023, c024, c025, c026, c027, c030, c031, c032, c033, c034, c035, c036, c037;
    byte c040, c041, c042, c043, c044, c045, c046, c047, c050, c051, c052, c053, c054, c055, c056, c057;
    byte c060, c061, c062, c063, c064, c065, c066, c067, c070, c071, c072, c073, c074, c075, c076, c077;
    byte c100, c101, c102, c103, c104, c105, c106, c107, c110, c111, c112, c113, c114, c115, c116, c117;
    byte c120, c121, c122, c123, c124, c125, c126, c127, c130, c131, c132, c133, c134, c135, c136, c137;
    byte c140, c141, c142, c143, c144, c145, c146, c147, c150, c151, c152, c153, c154, c155, c156, c157;
    byte c160, c161, c162, c163, c164, c165, c166, c167, c170, c171, c172, c173, c174, c175, c176, c177;

    CopyQueueMailboxPad2(int index) {
        super(index);
    }
}

/**
 * The default mailbox kind ({@link actor.api.tuning.MailboxKind#COPY_QUEUE}), as in the reference
 * chapter: a send takes the spin lock and pushes the envelope by value onto a {@link CopyQueue},
 * allocating nothing; a gulp swaps the whole queue for the worker's empty spare under the lock, and
 * the worker runs the batch without any atomic operation (a behaviour's sends to the same mailbox
 * join the running batch, {@link Worker#send}).
 *
 * <p>Every send, gulp, steal and re-check of this kind happens under the mailbox lock, which is
 * what orders a send against a worker's announce-and-re-check ({@link WorkerSleep}).
 */
final class CopyQueueMailbox extends CopyQueueMailboxPad2 {


    private static final VarHandle VH_QUEUE;

    static {
        try {
            VH_QUEUE = MethodHandles.lookup().findVarHandle(CopyQueueMailboxFields.class, "queue", CopyQueue.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    CopyQueueMailbox(int index, CopyQueue queue) {
        super(index);
        this.queue = queue;
    }

    /**
     * The send: under the lock, pushes the envelope and reads whether the owner sleeps; after
     * unlocking, wakes it if so ({@link WorkerSleep} explains why no wake-up is lost), unless a
     * worker adopted the mailbox and will gulp it ({@link #pushOrAdopt}).
     *
     * @return false if the mailbox is closed (the system has stopped); nothing was queued
     */
    @Override
    boolean push(Object registration, Object message) {
        lock();
        if (closed) {
            unlock();
            return false;
        }
        queue.push(registration, message);
        final WorkerSleep sleep = owner;
        // NOTE: an adopted mailbox needs no wake-up: its adopter's gulp, which takes this lock
        // after this push, runs this message too (Mailbox#pushOrAdopt).
        final boolean claimed = !adopted && sleep.claim();
        unlock();
        if (claimed) {
            sleep.unpark();
        }
        return true;
    }

    @Override
    int pushOrAdopt(Object registration, Object message) {
        lock();
        if (closed) {
            unlock();
            return PUSH_CLOSED;
        }
        final CopyQueue current = queue;
        final WorkerSleep sleep = owner;
        if (current.isEmpty() && !beingProcessed) {
            current.push(registration, message);
            adopted = true;
            unlock();
            return PUSH_ADOPTED;
        }
        current.push(registration, message);
        final boolean claimed = !adopted && sleep.claim();
        unlock();
        if (claimed) {
            sleep.unpark();
        }
        return PUSH_QUEUED;
    }

    /** Racy hint that the current queue holds messages; see {@link CopyQueue#isEmptyRacy()}. */
    @Override
    boolean hasMessagesRacy() {
        return !((CopyQueue) VH_QUEUE.getOpaque(this)).isEmptyRacy();
    }

    @Override
    int sizeRacy() {
        return ((CopyQueue) VH_QUEUE.getOpaque(this)).sizeRacy();
    }

    @Override
    int sizeLocked() {
        return queue.size();
    }

    /**
     * The test-and-gulp, after the caller's racy emptiness test: under the lock, if the caller
     * still owns this mailbox ({@code me}; null for a worker visiting a mailbox it adopted,
     * {@link #pushOrAdopt}, whoever owns it now), no batch of it runs (a worker's spare carrier visits the same slice,
     * {@link Carriers}) and it holds messages, takes its copy queue for processing, leaves
     * {@code spare} (empty) in its place, and marks the mailbox being processed. The caller then
     * drains the batch without any atomic operation and calls {@link #finishBatch}.
     *
     * <p>A sender holding the lock is finishing a push: the gulp waits for it. (Putting the gulp
     * off to a later pass, so that a thread sending in a loop could run ahead, was deleted: no row
     * was faster with it, on an idle machine or beside busy processes; docs/scheduling.md.)
     *
     * @return the batch to run, or null: nothing queued, a sender held the lock, or a thief took
     *         the mailbox after the caller read its slot (then {@code counters} records a missed
     *         gulp)
     */
    CopyQueue tryGulp(WorkerSleep me, CopyQueue spare, WorkerCounters counters) {
        lock();
        if (me != null && owner != me) {
            unlock();
            counters.missedGulp();
            return null;
        }
        // NOTE: acquire, pairing with the release that ended the last batch: a spare carrier and the
        // worker it relieves visit one slice, and whoever gulps next sees that batch's effects.
        if ((boolean) VH_BEING_PROCESSED.getAcquire(this)) {
            unlock();
            return null;
        }
        final CopyQueue full = queue;
        if (full.isEmpty()) {
            unlock();
            return null;
        }
        VH_QUEUE.setOpaque(this, spare);
        beingProcessed = true;
        adopted = false;
        unlock();
        return full;
    }

    /**
     * After a batch: if messages arrived while it ran, {@code regulp} allows and no sender holds
     * the lock, takes them as the next batch at once (the mailbox stays being processed, so it
     * stays with this worker); otherwise lets thieves and the next gulp at it (release: publishes
     * the batch's effects). A held lock is a sender still adding to the queue: the next gulp, a
     * pass later, finds a longer batch ({@link #tryGulp}).
     *
     * @param spare the drained, empty queue to leave in the mailbox if it re-gulps
     * @return the next batch, or null if the mailbox is released
     */
    CopyQueue finishBatch(CopyQueue spare, boolean regulp) {
        if (regulp && hasMessagesRacy() && tryLock()) {
            final CopyQueue full = queue;
            if (!full.isEmpty()) {
                VH_QUEUE.setOpaque(this, spare);
                unlock();
                return full;
            }
            beingProcessed = false;
            unlock();
            return null;
        }
        VH_BEING_PROCESSED.setRelease(this, false);
        return null;
    }

    /**
     * Under the lock (which orders it with every send and relocation of this mailbox). An empty
     * queue is trimmed on the way, so an idle system does not keep a burst's memory.
     */
    @Override
    boolean mayHaveWorkFor(WorkerSleep me) {
        lock();
        final CopyQueue current = queue;
        final boolean work = !current.isEmpty() || owner != me;
        if (!work) {
            current.trim();
        }
        unlock();
        return work;
    }

    /** Under the lock, which orders it with every send's check of the flag. */
    @Override
    WorkerSleep claimOwnerIfMessages() {
        lock();
        final WorkerSleep sleep = owner;
        final boolean claimed = !queue.isEmpty() && sleep.claim();
        unlock();
        return claimed ? sleep : null;
    }

    /**
     * Under the lock: every sender claims the flag under this same lock, so a message queued while
     * the flag is still set is a wake-up that was lost (exact with respect to senders), unless an
     * adopter queued it and owes the mailbox a visit ({@link #pushOrAdopt}).
     */
    @Override
    boolean hasUnclaimedMessages(WorkerSleep sleep) {
        lock();
        final boolean unclaimed = !queue.isEmpty() && sleep.isSleeping() && !adopted;
        unlock();
        return unclaimed;
    }

    @Override
    void closeAndDrain(CopyQueue.EnvelopeSink sink) {
        lock();
        closed = true;
        queue.clearInto(sink);
        unlock();
    }
}
