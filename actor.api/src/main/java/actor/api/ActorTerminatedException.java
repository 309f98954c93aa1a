package actor.api;

/**
 * Thrown by {@link Actor#send} when the receiver has terminated and its system has
 * {@linkplain ActorSystemConfig.Builder#strictSends strict sends}; otherwise such a message is a dead
 * letter ({@link ActorError.DeadLetter}). Nothing was queued.
 */
public final class ActorTerminatedException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /** Fully qualified class name of the terminated actor. */
    private final String actorClass;
    /** The name the actor was spawned with, or null. */
    private final String name;
    /** The ticket (mailbox index) the actor had. */
    private final int ticket;
    /** The status the actor terminated with. */
    private final Allocation status;

    ActorTerminatedException(String actorClass, String name, int ticket, Allocation status, String messageClass) {
        super("cannot send " + messageClass + " to " + (name == null ? "" : "'" + name + "', ") + actorClass
                + " (ticket " + ticket + "): the actor terminated with " + status
                + "; register it again (DESTROY or FINISHED only) or create a new actor");
        this.actorClass = actorClass;
        this.name = name;
        this.ticket = ticket;
        this.status = status;
    }

    /** {@return the fully qualified class name of the terminated actor} */
    public String actorClass() {
        return actorClass;
    }

    /** {@return the name the actor was spawned with ({@link ActorSystem#spawnRef(java.util.function.Function, String)}), or null} */
    public String name() {
        return name;
    }

    /** {@return the ticket (mailbox index) the actor had} */
    public int ticket() {
        return ticket;
    }

    /** {@return the status the actor terminated with} */
    public Allocation status() {
        return status;
    }
}
