package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.PoisonPill;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * await: the actor is suspended without blocking its worker, its later messages are held back in
 * order, the continuation runs as its next behaviour, and stop, shutdown and abort account for
 * every suspended actor and held-back message.
 */
class AwaitTest {

    /**
     * Logs each message; awaits the stage the test registered for a message number, logging the
     * outcome in the continuation ({@code "k<n>:<value>"} or {@code "k<n>!<failure class>"}).
     */
    static final class Fetcher extends Actor<Integer> {
        final Map<Integer, CompletableFuture<String>> stages = new ConcurrentHashMap<>();
        final List<String> log = new CopyOnWriteArrayList<>();
        final AtomicInteger inside = new AtomicInteger();
        volatile String violation;

        Fetcher(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Integer n) {
            enter();
            try {
                log.add(String.valueOf(n));
                final CompletableFuture<String> stage = stages.get(n);
                if (stage == null) {
                    return Allocation.NODELETE;
                }
                return await(stage, (value, failure) -> {
                    enter();
                    try {
                        log.add(failure == null ? "k" + n + ":" + value : "k" + n + "!" + failure.getClass().getSimpleName());
                        return Allocation.NODELETE;
                    } finally {
                        inside.decrementAndGet();
                    }
                });
            } finally {
                inside.decrementAndGet();
            }
        }

        @Override
        protected Allocation onPoisonPill(PoisonPill pill) {
            log.add("pill");
            return pill.status();
        }

        private void enter() {
            if (inside.getAndIncrement() != 0) {
                violation = "two behaviours of " + this + " at once";
            }
        }

        /** Calls await from outside any behaviour, which must be refused. */
        Allocation awaitFromOutside() {
            return await(new CompletableFuture<String>(), (v, f) -> Allocation.NODELETE);
        }
    }

    /** Counts its messages; lives on the same single worker as a suspended fetcher. */
    static final class Echo extends Actor<ActorRef<String>> {
        Echo(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(ActorRef<String> replyTo) {
            replyTo.send("echo");
            return Allocation.NODELETE;
        }
    }

    private static void waitFor(BooleanSupplier condition, String what) throws InterruptedException {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(1);
        }
    }

