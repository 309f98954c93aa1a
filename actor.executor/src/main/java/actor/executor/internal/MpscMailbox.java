package actor.executor.internal;

import actor.stats.internal.WorkerCounters;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The MPSC mailbox's queue, on the gulp-state line right after the shared fields
 * ({@link MailboxFields}): final, so senders read it without any ordering; the queue's own ends and
 * counts sit on padded lines inside it. {@code late}, also final, is where a sender that met the stop
 * after its offer reports what it drained.
 */
abstract class MpscMailboxFields extends Mailbox {
    final MpscLinkedQueue.Numbered<MpscMailbox.Envelope> queue;
    final CopyQueue.EnvelopeSink late;

    MpscMailboxFields(int index, MpscLinkedQueue.Numbered<MpscMailbox.Envelope> queue,
                      CopyQueue.EnvelopeSink late) {
        super(index);
        this.queue = queue;
        this.late = late;
    }
}

/** Padding after the gulp state. */
abstract class MpscMailboxPad2 extends MpscMailboxFields {
    byte c000, c001, c002, c003, c004, c005, c006, c007, c010, c011, c012, c013, c014, c015, c016, c017;
    byte c020, c021, c022, c023, c024, c025, c026, c027, c030, c031, c032, c033, c034, c035, c036, c037;
    byte c040, c041, c042, c043, c044, c045, c046, c047, c050, c051, c052, c053, c054, c055, c056, c057;
    byte c060, c061, c062, c063, c064, c065, c066, c067, c070, c071, c072, c073, c074, c075, c076, c077;
    byte c100, c101, c102, c103, c104, c105, c106, c107, c110, c111, c112, c113, c114, c115, c116, c117;
    byte c120, c121, c122, c123, c124, c125, c126, c127, c130, c131, c132, c133, c134, c135, c136, c137;
    byte c140, c141, c142, c143, c144, c145, c146, c147, c150, c151, c152, c153, c154, c155, c156, c157;
    byte c160, c161, c162, c163, c164, c165, c166, c167, c170, c171, c172, c173, c174, c175, c176, c177;

    MpscMailboxPad2(int index, MpscLinkedQueue.Numbered<MpscMailbox.Envelope> queue,
                    CopyQueue.EnvelopeSink late) {
        super(index, queue, late);
    }
}

/**
 * The lock-free mailbox kind ({@link actor.api.tuning.MailboxKind#MPSC}): a send offers one
 * {@link Envelope} (allocated per send, holding the {@link MailboxRegistration} and the message, and
 * itself the queue's node) to an {@link MpscLinkedQueue} and takes no lock; the owner drains it in
 * batches.
 * The spin lock of {@link Mailbox} is kept for the consumer and steal side only: a gulp checks
 * {@code owner} and sets {@code beingProcessed} under it, a thief takes the mailbox under it, the
 * lost-wake-up count peeks under it, and the final sweep closes it under it. A behaviour's sends to
 * the mailbox whose batch it runs take the ordinary send path here (no joining of the running
 * batch, {@link Worker#send}): they run in a later batch of the same visit.
 *
 * <p><b>The gulp.</b> Under the lock the owner checks it still owns the mailbox, reads the queue's
 * size and sets {@code beingProcessed}; after unlocking it drains at most that many envelopes
 * ({@link #drain}), the messages queued at that moment, as one batch. Only the owner drains, and
 * no thief takes the mailbox while {@code beingProcessed} is set, so the queue always has a single
 * consumer: the previous owner's release of {@code beingProcessed} and the thief's acquire read of
 * it under the lock hand the consumer side over.
 *
 * <p><b>No lost wake-up, without the lock.</b> The accesses the argument uses are sequentially
 * consistent: the queue's {@code offer} numbers the envelope and swaps it in as the tail with a
 * compare-and-set (a volatile read-modify-write, {@link MpscLinkedQueue.Numbered}), its emptiness
 * test reads the consumer's count and the tail volatile, and {@code owner}, {@code sleeping} and {@code closed} are read and written
 * volatile. A sender does <em>offer; read owner; read owner.sleeping</em>. A worker going to sleep does
 * <em>write sleeping = true; read the queue's counts; read owner</em> (its re-check,
 * {@link #mayHaveWorkFor}). In the single total order of these accesses, either the worker's read of
 * the counts comes after the offer, so it sees the message and does not sleep, or the sender's
 * read of {@code sleeping} comes after the announcement, so it sees {@code true} and claims the
 * wake-up (or another waker already did). Owners change only under the lock, during a swap:
 * <ul>
 * <li>a sender that read the old owner of a stolen mailbox read it before the thief wrote itself
 *     as owner; the thief is awake and gulps the mailbox from its own slot, and if it later
 *     announces sleep its re-check sees the message;</li>
 * <li>for the mailbox the thief gives away, the thief, after publishing the swap, reads the queue
 *     after its write of the owner ({@link #claimOwnerIfMessages}), so it sees any message whose
 *     sender read the previous owner, and claims the new owner's wake-up;</li>
 * <li>a worker whose re-check reads a mailbox that a thief is taking from under it (the slot read
 *     before the swap): it reads the queue's counts, then {@code owner}. If the counts show the
 *     thief's drain, the volatile read of the consumer's count (written with a release store after
 *     each take) makes the thief's earlier owner write visible, so the worker sees it is no longer
 *     the owner and looks again; if its owner read
 *     comes before the thief's owner write in the total order, so does its announce, and the
 *     thief's later read of its flag sees it.</li>
 * </ul>
 *
 * <p><b>Closing.</b> The same order settles a send racing the final sweep: the sweep does
 * <em>write closed = true; poll until empty</em>, a sender <em>offer; read closed</em>. Either the
 * sweep's poll sees the envelope (a strict poll waits for an envelope already counted but not yet
 * linked) and reports it undelivered, or the sender sees {@code closed} and drains the queue itself under
 * the lock, reporting what it finds as late sends. Nothing is silently dropped, and nothing is
 * reported twice: every report follows a poll, under the lock.
 *
 * <p><b>Lost wake-ups are counted, with one gap.</b> Without a lock around the send, a message
 * queued while the owner's flag is set may belong to a sender still between its offer and its
 * claim, which is no lost wake-up. So each sender marks its envelope (release) once its claim
 * attempt is over, and {@link #hasUnclaimedMessages} counts a mailbox only if the head envelope is
 * marked: its sender read the flag and did not clear it, and the flag is still set, which the
 * protocol above forbids. The count never includes a send in progress; it can miss a lost wake-up
 * whose sender has not yet stored its mark (descheduled between its read of the flag and the
 * mark), so it is a lower bound, exact unless a sender stalls inside those few instructions.
 */
