package actor.executor.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;

/**
 * What each live actor costs the executor: one registration. Its size is what the {@code spawn}
 * row's bytes per actor moves with, so a new field there has to be worth 8 bytes per actor (the
 * joining rule keeps its state in the mailbox instead, {@link Mailbox#mayJoin}).
 */
class FootprintTest {

    @Test
    void aRegistrationTakesFortyBytes() {
        final ClassLayout layout = ClassLayout.parseClass(MailboxRegistration.class);
        assertEquals(40, layout.instanceSize(), layout.toPrintable());
    }
}
