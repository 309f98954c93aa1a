package actor.api;

/**
 * A scheduled send that can be cancelled ({@link ActorSystem#scheduleOnce},
 * {@link ActorSystem#schedulePeriodic}).
 *
 * <p>Threading: any thread.
 */
public interface Cancellable {

    /**
     * Cancels the schedule: no send starts after this returns (one already under way completes).
     *
     * @return true if this call cancelled it; false if it was already cancelled, or was a single
     *         send that has already happened
     */
    boolean cancel();

    /** {@return whether the schedule was cancelled} */
    boolean isCancelled();
}
