package actor.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.Allocation;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The probe's expectations and the kit's verdict, both ways: what passes and what fails. */
class TestKitTest {

    record Ping(int n, ActorRef<Pong> replyTo) {
    }

    record Pong(int n) {
    }

    /** Answers each ping; throws on a negative one. */
    static final class Ponger extends Actor<Ping> {
        Ponger(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Ping ping) {
            if (ping.n() < 0) {
                throw new IllegalArgumentException("negative ping " + ping.n());
            }
            ping.replyTo().send(new Pong(ping.n()));
            return Allocation.NODELETE;
        }
    }

    private static final Duration SHORT = Duration.ofMillis(50);

    @Test
    @Timeout(30)
    void aProbeSeesTheRepliesInOrder() {
        try (ActorTestKit kit = ActorTestKit.start()) {
            final TestProbe<Pong> probe = kit.probe();
            final Ponger ponger = new Ponger(kit.system());
            for (int i = 0; i < 5; i++) {
                ponger.send(new Ping(i, probe.ref()));
            }
            assertEquals(new Pong(0), probe.expectMessage());
            probe.expectMessage(new Pong(1), TestProbe.DEFAULT_TIMEOUT);
            assertEquals(2, probe.expectMessageClass(Pong.class, TestProbe.DEFAULT_TIMEOUT).n());
            assertEquals(List.of(new Pong(3), new Pong(4)), probe.receiveMessages(2, TestProbe.DEFAULT_TIMEOUT));
            probe.expectNoMessage(SHORT);
            assertEquals(0, probe.pending());
        }
    }

    @Test
    @Timeout(30)
    void failedExpectationsSayWhatArrived() {
        try (ActorTestKit kit = ActorTestKit.start()) {
            final TestProbe<Object> probe = kit.probe();
            final AssertionError none = assertThrows(AssertionError.class, () -> probe.expectMessage(SHORT));
            assertTrue(none.getMessage().contains("no message within PT0.05S"), none.getMessage());
            probe.send(new Pong(7));
            final AssertionError wrong = assertThrows(AssertionError.class,
                    () -> probe.expectMessage(new Pong(8), TestProbe.DEFAULT_TIMEOUT));
            assertTrue(wrong.getMessage().contains("expected Pong[n=8] but received Pong[n=7]"), wrong.getMessage());
            probe.send("text");
            final AssertionError type = assertThrows(AssertionError.class,
                    () -> probe.expectMessageClass(Pong.class, TestProbe.DEFAULT_TIMEOUT));
            assertTrue(type.getMessage().contains("received text"), type.getMessage());
            probe.send(new Pong(9));
            final AssertionError unexpected = assertThrows(AssertionError.class, () -> probe.expectNoMessage(Duration.ofSeconds(2)));
            assertTrue(unexpected.getMessage().contains("received Pong[n=9]"), unexpected.getMessage());
            probe.send(new Pong(10));
            final AssertionError short1 = assertThrows(AssertionError.class, () -> probe.receiveMessages(2, SHORT));
            assertTrue(short1.getMessage().contains("received 1 of 2 messages"), short1.getMessage());
        }
    }

    @Test
    @Timeout(30)
    void theKitFailsOnAReportedProblemUnlessTheTestTookIt() {
        final ActorTestKit failing = ActorTestKit.start();
        final TestProbe<Pong> probe = failing.probe();
        new Ponger(failing.system()).send(new Ping(-1, probe.ref()));
        probe.expectNoMessage(SHORT);
        final AssertionError verdict = assertThrows(AssertionError.class, failing::close);
        assertTrue(verdict.getMessage().contains("reported 1 problem(s)") && verdict.getMessage().contains("negative ping -1"),
                verdict.getMessage());

        try (ActorTestKit kit = ActorTestKit.start()) {
            final TestProbe<Pong> other = kit.probe();
            new Ponger(kit.system()).send(new Ping(-2, other.ref()));
            other.expectNoMessage(SHORT);
            final List<ActorError> taken = kit.takeErrors();
            assertEquals(1, taken.size());
            assertInstanceOf(IllegalArgumentException.class, ((ActorError.BehaviourFailed) taken.get(0)).failure());
        }
    }

    @Test
    @Timeout(30)
    void theKitShutsEveryActorDownAndProbesAreSendOnlyToOthers() {
        final ActorTestKit kit = ActorTestKit.start();
        final TestProbe<Pong> probe = kit.probe();
        new Ponger(kit.system());
        final ActorRef<Pong> ref = probe.ref();
        assertSame(ref, probe.ref());
        kit.close();
        assertEquals(0, kit.system().liveActors());
        assertTrue(probe.isTerminated());
    }
}
