package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.ActorError;
import actor.api.ActorError.Supervision.Event;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.Behaviour;
import actor.api.PoisonPill;
import actor.api.Supervised;
import actor.api.SupervisorStrategy;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

/**
 * {@link Supervised} with each {@link SupervisorStrategy}: what state the behaviour keeps, which
 * messages it handles and in what order, the reports, the limits, a factory that fails during a
 * restart, the supervised exception type, and invalid strategies.
 */
class SupervisionTest {

    sealed interface Cmd permits Add, Boom, Get {
    }

    /** Adds {@code n} to the behaviour's total. */
    record Add(int n) implements Cmd {
    }

    /** Makes the behaviour throw {@code failure}. */
    record Boom(RuntimeException failure) implements Cmd {
    }

    /** Completes {@code reply} with "instance:total". */
    record Get(CompletableFuture<String> reply) implements Cmd {
    }

    /** A behaviour whose state is its total; it logs each addition as "instance:n". */
    static final class Tally implements Behaviour<Cmd> {
        private final int instance;
        private final List<String> log;
        private long total;

        Tally(int instance, List<String> log) {
            this.instance = instance;
            this.log = log;
        }

        @Override
        public Allocation receive(Cmd cmd) {
            if (cmd instanceof Add add) {
                total += add.n();
                log.add(instance + ":" + add.n());
            } else if (cmd instanceof Boom boom) {
                throw boom.failure();
            } else {
                ((Get) cmd).reply().complete(instance + ":" + total);
            }
            return Allocation.NODELETE;
        }
    }

    private final RecordingErrorHandler errors = new RecordingErrorHandler();
    private final List<String> log = new CopyOnWriteArrayList<>();
    private final AtomicInteger made = new AtomicInteger();
    private final Supplier<Tally> factory = () -> new Tally(made.incrementAndGet(), log);

    private ActorSystem start() {
        return ActorSystem.start(ActorSystemConfig.builder().workers(2).errorHandler(errors).build());
    }

    private static Boom boom() {
        return new Boom(new IllegalStateException("boom"));
    }

    private static String get(Supervised<Cmd> actor) {
        final CompletableFuture<String> reply = new CompletableFuture<>();
        actor.send(new Get(reply));
        return reply.orTimeout(10, TimeUnit.SECONDS).join();
    }

