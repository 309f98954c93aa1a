package actor.api;

/**
 * Thrown when an actor is created on (or registered with) a system that does not accept actors:
 * one that has stopped, or one whose stop was requested and whose last actor has terminated.
 */
public final class SystemNotRunningException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message names the system and says what to do
     */
    public SystemNotRunningException(String message) {
        super(message);
    }
}
