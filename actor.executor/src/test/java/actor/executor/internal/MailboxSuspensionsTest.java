package actor.executor.internal;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/**
 * A mailbox's await states ({@link Mailbox#suspensionOf}): whichever of its registrations awaited,
 * how many, and in whatever order they end, each lookup finds that registration's own state and no
 * other, through the one-entry cache and the map behind it.
 */
class MailboxSuspensionsTest {

    @Test
    void eachRegistrationFindsItsOwnStateThroughEveryKeepAndEnd() {
        final Mailbox mailbox = new CopyQueueMailbox(0, new CopyQueue(4));
        final MailboxRegistration a = new MailboxRegistration(null, mailbox);
        final MailboxRegistration b = new MailboxRegistration(null, mailbox);
        final MailboxRegistration c = new MailboxRegistration(null, mailbox);
        final Suspension sa = new Suspension(null, a);
        final Suspension sb = new Suspension(null, b);
        final Suspension sc = new Suspension(null, c);
        assertNull(mailbox.suspensionOf(a));

        mailbox.keepSuspension(a, sa);
        assertSame(sa, mailbox.suspensionOf(a));
        assertNull(mailbox.suspensionOf(b), "one entry: any other registration has none");

        mailbox.keepSuspension(b, sb);
        mailbox.keepSuspension(c, sc);
        assertSame(sa, mailbox.suspensionOf(a));
        assertSame(sb, mailbox.suspensionOf(b));
        assertSame(sc, mailbox.suspensionOf(c));

        mailbox.ended(c, null);                               // the cached one ends
        assertNull(mailbox.suspensionOf(c));
        assertSame(sa, mailbox.suspensionOf(a));
        assertSame(sb, mailbox.suspensionOf(b));

        mailbox.ended(a, null);                               // one left: it must be the cached one
        assertNull(mailbox.suspensionOf(a));
        assertSame(sb, mailbox.suspensionOf(b));
        assertNull(mailbox.suspensionOf(c));

        mailbox.ended(b, null);
        assertNull(mailbox.suspensionOf(b));
        mailbox.keepSuspension(c, sc);
        assertSame(sc, mailbox.suspensionOf(c));
        assertNull(mailbox.suspensionOf(a));
    }
}
