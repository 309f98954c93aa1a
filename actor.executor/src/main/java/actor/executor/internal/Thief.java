package actor.executor.internal;

import actor.steal.VictimSelector;
import actor.steal.WorkerView;
import actor.steal.internal.StealStamps;
import actor.steal.internal.WorkerQueueTable;

/**
 * One worker's lazy queue stealing. A steal attempt: stamp the time, ask the selector for one
 * victim, scan the victim's slice once with racy reads for the fullest mailbox that holds at least
 * two messages and is not being processed (see {@link #findCandidate}), pick an empty mailbox of
 * the thief's own slice to give in exchange, and try one
 * {@link WorkerQueueTable#trySwap swap}. Whatever happens, the worker then goes back to its own
 * slice; it never retries in a loop, and the victim does no stealing work at all.
 *
 * <p>After a successful swap the thief fixes the two mailboxes' {@code owner} fields (so senders
 * wake the right worker) and re-checks, under its lock, the mailbox it gave away: if it already
 * holds messages and the victim sleeps, the thief wakes the victim. Together with the senders'
 * check under the same lock this loses no wake-up.
 *
 * <p>Threading: owned by one worker thread; reads other workers' slices only racily.
 */
final class Thief {

    /** Fewest messages a mailbox must hold to be worth stealing. */
    static final int MIN_MESSAGES_TO_STEAL = 2;

    private final Worker worker;
    private final ShardedExecutor executor;
    private final WorkerQueueTable<Mailbox> table;
    private final VictimSelector selector;
    private final WorkerView view;
    private final StealStamps stamps;
    private final int sliceStart;
    private final int sliceSize;
    private int giveCursor;
    private int scanCursor;

    Thief(Worker worker, ShardedExecutor executor, WorkerQueueTable<Mailbox> table, VictimSelector selector,
          WorkerView view, StealStamps stamps) {
        this.worker = worker;
        this.executor = executor;
        this.table = table;
        this.selector = selector;
        this.view = view;
        this.stamps = stamps;
        this.sliceStart = table.sliceStart(worker.index);
        this.sliceSize = table.sliceEnd(worker.index) - sliceStart;
    }

    /** Records "this worker looked for work now" for the longest-victim heuristic. */
    void stamp() {
        stamps.stamp(worker.index);
    }

    /**
     * One steal attempt.
     *
     * @return true if a mailbox was stolen
     */
    boolean tryStealOnce() {
        stamp();
        final int victim = chooseVictim();
        if (victim == VictimSelector.NONE) {
            return false;
        }
        worker.counters.stealAttempt();
        final int victimSlot = findCandidate(victim);
        final int mySlot = victimSlot < 0 ? -1 : findSlotToGive();
        if (victimSlot < 0 || mySlot < 0) {
            worker.counters.stealNoCandidate();
            return false;
        }
        final Mailbox stolen = table.get(victimSlot);
        final int size = stolen == null ? 0 : stolen.sizeRacy();
        if (stolen == null || !table.trySwap(mySlot, victimSlot)) {
            worker.counters.stealFailedSwap();
            return false;
        }
        final Mailbox given = table.get(victimSlot);
        stolen.owner = worker;
        given.owner = executor.worker(victim);
        given.lock();
        final boolean givenHasMessages = !given.queue.isEmpty();
        final Worker newOwner = given.owner;
        given.unlock();
        if (givenHasMessages) {
            newOwner.wake();
        }
        worker.counters.stole(size);
        return true;
    }

    private int chooseVictim() {
        final int victim;
        try {
            victim = selector.selectVictim(worker.index, view);
        } catch (RuntimeException e) {
            executor.selectorFailed(selector, "threw " + e.getClass().getName(), e);
            return VictimSelector.NONE;
        }
        if (victim != VictimSelector.NONE && (victim < 0 || victim >= table.workers() || victim == worker.index)) {
            executor.selectorFailed(selector, "returned " + victim + " for thief " + worker.index + " of "
                    + table.workers() + " workers", null);
            return VictimSelector.NONE;
        }
        return victim;
    }

    /**
     * One racy pass over the victim's slice, from a rotating start: the ripe mailbox (holding
     * messages, not being processed) with the most messages, if it holds at least
     * {@link #MIN_MESSAGES_TO_STEAL}. A mailbox with a single message is about to be run by its owner:
     * taking it only moves the work, and splits actors that talk to each other across workers (a
     * ping-pong pair, a token passed around a ring) so that every message then crosses cores. Racy
     * reads can even show a just-gulped mailbox as still holding its message, so no count of such
     * mailboxes is trusted either.
     */
    private int findCandidate(int victim) {
        final int start = table.sliceStart(victim);
        final int size = table.sliceEnd(victim) - start;
        final int offset = scanCursor % size;
        scanCursor = offset + 1;
        int best = -1;
        int bestMessages = MIN_MESSAGES_TO_STEAL - 1;
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
                }
            }
        }
        return best;
    }

    /** A slot of the thief's own slice whose mailbox looks empty and idle. */
    private int findSlotToGive() {
        for (int i = 0; i < sliceSize; i++) {
            giveCursor = giveCursor + 1 >= sliceSize ? 0 : giveCursor + 1;
            final int slot = sliceStart + giveCursor;
            final Mailbox mailbox = table.get(slot);
            if (!mailbox.hasMessagesRacy() && !mailbox.isBeingProcessedRacy()) {
                return slot;
            }
        }
        return -1;
    }
}
