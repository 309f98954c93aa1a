package actor.api;

/**
 * Thrown by {@link Stash#stash} when the stash already holds its capacity: the message was not
 * stored. Uncaught in a behaviour, it fails that behaviour, so the {@link ErrorHandler} reports it
 * with the message the behaviour was handling ({@link ActorError.BehaviourFailed}) and the
 * {@link FailurePolicy} decides the actor's fate.
 */
public final class StashOverflowException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /** The capacity of the full stash. */
    private final int capacity;
    /** Fully qualified class name of the refused message. */
    private final String messageClass;

    StashOverflowException(Actor<?> owner, int capacity, String messageClass) {
        super("the stash of " + owner + " is full (capacity " + capacity + "): refused a " + messageClass
                + "; unstash first, check isFull(), or give it a larger capacity");
        this.capacity = capacity;
        this.messageClass = messageClass;
    }

    /** {@return the capacity of the full stash} */
    public int capacity() {
        return capacity;
    }

    /** {@return the fully qualified class name of the refused message} */
    public String messageClass() {
        return messageClass;
    }
}
