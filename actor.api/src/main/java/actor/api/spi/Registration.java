package actor.api.spi;

import actor.api.Actor;

/**
 * One registration of an actor with an executor: made by {@link ActorExecutor#register} each time
 * the actor is registered, it is what the actor's sends carry and what the executor queues with
 * each message. An actor is live exactly while its current registration is this object, so a
 * message queued for an earlier registration (before a {@code DESTROY} and a new
 * {@link actor.api.ActorSystem#register}) is recognised and never reaches the new one.
 *
 * <p>Immutable: the executor and ticket are final, so a sender always sees a matching pair.
 */
public abstract class Registration {

    private final Actor<?> actor;
    private final ActorExecutor executor;
    private final int ticket;

    /**
     * @param actor    the registered actor
     * @param executor the executor it is registered with
     * @param ticket   its mailbox index on that executor
     */
    protected Registration(Actor<?> actor, ActorExecutor executor, int ticket) {
        this.actor = actor;
        this.executor = executor;
        this.ticket = ticket;
    }

    /** The registered actor. */
    public final Actor<?> actor() {
        return actor;
    }

    /** The executor the actor is registered with. */
    public final ActorExecutor executor() {
        return executor;
    }

    /** The actor's mailbox index on that executor. */
    public final int ticket() {
        return ticket;
    }
}
