package actor.executor.internal;

import actor.steal.internal.WorkerQueueTable;

/**
 * One worker's turn over its own slice for the mailbox it gives in exchange when it takes one:
 * steals ({@link Thief#tryStealFrom}) and pulls ({@link HandOffMoves#tryPull}) share it, so each
 * starts after the slot the last of either gave.
 *
 * <p>Threading: owned by one worker thread; reads the slice's mailboxes only racily.
 */
final class GiveCursor {

    private final WorkerQueueTable<Mailbox> table;
    private final int sliceStart;
    private final int sliceSize;
    private int giveCursor;

    GiveCursor(WorkerQueueTable<Mailbox> table, int worker) {
        this.table = table;
        this.sliceStart = table.sliceStart(worker);
        this.sliceSize = table.sliceEnd(worker) - sliceStart;
    }

    /**
     * The next slot of the thief's own slice, in turn, whose mailbox looks empty and idle: what a
     * steal or a pull gives in exchange. (A preference order for steals, a mailbox going back to
     * the victim's slice or one without actors first, was deleted: no row gained, idle or
     * contended, docs/scheduling.md "Deleted". Preferring an actor-less mailbox for pulls made
     * the thread ring 1.5-2x slower: a pull happens on a worker with nothing else to do, and an
     * actor-less mailbox given away just makes the next pull give one with actors.)
     */
    int nextSlotToGive() {
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
