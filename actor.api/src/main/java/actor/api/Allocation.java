package actor.api;

/**
 * What the executor does with an actor or a message once a behaviour has returned.
 *
 * <p>Every behaviour returns one of these values for its actor; a message carries one too
 * ({@link Message#setAllocation(Allocation)}, {@link Allocation#NODELETE} unless changed). The
 * executor examines both <em>after</em> the behaviour returns, so constructing an object with a
 * status other than {@code NODELETE} is harmless.
 *
 * <p>The actor system stops only once every actor has returned something other than
 * {@code NODELETE}: each such status terminates the actor, and a message sent to a terminated actor
 * is a dead letter ({@link ActorError.DeadLetter}; {@link ActorTerminatedException} with
 * {@linkplain ActorSystemConfig.Builder#strictSends strict sends}).
 */
public enum Allocation {
    /**
     * Nothing happens: the actor keeps receiving, the message may be sent again.
     */
    NODELETE,
    /**
     * The object is finished for good. For an actor: it terminates, its {@link Actor#onDestroy()}
     * hook runs, and the executor drops every reference it holds to the actor, so the garbage
     * collector reclaims it once the program lets go of it too; it can never be registered again.
     * For a message: its {@link Message#onDestroy()} hook runs; with debug checks on, sending it
     * again is reported as an error.
     */
    DELETE,
    /**
     * The object is kept for reuse. For an actor: it terminates and its {@link Actor#onDestroy()}
     * hook runs; the owner may register it again ({@link ActorSystem#register(Actor)}). For a
     * message: its {@link Message#onDestroy()} hook runs and the message may be sent again.
     */
    DESTROY,
    /**
     * For an actor: it terminates and no hook runs (the program manages the object itself); like
     * {@code DESTROY} it may be registered again. For a message it means the same as
     * {@code NODELETE}.
     */
    FINISHED
}