final class MpscMailbox extends MpscMailboxPad2 {

    /**
     * One (registration, message) pair, allocated by each send, and the queue's node for it.
     * {@code registration} and {@code message}: written (plain) by the sender before its offer,
     * which publishes them; read, then cleared, by the consumer ({@link #handTo}).
     * {@code claimDone}: written once (release) by the sender after its claim attempt, read
     * (acquire) only by the lost-wake-up count.
     */
    static final class Envelope extends MpscLinkedQueue.Node {
        private static final VarHandle VH_CLAIM_DONE;

        static {
            try {
                VH_CLAIM_DONE = MethodHandles.lookup().findVarHandle(Envelope.class, "claimDone", boolean.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        Object registration;
        Object message;
        boolean claimDone;

        Envelope(Object registration, Object message) {
            this.registration = registration;
            this.message = message;
        }

        void markClaimDone() {
            VH_CLAIM_DONE.setRelease(this, true);
        }

        boolean isClaimDone() {
            return (boolean) VH_CLAIM_DONE.getAcquire(this);
        }

        /**
         * Consumer, once the queue has handed it this envelope: clears the pair, then hands it to
         * {@code sink}. The envelope stays the queue's head until the next take, and must not keep a
         * registration (and through it an actor) or a message reachable meanwhile.
         */
        void handTo(CopyQueue.EnvelopeSink sink) {
            final Object to = registration;
            final Object sent = message;
            registration = null;
            message = null;
            sink.accept(to, sent);
        }
    }

    MpscMailbox(int index, CopyQueue.EnvelopeSink late) {
        super(index, new MpscLinkedQueue.Numbered<>(), late);
    }

    /**
     * The send, lock-free: offers the envelope, then (both volatile, after the offer) checks that
     * the mailbox is still open and claims the owner's wake-up if it sleeps, then marks the envelope
     * (see the class comment for why no wake-up is lost and no message is dropped).
     *
     * @return false if the mailbox was already closed; nothing was queued
     */
    @Override
    boolean push(Object registration, Object message) {
        if ((boolean) VH_CLOSED.getVolatile(this)) {
            return false;
        }
        final Envelope envelope = new Envelope(registration, message);
        queue.offer(envelope);
        // NOTE: publication point: the offer's compare-and-set precedes both volatile reads
        // below, which is what the Dekker-style arguments in the class comment rely on.
        if ((boolean) VH_CLOSED.getVolatile(this)) {
            drainLate();
            return true;
        }
        final WorkerSleep sleep = (WorkerSleep) VH_OWNER.getVolatile(this);
        if (sleep.claim()) {
            sleep.unpark();
        }
        envelope.markClaimDone();
        return true;
    }

    /**
     * Never adopts: the test and the queueing would have to be one step under the lock, on a send
     * that otherwise takes none, and that cost more than the wake-ups it saved (A/B under
     * contention, docs/lab/benchmarks-notebook.md, "Adoption").
     */
    @Override
    int pushOrAdopt(Object registration, Object message) {
        return push(registration, message) ? PUSH_QUEUED : PUSH_CLOSED;
    }

    /** The stop won the race with this send's offer: report whatever is still queued, once. */
    private void drainLate() {
        final List<Envelope> found = new ArrayList<>();
        lock();
        for (Envelope e = queue.poll(); e != null; e = queue.poll()) {
            found.add(e);
        }
        unlock();
        for (Envelope e : found) {
            e.handTo(late);
        }
    }

    @Override
    boolean hasMessagesRacy() {
        return !queue.isEmpty();
    }

    @Override
    int sizeRacy() {
        return queue.size();
    }

    @Override
    int sizeLocked() {
        return queue.size();
    }

    /**
     * The owner's gulp, after its racy emptiness test: under the lock, if it still owns the mailbox,
     * no batch of it runs (its spare carrier's, {@link Carriers}) and messages are queued, marks the mailbox being processed and returns how many are queued
     * now, the batch to {@link #drain}.
     *
     * @return the batch size, or 0: nothing queued, or a thief took the mailbox after the caller
     *         read its slot (then {@code counters} records a missed gulp)
     */
    int tryGulp(WorkerSleep me, WorkerCounters counters) {
        lock();
        if (owner != me) {
            unlock();
            counters.missedGulp();
            return 0;
        }
        // NOTE: acquire, as in the copy-queue gulp: a worker and its spare carrier visit one slice,
        // and only one of them may drain (the queue's single consumer).
        if ((boolean) VH_BEING_PROCESSED.getAcquire(this)) {
            unlock();
            return 0;
        }
        final int size = queue.size();
        if (size == 0) {
            unlock();
            return 0;
        }
        beingProcessed = true;
        unlock();
        return size;
    }

    /**
     * Runs at most {@code limit} envelopes, without the lock (the caller's gulp made it the single
     * consumer). An envelope that a sender has counted but not yet linked (a half-done insert,
     * {@link MpscLinkedQueue}) ends the batch early; it stays queued for the next batch.
     *
     * @return the envelopes run
     */
    int drain(Consumer<Envelope> runner, int limit) {
        return queue.drain(runner, limit);
    }

    /**
     * After a batch: if messages arrived and {@code regulp} allows, returns the next batch's size
     * at once (the mailbox stays being processed, so it stays with this worker, and no lock is
     * needed); otherwise lets thieves and the next gulp at it (release: publishes the batch's
     * effects and the consumer's count).
     *
     * @return the next batch's size, or 0 if the mailbox is released
     */
    int finishBatch(boolean regulp) {
        if (regulp) {
            final int size = queue.size();
            if (size > 0) {
                return size;
            }
        }
        VH_BEING_PROCESSED.setRelease(this, false);
        return 0;
    }

    /**
     * Without the lock: the queue's counts (volatile), then {@code owner} (volatile), in that order
     * (the class comment shows why the order matters).
     */
    @Override
    boolean mayHaveWorkFor(WorkerSleep me) {
        return !queue.isEmpty() || (WorkerSleep) VH_OWNER.getVolatile(this) != me;
    }

    /** After the swap published the new owner (volatile): reads the queue, then claims that owner. */
    @Override
    WorkerSleep claimOwnerIfMessages() {
        if (queue.isEmpty()) {
            return null;
        }
        final WorkerSleep sleep = (WorkerSleep) VH_OWNER.getVolatile(this);
        return sleep.claim() ? sleep : null;
    }

    /**
     * Under the lock, while {@code sleep} owns the mailbox (so no thief can take it and this thread
     * is its only consumer): whether the head envelope's sender has finished its claim attempt while
     * the flag is still set. A lower bound, see the class comment.
     */
    @Override
    boolean hasUnclaimedMessages(WorkerSleep sleep) {
        lock();
        boolean unclaimed = false;
        if (owner == sleep && !beingProcessed) {
            final Envelope head = queue.peek();
            unclaimed = head != null && head.isClaimDone() && sleep.isSleeping();
        }
        unlock();
        return unclaimed;
    }

    /**
     * Closes (volatile), then polls until empty, under the lock so a late sender's own drain
     * ({@link #push}) never runs at the same time: the queue keeps a single consumer.
     */
    @Override
    void closeAndDrain(CopyQueue.EnvelopeSink sink) {
        lock();
        VH_CLOSED.setVolatile(this, true);
        for (Envelope e = queue.poll(); e != null; e = queue.poll()) {
            e.handTo(sink);
        }
        unlock();
    }
}
