package actor.executor.internal;

import actor.executor.jfr.StealEvent;
import actor.stats.internal.WorkerCounters;
import actor.steal.VictimSelector;
import actor.steal.WorkerView;
import actor.steal.internal.StealStamps;
import actor.steal.internal.WorkerQueueTable;

/**
 * One worker's lazy queue stealing. A steal attempt: stamp the time, ask the selector for one
 * victim, scan the victim's slice once with racy reads for the fullest mailbox that holds at least
 * two messages and is not being processed (see {@link #findCandidate}), pick an empty mailbox of
 * the thief's own slice to give in exchange ({@link #nextSlotToGive}), and try one
 * {@link WorkerQueueTable#trySwap swap} of exactly those two mailboxes. Whatever happens, the worker then goes back to its own slice; it
 * never retries in a loop, and the victim does no stealing work at all.
 *
 * <p><b>Owners.</b> While the swap holds both slots, {@link #relocate} re-checks the candidate under
 * its lock (no batch of it running, still enough messages) and moves both owners: the stolen
 * mailbox's to the thief, the given one's to the victim. Nobody else can move either mailbox
 * meanwhile, so owners are written in the order mailboxes move and always agree with the table
 * once the swap publishes. After publishing, the thief re-checks the given mailbox under its lock
 * and wakes the victim if it holds messages; with the senders' check under the same lock this
 * loses no wake-up ({@link WorkerSleep}).
 *
 * <p><b>Rescue.</b> A thief that sees a victim inside the same batch twice,
 * {@link Policy.Tunables#rescueBlockedAfterNanos} apart ({@link WorkerProgress}) while the victim's thread is blocked,
 * or {@link Policy.Tunables#rescueRunnableAfterNanos} apart while it runs, takes even a single-message mailbox
 * from it: those messages are stuck behind a blocked or long behaviour.
 *
 * <p>Threading: owned by one worker thread; reads other workers' slices only racily.
 */
final class Thief implements WorkerQueueTable.Relocation<Mailbox> {

    /*
     * The tunables are Policy.TUNABLES'; why each has its value:
     * - emptyPassesBeforeStealMax: even a fruitless look at a victim's mailboxes costs the victim
     *   cache misses on its own hot lines, so failed attempts back off.
     * - rescueBlockedAfterNanos / rescueRunnableAfterNanos: a runnable thread is computing a long
     *   behaviour or is preempted by the operating system (on a shared or virtual machine, for
     *   milliseconds at a time), and a thief cannot tell which; a rescue splits a conversation for
     *   the rest of the run, so a preemption (Linux's slices are a few milliseconds) must not
     *   trigger one. A blocked thread (waiting, sleeping, parked) is rescued sooner.
     * - crossCoreHandOffNanos: a lock and a queue slot on lines the other core owns, and often a
     *   wake-up: the one-way hop of cross-worker ping-pong measured 60-120 ns on 2 virtual CPUs.
     * - pullMaxNanosPerMessage: the sender's own estimate includes its hand-offs; a client whose
     *   behaviour only sends one request to a busy worker's server measured 982 ns a message
     *   (HandOffTest), so a bound of 1,000 ns left its push to chance (it failed 2 runs in 8).
     */
    private static final Policy.Tunables T = Policy.TUNABLES;

    private final int index;
    private final WorkerSleep[] sleeps;
    private final WorkerProgress[] progress;
    private int watchCursor;
    private int emptyPasses;
    /** Whether this worker has attempted a steal since it last found work (then its search is recorded in the stamps). */
    private boolean searching;
    private int passesBeforeSteal = T.emptyPassesBeforeSteal();
    private final WorkerQueueTable<Mailbox> table;
    private final VictimSelector selector;
    private final WorkerView view;
    private final StealStamps stamps;
    private final Reporter reporter;
    private final WorkerCounters counters;
    private final int sliceStart;
    private final int sliceSize;
    private int giveCursor;
    private int scanCursor;
    /** The mailbox {@link #findCandidate} chose, exactly as read. */
    private Mailbox candidate;
    /** Messages the stolen mailbox held when {@link #relocate} took it. */
    private int takenMessages;
    /** Fewest messages the current attempt takes: 1 when rescuing a stuck victim. */
    private int minMessages = T.minMessagesToSteal();

