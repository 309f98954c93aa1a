package actor.api;

/**
 * Optional base class of messages that manage their own lifetime. Any object can be a message
 * (records, enums, implementations of a sealed protocol interface); extending this class adds an
 * {@linkplain #setAllocation allocation status} the executor applies after each behaviour that
 * receives the message, with its {@link #onDestroy()} hook, and the debug checks for messages
 * created but never sent ({@link Checks#DEBUG}).
 *
 * <p>A message is a plain object: it may be preallocated and sent any number of times, to any
 * number of actors, from any thread. Sending does not copy it and, on the executor's side, does
 * not allocate: the executor stores the reference next to the receiving actor's in its copy queue.
 * The program decides a message's lifetime with {@link #setAllocation(Allocation)}; the executor
 * examines that status after each behaviour that received the message (see {@link Allocation}).
 *
 * <p>Typing: an actor declares the message type it accepts ({@code Actor<M>}), so sending anything
 * else does not compile. To accept several kinds of message, declare a common interface (a sealed
 * one lists them); one message class may implement the protocols of several actors.
 *
 * <p>Threading: the allocation status is a plain field; it is written by the thread that owns the
 * message at that moment (the creator, or the behaviour that received it) and read by the worker
 * that ran the behaviour. A message shared by concurrent receivers must not change its status.
 */
public abstract class Message {

    /** Who writes: the owner of the message (creator or receiving behaviour); plain. */
    private Allocation allocation = Allocation.NODELETE;

    /** Set once at construction: only the builtin poison pills, which are shared constants. */
    private final boolean poisonPill;

    /** Debug-mode bookkeeping (unsent and re-sent messages); null when no debug system runs. */
    final DebugTracking.Tracker tracker;

    /** Creates a message whose status is {@link Allocation#NODELETE}. */
    @SuppressWarnings("this-escape")
    protected Message() {
        this(false);
    }

    // NOTE: debug tracking reads only the message's class and registers it with a Cleaner.
    @SuppressWarnings("this-escape")
    Message(boolean poisonPill) {
        this.poisonPill = poisonPill;
        this.tracker = poisonPill ? null : DebugTracking.track(this);
    }

    /**
     * Sets what the executor does with this message after the next behaviour that receives it.
     *
     * @param allocation the new status; {@link Allocation#FINISHED} means the same as
     *                   {@link Allocation#NODELETE} for a message
     * @throws NullPointerException          if {@code allocation} is null
     * @throws UnsupportedOperationException on a builtin {@link PoisonPill}, which is shared
     */
    public final void setAllocation(Allocation allocation) {
        if (allocation == null) {
            throw new NullPointerException("allocation");
        }
        if (poisonPill) {
            throw new UnsupportedOperationException(
                    "the builtin poison pills are shared constants; their allocation cannot change");
        }
        this.allocation = allocation;
    }

    /** {@return the status the executor applies after the next behaviour that receives this message} */
    public final Allocation allocation() {
        return allocation;
    }

    /**
     * Hook run by the executor when this message's status is {@link Allocation#DELETE} or
     * {@link Allocation#DESTROY} after a behaviour received it: release what the message holds,
     * return it to a pool. Runs on the worker thread that ran the behaviour. The default does
     * nothing. An exception thrown here goes to the system's {@link ErrorHandler}.
     */
    protected void onDestroy() {
    }
}
