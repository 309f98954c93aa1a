package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.ActorTimers;
import actor.api.Allocation;
import actor.api.ContextPropagator;
import actor.api.Continuation;
import actor.api.Message;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The {@link ContextPropagator} SPI, with a propagator of a thread-local request id: the sender's
 * context reaches the receiving behaviour through sends, asks, awaits, scheduled sends and actor
 * timers, and the worker's own context is restored after each behaviour.
 */
class ContextPropagationTest {

    private static final long WAIT_SECONDS = 10;

    /** A request id in a thread local, and a log of every hook call. */
    static final class RequestIds implements ContextPropagator {
        static final ThreadLocal<String> CURRENT = new ThreadLocal<>();
        /** What {@link #capture} returns for "no request". */
        static final String NONE = "-";

        /** One {@link #beforeBehaviour} call. */
        record Before(String context, Class<?> actor, Object message, int worker, long queueWaitNanos) { }

        final List<Before> befores = new CopyOnWriteArrayList<>();
        final List<Throwable> afterFailures = new CopyOnWriteArrayList<>();
        final List<String> afterContexts = new CopyOnWriteArrayList<>();

        @Override
        public Object capture() {
            final String id = CURRENT.get();
            return id == null ? NONE : id;
        }

        @Override
        public Object attach(Object context) {
            final String previous = CURRENT.get();
            CURRENT.set(context == NONE ? null : (String) context);
            return previous == null ? NONE : previous;
        }

        @Override
        public void detach(Object attached) {
            CURRENT.set(attached == NONE ? null : (String) attached);
        }

        @Override
        public Object beforeBehaviour(Object context, Actor<?> actor, Object message, int worker, long queueWaitNanos) {
            befores.add(new Before((String) context, actor.getClass(), message, worker, queueWaitNanos));
            return attach(context);
        }

        @Override
        public void afterBehaviour(Object started, Throwable failure) {
            afterContexts.add(capture().toString());
            afterFailures.add(failure == null ? new NoFailure() : failure);
            detach(started);
        }

        /** Stands for "returned normally" in {@link #afterFailures}, which holds no nulls. */
        static final class NoFailure extends RuntimeException {
            private static final long serialVersionUID = 1L;

            NoFailure() {
                super(null, null, false, false);
            }
        }
    }

    record Request(String payload, ActorRef<String> replyTo) { }

    /** Forwards each request to the next stage, recording the request id it runs under. */
    static final class Front extends Actor<Request> {
        final LinkedBlockingQueue<String> seen = new LinkedBlockingQueue<>();
        private final ActorRef<Request> back;

        Front(ActorSystem system, ActorRef<Request> back) {
            super(system);
            this.back = back;
        }

        @Override
        protected Allocation receive(Request request) {
            seen.add(String.valueOf(RequestIds.CURRENT.get()));
            back.send(request);
            return Allocation.NODELETE;
        }
    }

    /** Replies to each request, recording the request id it runs under. */
    static final class Back extends Actor<Request> {
        final LinkedBlockingQueue<String> seen = new LinkedBlockingQueue<>();

        Back(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Request request) {
            seen.add(String.valueOf(RequestIds.CURRENT.get()));
            request.replyTo().send("done " + request.payload());
            return Allocation.NODELETE;
        }
    }

    /** Records the request id of every message. */
    static final class Recorder extends Actor<String> {
        final LinkedBlockingQueue<String> seen = new LinkedBlockingQueue<>();

        Recorder(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(String message) {
            seen.add(message + "@" + RequestIds.CURRENT.get());
            return Allocation.NODELETE;
        }
    }

    private static ActorSystemConfig.Builder config(ContextPropagator propagator) {
        return ActorSystemConfig.builder().workers(2).contextPropagator(propagator);
    }

