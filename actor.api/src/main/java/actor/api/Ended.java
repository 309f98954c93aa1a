package actor.api;

import actor.api.spi.ActorExecutor;
import actor.api.spi.Registration;

/**
 * What an actor keeps of its latest registration once it has terminated: how it ended, its ticket,
 * its dead-letter sink and (unless deleted) its system. One object per system, status and ticket
 * serves every actor that ended so ({@link ActorSystem#ended}), so a termination allocates nothing
 * and a live actor pays nothing for it. Never queued: no message carries it.
 *
 * <p>Immutable.
 */
final class Ended extends Registration {

    final Allocation status;
    private final int ticket;
    final DeadLetters deadLetters;
    /** Null after a DELETE: a deleted actor keeps no reference to its system or executor. */
    final ActorSystem system;

    Ended(Allocation status, int ticket, DeadLetters deadLetters, ActorSystem system) {
        super(null);
        this.status = status;
        this.ticket = ticket;
        this.deadLetters = deadLetters;
        this.system = system;
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
