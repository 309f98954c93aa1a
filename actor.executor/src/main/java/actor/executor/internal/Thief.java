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
 * the thief's own slice to give in exchange ({@link GiveCursor#nextSlotToGive}), and try one
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
 * or {@link Policy.Tunables#rescueRunnableAfterNanos} apart while it runs ({@link StealRule#isStuck}), takes even a single-message mailbox
 * from it: those messages are stuck behind a blocked or long behaviour.
 *
 * <p>What is worth taking is {@link StealRule}'s, a sleeping thief's looks are its {@link Watch}'s,
 * and the pulls and pushes of conversations its {@link HandOffMoves}', which give from the same
 * turn over the slice ({@link GiveCursor}).
 *
 * <p>Threading: owned by one worker thread; reads other workers' slices only racily.
 */
final class Thief implements WorkerQueueTable.Relocation<Mailbox> {

    /*
     * The tunables are Policy.TUNABLES' (the rescue's and the communication-bound rule's are
     * StealRule's, the pulls' HandOffMoves'); why each has its value:
     * - emptyPassesBeforeStealMax: even a fruitless look at a victim's mailboxes costs the victim
     *   cache misses on its own hot lines, so failed attempts back off.
     */
    private static final Policy.Tunables T = Policy.TUNABLES;

    private final int index;
    private final WorkerSleep[] sleeps;
    private final WorkerProgress[] progress;
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
    /** The turn over this worker's slice for the mailbox a steal or a pull gives in exchange. */
    private final GiveCursor give;
    /** This worker's pulls and pushes, which its {@link Conversations} make; set with the thief. */
    final HandOffMoves moves;
    /** This worker's looks at the awake workers while it sleeps ({@link SleepCycle}). */
    final Watch watch;
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
        this.give = new GiveCursor(table, index);
        this.moves = new HandOffMoves(index, sleeps, progress, table, counters, give);
        this.watch = new Watch(index, sleeps, this);
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

    /** One steal attempt on a given victim (the selector's choice, or an awake worker a sleeper watches). */
    boolean tryStealFrom(int victim) {
        counters.stealAttempt();
        final boolean rescue = StealRule.isStuck(progress, sleeps, victim);
        minMessages = rescue ? 1 : StealRule.minMessagesToSteal(progress[victim]);
        final int victimSlot = minMessages == Integer.MAX_VALUE ? -1 : findCandidate(victim);
        final int mySlot = victimSlot < 0 ? -1 : give.nextSlotToGive();
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

    /** Records this attempt's victim (or none) for the selectors' view of who polls whom. */
    void attempted(int victim) {
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
}
