package actor.executor.internal;

import actor.api.Actor;
import actor.api.spi.ActorExecutor;
import actor.api.spi.Registration;

/**
 * A registration of an actor with this executor, carrying its mailbox, so a send goes straight to
 * the queue. It is what every envelope holds in its actor slot: a worker runs an envelope only if
 * its registration is still the actor's current one. Immutable.
 */
final class MailboxRegistration extends Registration {

    final Mailbox mailbox;

    MailboxRegistration(Actor<?> actor, ActorExecutor executor, Mailbox mailbox) {
        super(actor, executor, mailbox.index);
        this.mailbox = mailbox;
    }
}
