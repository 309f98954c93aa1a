package actor.api;

/**
 * Decides what becomes of an actor whose behaviour threw. The failure has already gone to the
 * {@link ErrorHandler}; the worker keeps running and other actors are unaffected. The message's own
 * allocation status is applied as usual.
 *
 * <p>{@link Error}s thrown by a behaviour are failures too, except {@link OutOfMemoryError}: it
 * aborts the whole system (the workers stop, {@link ActorSystem#stop()} rethrows it) because
 * nothing can be trusted to run after it.
 */
@FunctionalInterface
public interface FailurePolicy {

    /** Keep the actor: it goes on receiving its next messages. */
    FailurePolicy RESUME = Standard.RESUME;

    /**
     * Terminate the actor as if it had returned {@link Allocation#FINISHED}: no hook runs, later
     * messages to it are reported as undelivered. The default, so that a failing actor cannot keep
     * the system from stopping.
     */
    FailurePolicy STOP = Standard.STOP;

    /**
     * The status to apply to {@code actor}. Runs on the worker thread that ran the behaviour.
     *
     * @param actor   the actor whose behaviour threw
     * @param message the message it was handling (a {@link PoisonPill} when {@link Actor#onPoisonPill} threw)
     * @param failure what the behaviour threw
     * @return {@link Allocation#NODELETE} to resume, anything else terminates the actor accordingly
     */
    Allocation onFailure(Actor<?> actor, Object message, Throwable failure);

    /** The builtin policies. */
    enum Standard implements FailurePolicy {
        /** See {@link FailurePolicy#RESUME}. */
        RESUME(Allocation.NODELETE),
        /** See {@link FailurePolicy#STOP}. */
        STOP(Allocation.FINISHED);

        private final Allocation outcome;

        Standard(Allocation outcome) {
            this.outcome = outcome;
        }

        @Override
        public Allocation onFailure(Actor<?> actor, Object message, Throwable failure) {
            return outcome;
        }
    }
}
