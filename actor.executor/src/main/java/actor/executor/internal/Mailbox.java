package actor.executor.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import actor.api.spi.ActorAccess;
import actor.api.spi.ActorExecutor;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
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
 * The spin lock, alone on its line: CAS to acquire (any thread), release store to unlock. A
 * copy-queue send takes it; an MPSC send does not (there only gulps, steals, the re-checks of the
 * lost-wake-up count and the final sweep do). Kept apart from the gulp state below, which workers
 * poll racily, so that polling does not pull the line a sender is locking.
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
 * The consumer and steal state both mailbox kinds share, read-mostly: written when a worker gulps
 * or a thief steals, read by senders and polled racily by workers and thieves. Each kind's own
 * queue fields follow on the same line, then its padding ({@link CopyQueueMailbox},
 * {@link MpscMailbox}).
 *
 * <ul>
 * <li>{@code owner}: the sleep state of the worker whose slice holds this mailbox: whom a sender
 *     wakes, and who alone may gulp it. Written (volatile) under the lock, only by a thief holding
 *     the mailbox's slot during a swap ({@link Thief}); read under the lock by copy-queue senders
 *     and by gulpers, and read volatile without the lock by MPSC senders and re-checks
 *     ({@link MpscMailbox}).</li>
 * <li>{@code beingProcessed}: set under the lock by the owner when it gulps (the worker, or a
 *     spare carrier running its slice while the worker's thread is blocked: a gulp checks the flag
 *     under the lock, so only one of them runs a batch); cleared by the same thread after its batch, with a release store (or under the lock when a copy queue re-gulps).
 *     While set, no thief may take the mailbox (checked under the lock, with an acquire read that
 *     pairs with that release), so the owner cannot change and at most one batch of this mailbox
 *     runs at a time. Read opaquely by thieves as a hint.</li>
 * <li>{@code adopted} (copy-queue mailboxes only): written under the lock: set by a worker that
 *     queued a message here without waking the sleeping owner because it will run the batch itself
 *     ({@link #pushOrAdopt}), cleared by the next gulp, whoever takes it. Read under the lock by
 *     later senders, which then wake nobody either, and by the lost wake-up count, which must not
 *     count those messages.</li>
 * <li>{@code closed}: set under the lock once the system has stopped (volatile, for the MPSC
 *     kind's senders, which read it volatile after their offer); sends that race the stop then
 *     report their message instead of leaving it queued. Copy-queue senders read it under the
 *     lock.</li>
 * </ul>
 */
abstract class MailboxFields extends MailboxPad1 {
    boolean beingProcessed;
    boolean adopted;
    boolean closed;
    WorkerSleep owner;
}

/**
 * One of the M sharded message queues, of either kind ({@link actor.api.tuning.MailboxKind}): the
 * spin-locked {@link CopyQueueMailbox} or the lock-free-send {@link MpscMailbox}. Every message for
 * an actor goes to the mailbox of its ticket, which gives per-actor FIFO order. Only the worker
 * named by {@code owner} gulps it, and a thief can take it only while no batch of it is running,
 * which gives per-actor mutual exclusion even when the mailbox moves between workers. This class
 * holds what both kinds share: the lock, the owner and the steal protocol; each kind adds its queue
 * and, after it, its own padding.
 *
 * <p>An executor uses one kind for all its mailboxes, so every call site of the abstract methods
 * sees a single receiver class, which the JIT inlines (with no guard at all while the other kind
 * is not loaded, else behind a type-profile check).
 */
abstract class Mailbox extends MailboxFields {

    private static final int SPINS_BEFORE_YIELD = 128;
    private static final int YIELDS_BEFORE_PARK = 8;
    private static final long MIN_PARK_NANOS = 1_000;
    private static final long MAX_PARK_NANOS = 256_000;
    private static final VarHandle VH_LOCK;
    static final VarHandle VH_BEING_PROCESSED;
    static final VarHandle VH_OWNER;
    static final VarHandle VH_CLOSED;

    static {
        try {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            VH_LOCK = lookup.findVarHandle(MailboxLock.class, "lock", int.class);
            VH_BEING_PROCESSED = lookup.findVarHandle(MailboxFields.class, "beingProcessed", boolean.class);
            VH_OWNER = lookup.findVarHandle(MailboxFields.class, "owner", WorkerSleep.class);
            VH_CLOSED = lookup.findVarHandle(MailboxFields.class, "closed", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final int index;
    /**
     * The executor whose mailbox this is, for its registrations ({@link MailboxRegistration#executor}).
     * NOTE: a plain write by the executor's constructor, before any registration exists, published
     * with the executor itself (its final field holds the mailboxes).
     */
    ActorExecutor executor;
    /**
     * Head of the list of registrations whose ticket is this mailbox: every live one, and those
     * ended since the last {@link #prune}; under the lock.
     */
    private MailboxRegistration live;
    /** The registrations in that list; under the lock. */
    private int listed;
    /**
     * Registrations of this mailbox ended since the last prune: written and read only by the worker
     * processing the mailbox, as the joined slots below.
     */
    private int endedSincePrune;
    /**
     * The live registrations, at most two, that joined this mailbox while its batch ran
     * ({@link Placement}); null slots are free. Here rather than a flag in every registration,
     * which would make each 8 bytes larger. Written only by the worker processing the mailbox
     * (such a registration is linked by a behaviour of its batch and unlinked by its own last
     * behaviour), read by that worker: plain fields, handed between workers as the actors' own
     * state is, by the end of a batch and the next gulp.
     */
    private MailboxRegistration joinedFirst;
    private MailboxRegistration joinedSecond;
    /**
     * The await state of this mailbox's live actors that awaited ({@link Suspension}), null while
     * there is none: here rather than a field in every registration. Read and written only by the
     * worker processing the mailbox, as the joined slots are, and by the final sweep after every
     * worker has exited.
     */
    private IdentityHashMap<MailboxRegistration, Suspension> suspensions;
    /**
     * One entry of {@code suspensions} (the one, while it holds one) and its value, or null: looked
     * up before the map, so a mailbox with one actor that awaits or asks pays a comparison per
     * message rather than an identity hash. Same threading as {@code suspensions}.
     */
    private MailboxRegistration cachedSuspended;
    private Suspension cachedSuspension;
    /**
     * The death watches of this mailbox's actors ({@link DeathWatches}), null while there is none:
     * here rather than a field in every registration, so an actor that no one watches and that
     * watches no one pays one null check when it ends. Read and written only by the worker
     * processing the mailbox, as {@code suspensions} is.
     */
    private DeathWatches watches;
    /**
     * The keyed-timer holders ({@code actor.api.ActorTimers}) of this mailbox's actors, by
     * registration, null while there is none: each holder's timers are cancelled when its actor
     * ends ({@link #ended}). Here rather than in every registration, so an actor of a mailbox with
     * no keyed timer pays one null check when it ends. Read and written only by the worker
     * processing the mailbox, as {@code suspensions} is.
     */
    private IdentityHashMap<MailboxRegistration, List<Object>> timerHolders;

    /** A mailbox with no owner yet: the executor sets it before any worker starts. */
    Mailbox(int index) {
        this.index = index;
    }

    final void lock() {
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

    /** Takes the lock if it is free, without waiting: whether it did. */
    final boolean tryLock() {
        return lock == 0 && VH_LOCK.compareAndSet(this, 0, 1);
    }

    final void unlock() {
        VH_LOCK.setRelease(this, 0);
    }

    /**
     * The send: queues the envelope and wakes the owner if it sleeps ({@link WorkerSleep} and the
     * kind's class comment explain why no wake-up is lost).
     *
     * @return false if the mailbox is closed (the system has stopped) and nothing was queued: the
     *         caller reports the message
     */
    abstract boolean push(Object registration, Object message);

    /** {@link #pushOrAdopt}: the mailbox was closed (the system has stopped); nothing was queued. */
    static final int PUSH_CLOSED = 0;
    /** {@link #pushOrAdopt}: queued as {@link #push} does, the owner woken if it slept. */
    static final int PUSH_QUEUED = 1;
    /** {@link #pushOrAdopt}: queued without waking the sleeping owner; the caller must visit the mailbox. */
    static final int PUSH_ADOPTED = 2;

    /**
     * The send of a worker that offers to run the receiver's batch itself ({@link Adoptions#mayAdopt}):
     * under the lock, if the mailbox is empty and no batch of it runs, queues the envelope, marks
     * the mailbox {@code adopted} and does not wake the owner (the caller saw it asleep);
     * the caller must then gulp it ({@link Worker}), which costs no wake-up and no second core.
     * Otherwise the ordinary {@link #push}. The copy-queue kind only: an MPSC mailbox never adopts.
     *
     * <p>No message waits for nobody: the adopter gulps the mailbox right after its running visit,
     * or, past its budget, claims the owner's wake-up under the lock. If someone else gulps first
     * (the owner woke on its own, or a thief took the mailbox), that gulp runs the message. If
     * the adopter's behaviour blocks before it gets there, the owner, a sleeping thief, finds the
     * message on its next look (every {@link Policy.Tunables#watchNanos} per sleeper while another
     * worker is awake). Only an empty mailbox is adopted, so at most one adopter owes it a visit,
     * and any later sender sees it non-empty and wakes the owner as usual.
     *
     * @return {@link #PUSH_CLOSED}, {@link #PUSH_QUEUED} or {@link #PUSH_ADOPTED}
     */
    abstract int pushOrAdopt(Object registration, Object message);

    /** Racy hint that the mailbox holds messages, for the worker's test before it gulps and for thieves. */
    abstract boolean hasMessagesRacy();

    /** Racy count of queued messages, for thieves choosing a victim mailbox. */
    abstract int sizeRacy();

    /** Messages queued, for a thief holding the lock while no batch runs. */
    abstract int sizeLocked();

    /**
     * The re-check of a worker about to sleep, after announcing: whether messages are queued, or
     * the mailbox is no longer {@code me}'s. The second case is a thief that took it after the
     * worker read its slot: the slot may now hold a mailbox with messages whose wake-up the thief
     * could not claim (it may not have seen the announce: the slot read and the thief's flag read
     * are not ordered by any lock), so the worker must look again instead of parking.
     */
    abstract boolean mayHaveWorkFor(WorkerSleep me);

    /**
     * The thief's re-check of the mailbox it gave away, after publishing the swap: if it holds
     * messages, claims the wake-up of its (new) owner.
     *
     * @return the owner to unpark, or null
     */
    abstract WorkerSleep claimOwnerIfMessages();

    /**
     * When a sleeping worker's timeout runs out, still announced: whether this mailbox holds a
     * message whose wake-up was lost ({@link WorkerSleep.Recheck#countUnclaimed}); how exact that
     * is depends on the kind.
     */
    abstract boolean hasUnclaimedMessages(WorkerSleep sleep);

    /**
     * The final sweep, once every worker has exited: closes the mailbox and hands every envelope
     * still queued to {@code sink}. Sends from then on report their message instead.
     */
    abstract void closeAndDrain(CopyQueue.EnvelopeSink sink);

    /** Racy read of the owner, for a sender deciding whether to pull; decisive only under the lock. */
    WorkerSleep ownerRacy() {
        return (WorkerSleep) VH_OWNER.getOpaque(this);
    }

    /**
     * Racy hint that some actor's ticket is this mailbox, for a thief choosing which of its
     * mailboxes to give in exchange: one without actors moves none to the victim.
     */
    final boolean hasLiveActorsRacy() {
        // NOTE: a plain read of a field written under the lock: it may be stale, which costs at
        // most a less apt choice of mailbox to give.
        return live != null;
    }

    /** Racy read for thieves scanning a victim's slice. */
    final boolean isBeingProcessedRacy() {
        return (boolean) VH_BEING_PROCESSED.getOpaque(this);
    }

    /**
     * The thief's check of the mailbox it is taking, while it holds the mailbox's slot: under the
     * lock, if no batch of it is running and it holds at least {@code minMessages}, makes
     * {@code thief} its owner.
     *
     * @return the messages it held, or -1 if it may not be taken
     */
    final int tryTakeFor(WorkerSleep thief, int minMessages) {
        lock();
        final int size = sizeLocked();
        // NOTE: acquire, pairing with the release that ended the previous owner's last batch
        // (outside the lock): that batch, and for the MPSC kind its queue's consumer side, happen-before
        // the batches the thief will run.
        final boolean ok = !(boolean) VH_BEING_PROCESSED.getAcquire(this) && !closed && size >= minMessages;
        if (ok) {
            // NOTE: volatile for the MPSC kind's senders and re-checks, which read it without the lock.
            VH_OWNER.setVolatile(this, thief);
        }
        unlock();
        return ok ? size : -1;
    }

    /** The thief's hand-over of the mailbox it gives in exchange, while it holds the slot. */
    final void giveTo(WorkerSleep victim) {
        lock();
        VH_OWNER.setVolatile(this, victim);
        unlock();
    }

    /**
     * Whether a new actor created by {@code running}'s behaviour may join this mailbox: no live
     * actor other than {@code running} joined it. On the worker processing this mailbox.
     */
    final boolean mayJoin(MailboxRegistration running) {
        return (joinedFirst == null || joinedFirst == running) && (joinedSecond == null || joinedSecond == running);
    }

    /**
     * Links a registration that joins this mailbox ({@link #mayJoin} said so), on the worker
     * processing it: one of the two slots is free.
     */
    final void linkJoined(MailboxRegistration registration) {
        if (joinedFirst == null) {
            joinedFirst = registration;
        } else {
            joinedSecond = registration;
        }
        link(registration);
    }

    /** Adds a new registration to the live list (it is not yet published, so nothing is sent to it yet). */
    final void link(MailboxRegistration registration) {
        lock();
        registration.nextLive = live;
        live = registration;
        listed++;
        unlock();
    }

    /**
     * Forgets a registration whose actor just terminated, on the worker that ran its last behaviour:
     * its await state, joined slot, death watches (notifying its watchers) and keyed timers
     * (cancelled) at once; its place in the live list at the next prune, which comes once the ended
     * registrations are half the list, so that each termination walks at most two nodes of it on
     * average and takes the lock only then.
     */
    final void ended(MailboxRegistration registration, ActorAccess access) {
        if (registration == joinedFirst) {
            joinedFirst = null;
        } else if (registration == joinedSecond) {
            joinedSecond = null;
        }
        if (suspensions != null && suspensions.remove(registration) != null) {
            forgetSuspension(registration);
        }
        if (watches != null) {
            watches.ended(registration);
            dropWatchesIfEmpty();
        }
        if (timerHolders != null) {
            cancelTimers(registration, access);
        }
        // NOTE: a plain read of a count written under the lock by creators: a stale value only
        // moves the prune by a termination or a few.
        if (++endedSincePrune * 2 >= listed) {
            prune(access);
        }
    }

    /** Unlinks the ended registrations from the live list; on the worker processing the mailbox. */
    private void prune(ActorAccess access) {
        lock();
        MailboxRegistration previous = null;
        for (MailboxRegistration r = live; r != null; ) {
            final MailboxRegistration next = r.nextLive;
            if (access.hasEnded(r)) {
                if (previous == null) {
                    live = next;
                } else {
                    previous.nextLive = next;
                }
                r.nextLive = null;
                listed--;
            } else {
                previous = r;
            }
            r = next;
        }
        unlock();
        endedSincePrune = 0;
    }

    /**
     * Appends every registration of this mailbox whose actor has not ended to {@code into}, under
     * the lock (a snapshot).
     */
    final void collectLive(List<MailboxRegistration> into, ActorAccess access) {
        lock();
        for (MailboxRegistration r = live; r != null; r = r.nextLive) {
            if (!access.hasEnded(r)) {
                into.add(r);
            }
        }
        unlock();
    }

    /** The await state of {@code registration}, or null if it never awaited; on the worker processing this mailbox. */
    final Suspension suspensionOf(MailboxRegistration registration) {
        final IdentityHashMap<MailboxRegistration, Suspension> all = suspensions;
        if (all == null) {
            return null;
        }
        if (registration == cachedSuspended) {
            return cachedSuspension;
        }
        // NOTE: a map of one entry holds the cached one only.
        return all.size() == 1 ? null : all.get(registration);
    }

    /** Keeps {@code suspension}, the new await state of one of its live registrations; on the worker processing it. */
    final void keepSuspension(MailboxRegistration registration, Suspension suspension) {
        if (suspensions == null) {
            suspensions = new IdentityHashMap<>();
        }
        suspensions.put(registration, suspension);
        cachedSuspended = registration;
        cachedSuspension = suspension;
    }

    /** After {@code registration}'s await state left {@code suspensions}: drops the map once empty, and keeps the cache's rule. */
    private void forgetSuspension(MailboxRegistration registration) {
        if (suspensions.isEmpty()) {
            suspensions = null;
            cachedSuspended = null;
            cachedSuspension = null;
        } else if (registration == cachedSuspended) {
            final Map.Entry<MailboxRegistration, Suspension> any = suspensions.entrySet().iterator().next();
            cachedSuspended = any.getKey();
            cachedSuspension = any.getValue();
        }
    }

    /** The death watches of its actors, made if {@code make} and there is none; else null if none. On the worker processing it. */
    final DeathWatches watches(boolean make) {
        if (watches == null && make) {
            watches = new DeathWatches();
        }
        return watches;
    }

    /** Keeps {@code holder}, whose timers end with {@code owner}, once; on the worker processing it. */
    final void keepTimers(MailboxRegistration owner, Object holder) {
        if (timerHolders == null) {
            timerHolders = new IdentityHashMap<>();
        }
        final List<Object> held = timerHolders.computeIfAbsent(owner, o -> new ArrayList<>(1));
        for (Object kept : held) {
            if (kept == holder) {
                return;
            }
        }
        held.add(holder);
    }

    /** {@code ended}'s actor ended: cancels the timers of its holders and forgets them. */
    private void cancelTimers(MailboxRegistration ended, ActorAccess access) {
        final List<Object> held = timerHolders.remove(ended);
        if (timerHolders.isEmpty()) {
            timerHolders = null;
        }
        if (held != null) {
            for (Object holder : held) {
                access.ownerEnded(holder);
            }
        }
    }

    /** Drops the death watch table once it holds nothing; on the worker processing it. */
    final void dropWatchesIfEmpty() {
        if (watches != null && watches.isEmpty()) {
            watches = null;
        }
    }

    /** The await states of its live actors, for the final sweep (after every worker has exited). */
    final Collection<Suspension> suspensions() {
        return suspensions == null ? List.of() : suspensions.values();
    }

    /** Under the lock: the owner now (tests check it against the slot table). */
    final WorkerSleep ownerLocked() {
        lock();
        final WorkerSleep current = owner;
        unlock();
        return current;
    }
}
