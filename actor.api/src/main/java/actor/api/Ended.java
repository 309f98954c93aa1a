package actor.api;

import actor.api.spi.ActorExecutor;
import actor.api.spi.Registration;

/**
 * What an actor keeps of its latest registration once it has terminated: how it ended, its ticket,
 * its dead-letter sink, (unless deleted) its system, and its {@link MailboxBound} if it has one.
 * One object per system, status and ticket serves every unbounded actor that ended so
 * ({@link ActorSystem#ended}), so a termination allocates nothing and a live actor pays nothing for
 * it; a bounded actor that can be registered again gets one of its own, which keeps its bound for
 * that ({@link #withBound}). Never queued: no message carries it.
 *
 * <p>Immutable.
 */
final class Ended extends Registration {

    final Allocation status;
    private final int ticket;
    final DeadLetters deadLetters;
    /** Null after a DELETE: a deleted actor keeps no reference to its system or executor. */
    final ActorSystem system;
    /** The bound of the bounded actor this one alone serves; null for the shared ones. */
    private final MailboxBound bound;

    Ended(Allocation status, int ticket, DeadLetters deadLetters, ActorSystem system) {
        this(status, ticket, deadLetters, system, null);
    }

    private Ended(Allocation status, int ticket, DeadLetters deadLetters, ActorSystem system, MailboxBound bound) {
        super(null);
        this.status = status;
        this.ticket = ticket;
        this.deadLetters = deadLetters;
        this.system = system;
        this.bound = bound;
    }

    /** {@return this state for one actor with {@code bound}, which a later registration keeps} */
    Ended withBound(MailboxBound bound) {
        return new Ended(status, ticket, deadLetters, system, bound);
    }

    @Override
    public MailboxBound bound() {
        return bound;
    }

    @Override
    public ActorExecutor executor() {
        return system == null ? null : system.executor();
    }

    @Override
    public int ticket() {
        return ticket;
    }
}
