package actor.executor.internal;

import actor.api.Actor;
import actor.api.spi.ActorExecutor;
import actor.api.spi.Registration;

/**
 * A registration of an actor with this executor, carrying its mailbox, so a send goes straight to
 * the queue. It is what every envelope holds in its actor slot: a worker runs an envelope only if
 * its registration is still the actor's current one. It is also linked into its mailbox's list of
 * registrations ({@link Mailbox#link}), which is how a shutdown finds every live actor and a
 * waiting stop names them.
 *
 * <p>Every live actor pays for each field here, so there are three (24 bytes with compressed
 * oops, {@code FootprintTest}): the executor and the ticket come from the mailbox, and the await
 * state of the few actors that await lives in their mailbox ({@link Mailbox#suspensionOf}).
 *
 * <p>Not final for one kind only: a bounded actor's registration ({@link BoundedRegistration}) and
 * its stand-in. An unbounded actor's is always this class, so the casts on the send and receive
 * paths still see one class (the JIT's type profile), and a live actor pays nothing for bounds.
 *
 * <p>Threading: {@code mailbox} is final; {@code nextLive} is read and written under the mailbox
 * lock only.
 */
class MailboxRegistration extends Registration {

    final Mailbox mailbox;
    MailboxRegistration nextLive;

    MailboxRegistration(Actor<?> actor, Mailbox mailbox) {
        super(actor);
        this.mailbox = mailbox;
    }

    @Override
    public ActorExecutor executor() {
        return mailbox.executor;
    }

    @Override
    public int ticket() {
        return mailbox.index;
    }
}
