package actor.api.spi;

import actor.api.Actor;

/**
 * One registration of an actor with an executor: made by {@link ActorExecutor#register} each time
 * the actor is registered, it is what the actor's sends carry and what the executor queues with
 * each message. An actor is live exactly while its current registration is this object, so a
 * message queued for an earlier registration (before a {@code DESTROY} and a new
 * {@link actor.api.ActorSystem#register}) is recognised and never reaches the new one.
 *
 * <p>Immutable: the actor is final and an implementation's executor and ticket never change, so a
 * sender always sees a matching pair. They are methods rather than fields because a live actor
 * pays for every field of its registration: the executor's implementation derives both from the
 * mailbox it holds anyway.
 */
public abstract class Registration {

    private final Actor<?> actor;

    /** @param actor the registered actor; null only for {@code actor.api}'s own markers of a non-live actor */
    protected Registration(Actor<?> actor) {
        this.actor = actor;
    }

    /** The registered actor. */
    public final Actor<?> actor() {
        return actor;
    }

    /** The executor the actor is registered with. */
    public abstract ActorExecutor executor();

    /** The actor's mailbox index on that executor. */
    public abstract int ticket();

    /**
     * The bound the actor was registered with ({@link ActorExecutor#register}), kept when it is
     * registered again; null for an unbounded actor. The default is null: only an executor's
     * registration of a bounded actor and {@code actor.api}'s marker of a bounded actor that ended
     * override it.
     */
    public actor.api.MailboxBound bound() {
        return null;
    }
}
