package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.PoisonPill;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Any type is a message: records, enums and sealed interfaces; and the send-only reference. */
class RecordMessagesTest {

    sealed interface Cmd permits Add, Fail, Reset {
    }

    record Add(int n) implements Cmd {
    }

    record Fail(String why) implements Cmd {
    }

    enum Reset implements Cmd { INSTANCE }

    /** Sums what it is told; fails on {@code Fail}. */
    static final class Summer extends Actor<Cmd> {
        final List<Integer> sums = new CopyOnWriteArrayList<>();
        private int sum;

        Summer(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Cmd cmd) {
            if (cmd instanceof Add add) {
                sum += add.n();
            } else if (cmd instanceof Fail fail) {
                throw new IllegalArgumentException(fail.why());
            } else {
                sum = 0;
            }
            sums.add(sum);
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(30)
    void recordsAndEnumsArriveInOrderThroughTheActorAndItsReference() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).errorHandler(errors)
                .failurePolicy(actor.api.FailurePolicy.RESUME).build());
        final Summer summer = new Summer(system);
        final ActorRef<Cmd> ref = summer.ref();
        summer.send(new Add(1)).send(new Add(2));
        ref.send(new Add(3));
        final Fail fail = new Fail("on purpose");
        ref.send(fail);
        ref.send(Reset.INSTANCE);
        ref.send(new Add(5));
        summer.send(PoisonPill.FINISHED);
        assertTrue(system.stop(Duration.ofSeconds(10)));
        assertEquals(List.of(1, 3, 6, 0, 5), summer.sums);
        final List<ActorError.BehaviourFailed> failures = errors.ofType(ActorError.BehaviourFailed.class);
        assertEquals(1, failures.size());
        assertSame(fail, failures.get(0).message(), "the record itself is reported");
        ref.send(new Add(7));
        assertEquals(1, system.deadLetters(), "a send through the reference after termination is a dead letter");
    }

    @Test
    @Timeout(30)
    void referencesToOneActorAreEqualAndNameIt() {
        try (ActorSystem system = ActorSystem.start(1)) {
            final Summer one = new Summer(system);
            final Summer other = new Summer(system);
            assertSame(one.ref(), one.ref());
            assertEquals(one.ref(), one.ref());
            assertEquals(one.ref().hashCode(), one.ref().hashCode());
            assertNotEquals(one.ref(), other.ref());
            assertEquals("ActorRef[" + one + "]", one.ref().toString());
            assertThrows(NullPointerException.class, () -> one.ref().send(null));
            one.send(PoisonPill.FINISHED);
            other.send(PoisonPill.FINISHED);
        }
    }

    @Test
    @Timeout(30)
    void aReferenceSaysWhetherItsActorHasTerminatedUntilItIsRegisteredAgain() throws Exception {
        try (ActorSystem system = ActorSystem.start(1)) {
            final Summer summer = new Summer(system);
            final ActorRef<Cmd> ref = summer.ref();
            assertFalse(ref.isTerminated());
            summer.send(PoisonPill.FINISHED);
            final long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (!summer.isTerminated() && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertTrue(ref.isTerminated(), "a send now would be a dead letter");
            system.register(summer);
            assertFalse(ref.isTerminated(), "registered again, it receives again");
            final ActorRef<Cmd> recorder = cmd -> { };
            assertFalse(recorder.isTerminated(), "a reference that cannot tell says false");
            summer.send(PoisonPill.FINISHED);
        }
    }
}
