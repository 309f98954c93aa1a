package actor.executor.internal;

import actor.steal.internal.WorkerQueueTable;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Where a new actor's mailbox (its ticket) is.
 *
 * <ul>
 * <li>Actors created outside the workers (by {@code main}, a test, an I/O thread) are spread: the
 *     i-th goes to worker {@code i mod N}, cycling through that worker's initial slice, so
 *     consecutive actors land on different workers and a small application uses every worker from
 *     the start.</li>
 * <li>Actors created by a behaviour stay near their creator: round-robin over the mailboxes
 *     currently in the running worker's slice, so a chain or tree of actors talking to their
 *     parents does not pay a cross-core hand-off per message; stealing spreads them when one
 *     worker has a backlog.</li>
 * </ul>
 * Ticket {@code t} starts in the slice of worker {@code floor(((t + 1) * N - 1) / M)}
 * ({@link WorkerQueueTable#workerOf}; {@code t * N / M} when N divides M, as with the default
 * sharding); stealing may move it later.
 *
 * <p>Threading: {@link #outsideTicket()} is called from any thread (one atomic increment);
 * {@link #localTicket} only from the worker whose cursor it advances.
 */
final class Placement {

    private final WorkerQueueTable<Mailbox> table;
    private final int workers;
    private final AtomicLong outsideCount = new AtomicLong();
    /** Per worker, the next offset in its slice; each element written only by its worker. */
    private final int[] localCursor;

    Placement(WorkerQueueTable<Mailbox> table) {
        this.table = table;
        this.workers = table.workers();
        this.localCursor = new int[workers];
    }

    /** The ticket of the next actor created outside the workers. */
    int outsideTicket() {
        final long i = outsideCount.getAndIncrement() & Long.MAX_VALUE;
        final int worker = (int) (i % workers);
        final int start = table.sliceStart(worker);
        final int size = table.sliceEnd(worker) - start;
        return start + (int) ((i / workers) % size);
    }

    /** The ticket of the next actor created by a behaviour running on {@code worker}. */
    int localTicket(int worker) {
        final int start = table.sliceStart(worker);
        final int size = table.sliceEnd(worker) - start;
        int cursor = localCursor[worker];
        for (int tries = 0; tries < size; tries++) {
            final Mailbox mailbox = table.get(start + cursor);
            cursor = cursor + 1 == size ? 0 : cursor + 1;
            if (mailbox != null) {
                localCursor[worker] = cursor;
                return mailbox.index;
            }
        }
        // NOTE: every slot of the slice held by thieves at once; the initial slice is as near as any.
        localCursor[worker] = cursor;
        return start + cursor;
    }
}