    Thief(int index, WorkerSleep[] sleeps, WorkerProgress[] progress, WorkerQueueTable<Mailbox> table,
          VictimSelector selector, WorkerView view, StealStamps stamps, Reporter reporter, WorkerCounters counters) {
        this.index = index;
        this.sleeps = sleeps;
        this.progress = progress;
        this.table = table;
        this.selector = selector;
        this.view = view;
        this.stamps = stamps;
        this.reporter = reporter;
        this.counters = counters;
        this.sliceStart = table.sliceStart(index);
        this.sliceSize = table.sliceEnd(index) - sliceStart;
    }

    /** Records "this worker looked for work now" for the longest-victim heuristic. */
    void stamp() {
        stamps.stamp(index);
    }

    /**
     * The worker's pass ran {@code work} envelopes: after {@link Policy.Tunables#emptyPassesBeforeSteal} empty
     * ones in a row (doubling on each failure, up to {@link Policy.Tunables#emptyPassesBeforeStealMax}) makes
     * one steal attempt.
     *
     * @return true if a mailbox was stolen
     */
    boolean afterPass(int work) {
        if (work > 0) {
            emptyPasses = 0;
            if (searching) {
                searching = false;
                stamps.foundWork(index);
            }
            return false;
        }
        if (++emptyPasses < passesBeforeSteal) {
            return false;
        }
        emptyPasses = 0;
        if (tryStealOnce()) {
            passesBeforeSteal = T.emptyPassesBeforeSteal();
            return true;
        }
        if (Policy.STEAL_BACKOFF) {
            passesBeforeSteal = Math.min(2 * passesBeforeSteal, T.emptyPassesBeforeStealMax());
        }
        return false;
    }

    /**
     * One steal attempt.
     *
     * @return true if a mailbox was stolen
     */
    boolean tryStealOnce() {
        stamp();
        final int victim = chooseVictim();
        attempted(victim);
        if (victim == VictimSelector.NONE) {
            return false;
        }
        return tryStealFrom(victim);
    }

    /**
     * A sleeping thief's look while another worker is awake ({@link SleepCycle}): one steal attempt
     * on the next awake worker in turn, not on the selector's choice. The sleepers' looks are
     * spread in time so that together they come about every {@link Policy.Tunables#watchNanos}; aimed
     * at the awake workers, two of them soon see a worker stuck in one behaviour twice (the
     * observation is shared, {@link WorkerProgress#stallObservation}), and the second rescues its
     * other mailboxes. A victim chosen at random among 15 others made the stuck worker wait for
     * the same look about fifteen times longer.
     *
     * @return true if a mailbox was stolen
     */
    boolean watchOnce() {
        stamp();
        for (int i = 1; i < sleeps.length; i++) {
            watchCursor = nextOther(watchCursor);
            final int w = watchCursor;
            if (!sleeps[w].isSleeping()) {
                attempted(w);
                return tryStealFrom(w);
            }
        }
        return false;
    }

