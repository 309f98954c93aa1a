package actor.executor.internal;

import actor.stats.internal.WorkerCounters;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * 128 bytes of padding. Byte fields, so the JVM fills any gap before them (such as the 4 bytes after
 * the object header) with padding rather than with a subclass's fields ({@code PaddingTest}).
 */
abstract class MailboxPad0 {
    byte a000, a001, a002, a003, a004, a005, a006, a007, a010, a011, a012, a013, a014, a015, a016, a017;
    byte a020, a021, a022, a023, a024, a025, a026, a027, a030, a031, a032, a033, a034, a035, a036, a037;
    byte a040, a041, a042, a043, a044, a045, a046, a047, a050, a051, a052, a053, a054, a055, a056, a057;
    byte a060, a061, a062, a063, a064, a065, a066, a067, a070, a071, a072, a073, a074, a075, a076, a077;
    byte a100, a101, a102, a103, a104, a105, a106, a107, a110, a111, a112, a113, a114, a115, a116, a117;
    byte a120, a121, a122, a123, a124, a125, a126, a127, a130, a131, a132, a133, a134, a135, a136, a137;
    byte a140, a141, a142, a143, a144, a145, a146, a147, a150, a151, a152, a153, a154, a155, a156, a157;
    byte a160, a161, a162, a163, a164, a165, a166, a167, a170, a171, a172, a173, a174, a175, a176, a177;
}

/**
 * The spin lock, alone on its line: CAS to acquire (any thread), release store to unlock. Kept
 * apart from the gulp state below, which workers poll racily, so that polling does not pull the
 * line a sender is locking.
 */
abstract class MailboxLock extends MailboxPad0 {
    volatile int lock;
}

/** Padding between the lock and the gulp state. */
abstract class MailboxPad1 extends MailboxLock {
    byte b000, b001, b002, b003, b004, b005, b006, b007, b010, b011, b012, b013, b014, b015, b016, b017;
    byte b020, b021, b022, b023, b024, b025, b026, b027, b030, b031, b032, b033, b034, b035, b036, b037;
    byte b040, b041, b042, b043, b044, b045, b046, b047, b050, b051, b052, b053, b054, b055, b056, b057;
    byte b060, b061, b062, b063, b064, b065, b066, b067, b070, b071, b072, b073, b074, b075, b076, b077;
    byte b100, b101, b102, b103, b104, b105, b106, b107, b110, b111, b112, b113, b114, b115, b116, b117;
    byte b120, b121, b122, b123, b124, b125, b126, b127, b130, b131, b132, b133, b134, b135, b136, b137;
    byte b140, b141, b142, b143, b144, b145, b146, b147, b150, b151, b152, b153, b154, b155, b156, b157;
    byte b160, b161, b162, b163, b164, b165, b166, b167, b170, b171, b172, b173, b174, b175, b176, b177;
}

/**
 * The gulp state, read-mostly: written when a worker gulps or a thief steals, read by senders under
 * the lock and polled racily by workers and thieves.
 *
 * <ul>
 * <li>{@code queue}: the current copy queue. Read and replaced under the lock; read racily (opaque)
 *     by the test-and-gulp check and by thieves.</li>
 * <li>{@code owner}: the sleep state of the worker whose slice holds this mailbox: whom a sender
 *     wakes, and who alone may gulp it. Written under the lock, only by a thief holding the
 *     mailbox's slot during a swap ({@link Thief}); read under the lock by senders and gulpers.</li>
 * <li>{@code beingProcessed}: set under the lock by the owner when it gulps; cleared by the same
 *     worker after its batch, with a release store (or under the lock when it re-gulps). While set,
 *     no thief may take the mailbox (checked under the lock), so the owner cannot change and at most
 *     one batch of this mailbox runs at a time. Read opaquely by thieves as a hint.</li>
 * <li>{@code closed}: set under the lock once the system has stopped; sends that race the stop
 *     then report their message instead of queueing it.</li>
 * </ul>
 */
abstract class MailboxFields extends MailboxPad1 {
    boolean beingProcessed;
    boolean closed;
    CopyQueue queue;
    WorkerSleep owner;
}

/** Padding after the gulp state. */
abstract class MailboxPad2 extends MailboxFields {
    byte c000, c001, c002, c003, c004, c005, c006, c007, c010, c011, c012, c013, c014, c015, c016, c017;
    byte c020, c021, c022, c023, c024, c025, c026, c027, c030, c031, c032, c033, c034, c035, c036, c037;
    byte c040, c041, c042, c043, c044, c045, c046, c047, c050, c051, c052, c053, c054, c055, c056, c057;
    byte c060, c061, c062, c063, c064, c065, c066, c067, c070, c071, c072, c073, c074, c075, c076, c077;
    byte c100, c101, c102, c103, c104, c105, c106, c107, c110, c111, c112, c113, c114, c115, c116, c117;
    byte c120, c121, c122, c123, c124, c125, c126, c127, c130, c131, c132, c133, c134, c135, c136, c137;
    byte c140, c141, c142, c143, c144, c145, c146, c147, c150, c151, c152, c153, c154, c155, c156, c157;
    byte c160, c161, c162, c163, c164, c165, c166, c167, c170, c171, c172, c173, c174, c175, c176, c177;
}

/**
 * One of the M sharded message queues. Every message for an actor goes to the mailbox of its
 * ticket, which gives per-actor FIFO order. Only the worker named by {@code owner} gulps it, and a
 * thief can take it only while no batch of it is running, which gives per-actor mutual exclusion
 * even when the mailbox moves between workers.
 */
final class Mailbox extends MailboxPad2 {

