package actor.executor.internal;

import actor.steal.WorkerView;
import actor.steal.internal.StealStamps;
import actor.steal.internal.WorkerQueueTable;

/**
 * What victim selectors see: the worker count, steal stamps, and occupancy counted on request from
 * racy reads of a slice. Threading: any worker, at once; every read is racy by design.
 */
final class StealView implements WorkerView {

    private final WorkerQueueTable<Mailbox> table;
    private final StealStamps stamps;

    StealView(WorkerQueueTable<Mailbox> table, StealStamps stamps) {
        this.table = table;
        this.stamps = stamps;
    }

    @Override
    public int workers() {
        return table.workers();
    }

    @Override
    public long lastStealAttemptNanos(int worker) {
        return stamps.lastAttemptNanos(worker);
    }

    @Override
    public int occupancy(int worker) {
        int occupied = 0;
        for (int slot = table.sliceStart(worker); slot < table.sliceEnd(worker); slot++) {
            final Mailbox mailbox = table.get(slot);
            if (mailbox != null && mailbox.hasMessagesRacy()) {
                occupied++;
            }
        }
        return occupied;
    }
}
