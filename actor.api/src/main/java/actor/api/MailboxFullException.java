package actor.api;

/**
 * Thrown by a send to an actor whose {@link MailboxBound} is reached, when the bound refuses
 * ({@link MailboxBound.OnFull#REFUSE}), or a waiting bound ({@link MailboxBound.OnFull#WAIT})
 * found no room in time or was asked from a worker, which never waits. Nothing was queued; the
 * message is the caller's to retry, shed or answer for. Uncaught in a behaviour, it fails that
 * behaviour, so the {@link ErrorHandler} reports it with the message the behaviour was handling
 * ({@link ActorError.BehaviourFailed}) and the {@link FailurePolicy} decides the sender's fate; a
 * behaviour that can take a refusal calls {@link Actor#trySend} instead.
 *
 * <p>It carries no stack trace: it is thrown when a system is overloaded, where filling one per
 * refused message would only add to the load; its message names the receiver and the bound.
 */
public final class MailboxFullException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /** The receiver, as {@code Class#ticket}. */
    private final String actor;
    /** The receiver's bound. */
    private final transient MailboxBound bound;
    /** Fully qualified class name of the refused message. */
    private final String messageClass;

    MailboxFullException(Actor<?> actor, MailboxBound bound, String messageClass, String why) {
        super("cannot send " + messageClass + " to " + actor + ": its mailbox is full (" + bound + ")"
                + (why.isEmpty() ? "" : ", " + why) + "; retry later, use trySend, or give it a larger bound");
        this.actor = actor.toString();
        this.bound = bound;
        this.messageClass = messageClass;
    }

    /** No stack trace: see the class comment. */
    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }

    /** {@return the receiver, as its {@code toString()}: class and ticket} */
    public String actor() {
        return actor;
    }

    /** {@return the receiver's bound; null after deserialization} */
    public MailboxBound bound() {
        return bound;
    }

    /** {@return the fully qualified class name of the refused message} */
    public String messageClass() {
        return messageClass;
    }
}