    /** One steal attempt on a given victim (the selector's choice, or an awake worker a sleeper watches). */
    boolean tryStealFrom(int victim) {
        counters.stealAttempt();
        final boolean rescue = isStuck(victim);
        minMessages = rescue ? 1 : minMessagesToSteal(progress[victim]);
        final int victimSlot = minMessages == Integer.MAX_VALUE ? -1 : findCandidate(victim);
        final int mySlot = victimSlot < 0 ? -1 : nextSlotToGive();
        if (victimSlot < 0 || mySlot < 0) {
            counters.stealNoCandidate();
            return false;
        }
        final Mailbox stolen = candidate;
        final Mailbox given = table.get(mySlot);
        candidate = null;
        if (!table.trySwap(mySlot, given, victimSlot, stolen, this)) {
            counters.stealFailedSwap();
            return false;
        }
        final WorkerSleep toWake = given.claimOwnerIfMessages();
        if (toWake != null) {
            toWake.unpark();
        }
        counters.stole(takenMessages);
        if (rescue) {
            counters.rescued();
        }
        StealEvent.record(index, victim, takenMessages, rescue);
        return true;
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
        final int mySlot = victimSlot < 0 ? -1 : nextSlotToGive();
        if (mySlot < 0) {
            return false;
        }
        minMessages = 0;
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
        minMessages = 0;
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

    /** Called by the swap while it holds both slots: re-checks the candidate and moves both owners. */
    @Override
    public boolean relocate(Mailbox stolen, int thief, Mailbox given, int victim) {
        final int messages = stolen.tryTakeFor(sleeps[thief], minMessages);
        if (messages < 0) {
            return false;
        }
        given.giveTo(sleeps[victim]);
        takenMessages = messages;
        return true;
    }

    /**
     * Fewest messages a backlog of {@code worker}'s must hold to be stolen
     * ({@link #minMessagesToSteal(long, long)}); none at all ({@link Integer#MAX_VALUE}) before its
     * estimates settle ({@link WorkerProgress#isSettled}): a new system's first messages cost many
     * times their later price, so an early estimate calls a communication-bound worker
     * compute-bound, and a split made then lasts for the rest of the run. A worker stuck in its
     * first batches is rescued regardless ({@link #isStuck}).
     */
    static int minMessagesToSteal(WorkerProgress worker) {
        if (Policy.SETTLING && !worker.isSettled()) {
            return Integer.MAX_VALUE;
        }
        return minMessagesToSteal(worker.nanosPerMessage(), worker.handOffsPer256());
    }

    /**
     * Fewest messages a backlog must hold to be stolen from a worker whose messages cost
     * {@code nanosPerMessage} each (0: not measured yet) and hand {@code handOffsPer256} messages per
     * 256 to other mailboxes: {@link Policy.Tunables#minMessagesToSteal}; none at all
     * ({@link Integer#MAX_VALUE}) while the worker is communication-bound, its messages cheaper than
     * the cross-core hand-offs they would cause once its actors are split across workers
     * ({@link Policy.Tunables#crossCoreHandOffNanos} each): splitting such a worker makes it slower,
     * not faster, as its actors keep talking to the ones left behind. A worker stuck in one
     * behaviour is rescued regardless ({@link #isStuck}).
     */
    static int minMessagesToSteal(long nanosPerMessage, long handOffsPer256) {
        final boolean communicationBound = Policy.COMM_BOUND && nanosPerMessage > 0
                && nanosPerMessage * 256 < handOffsPer256 * T.crossCoreHandOffNanos();
        return communicationBound ? Integer.MAX_VALUE : T.minMessagesToSteal();
    }

    /**
     * Whether {@code victim} has been inside the same batch since a thief's previous look (any
     * thief's: {@link WorkerProgress#stallObservation}), at least {@link Policy.Tunables#rescueBlockedAfterNanos} ago if
     * its thread is blocked now, at least {@link Policy.Tunables#rescueRunnableAfterNanos} ago if it is runnable.
     */
    private boolean isStuck(int victim) {
        final WorkerProgress watched = progress[victim];
        final long seen = watched.read();
        final long now = System.nanoTime();
        final long observation = watched.stallObservation();
        if (!WorkerProgress.observedCount(observation, seen)) {
            watched.observe(seen, now);
            return false;
        }
        if (!WorkerProgress.insideBatch(seen)) {
            return false;
        }
        final long stuckNanos = WorkerProgress.observedFor(observation, now);
        return Policy.RESCUE && (stuckNanos >= T.rescueRunnableAfterNanos()
                || stuckNanos >= T.rescueBlockedAfterNanos() && !sleeps[victim].isThreadRunnable());
    }

    /**
     * The worker after {@code w} in turn, skipping this one: from any start, {@code n - 1} steps
     * visit every other worker once (a cursor that stopped on this worker once cost a pair of
     * workers every other watch look).
     */
    private int nextOther(int w) {
        final int n = sleeps.length;
        final int next = w + 1 >= n ? 0 : w + 1;
        if (next != index) {
            return next;
        }
        return next + 1 >= n ? 0 : next + 1;
    }

    /** Whether another worker is awake (somebody may be stuck in a batch and need a rescuer). */
    boolean othersAwake() {
        for (int w = 0; w < sleeps.length; w++) {
            if (w != index && !sleeps[w].isSleeping()) {
                return true;
            }
        }
        return false;
    }

    /** Records this attempt's victim (or none) for the selectors' view of who polls whom. */
    private void attempted(int victim) {
        searching = true;
        stamps.attempted(index, victim);
    }

    private int chooseVictim() {
        final int victim;
        try {
            victim = selector.selectVictim(index, view);
        } catch (Throwable e) {
            if (Reporter.isFatal(e)) {
                throw e;
            }
            reporter.selectorFailed(selector, "threw " + e.getClass().getName(), e);
            return VictimSelector.NONE;
        }
        if (victim != VictimSelector.NONE && (victim < 0 || victim >= table.workers() || victim == index)) {
            reporter.selectorFailed(selector, "returned " + victim + " for thief " + index + " of "
                    + table.workers() + " workers", null);
            return VictimSelector.NONE;
        }
        return victim;
    }

    /**
     * One racy pass over the victim's slice, from a rotating start: the ripe mailbox (holding
     * messages, not being processed) with the most messages, if it holds at least
     * {@link Policy.Tunables#minMessagesToSteal}. A mailbox with a single message is about to be run by its owner:
     * taking it only moves the work, and splits actors that talk to each other across workers (a
     * ping-pong pair, a token passed around a ring) so that every message then crosses cores.
     * Leaves the chosen mailbox in {@link #candidate}.
     */
    private int findCandidate(int victim) {
        final int start = table.sliceStart(victim);
        final int size = table.sliceEnd(victim) - start;
        final int offset = scanCursor % size;
        scanCursor = offset + 1;
        int best = -1;
        int bestMessages = minMessages - 1;
        for (int i = 0; i < size; i++) {
            int slot = start + offset + i;
            if (slot >= start + size) {
                slot -= size;
            }
            final Mailbox mailbox = table.get(slot);
            if (mailbox != null && !mailbox.isBeingProcessedRacy()) {
                final int messages = mailbox.sizeRacy();
                if (messages > bestMessages) {
                    bestMessages = messages;
                    best = slot;
                    candidate = mailbox;
                }
            }
        }
        return best;
    }

    /**
     * The next slot of the thief's own slice, in turn, whose mailbox looks empty and idle: what a
     * steal or a pull gives in exchange. (A preference order for steals, a mailbox going back to
     * the victim's slice or one without actors first, was deleted: no row gained, idle or
     * contended, docs/scheduling.md "Deleted". Preferring an actor-less mailbox for pulls made
     * the thread ring 1.5-2x slower: a pull happens on a worker with nothing else to do, and an
     * actor-less mailbox given away just makes the next pull give one with actors.)
     */
    private int nextSlotToGive() {
        for (int i = 0; i < sliceSize; i++) {
            giveCursor = giveCursor + 1 >= sliceSize ? 0 : giveCursor + 1;
            final int slot = sliceStart + giveCursor;
            final Mailbox mailbox = table.get(slot);
            if (mailbox != null && !mailbox.hasMessagesRacy() && !mailbox.isBeingProcessedRacy()) {
                return slot;
            }
        }
        return -1;
    }
}