    @Test
    @Timeout(60)
    void anAskCarriesTheCallersRequestIdThroughTwoActors() throws Exception {
        final RequestIds ids = new RequestIds();
        try (ActorSystem system = ActorSystem.start(config(ids).build())) {
            final Back back = new Back(system);
            final Front front = new Front(system, back.ref());
            RequestIds.CURRENT.set("req-1");
            final CompletableFuture<String> reply;
            try {
                reply = system.ask(front.ref(), (ActorRef<String> replyTo) -> new Request("a", replyTo), Duration.ofSeconds(WAIT_SECONDS));
            } finally {
                RequestIds.CURRENT.remove();
            }
            assertEquals("done a", reply.get(WAIT_SECONDS, TimeUnit.SECONDS));
            assertEquals("req-1", front.seen.poll(WAIT_SECONDS, TimeUnit.SECONDS));
            assertEquals("req-1", back.seen.poll(WAIT_SECONDS, TimeUnit.SECONDS));

            // A send from a thread without a request id runs without one.
            for (int i = 0; i < 4; i++) {
                final CompletableFuture<String> plain =
                        system.ask(front.ref(), (ActorRef<String> replyTo) -> new Request("b", replyTo), Duration.ofSeconds(WAIT_SECONDS));
                assertEquals("done b", plain.get(WAIT_SECONDS, TimeUnit.SECONDS));
                assertEquals("null", front.seen.poll(WAIT_SECONDS, TimeUnit.SECONDS));
                assertEquals("null", back.seen.poll(WAIT_SECONDS, TimeUnit.SECONDS));
            }
            assertEquals(10, ids.befores.size(), "one beforeBehaviour per behaviour: " + ids.befores);
            for (RequestIds.Before before : ids.befores) {
                assertInstanceOf(Request.class, before.message());
                assertTrue(before.worker() >= 0 && before.worker() < 2, "worker index " + before.worker());
                assertTrue(before.queueWaitNanos() >= 0, "queue wait " + before.queueWaitNanos());
            }
            assertEquals(List.of(Front.class, Back.class), List.of(ids.befores.get(0).actor(), ids.befores.get(1).actor()));
            assertEquals(List.of("req-1", "req-1"), List.of(ids.befores.get(0).context(), ids.befores.get(1).context()));
            assertEquals(List.of("req-1", "req-1"), ids.afterContexts.subList(0, 2),
                    "afterBehaviour runs while the behaviour's context is still current");
            assertTrue(system.shutdown(Duration.ofSeconds(WAIT_SECONDS)));
        }
    }

    /** Awaits the stage of its first message, recording the request id its continuation runs under. */
    static final class Awaiter extends Actor<CompletableFuture<String>> {
        final LinkedBlockingQueue<String> seen = new LinkedBlockingQueue<>();

        Awaiter(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(CompletableFuture<String> stage) {
            return await(stage, (value, failure) -> {
                seen.add(value + "@" + RequestIds.CURRENT.get());
                return Allocation.NODELETE;
            });
        }
    }

    @Test
    @Timeout(60)
    void aContinuationRunsInTheContextOfTheBehaviourThatAwaitedNotOfTheThreadThatCompleted() throws Exception {
        final RequestIds ids = new RequestIds();
        try (ActorSystem system = ActorSystem.start(config(ids).build())) {
            final Awaiter awaiter = new Awaiter(system);
            final CompletableFuture<String> stage = new CompletableFuture<>();
            RequestIds.CURRENT.set("req-2");
            try {
                awaiter.send(stage);
            } finally {
                RequestIds.CURRENT.remove();
            }
            final Thread completer = new Thread(() -> {
                RequestIds.CURRENT.set("completer");
                stage.complete("value");
            });
            completer.start();
            completer.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
            assertEquals("value@req-2", awaiter.seen.poll(WAIT_SECONDS, TimeUnit.SECONDS));
            final RequestIds.Before resumed = ids.befores.get(ids.befores.size() - 1);
            assertInstanceOf(Continuation.class, resumed.message());
            assertEquals("req-2", resumed.context());
            assertEquals(-1, resumed.queueWaitNanos(), "a continuation's queue wait is not known");
            assertTrue(system.shutdown(Duration.ofSeconds(WAIT_SECONDS)));
        }
    }

    /** Starts a single timer (message {@code "timer"}) on {@code "start"}, and records every message. */
    static final class TimerOwner extends Actor<String> {
        final LinkedBlockingQueue<String> seen = new LinkedBlockingQueue<>();
        private final ActorTimers<String> timers = new ActorTimers<>(this);