    private static final int SPINS_BEFORE_YIELD = 128;
    private static final int YIELDS_BEFORE_PARK = 8;
    private static final long MIN_PARK_NANOS = 1_000;
    private static final long MAX_PARK_NANOS = 256_000;
    private static final VarHandle VH_LOCK;
    private static final VarHandle VH_BEING_PROCESSED;
    private static final VarHandle VH_QUEUE;
    private static final VarHandle VH_OWNER;

    static {
        try {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            VH_LOCK = lookup.findVarHandle(MailboxLock.class, "lock", int.class);
            VH_BEING_PROCESSED = lookup.findVarHandle(MailboxFields.class, "beingProcessed", boolean.class);
            VH_QUEUE = lookup.findVarHandle(MailboxFields.class, "queue", CopyQueue.class);
            VH_OWNER = lookup.findVarHandle(MailboxFields.class, "owner", WorkerSleep.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final int index;

    /** A mailbox with no owner yet: the executor sets it before any worker starts. */
    Mailbox(int index, CopyQueue queue) {
        this.index = index;
        this.queue = queue;
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

    /**
     * The send: under the lock, pushes the envelope and reads whether the owner sleeps; after
     * unlocking, wakes it if so ({@link WorkerSleep} explains why no wake-up is lost).
     *
     * @return false if the mailbox is closed (the system has stopped); nothing was queued
     */
    boolean push(Object actor, Object message) {
        lock();
        if (closed) {
            unlock();
            return false;
        }
        queue.push(actor, message);
        final WorkerSleep sleep = owner;
        final boolean claimed = sleep.claim();
        unlock();
        if (claimed) {
            sleep.unpark();
        }
        return true;
    }

    /** Racy hint that the current queue holds messages; see {@link CopyQueue#isEmptyRacy()}. */
    boolean hasMessagesRacy() {
        return !((CopyQueue) VH_QUEUE.getOpaque(this)).isEmptyRacy();
    }

    /** Racy count of queued messages, for thieves choosing a victim mailbox. */
    int sizeRacy() {
        return ((CopyQueue) VH_QUEUE.getOpaque(this)).sizeRacy();
    }

    /** Racy read of the owner, for a sender deciding whether to pull; decisive only under the lock. */
    WorkerSleep ownerRacy() {
        return (WorkerSleep) VH_OWNER.getOpaque(this);
    }

    /** Racy read for thieves scanning a victim's slice. */
    boolean isBeingProcessedRacy() {
        return (boolean) VH_BEING_PROCESSED.getOpaque(this);
    }

    /**
     * The test-and-gulp, after the caller's racy emptiness test: under the lock, if the caller
     * still owns this mailbox and it holds messages, takes its copy queue for processing, leaves
     * {@code spare} (empty) in its place, and marks the mailbox being processed. The caller then
     * drains the batch without any atomic operation and calls {@link #finishBatch}.
     *
     * @return the batch to run, or null: nothing queued, or a thief took the mailbox after the
     *         caller read its slot (then {@code counters} records a missed gulp)
     */
    CopyQueue tryGulp(WorkerSleep me, CopyQueue spare, WorkerCounters counters) {
        lock();
        if (owner != me) {
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

    /**
     * After a batch: if messages arrived while it ran and {@code regulp} allows, takes them as the
     * next batch at once (the mailbox stays being processed, so it stays with this worker);
     * otherwise lets thieves and the next gulp at it (release: publishes the batch's effects).
     *
     * @param spare the drained, empty queue to leave in the mailbox if it re-gulps
     * @return the next batch, or null if the mailbox is released
     */
    CopyQueue finishBatch(CopyQueue spare, boolean regulp) {
        if (regulp && hasMessagesRacy()) {
            lock();
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
     * The thief's check of the mailbox it is taking, while it holds the mailbox's slot: under the
     * lock, if no batch of it is running and it holds at least {@code minMessages}, makes
     * {@code thief} its owner.
     *
     * @return the messages it held, or -1 if it may not be taken
     */
    int tryTakeFor(WorkerSleep thief, int minMessages) {
        lock();
        final int size = queue.size();
        final boolean ok = !beingProcessed && !closed && size >= minMessages;
        if (ok) {
            owner = thief;
        }
        unlock();
        return ok ? size : -1;
    }

    /** The thief's hand-over of the mailbox it gives in exchange, while it holds the slot. */
    void giveTo(WorkerSleep victim) {
        lock();
        owner = victim;
        unlock();
    }

    /**
     * The re-check of a worker about to sleep, under the lock: whether messages are queued, or the
     * mailbox is no longer {@code me}'s. The second case is a thief that took it after the worker
     * read its slot: the slot may now hold a mailbox with messages whose wake-up the thief could not
     * claim (it may not have seen the announce: the slot read and the thief's flag read are not
     * ordered by any lock), so the worker must look again instead of parking. An empty queue is
     * trimmed on the way, so an idle system does not keep a burst's memory.
     */
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

    /**
     * The thief's re-check of the mailbox it gave away, after publishing the swap: under the lock,
     * if it holds messages, claims the wake-up of its (new) owner.
     *
     * @return the owner to unpark, or null
     */
    WorkerSleep claimOwnerIfMessages() {
        lock();
        final WorkerSleep sleep = owner;
        final boolean claimed = !queue.isEmpty() && sleep.claim();
        unlock();
        return claimed ? sleep : null;
    }

    /** Under the lock: whether messages are queued while {@code sleep} is still announced. */
    boolean hasUnclaimedMessages(WorkerSleep sleep) {
        lock();
        final boolean unclaimed = !queue.isEmpty() && sleep.isSleeping();
        unlock();
        return unclaimed;
    }

    /** Under the lock: the owner now (tests check it against the slot table). */
    WorkerSleep ownerLocked() {
        lock();
        final WorkerSleep current = owner;
        unlock();
        return current;
    }
}
