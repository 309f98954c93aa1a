package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.Checks;
import actor.api.Message;
import actor.api.PoisonPill;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class DebugChecksTest {

    static final class Forgotten extends Message {
    }

    static final class Delivered extends Message {
    }

    static final class Sink extends Actor<Message> {
        Sink(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Message message) {
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(60)
    void messagesThatBecomeUnreachableUnsentAreReportedInDebugMode() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1)
                .checks(Checks.DEBUG).errorHandler(errors).build());
        final Sink sink = new Sink(system);
        for (int i = 0; i < 3; i++) {
            createAndDrop();
        }
        sink.send(new Delivered());
        while (errors.ofType(ActorError.UnsentMessage.class).size() < 3) {
            System.gc();
            Thread.sleep(10);
        }
        sink.send(PoisonPill.FINISHED);
        system.stop();
        final List<ActorError.UnsentMessage> unsent = errors.ofType(ActorError.UnsentMessage.class);
        assertEquals(3, unsent.size(), "exactly the three forgotten messages: " + unsent);
        unsent.forEach(u -> assertEquals(Forgotten.class.getName(), u.messageClass()));
    }

    private static void createAndDrop() {
        new Forgotten();
    }

    @Test
    @Timeout(60)
    @SuppressWarnings("try") // the resource is held for the whole block, never referenced
    void withoutDebugModeNothingIsTracked() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1).errorHandler(errors).build())) {
            for (int i = 0; i < 100; i++) {
                createAndDrop();
            }
            for (int i = 0; i < 5; i++) {
                System.gc();
                Thread.sleep(10);
            }
        }
        assertEquals(List.of(), errors.all());
    }

    @Test
    @Timeout(30)
    void resendingADeletedMessageThrowsInDebugMode() {
        final Delivered once;
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1).checks(Checks.DEBUG).build())) {
            once = new Delivered();
            once.setAllocation(Allocation.DELETE);
            final Sink sink = new Sink(system);
            sink.send(once);
            sink.send(PoisonPill.FINISHED);
        }
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1).checks(Checks.DEBUG).build())) {
            final Sink sink = new Sink(system);
            try {
                final IllegalStateException e = assertThrows(IllegalStateException.class, () -> sink.send(once));
                assertTrue(e.getMessage().contains("deleted"), e.getMessage());
            } finally {
                sink.send(PoisonPill.FINISHED);
            }
        }
    }

    @Test
    @Timeout(30)
    void messagesCreatedBeforeAnyDebugSystemAreNotTracked() {
        final Delivered untracked = new Delivered();
        untracked.setAllocation(Allocation.DELETE);
        final Sink sink;
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1).checks(Checks.DEBUG).build())) {
            sink = new Sink(system);
            sink.send(untracked).send(untracked).send(PoisonPill.FINISHED);
        }
        assertTrue(sink.isTerminated());
    }
}
