package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.testkit.ActorTestKit;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * ask: a typed reply as a future, a timeout that fails it, and a late reply as a dead letter. A
 * reply meant to come late is held until the ask has timed out, so the check is an order of
 * events, not a timing.
 */
class AskTest {

    record Square(int n, ActorRef<Integer> replyTo) {
    }

    /** Answers each question after {@code delayMillis}. */
    static final class Squarer extends Actor<Square> {
        private final long delayMillis;

        Squarer(ActorSystem system, long delayMillis) {
            super(system);
            this.delayMillis = delayMillis;
        }

        @Override
        protected Allocation receive(Square square) {
            if (delayMillis > 0) {
                try {
                    Thread.sleep(delayMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            square.replyTo().send(square.n() * square.n());
            return Allocation.NODELETE;
        }
    }

    /** Answers each question once released (at most 30 s), so that it can answer after a timeout. */
    static final class HeldSquarer extends Actor<Square> {
        final CountDownLatch release = new CountDownLatch(1);

        HeldSquarer(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Square square) {
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            square.replyTo().send(square.n() * square.n());
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(30)
    void theReplyCompletesTheFuture() throws Exception {
        try (ActorTestKit kit = ActorTestKit.start()) {
            final Squarer squarer = new Squarer(kit.system(), 0);
            final List<CompletableFuture<Integer>> answers = new java.util.ArrayList<>();
            for (int i = 0; i < 100; i++) {
                final int n = i;
                answers.add(kit.system().ask(squarer.ref(), replyTo -> new Square(n, replyTo), Duration.ofSeconds(5)));
            }
            for (int i = 0; i < 100; i++) {
                assertEquals(i * i, answers.get(i).get(5, TimeUnit.SECONDS));
            }
        }
    }

    @Test
    @Timeout(30)
    void noReplyInTimeFailsTheFutureAndALateReplyIsADeadLetter() throws Exception {
        try (ActorTestKit kit = ActorTestKit.start()) {
            final HeldSquarer slow = new HeldSquarer(kit.system());
            final long start = System.nanoTime();
            final CompletableFuture<Integer> answer = kit.system().ask(slow.ref(), replyTo -> new Square(3, replyTo),
                    Duration.ofMillis(50));
            final ExecutionException failed = assertThrows(ExecutionException.class, () -> answer.get(5, TimeUnit.SECONDS));
            assertInstanceOf(TimeoutException.class, failed.getCause());
            assertTrue(failed.getCause().getMessage().contains("within PT0.05S"), failed.getCause().getMessage());
            assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(50), "not before the timeout");
            slow.release.countDown();
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            List<ActorError> reported = kit.takeErrors();
            while (reported.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(5);
                reported = kit.takeErrors();
            }
            assertEquals(1, reported.size(), reported.toString());
            final ActorError.DeadLetter late = (ActorError.DeadLetter) reported.get(0);
            assertEquals(9, late.message());
            assertTrue(late.describe().contains("replied to an ask that had already ended"), late.describe());
            assertEquals(1, kit.system().deadLetters());
        }
    }

    @Test
    @Timeout(30)
    void theReplyToIsTerminatedOnceTheAskHasEndedByAReplyOrATimeout() throws Exception {
        try (ActorTestKit kit = ActorTestKit.start()) {
            final List<ActorRef<Integer>> replyTos = new java.util.concurrent.CopyOnWriteArrayList<>();
            final HeldSquarer answering = new HeldSquarer(kit.system());
            final CompletableFuture<Integer> answered = kit.system().ask(answering.ref(),
                    replyTo -> {
                        replyTos.add(replyTo);
                        return new Square(2, replyTo);
                    }, Duration.ofSeconds(5));
            assertFalse(replyTos.get(0).isTerminated(), "the ask is still waiting");
            answering.release.countDown();
            assertEquals(4, answered.get(5, TimeUnit.SECONDS));
            assertTrue(replyTos.get(0).isTerminated(), "a second reply would be a dead letter");
            final HeldSquarer held = new HeldSquarer(kit.system());
            final CompletableFuture<Integer> timedOut = kit.system().ask(held.ref(),
                    replyTo -> {
                        replyTos.add(replyTo);
                        return new Square(3, replyTo);
                    }, Duration.ofMillis(20));
            assertThrows(ExecutionException.class, () -> timedOut.get(5, TimeUnit.SECONDS));
            assertTrue(replyTos.get(1).isTerminated());
            held.release.countDown();
            // NOTE: the late reply is a dead letter, reported whenever the released behaviour gets
            // to it; waiting for it here keeps the kit's close from racing that report.
            assertEquals(new ActorError.DeadLetter(null, 9, Allocation.FINISHED), awaitError(kit),
                    "the late reply is a dead letter with no receiver");
        }
    }

    /** The first problem the kit's system reports from now on, within 5 s; taken, so close() does not fail on it. */
    private static ActorError awaitError(ActorTestKit kit) throws InterruptedException {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (System.nanoTime() < deadline) {
            final List<ActorError> errors = kit.takeErrors();
            if (!errors.isEmpty()) {
                assertEquals(1, errors.size(), errors.toString());
                return errors.get(0);
            }
            Thread.sleep(1);
        }
        throw new AssertionError("no problem reported within 5 s");
    }

    @Test
    @Timeout(30)
    void everyWayOfWaitingGetsTheReplyWhetherItComesWithinTheSpinOrLater() throws Exception {
        try (ActorTestKit kit = ActorTestKit.start()) {
            final ActorSystem system = kit.system();
            final Squarer quick = new Squarer(system, 0);
            final Squarer slow = new Squarer(system, 30);
            final Duration timeout = Duration.ofSeconds(5);
            long sum = 0;
            for (int i = 0; i < 1_000; i++) {
                final int n = i;
                sum += system.<Square, Integer>ask(quick.ref(), replyTo -> new Square(n, replyTo), timeout).join();
            }
            assertEquals(332_833_500L, sum, "1,000 sequential joins, each its own square");
            assertEquals(9, system.<Square, Integer>ask(slow.ref(), replyTo -> new Square(3, replyTo), timeout).join());
            assertEquals(16, system.<Square, Integer>ask(slow.ref(), replyTo -> new Square(4, replyTo), timeout).get());
            assertEquals(25, system.<Square, Integer>ask(slow.ref(), replyTo -> new Square(5, replyTo), timeout)
                    .get(5, TimeUnit.SECONDS));
            final CompletableFuture<Integer> derived = system.<Square, Integer>ask(slow.ref(),
                    replyTo -> new Square(7, replyTo), timeout).thenApply(square -> square + 1);
            assertEquals(50, derived.join());
            final HeldSquarer held = new HeldSquarer(system);
            final CompletableFuture<Integer> late = system.ask(held.ref(), replyTo -> new Square(6, replyTo), timeout);
            final long start = System.nanoTime();
            assertThrows(TimeoutException.class, () -> late.get(10, TimeUnit.MILLISECONDS));
            assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(10), "waited the caller's timeout");
            held.release.countDown();
            assertEquals(36, late.join(), "the reply still completes the ask");
        }
    }

    @Test
    void badAsksAreRefused() {
        try (ActorTestKit kit = ActorTestKit.start()) {
            final Squarer squarer = new Squarer(kit.system(), 0);
            final IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
                    () -> kit.system().<Square, Integer>ask(squarer.ref(), replyTo -> new Square(1, replyTo), Duration.ZERO));
            assertEquals("timeout = PT0S: must be positive", zero.getMessage());
            assertThrows(NullPointerException.class,
                    () -> kit.system().<Square, Integer>ask(squarer.ref(), replyTo -> null, Duration.ofSeconds(1)));
            assertThrows(NullPointerException.class,
                    () -> kit.system().<Square, Integer>ask(null, replyTo -> new Square(1, replyTo), Duration.ofSeconds(1)));
        }
    }
}
