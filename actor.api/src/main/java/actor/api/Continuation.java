package actor.api;

/**
 * What an actor does once the stage it {@linkplain Actor#await awaits} completes: it runs as that
 * actor's next behaviour, on whichever worker gets there first, never at the same time as another
 * of its behaviours.
 *
 * @param <T> the stage's result type
 */
@FunctionalInterface
public interface Continuation<T> {

    /**
     * Resumes the actor.
     *
     * @param result  the stage's result; null if it failed (or completed with null)
     * @param failure why the stage failed, unwrapped from a
     *                {@link java.util.concurrent.CompletionException}; null if it succeeded
     * @return what becomes of the actor, as for a behaviour: {@link Allocation#NODELETE} to keep
     *         receiving (the messages held back while it was suspended come next, in order)
     */
    Allocation resume(T result, Throwable failure);
}
