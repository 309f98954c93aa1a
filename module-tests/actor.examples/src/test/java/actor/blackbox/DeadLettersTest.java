package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.Message;
import actor.api.PoisonPill;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Sends to terminated actors are dead letters by default: counted, reported to the error handler,
 * and never a failure of the sender.
 */
class DeadLettersTest {

    static final class Note extends Message {
        final int n;

        Note(int n) {
            this.n = n;
        }
    }

    /** Records what it receives. */
    static final class Sink extends Actor<Note> {
        final List<Integer> seen = new CopyOnWriteArrayList<>();

        Sink(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Note note) {
            seen.add(note.n);
            return Allocation.NODELETE;
        }
    }

    /** Forwards every note to a target, then records that it carried on. */
    static final class Forwarder extends Actor<Note> {
        private final Sink target;
        final List<Integer> forwarded = new CopyOnWriteArrayList<>();

        Forwarder(ActorSystem system, Sink target) {
            super(system);
            this.target = target;
        }

        @Override
        protected Allocation receive(Note note) {
            target.send(note);
            forwarded.add(note.n);
            return Allocation.NODELETE;
        }
    }

    private static ActorSystem start(RecordingErrorHandler errors) {
        return ActorSystem.start(ActorSystemConfig.builder().workers(2).errorHandler(errors).build());
    }

    private static void awaitTerminated(Actor<?> actor) throws InterruptedException {
        while (!actor.isTerminated()) {
            Thread.sleep(1);
        }
    }

    @Test
    @Timeout(30)
    void aSendToATerminatedActorIsCountedAndReportedAndQueuesNothing() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = start(errors);
        final Sink sink = new Sink(system);
        sink.send(new Note(1)).send(PoisonPill.DESTROY);
        awaitTerminated(sink);
        final Note late = new Note(2);
        sink.send(late).send(PoisonPill.FINISHED);
        assertTrue(system.stop(Duration.ofSeconds(10)));
        assertEquals(List.of(1), sink.seen);
        assertEquals(2, system.deadLetters());
        final List<ActorError.DeadLetter> letters = errors.ofType(ActorError.DeadLetter.class);
        assertEquals(2, letters.size(), errors.all().toString());
        assertSame(sink, letters.get(0).actor());
        assertSame(late, letters.get(0).message());
        assertEquals(Allocation.DESTROY, letters.get(0).status());
        assertSame(PoisonPill.FINISHED, letters.get(1).message());
        assertTrue(letters.get(0).describe().contains(Note.class.getName())
                && letters.get(0).describe().contains(Sink.class.getName()), letters.get(0).describe());
        assertEquals(0, errors.undeliveredCount(), "nothing was queued for the terminated actor");
    }

    @Test
    @Timeout(30)
    void aBehaviourSendingToATerminatedActorCarriesOnUnderTheDefaultFailurePolicy() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = start(errors);
        final Sink sink = new Sink(system);
        final Forwarder forwarder = new Forwarder(system, sink);
        sink.send(PoisonPill.FINISHED);
        awaitTerminated(sink);
        for (int i = 0; i < 5; i++) {
            forwarder.send(new Note(i));
        }
        forwarder.send(PoisonPill.FINISHED);
        assertTrue(system.stop(Duration.ofSeconds(10)));
        assertEquals(List.of(0, 1, 2, 3, 4), forwarder.forwarded, "the sender was not stopped by the dead receiver");
        assertEquals(5, system.deadLetters());
        assertEquals(List.of(), errors.ofType(ActorError.BehaviourFailed.class));
    }

    @Test
    @Timeout(30)
    void aCascadedSendAfterAPillNeverThrowsWhateverTheTiming() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = start(errors);
        final int actors = 200;
        for (int i = 0; i < actors; i++) {
            final Sink sink = new Sink(system);
            sink.send(PoisonPill.FINISHED).send(new Note(i));
        }
        assertTrue(system.stop(Duration.ofSeconds(10)));
        assertEquals(actors, system.deadLetters() + errors.undeliveredCount(),
                "each note after a pill was either refused at the send or reported from the mailbox");
    }

    @Test
    @Timeout(30)
    void aThrowingErrorHandlerDoesNotFailTheSender() throws Exception {
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1).errorHandler(error -> {
            throw new IllegalStateException("handler bug");
        }).build());
        final Sink sink = new Sink(system);
        sink.send(PoisonPill.FINISHED);
        awaitTerminated(sink);
        sink.send(new Note(1));
        assertTrue(system.stop(Duration.ofSeconds(10)));
        assertEquals(1, system.deadLetters());
    }

    @Test
    void theConfigurationNamesTheMode() {
        assertTrue(ActorSystemConfig.builder().build().toString().contains("strictSends=false"));
        assertTrue(ActorSystemConfig.builder().strictSends(true).build().strictSends());
    }
}