        TimerOwner(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(String message) {
            seen.add(message + "@" + RequestIds.CURRENT.get());
            if (message.equals("start")) {
                timers.startSingleTimer("key", "timer", Duration.ofMillis(5));
            }
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(60)
    void scheduledSendsAndActorTimersDeliverInTheContextOfWhoStartedThem() throws Exception {
        final RequestIds ids = new RequestIds();
        try (ActorSystem system = ActorSystem.start(config(ids).build())) {
            final Recorder recorder = new Recorder(system);
            final TimerOwner owner = new TimerOwner(system);
            RequestIds.CURRENT.set("scheduler");
            try {
                system.scheduleOnce(Duration.ofMillis(5), recorder.ref(), "scheduled");
                owner.send("start");
            } finally {
                RequestIds.CURRENT.remove();
            }
            assertEquals("scheduled@scheduler", recorder.seen.poll(WAIT_SECONDS, TimeUnit.SECONDS));
            assertEquals("start@scheduler", owner.seen.poll(WAIT_SECONDS, TimeUnit.SECONDS));
            assertEquals("timer@scheduler", owner.seen.poll(WAIT_SECONDS, TimeUnit.SECONDS));
            assertEquals(-1, ids.befores.stream().filter(b -> "timer".equals(b.message())).findFirst().orElseThrow()
                    .queueWaitNanos(), "a timer's queue wait is not known");
            assertTrue(system.shutdown(Duration.ofSeconds(WAIT_SECONDS)));
        }
    }

    /** Throws on every message. */
    static final class Failing extends Actor<String> {
        Failing(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(String message) {
            throw new IllegalStateException("failing on " + message);
        }
    }

    @Test
    @Timeout(60)
    void afterBehaviourHearsWhatTheBehaviourThrew() throws Exception {
        final RequestIds ids = new RequestIds();
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        try (ActorSystem system = ActorSystem.start(config(ids).errorHandler(errors).build())) {
            new Failing(system).send("x");
            assertTrue(system.stop(Duration.ofSeconds(WAIT_SECONDS)));
        }
        assertEquals(1, ids.afterFailures.size());
        assertInstanceOf(IllegalStateException.class, ids.afterFailures.get(0));
        assertEquals(1, errors.ofType(ActorError.BehaviourFailed.class).size());
    }

    /** A message that manages its own lifetime: its destroy hook counts down. */
    static final class Pooled extends Message {
        final CountDownLatch destroyed = new CountDownLatch(1);

        @Override
        protected void onDestroy() {
            destroyed.countDown();
        }
    }

    /** Receives {@link Pooled} messages and does nothing. */
    static final class PooledSink extends Actor<Pooled> {
        PooledSink(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Pooled message) {
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(60)
    void aTracedMessageIsTheMessageToItsBehaviourAndToItsOwnAllocation() throws Exception {
        final RequestIds ids = new RequestIds();
        try (ActorSystem system = ActorSystem.start(config(ids).build())) {
            final Pooled message = new Pooled();
            message.setAllocation(Allocation.DESTROY);
            new PooledSink(system).send(message);
            assertTrue(message.destroyed.await(WAIT_SECONDS, TimeUnit.SECONDS), "the message's DESTROY applied");
            assertSame(message, ids.befores.get(0).message());
            assertTrue(system.shutdown(Duration.ofSeconds(WAIT_SECONDS)));
        }
    }

    @Test
    @Timeout(60)
    void undeliveredMessagesAreReportedByTheirOwnClass() throws Exception {
        final RequestIds ids = new RequestIds();
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(config(ids).errorHandler(errors).build());
        final CountDownLatch inside = new CountDownLatch(1);
        final Actor<String> blocker = new Actor<>(system) {
            @Override
            protected Allocation receive(String message) {
                inside.countDown();
                try {
                    Thread.sleep(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
                } catch (InterruptedException e) {
                    // NOTE: the abort interrupts the worker, which ends this behaviour.
                    Thread.currentThread().interrupt();
                }
                return Allocation.NODELETE;
            }
        };
        blocker.send("first").send("queued");
        assertTrue(inside.await(WAIT_SECONDS, TimeUnit.SECONDS));
        system.abort();
        final List<ActorError.UndeliveredMessages> undelivered = errors.ofType(ActorError.UndeliveredMessages.class);
        assertEquals(1, errors.undeliveredCount(), "the queued message: " + errors.all());
        assertTrue(undelivered.get(0).examples().get(0).endsWith("<- java.lang.String"), undelivered.get(0).examples().toString());
    }

    @Test
    void aConfigurationWithoutAPropagatorHasNone() {
        assertFalse(ActorSystemConfig.builder().build().contextPropagator().isPresent(),
                "no ContextPropagator service on this module path");
        final RequestIds ids = new RequestIds();
        assertSame(ids, config(ids).build().contextPropagator().orElseThrow());
        assertFalse(config(ids).withoutContextPropagator().build().contextPropagator().isPresent());
        assertNull(RequestIds.CURRENT.get());
    }
}
