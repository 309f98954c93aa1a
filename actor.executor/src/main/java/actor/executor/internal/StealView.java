package actor.executor.internal;

import actor.steal.Topology;
import actor.steal.WorkerView;
import actor.steal.internal.StealStamps;
import actor.steal.internal.WorkerQueueTable;

/**
 * What victim selectors see: the worker count, each worker's search (steal stamps, attempts,
 * target), occupancy counted on request from racy reads of a slice, and the configured topology. Threading: any worker, at once; every read is
 * racy by design.
 */
final class StealView implements WorkerView {

    private final WorkerQueueTable<Mailbox> table;
    private final StealStamps stamps;
    private final Topology topology;

    StealView(WorkerQueueTable<Mailbox> table, StealStamps stamps, Topology topology) {
        this.table = table;
        this.stamps = stamps;
        this.topology = topology;
    }

    @Override
    public Topology topology() {
        return topology;
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
    public int stealAttempts(int worker) {
        return stamps.attempts(worker);
    }

    @Override
    public int stealTarget(int worker) {
        return stamps.target(worker);
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
