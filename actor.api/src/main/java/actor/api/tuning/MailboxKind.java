package actor.api.tuning;

/**
 * Which queue the executor's mailboxes use ({@link actor.api.ActorSystemConfig.Builder#mailboxKind}). Both
 * keep every guarantee (per-actor FIFO, mutual exclusion, exactly-once delivery, work stealing,
 * messages sent after the stop reported); they differ in what a send costs.
 * {@code docs/lab/mailbox-kinds.md} has the measured comparison.
 */
public enum MailboxKind {
    /**
     * The default: a send takes the mailbox's spin lock and copies the (registration, message) pair
     * into a growable array, allocating nothing; a worker takes the whole array at once ("gulps" it) and
     * runs the batch without atomic operations. As in the reference system.
     */
    COPY_QUEUE,
    /**
     * A lock-free multi-producer single-consumer queue (an intrusive linked queue of the executor's
     * own, on VarHandles): a send allocates one small envelope object, which is the queue's node, and
     * offers it with an atomic add and an atomic exchange, taking no lock;
     * the worker drains what is queued in batches (a behaviour's sends to its own mailbox do not join
     * the running batch, they run in the next). Meant for comparison with {@link #COPY_QUEUE}.
     */
    MPSC
}