    @Test
    @Timeout(30)
    void laterMessagesWaitInOrderWhileTheWorkerServesOthersThenFollowTheContinuation() throws Exception {
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1).build());
        final Fetcher fetcher = new Fetcher(system);
        final CompletableFuture<String> io = new CompletableFuture<>();
        fetcher.stages.put(1, io);
        fetcher.send(1).send(2).send(3);
        waitFor(() -> fetcher.log.size() == 1, "the first message");
        final Echo echo = new Echo(system);
        final CompletableFuture<String> answer = system.ask(echo.ref(), replyTo -> replyTo, Duration.ofSeconds(10));
        assertEquals("echo", answer.get(10, TimeUnit.SECONDS), "the only worker is free while the fetcher is suspended");
        Thread.sleep(50);
        assertEquals(List.of("1"), fetcher.log, "nothing runs while suspended");
        io.complete("x");
        fetcher.send(4).send(PoisonPill.FINISHED);
        echo.send(PoisonPill.FINISHED);
        assertTrue(system.stop(Duration.ofSeconds(10)));
        assertEquals(List.of("1", "k1:x", "2", "3", "4", "pill"), fetcher.log);
        assertNull(fetcher.violation);
    }

    @Test
    @Timeout(30)
    void aCompletedStageResumesBeforeAnythingSentLater() throws Exception {
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).build());
        final Fetcher fetcher = new Fetcher(system);
        fetcher.stages.put(1, CompletableFuture.completedFuture("now"));
        fetcher.send(1).send(2).send(PoisonPill.FINISHED);
        assertTrue(system.stop(Duration.ofSeconds(10)));
        assertEquals(List.of("1", "k1:now", "2", "pill"), fetcher.log);
    }

    @Test
    @Timeout(30)
    void aFailedStageHandsTheContinuationItsCauseUnwrapped() throws Exception {
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).build());
        final Fetcher fetcher = new Fetcher(system);
        final CompletableFuture<String> failing = new CompletableFuture<>();
        fetcher.stages.put(1, failing);
        fetcher.stages.put(2, failing.thenApply(s -> s + "!"));
        fetcher.send(1).send(2).send(PoisonPill.FINISHED);
        failing.completeExceptionally(new IOException("disk"));
        assertTrue(system.stop(Duration.ofSeconds(10)));
        assertEquals(List.of("1", "k1!IOException", "2", "k2!IOException", "pill"), fetcher.log,
                "a dependent stage fails with a CompletionException, whose cause the continuation gets");
    }

    /** Awaits three stages in a row, each from the previous continuation, then finishes. */
    static final class Chain extends Actor<String> {
        final List<String> log = new CopyOnWriteArrayList<>();

        Chain(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(String start) {
            log.add(start);
            return step(1);
        }

        private Allocation step(int i) {
            if (i > 3) {
                return Allocation.FINISHED;
            }
            return await(CompletableFuture.supplyAsync(() -> "s" + i), (value, failure) -> {
                log.add(value);
                return step(i + 1);
            });
        }
    }

    @Test
    @Timeout(30)
    void aContinuationMayAwaitAgainAndItsStatusApplies() throws Exception {
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).build());
        final Chain chain = new Chain(system);
        chain.send("go").send("later");
        assertTrue(system.stop(Duration.ofSeconds(10)), "the last continuation returned FINISHED");
        assertTrue(chain.isTerminated());
        assertEquals(List.of("go", "s1", "s2", "s3"), chain.log);
    }

    /** Its continuation throws. */
    static final class Thrower extends Actor<Integer> {
        final List<Integer> seen = new CopyOnWriteArrayList<>();

        Thrower(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Integer n) {
            seen.add(n);
            return await(CompletableFuture.completedFuture(n), (value, failure) -> {
                throw new IllegalStateException("continuation " + value);
            });
        }
    }

    @Test
    @Timeout(30)
    void aContinuationThatThrowsMeetsTheFailurePolicyAndHeldBackMessagesAreReported() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).errorHandler(errors).build());
        final Thrower thrower = new Thrower(system);
        thrower.send(1).send(2);
        waitFor(thrower::isTerminated, "the default policy to stop the actor");
        assertTrue(system.stop(Duration.ofSeconds(10)));
        assertEquals(List.of(1), thrower.seen);
        final ActorError.BehaviourFailed failed = errors.ofType(ActorError.BehaviourFailed.class).get(0);
        assertEquals("continuation 1", failed.failure().getMessage());
        assertTrue(failed.message().toString().contains("after await"), failed.message().toString());
        // NOTE: message 2 is held back behind the await and reported undelivered when the actor ends;
        // only if the sending thread was preempted between the two sends long enough for the actor
        // to end first (a busy machine) is it a dead letter instead. Either way it is reported once.
        assertEquals(1, errors.undeliveredCount() + errors.ofType(ActorError.DeadLetter.class).size(),
                "message 2 was held back, then its actor ended (or, sent after the end, a dead letter)");
    }

    /** Awaits twice in one behaviour; records what the second call threw. */
    static final class Greedy extends Actor<String> {
        final AtomicReference<Throwable> second = new AtomicReference<>();
        final CountDownLatch done = new CountDownLatch(1);

        Greedy(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(String message) {
            final Allocation first = await(new CompletableFuture<String>(), (v, f) -> Allocation.FINISHED);
            try {
                await(new CompletableFuture<String>(), (v, f) -> Allocation.FINISHED);
            } catch (IllegalStateException expected) {
                second.set(expected);
            }
            done.countDown();
            return first;
        }
    }

    @Test
    @Timeout(30)
    void awaitIsRefusedOutsideTheActorsBehaviourTwiceInOneAndWithNulls() throws Exception {
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).build());
        final Fetcher fetcher = new Fetcher(system);
        final IllegalStateException outside = assertThrows(IllegalStateException.class, fetcher::awaitFromOutside);
        assertTrue(outside.getMessage().contains("own behaviour"), outside.getMessage());
        final Greedy greedy = new Greedy(system);
        greedy.send("go");
        assertTrue(greedy.done.await(10, TimeUnit.SECONDS));
        assertInstanceOf(IllegalStateException.class, greedy.second.get());
        assertTrue(greedy.second.get().getMessage().contains("already awaits"), greedy.second.get().getMessage());
        final BadAwait bad = new BadAwait(system);
        bad.send("go");
        assertTrue(bad.done.await(10, TimeUnit.SECONDS));
        assertEquals(List.of("stage", "continuation"), bad.nullNames);
        system.abort();
    }

    /** Passes null stage and continuation to await; records the names in the exceptions. */
    static final class BadAwait extends Actor<String> {
        final List<String> nullNames = new CopyOnWriteArrayList<>();
        final CountDownLatch done = new CountDownLatch(1);

        BadAwait(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(String message) {
            try {
                await(null, (v, f) -> Allocation.NODELETE);
            } catch (NullPointerException e) {
                nullNames.add(e.getMessage());
            }
            try {
                await(new CompletableFuture<String>(), null);
            } catch (NullPointerException e) {
                nullNames.add(e.getMessage());
            }
            done.countDown();
            return Allocation.NODELETE;
        }
    }

    /** A question for {@link Front}, answered through {@link Back} within {@code timeout}. */
    record Query(String key, Duration timeout, ActorRef<String> replyTo) {
    }

    /** Asks its back end with a timeout, awaits the reply and answers the query. */
    static final class Front extends Actor<Query> {
        private final ActorRef<Lookup> back;

        Front(ActorSystem system, ActorRef<Lookup> back) {
            super(system);
            this.back = back;
        }

        @Override
        protected Allocation receive(Query query) {
            // An explicitly typed reply-to fixes the reply type, which await's argument cannot infer.
            return await(system().ask(back, (ActorRef<String> replyTo) -> new Lookup(query.key(), replyTo),
                            query.timeout()),
                    (value, failure) -> {
                        query.replyTo().send(failure == null ? value : failure.getClass().getSimpleName());
                        return Allocation.NODELETE;
                    });
        }
    }

    /** A lookup for {@link Back}. */
    record Lookup(String key, ActorRef<String> replyTo) {
    }

    /** Answers every key but "lost", which it never answers. */
    static final class Back extends Actor<Lookup> {
        Back(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Lookup lookup) {
            if (!lookup.key().equals("lost")) {
                lookup.replyTo().send(lookup.key().toUpperCase());
            }
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(30)
    void askFromABehaviourAwaitsTheTypedReplyOrItsTimeout() throws Exception {
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).build());
        final Back back = new Back(system);
        final Front front = new Front(system, back.ref());
        // NOTE: the answered lookup's timeout is far above any delay a loaded machine adds; the
        // lost one's is short, so that the test does not wait long for it.
        final CompletableFuture<String> found = system.ask(front.ref(),
                r -> new Query("abc", Duration.ofSeconds(10), r), Duration.ofSeconds(20));
        final CompletableFuture<String> lost = system.ask(front.ref(),
                r -> new Query("lost", Duration.ofMillis(200), r), Duration.ofSeconds(20));
        assertEquals("ABC", found.get(10, TimeUnit.SECONDS));
        assertEquals(TimeoutException.class.getSimpleName(), lost.get(10, TimeUnit.SECONDS));
        front.send(PoisonPill.FINISHED);
        back.send(PoisonPill.FINISHED);
        assertTrue(system.stop(Duration.ofSeconds(10)));
    }

    @Test
    @Timeout(30)
    void stopWaitsForASuspendedActorAndEndsOnceItsStageCompletes() throws Exception {
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).build());
        final Fetcher fetcher = new Fetcher(system);
        final CompletableFuture<String> io = new CompletableFuture<>();
        fetcher.stages.put(1, io);
        fetcher.send(1).send(PoisonPill.FINISHED);
        assertFalse(system.stop(Duration.ofMillis(100)), "the suspended actor is live");
        assertEquals(1, system.liveActors());
        io.complete("late");
        assertTrue(system.stop(Duration.ofSeconds(10)));
        assertEquals(List.of("1", "k1:late", "pill"), fetcher.log);
    }

    @RepeatedTest(100)
    @Timeout(30)
    void aCompletionRacingStopResumesTheActorExactlyOnce() throws Exception {
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).build());
        final Fetcher fetcher = new Fetcher(system);
        final CompletableFuture<String> io = new CompletableFuture<>();
        fetcher.stages.put(1, io);
        fetcher.send(1).send(2).send(PoisonPill.FINISHED);
        final Thread completer = new Thread(() -> io.complete("raced"));
        completer.start();
        assertTrue(system.stop(Duration.ofSeconds(10)));
        completer.join();
        assertEquals(List.of("1", "k1:raced", "2", "pill"), fetcher.log);
        assertNull(fetcher.violation);
    }

    @Test
    @Timeout(30)
    void abortReportsHeldBackMessagesAndACompletionThatComesAfterwardsWithoutResuming() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).errorHandler(errors).build());
        final Fetcher fetcher = new Fetcher(system);
        final CompletableFuture<String> io = new CompletableFuture<>();
        fetcher.stages.put(1, io);
        fetcher.send(1).send(2).send(3);
        waitFor(() -> fetcher.log.size() == 1, "the await");
        system.abort();
        assertEquals(2, errors.undeliveredCount(), "the two held-back messages");
        assertEquals(1, errors.ofType(ActorError.LiveActorsAbandoned.class).size());
        io.complete("too late");
        assertEquals(3, errors.undeliveredCount(), "the resumption, sent after the end, is reported as well");
        assertEquals(List.of("1"), fetcher.log, "the continuation never ran");
    }

    @Test
    @Timeout(30)
    void shutdownAbortsASuspendedActorWhoseStageNeverCompletesAndReportsItsPill() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).errorHandler(errors).build());
        final Fetcher fetcher = new Fetcher(system);
        fetcher.stages.put(1, new CompletableFuture<>());
        fetcher.send(1).send(2);
        waitFor(() -> fetcher.log.size() == 1, "the await");
        assertFalse(system.shutdown(Duration.ofMillis(200)));
        assertEquals(2, errors.undeliveredCount(), "message 2 and the shutdown's pill were held back");
        assertEquals(List.of("1"), fetcher.log);
    }
}
