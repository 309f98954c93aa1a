package actor.api;

/**
 * The builtin termination messages. Every actor accepts them, whatever its message type:
 * {@code actor.send(PoisonPill.FINISHED)}. The default behaviour ({@link Actor#onPoisonPill}) returns
 * the pill's {@link #status()}; an actor class may override it, for example to flush state first.
 *
 * <p>The three pills are shared constants: their own allocation is always
 * {@link Allocation#NODELETE} and cannot be changed.
 */
public final class PoisonPill extends Message {

    /** Terminates the receiver with {@link Allocation#DELETE}. */
    public static final PoisonPill DELETE = new PoisonPill(Allocation.DELETE);
    /** Terminates the receiver with {@link Allocation#DESTROY}. */
    public static final PoisonPill DESTROY = new PoisonPill(Allocation.DESTROY);
    /** Terminates the receiver with {@link Allocation#FINISHED}. */
    public static final PoisonPill FINISHED = new PoisonPill(Allocation.FINISHED);
    /**
     * Sent by a failed {@link ActorSystem#spawn} to each actor its function registered: ends it with
     * {@link Allocation#FINISHED} without calling {@link Actor#onPoisonPill}, whose object may be
     * half-built.
     */
    static final PoisonPill ABANDONED = new PoisonPill(Allocation.FINISHED);

    private final Allocation status;

    private PoisonPill(Allocation status) {
        super(true);
        this.status = status;
    }

    /** {@return the status the default {@link Actor#onPoisonPill} returns for the receiving actor} */
    public Allocation status() {
        return status;
    }

    @Override
    public String toString() {
        return this == ABANDONED ? "PoisonPill(ending the actors of a failed spawn)" : "PoisonPill." + status;
    }
}
