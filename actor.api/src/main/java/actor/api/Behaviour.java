package actor.api;

/**
 * A behaviour held by a {@link Supervised} actor: the object whose fields are the state a restart
 * replaces. It handles one message at a time, on the supervised actor's worker, as that actor's
 * {@code receive} would.
 *
 * @param <M> the messages it handles
 */
@FunctionalInterface
public interface Behaviour<M> {

    /**
     * Handles one message and says what becomes of the supervised actor.
     *
     * @param message the message, never null
     * @return {@link Allocation#NODELETE} to keep receiving, anything else ends the supervised actor
     */
    Allocation receive(M message);
}
