package actor.executor.internal;

import actor.api.Actor;
import actor.api.spi.ActorExecutor;
import actor.api.spi.Registration;

/**
 * A registration of an actor with this executor, carrying its mailbox, so a send goes straight to
 * the queue. It is what every envelope holds in its actor slot: a worker runs an envelope only if
 * its registration is still the actor's current one. While the actor is live the registration is
 * also linked into its mailbox's list of live registrations ({@link Mailbox#link}), which is how a
 * shutdown finds every live actor and a waiting stop names them.
 *
 * <p>Threading: {@code mailbox} is final; the links are read and written under the mailbox lock only;
 * {@code suspension} by the worker processing the mailbox (as the actor's own
 * state), and by the final sweep after every worker has exited.
 */
final class MailboxRegistration extends Registration {

    final Mailbox mailbox;
    MailboxRegistration previousLive;
    MailboxRegistration nextLive;
    /**
     * Made on the first await and reused (one field, so a registration of an actor that never
     * awaits stays the size it was); null if the actor never awaited.
     */
    Suspension suspension;

    MailboxRegistration(Actor<?> actor, ActorExecutor executor, Mailbox mailbox) {
        super(actor, executor, mailbox.index);
        this.mailbox = mailbox;
    }
}