    private static void awaitTerminated(Supervised<Cmd> actor) throws InterruptedException {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!actor.isTerminated()) {
            assertTrue(System.nanoTime() < deadline, "the actor did not end");
            Thread.sleep(1);
        }
    }

    private List<Event> events() {
        return errors.ofType(ActorError.Supervision.class).stream().map(ActorError.Supervision::event).toList();
    }

    @Test
    @Timeout(30)
    void resumeKeepsTheBehaviourAndItsStateAndReportsTheFailure() {
        try (ActorSystem system = start()) {
            final Supervised<Cmd> actor = new Supervised<>(system, factory, SupervisorStrategy.resume());
            final Boom boom = boom();
            actor.send(new Add(1)).send(new Add(2)).send(boom).send(new Add(3));
            assertEquals("1:6", get(actor));
            assertEquals(1, made.get());
            assertEquals(List.of(Event.RESUMED), events());
            final ActorError.Supervision report = errors.ofType(ActorError.Supervision.class).get(0);
            assertSame(boom, report.message());
            assertSame(boom.failure(), report.failure());
            assertSame(actor, report.actor());
            assertTrue(errors.ofType(ActorError.BehaviourFailed.class).isEmpty(), "the supervisor handled it");
            actor.send(PoisonPill.FINISHED);
        }
    }

    @Test
    @Timeout(30)
    void stopEndsTheActorAndLaterMessagesAreNotReceived() throws InterruptedException {
        try (ActorSystem system = start()) {
            final Supervised<Cmd> actor = new Supervised<>(system, factory, SupervisorStrategy.stop());
            actor.send(new Add(1)).send(boom()).send(new Add(2));
            awaitTerminated(actor);
            actor.send(new Add(3));
            assertEquals(1, system.deadLetters());
            assertEquals(List.of(Event.STOPPED), events());
        }
        assertEquals(List.of("1:1"), log);
        assertEquals(1, errors.undeliveredCount(), "Add(2), queued behind the end");
    }

    @Test
    @Timeout(30)
    void restartGivesAFreshStateAndTheFreshBehaviourHandlesTheLaterMessagesInOrder() {
        try (ActorSystem system = start()) {
            final Supervised<Cmd> actor = new Supervised<>(system, factory, SupervisorStrategy.restart());
            final Boom boom = boom();
            actor.send(new Add(1)).send(new Add(2)).send(boom).send(new Add(3)).send(new Add(4));
            assertEquals("2:7", get(actor));
            assertEquals(List.of("1:1", "1:2", "2:3", "2:4"), log);
            assertEquals(2, made.get());
            assertEquals(List.of(Event.RESTARTED), events());
            assertSame(boom, errors.ofType(ActorError.Supervision.class).get(0).message());
            actor.send(PoisonPill.FINISHED);
        }
    }

    @Test
    @Timeout(30)
    void theFailurePastTheRestartLimitEndsTheActorWithOneReport() throws InterruptedException {
        try (ActorSystem system = start()) {
            final Supervised<Cmd> actor = new Supervised<>(system, factory,
                    SupervisorStrategy.restart().withLimit(2, Duration.ofMinutes(1)));
            actor.send(boom()).send(boom()).send(boom()).send(new Add(1));
            awaitTerminated(actor);
            assertEquals(3, made.get(), "the first behaviour and two restarts");
            assertEquals(List.of(Event.RESTARTED, Event.RESTARTED, Event.LIMIT_REACHED), events());
            assertEquals(2, errors.ofType(ActorError.Supervision.class).get(2).restarts());
        }
        assertTrue(log.isEmpty());
        assertEquals(1, errors.undeliveredCount(), "Add(1), queued behind the end");
    }

    @Test
    @Timeout(30)
    void aBackoffHoldsTheMessagesAndTheFreshBehaviourHandlesThemInOrderWithGrowingDelays() {
        try (ActorSystem system = start()) {
            final Supervised<Cmd> actor = new Supervised<>(system, factory,
                    SupervisorStrategy.restartWithBackoff(Duration.ofMillis(100), Duration.ofMillis(400), 0.0));
            actor.send(new Add(1)).send(boom()).send(new Add(2)).send(new Add(3)).send(boom()).send(new Add(4))
                    .send(boom()).send(new Add(5)).send(boom()).send(new Add(6));
            assertEquals("5:6", get(actor));
            assertEquals(List.of("1:1", "2:2", "2:3", "3:4", "4:5", "5:6"), log);
            assertEquals(5, made.get());
            final List<ActorError.Supervision> reports = errors.ofType(ActorError.Supervision.class);
            assertEquals(List.of(Event.BACKING_OFF, Event.BACKING_OFF, Event.BACKING_OFF, Event.BACKING_OFF), events());
            assertEquals(List.of(100L, 200L, 400L, 400L), reports.stream().map(r -> r.delay().toMillis()).toList(),
                    "doubled per consecutive failure, up to the maximum");
            assertEquals(List.of(1, 2, 3, 4), reports.stream().map(ActorError.Supervision::restarts).toList());
            actor.send(PoisonPill.FINISHED);
        }
    }

    @Test
    @Timeout(30)
    void theFailurePastTheMaxRestartsOfABackoffEndsTheActorAndWhatItHeldIsDeadLetters() throws InterruptedException {
        try (ActorSystem system = start()) {
            final Supervised<Cmd> actor = new Supervised<>(system, factory,
                    SupervisorStrategy.restartWithBackoff(Duration.ofMillis(100), Duration.ofMillis(100), 0.0)
                            .withMaxRestarts(2).withResetBackoffAfter(Duration.ofMinutes(1)));
            final Add last = new Add(3);
            actor.send(boom()).send(new Add(1)).send(boom()).send(new Add(2)).send(boom()).send(last);
            awaitTerminated(actor);
            assertEquals(List.of("2:1", "3:2"), log);
            assertEquals(3, made.get());
            assertEquals(List.of(Event.BACKING_OFF, Event.BACKING_OFF, Event.LIMIT_REACHED), events());
            final List<ActorError.DeadLetter> dead = errors.ofType(ActorError.DeadLetter.class);
            assertEquals(1, dead.size());
            assertSame(last, dead.get(0).message());
            assertEquals(Allocation.FINISHED, dead.get(0).status());
        }
    }

    @Test
    @Timeout(30)
    void aFullBackoffStashDropsAndReportsTheMessage() throws InterruptedException {
        try (ActorSystem system = start()) {
            final Supervised<Cmd> actor = new Supervised<>(system, factory,
                    SupervisorStrategy.restartWithBackoff(Duration.ofMillis(100), Duration.ofMillis(100), 0.0)
                            .withStashCapacity(2));
            final Add dropped = new Add(4);
            actor.send(boom()).send(new Add(1)).send(new Add(2)).send(dropped);
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (log.size() < 2) {
                assertTrue(System.nanoTime() < deadline, "the held messages were not handled");
                Thread.sleep(1);
            }
            assertEquals("2:3", get(actor));
            assertEquals(List.of(Event.BACKING_OFF, Event.STASH_OVERFLOW), events());
            assertSame(dropped, errors.ofType(ActorError.Supervision.class).get(1).message());
            actor.send(PoisonPill.FINISHED);
        }
    }

    @Test
    @Timeout(30)
    void aFactoryThatThrowsDuringARestartEndsTheActorAndIsNotCalledAgain() throws InterruptedException {
        final AtomicInteger calls = new AtomicInteger();
        final IllegalStateException broken = new IllegalStateException("no fresh state");
        try (ActorSystem system = start()) {
            final Supervised<Cmd> actor = new Supervised<>(system, () -> {
                if (calls.incrementAndGet() > 1) {
                    throw broken;
                }
                return new Tally(1, log);
            }, SupervisorStrategy.restart());
            actor.send(boom()).send(boom()).send(new Add(1));
            awaitTerminated(actor);
            assertEquals(2, calls.get());
            assertEquals(List.of(Event.RESTARTED, Event.RESTART_FAILED), events());
            assertSame(broken, errors.ofType(ActorError.Supervision.class).get(1).failure());
        }
        assertTrue(log.isEmpty());
    }

    @Test
    @Timeout(30)
    void aFactoryThatThrowsAtTheEndOfABackoffEndsTheActorAndWhatItHeldIsDeadLetters() throws InterruptedException {
        final AtomicInteger calls = new AtomicInteger();
        try (ActorSystem system = start()) {
            final Supervised<Cmd> actor = new Supervised<>(system, () -> {
                if (calls.incrementAndGet() > 1) {
                    throw new IllegalStateException("no fresh state");
                }
                return new Tally(1, log);
            }, SupervisorStrategy.restartWithBackoff(Duration.ofMillis(100), Duration.ofMillis(100), 0.0));
            actor.send(boom()).send(new Add(1)).send(new Add(2));
            awaitTerminated(actor);
            assertEquals(2, calls.get());
            assertEquals(List.of(Event.BACKING_OFF, Event.RESTART_FAILED), events());
            assertEquals(List.of(new Add(1), new Add(2)),
                    errors.ofType(ActorError.DeadLetter.class).stream().map(ActorError.DeadLetter::message).toList());
        }
        assertTrue(log.isEmpty());
    }

    @Test
    @Timeout(30)
    void onlyTheSupervisedExceptionTypeRestartsAndOthersGoToTheFailurePolicy() throws InterruptedException {
        try (ActorSystem system = start()) {
            final Supervised<Cmd> actor = new Supervised<>(system, factory, IllegalStateException.class,
                    SupervisorStrategy.restart());
            final IllegalArgumentException other = new IllegalArgumentException("not supervised");
            actor.send(boom()).send(new Add(1)).send(new Boom(new CancellationException("a subclass")))
                    .send(new Add(2)).send(new Boom(other)).send(new Add(3));
            awaitTerminated(actor);
            assertEquals(List.of("2:1", "3:2"), log);
            assertEquals(3, made.get());
            assertEquals(List.of(Event.RESTARTED, Event.RESTARTED), events());
            final List<ActorError.BehaviourFailed> failed = errors.ofType(ActorError.BehaviourFailed.class);
            assertEquals(1, failed.size());
            assertSame(other, failed.get(0).failure());
            assertEquals(Allocation.FINISHED, failed.get(0).outcome(), "the system's default policy, STOP");
        }
    }

    @Test
    @Timeout(30)
    void escalateHandsTheFailureToItsHandlerExactlyOnceAndEnds() throws InterruptedException {
        final List<ActorError> escalated = new CopyOnWriteArrayList<>();
        try (ActorSystem system = start()) {
            final Supervised<Cmd> actor = new Supervised<>(system, factory, SupervisorStrategy.escalate(escalated::add));
            final Boom boom = boom();
            actor.send(new Add(1)).send(boom).send(new Add(2));
            awaitTerminated(actor);
            assertEquals(1, escalated.size());
            final ActorError.Supervision report = (ActorError.Supervision) escalated.get(0);
            assertEquals(Event.ESCALATED, report.event());
            assertSame(boom.failure(), report.failure());
            assertTrue(events().isEmpty(), "not reported to the system's handler too");

            final IllegalStateException refused = new IllegalStateException("handler failed");
            final Supervised<Cmd> second = new Supervised<>(system, factory, SupervisorStrategy.escalate(error -> {
                throw refused;
            }));
            second.send(boom());
            awaitTerminated(second);
            assertSame(refused, errors.ofType(ActorError.BehaviourFailed.class).get(0).failure());
        }
        assertEquals(List.of("1:1"), log);
    }

    @Test
    @Timeout(30)
    void aFactoryThatFailsAtCreationRegistersNoActor() throws InterruptedException {
        final ActorSystem system = start();
        final IllegalStateException broken = new IllegalStateException("no state");
        assertSame(broken, assertThrows(IllegalStateException.class, () -> new Supervised<Cmd>(system, () -> {
            throw broken;
        }, SupervisorStrategy.restart())));
        assertThrows(NullPointerException.class, () -> new Supervised<Cmd>(system, () -> null, SupervisorStrategy.stop()));
        assertThrows(NullPointerException.class, () -> new Supervised<>(system, factory, null));
        assertTrue(system.stop(Duration.ofSeconds(10)), "no live actor keeps the stop waiting");
    }

    @Test
    void invalidStrategiesAreRefusedNamingTheParameter() {
        final Duration ms = Duration.ofMillis(1);
        refused("maxRestarts", () -> SupervisorStrategy.restart().withLimit(0, ms));
        refused("within", () -> SupervisorStrategy.restart().withLimit(1, Duration.ZERO));
        refused("minBackoff", () -> SupervisorStrategy.restartWithBackoff(Duration.ZERO, ms, 0));
        refused("maxBackoff", () -> SupervisorStrategy.restartWithBackoff(ms.multipliedBy(2), ms, 0));
        refused("randomFactor", () -> SupervisorStrategy.restartWithBackoff(ms, ms, -0.1));
        refused("randomFactor", () -> SupervisorStrategy.restartWithBackoff(ms, ms, 1.5));
        refused("randomFactor", () -> SupervisorStrategy.restartWithBackoff(ms, ms, Double.NaN));
        refused("maxRestarts", () -> SupervisorStrategy.restartWithBackoff(ms, ms, 0).withMaxRestarts(0));
        refused("resetAfter", () -> SupervisorStrategy.restartWithBackoff(ms, ms, 0).withResetBackoffAfter(ms.negated()));
        refused("stashCapacity", () -> SupervisorStrategy.restartWithBackoff(ms, ms, 0).withStashCapacity(0));
        assertThrows(NullPointerException.class, () -> SupervisorStrategy.escalate(null));
        assertThrows(NullPointerException.class, () -> SupervisorStrategy.restartWithBackoff(null, ms, 0));
        final SupervisorStrategy.Backoff backoff = SupervisorStrategy.restartWithBackoff(ms, ms.multipliedBy(8), 0.5);
        assertEquals(ms, backoff.resetAfter(), "resets after the minimum back-off by default");
        assertEquals(SupervisorStrategy.UNLIMITED, backoff.maxRestarts());
        assertEquals(SupervisorStrategy.DEFAULT_STASH_CAPACITY, backoff.stashCapacity());
        assertFalse(backoff.withMaxRestarts(3).maxRestarts() == backoff.maxRestarts(), "a new strategy");
    }

    private static void refused(String parameter, Executable make) {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, make);
        assertTrue(e.getMessage().startsWith(parameter + " = "), e.getMessage());
    }
}
