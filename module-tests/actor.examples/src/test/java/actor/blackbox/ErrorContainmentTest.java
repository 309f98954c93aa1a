package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.ErrorHandler;
import actor.api.FailurePolicy;
import actor.api.Message;
import actor.api.PoisonPill;
import actor.steal.VictimSelector;
import actor.steal.WorkerView;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 10, defects 3 and 4: an {@code Error} thrown by user code the executor calls (a message's
 * or an actor's destroy hook, the failure policy, the error handler, a victim selector) fails only
 * that call, as the same error thrown by a behaviour does, and the rest of the batch still runs; a
 * fatal error (an {@code OutOfMemoryError}) aborts the system, and every message of the batch it
 * interrupted is reported, none silently dropped. Each scenario queues its messages behind a blocked
 * worker, so they are gulped as one batch.
 */
class ErrorContainmentTest {

    static final class Msg extends Message {
    }

    /** A message whose destroy hook throws an Error. */
    static final class Poisoned extends Message {
        Poisoned() {
            setAllocation(Allocation.DELETE);
        }

        @Override
        protected void onDestroy() {
            throw new AssertionError("message hook");
        }
    }

    static final class Fails extends Message {
    }

    static final class Fatal extends Message {
        final OutOfMemoryError error = new OutOfMemoryError("simulated, not real");
    }

    /** Counts what it receives; fails or throws on request. */
    static final class Sink extends Actor<Message> {
        final AtomicLong received;

        Sink(ActorSystem system, AtomicLong received) {
            super(system);
            this.received = received;
        }

        @Override
        protected Allocation receive(Message message) {
            if (message instanceof Fails) {
                throw new IllegalStateException("behaviour failure");
            }
            if (message instanceof Fatal fatal) {
                throw fatal.error;
            }
            received.incrementAndGet();
            return Allocation.NODELETE;
        }

        @Override
        protected void onDestroy() {
            throw new AssertionError("actor hook");
        }
    }

    /** Queues {@code first}, then ten plain messages, to one actor behind a blocked single worker; returns that actor. */
    private static Sink queueBatch(ActorSystem system, AtomicLong received, Message first) throws InterruptedException {
        final Blocking.Blocker blocker = new Blocking.Blocker(system);
        final Sink sink = new Sink(system, received);
        final Blocking.Block block = Blocking.blockWorker(blocker);
        sink.send(first);
        for (int i = 0; i < 10; i++) {
            sink.send(new Msg());
        }
        block.release.countDown();
        return sink;
    }

    @Test
    @Timeout(60)
    void anErrorFromAMessageHookFailsOnlyThatHook() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final AtomicLong received = new AtomicLong();
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1).spareCarriers(0).errorHandler(errors).build())) {
            queueBatch(system, received, new Poisoned()).send(PoisonPill.FINISHED);
        }
        assertEquals(11, received.get(), "the poisoned message and the ten after it were received");
        final var hooks = errors.ofType(ActorError.DestroyHookFailed.class);
        assertEquals(1, hooks.size(), errors.all().toString());
        assertInstanceOf(AssertionError.class, hooks.get(0).failure());
        assertEquals(0, errors.undeliveredCount());
    }

    @Test
    @Timeout(60)
    void anErrorFromAnActorHookFailsOnlyThatHookAndTheActorStaysTerminated() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final AtomicLong received = new AtomicLong();
        final Sink sink;
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1).spareCarriers(0).errorHandler(errors).build())) {
            sink = queueBatch(system, received, PoisonPill.DESTROY);
        }
        assertTrue(sink.isTerminated());
        assertEquals(0, received.get());
        assertEquals(1, errors.ofType(ActorError.DestroyHookFailed.class).size(), errors.all().toString());
        assertEquals(10, errors.undeliveredCount(), "the ten messages behind the pill are reported");
    }

    @Test
    @Timeout(60)
    void anErrorFromTheFailurePolicyCountsAsFinished() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final AtomicLong received = new AtomicLong();
        final FailurePolicy broken = (actor, message, failure) -> {
            throw new AssertionError("policy");
        };
        final Sink sink;
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1).spareCarriers(0).errorHandler(errors)
                .failurePolicy(broken).build())) {
            sink = queueBatch(system, received, new Fails());
        }
        assertTrue(sink.isTerminated(), "a failing policy terminates the actor as FINISHED");
        final var failed = errors.ofType(ActorError.BehaviourFailed.class);
        assertEquals(1, failed.size(), errors.all().toString());
        assertEquals(Allocation.FINISHED, failed.get(0).outcome());
        assertInstanceOf(AssertionError.class, failed.get(0).failure().getSuppressed()[0]);
        assertEquals(10, errors.undeliveredCount(), "the ten messages behind it are reported");
    }

    @Test
    @Timeout(60)
    void anErrorFromTheErrorHandlerIsLoggedAndTheBatchGoesOn() throws Exception {
        final AtomicInteger handled = new AtomicInteger();
        final ErrorHandler throwing = error -> {
            handled.incrementAndGet();
            throw new AssertionError("handler");
        };
        final AtomicLong received = new AtomicLong();
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1).spareCarriers(0).errorHandler(throwing)
                .failurePolicy(FailurePolicy.RESUME).build())) {
            queueBatch(system, received, new Fails()).send(PoisonPill.FINISHED);
        }
        assertEquals(10, received.get(), "the batch went on after the handler threw");
        assertEquals(1, handled.get());
    }

    @Test
    @Timeout(60)
    void aFatalErrorMidBatchReportsTheRestOfTheBatch() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final AtomicLong received = new AtomicLong();
        final Fatal fatal = new Fatal();
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1).spareCarriers(0).errorHandler(errors).build());
        queueBatch(system, received, fatal);
        assertSame(fatal.error, assertThrows(OutOfMemoryError.class, system::stop));
        assertEquals(0, received.get());
        assertEquals(10, errors.undeliveredCount(), "every bystander of the batch is reported: " + errors.all());
    }

    /** Throws an Error on every call. */
    static final class ThrowingSelector implements VictimSelector {
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public String name() {
            return "throwing";
        }

        @Override
        public int selectVictim(int thief, WorkerView view) {
            calls.incrementAndGet();
            throw new StackOverflowError("selector");
        }
    }

    @Test
    @Timeout(60)
    void anErrorFromAVictimSelectorIsReportedOnceAndTheSystemKeepsWorking() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ThrowingSelector selector = new ThrowingSelector();
        final AtomicLong received = new AtomicLong();
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).victimSelector(selector)
                .errorHandler(errors).build());
        try (system) {
            final Sink sink = new Sink(system, received);
            final long deadline = System.nanoTime() + 10_000_000_000L;
            do {
                sink.send(new Msg());
                Thread.sleep(1);
            } while (selector.calls.get() == 0 && System.nanoTime() < deadline);
            sink.send(new Msg()).send(PoisonPill.FINISHED);
        }
        assertTrue(selector.calls.get() > 0, "idle workers asked the selector");
        final var reports = errors.ofType(ActorError.VictimSelectorFailed.class);
        assertEquals(1, reports.size(), "reported once: " + errors.all());
        assertInstanceOf(StackOverflowError.class, reports.get(0).failure());
        assertTrue(received.get() >= 2, "messages sent after the selector failed were received too");
        assertEquals(0, errors.undeliveredCount());
    }
}
