package actor.executor.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.vm.VM;

/**
 * What each live actor costs (issue 30, "the footprint must not pay for the structure"): a minimal
 * actor, a subclass with one int field, and the one registration the executor makes for it; no
 * other object and no entry in any per-actor collection (the live list runs through the
 * registrations). Their sum is the {@code footprint} row's bytes per actor, and must stay at most
 * 48 bytes: a new field in either has to be worth 8 bytes per actor (the joining rule and the await
 * state keep theirs in the mailbox instead, {@link Mailbox#mayJoin}, {@link Mailbox#suspensionOf}).
 * Sizes with compressed oops and class pointers (12-byte headers, 4-byte references), the default
 * under a 32 GB heap; skipped on any other layout.
 */
class FootprintTest {

    /** The smallest useful actor: one int of state. */
    static final class OneInt extends Actor<Integer> {
        int value;

        OneInt(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Integer message) {
            value = message;
            return Allocation.NODELETE;
        }
    }

    @BeforeAll
    static void compressedLayout() {
        assumeTrue(VM.current().arrayIndexScale("Object") == 4 && VM.current().objectHeaderSize() == 12,
                "sizes are for compressed oops and class pointers: " + VM.current().details());
    }

    @Test
    void anActorWithOneIntFieldTakesTwentyFourBytes() {
        final ClassLayout layout = ClassLayout.parseClass(OneInt.class);
        assertEquals(24, layout.instanceSize(), layout.toPrintable());
    }

    @Test
    void aRegistrationTakesTwentyFourBytes() {
        final ClassLayout layout = ClassLayout.parseClass(MailboxRegistration.class);
        assertEquals(24, layout.instanceSize(), layout.toPrintable());
    }

    /**
     * An actor's reference ({@code Actor.ref()}, made on first use) holds its name, if spawned with
     * one, in what would otherwise be its alignment padding: named or not, it takes 24 bytes, as
     * with its two other fields alone.
     */
    @Test
    void aReferenceWithItsNameFieldTakesTwentyFourBytes() throws Exception {
        final ClassLayout layout = ClassLayout.parseClass(Class.forName("actor.api.Actor$Ref"));
        assertEquals(24, layout.instanceSize(), layout.toPrintable());
    }

    @Test
    void aLiveActorCostsAtMostFortyEightBytes() {
        final long sum = ClassLayout.parseClass(OneInt.class).instanceSize()
                + ClassLayout.parseClass(MailboxRegistration.class).instanceSize();
        assertTrue(sum <= 48, "actor and registration: " + sum + " bytes");
    }
}
