package actor.executor.internal;

import actor.stats.internal.WorkerCounters;
import actor.steal.internal.WorkerQueueTable;

/**
 * One worker's moves of a conversation's mailboxes, which {@link Conversations} decides on: a pull
 * ({@link #tryPull}) takes an idle worker's empty mailbox into this worker's slice, a push
 * ({@link #tryPush}) or a feeder's push ({@link #tryFeederPush}) gives one of this worker's to a
 * loaded worker. Each is one {@link WorkerQueueTable#trySwap swap}, as a steal's, whose
 * {@link #relocate} takes even an empty mailbox; none loops. Created by the worker's
 * {@link Thief}, whose steals give from the same turn ({@link GiveCursor}).
 *
 * <p>Threading: owned by one worker thread; reads other workers' slices only racily.
 */
final class HandOffMoves implements WorkerQueueTable.Relocation<Mailbox> {

    /*
     * Policy.TUNABLES' pullMaxNanosPerMessage (also the bound Conversations puts on the sender's
     * own estimate): the sender's own estimate includes its hand-offs; a client whose behaviour
     * only sends one request to a busy worker's server measured 982 ns a message (HandOffTest), so
     * a bound of 1,000 ns left its push to chance (it failed 2 runs in 8).
     */
    private static final Policy.Tunables T = Policy.TUNABLES;

    private final int index;
    private final WorkerSleep[] sleeps;
    private final WorkerProgress[] progress;
    private final WorkerQueueTable<Mailbox> table;
    private final WorkerCounters counters;
    private final GiveCursor give;

    HandOffMoves(int index, WorkerSleep[] sleeps, WorkerProgress[] progress, WorkerQueueTable<Mailbox> table,
                 WorkerCounters counters, GiveCursor give) {
        this.index = index;
        this.sleeps = sleeps;
        this.progress = progress;
        this.table = table;
        this.counters = counters;
        this.give = give;
    }

    /**
     * A pull: takes {@code mailbox}, empty and not being run, from its owner if that worker is idle,
     * giving it an empty mailbox of this worker's slice in exchange; the sender then queues its
     * message here and runs it itself. The same swap and relocation as a steal, taking even an empty
     * mailbox; never loops, and any obstacle (the mailbox moved, got messages, its owner is busy)
     * just leaves it where it is.
     *
     * @return true if the mailbox is now this worker's
     */
    boolean tryPull(Mailbox mailbox) {
        final WorkerSleep owner = mailbox.ownerRacy();
        if (owner == sleeps[index] || mailbox.hasMessagesRacy() || mailbox.isBeingProcessedRacy()
                || !progress[owner.worker].isIdle()) {
            return false;
        }
        final int victimSlot = slotOf(mailbox, owner.worker);
        final int mySlot = victimSlot < 0 ? -1 : give.nextSlotToGive();
        if (mySlot < 0) {
            return false;
        }
        final Mailbox given = table.get(mySlot);
        if (!table.trySwap(mySlot, given, victimSlot, mailbox, this)) {
            return false;
        }
        final WorkerSleep toWake = given.claimOwnerIfMessages();
        if (toWake != null) {
            toWake.unpark();
        }
        counters.pulled();
        return true;
    }

    /**
     * The worker a hand-off to {@code mailbox} could push the sender's mailbox to
     * ({@link #tryPush}): its owner, if that is another worker, loaded ({@link WorkerProgress#isLoaded}:
     * not a worker that just passed a token on and will be idle again at once), and with cheap
     * messages (more work for a compute-bound worker would only be stolen back); else -1.
     */
    int pushTarget(Mailbox mailbox) {
        final WorkerSleep owner = mailbox.ownerRacy();
        if (owner == sleeps[index]) {
            return -1;
        }
        final WorkerProgress target = progress[owner.worker];
        return !target.isLoaded() || target.nanosPerMessage() > T.pullMaxNanosPerMessage() ? -1 : owner.worker;
    }

    /**
     * A push, the converse of a pull: gives {@code mailbox}, this worker's, empty and no longer
     * run, to the loaded worker {@code target} its last envelope handed off to, taking in exchange an
     * empty mailbox of the target's slice that no actor's ticket names (there is none to strand
     * here); so a conversation between an actor left alone on this worker and one on a busy worker
     * continues on that worker. The same swap and relocation as a steal; never loops, and any
     * obstacle (messages arrived, the target is no longer loaded, it has no such mailbox) leaves it
     * where it is.
     *
     * @return true if the mailbox is now the target's
     */
    boolean tryPush(Mailbox mailbox, int target) {
        if (mailbox.hasMessagesRacy() || mailbox.isBeingProcessedRacy() || !progress[target].isLoaded()) {
            return false;
        }
        return moveTo(mailbox, target);
    }

    /**
     * A feeder's push: gives {@code mailbox}, this worker's, no longer run, one of the
     * {@code mailboxes} whose last pass was the whole of this worker's work and sent every
     * envelope's first message to {@code target}'s mailboxes (a server answering clients that all
     * sit on the target, or clients of a server there), to {@code target}, as {@link #tryPush}
     * does, messages and all (as a steal takes them). Not to a worker that feeds from as few
     * mailboxes or fewer: the smaller side of a conversation goes to the larger, and two feeders
     * of one mailbox each (a ping-pong pair) would swap places.
     *
     * @return true if the mailbox is now the target's
     */
    boolean tryFeederPush(Mailbox mailbox, int target, int mailboxes) {
        final int targetFeeds = progress[target].feederMailboxes();
        if (mailbox.isBeingProcessedRacy() || targetFeeds != 0 && targetFeeds <= mailboxes) {
            return false;
        }
        return moveTo(mailbox, target);
    }

    /** Swaps {@code mailbox}, this worker's, with an actor-less idle mailbox of {@code target}'s slice. */
    private boolean moveTo(Mailbox mailbox, int target) {
        final int mySlot = slotOf(mailbox, index);
        int takenSlot = -1;
        for (int slot = table.sliceStart(target); mySlot >= 0 && slot < table.sliceEnd(target); slot++) {
            final Mailbox other = table.get(slot);
            if (other != null && !other.hasLiveActorsRacy() && !other.hasMessagesRacy()
                    && !other.isBeingProcessedRacy()) {
                takenSlot = slot;
                break;
            }
        }
        if (takenSlot < 0) {
            return false;
        }
        if (!table.trySwap(mySlot, mailbox, takenSlot, table.get(takenSlot), this)) {
            return false;
        }
        final WorkerSleep toWake = mailbox.claimOwnerIfMessages();
        if (toWake != null) {
            toWake.unpark();
        }
        counters.pulled();
        return true;
    }

    /** The slot of {@code worker}'s slice that holds {@code mailbox} (racy), or -1. */
    private int slotOf(Mailbox mailbox, int worker) {
        for (int slot = table.sliceStart(worker); slot < table.sliceEnd(worker); slot++) {
            if (table.get(slot) == mailbox) {
                return slot;
            }
        }
        return -1;
    }

    /**
     * Called by the swap while it holds both slots: takes {@code stolen}, the mailbox this worker
     * gets, even empty, and moves both owners.
     */
    @Override
    public boolean relocate(Mailbox stolen, int thief, Mailbox given, int victim) {
        if (stolen.tryTakeFor(sleeps[thief], 0) < 0) {
            return false;
        }
        given.giveTo(sleeps[victim]);
        return true;
    }
}
