package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.FailurePolicy;
import actor.api.PoisonPill;
import actor.testkit.ActorTestKit;
import actor.testkit.TestProbe;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code Actor.ask}: asking from a behaviour suspends the asker until the reply, which the
 * continuation gets before any message that came meanwhile; no reply in time gives the
 * continuation a {@link TimeoutException}, and a later reply is a dead letter; the reply type is
 * inferred from a typed continuation; misuse fails at once and leaves the actor as it was.
 */
class AskFromBehaviourTest {

    private static final Duration LONG = Duration.ofSeconds(30);

    record Square(int n, ActorRef<Integer> replyTo) {
    }

    /** Answers at once. */
    static final class Squarer extends Actor<Square> {
        Squarer(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Square square) {
            square.replyTo().send(square.n() * square.n());
            return Allocation.NODELETE;
        }
    }

    /** Keeps the questions; answers them when the test says so. */
    static final class Silent extends Actor<Square> {
        final CompletableFuture<ActorRef<Integer>> asked = new CompletableFuture<>();

        Silent(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Square square) {
            asked.complete(square.replyTo());
            return Allocation.NODELETE;
        }
    }

    /** Asks the squarer for each number it gets; logs each question, reply and failure in order. */
    static final class Asker extends Actor<Integer> {
        private final ActorRef<Square> squarer;
        private final Duration timeout;
        private final TestProbe<String> log;
        private int asking;

        Asker(ActorSystem system, ActorRef<Square> squarer, Duration timeout, TestProbe<String> log) {
            super(system);
            this.squarer = squarer;
            this.timeout = timeout;
            this.log = log;
        }

        @Override
        protected Allocation receive(Integer n) {
            log.send("ask " + n);
            asking = n;
            return ask(squarer, replyTo -> new Square(n, replyTo), timeout, this::answered);
        }

        /** Typed: the reply type of the ask above is inferred from it. */
        private Allocation answered(Integer square, Throwable failure) {
            log.send(failure == null ? "reply " + square : "failed " + asking + ": " + failure.getClass().getSimpleName()
                    + (square == null ? "" : " with a result"));
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(30)
    void repliesComeInOrderEachBeforeTheMessagesThatCameMeanwhile() {
        try (ActorTestKit kit = ActorTestKit.start()) {
            final TestProbe<String> log = kit.probe();
            final Squarer squarer = new Squarer(kit.system());
            final Asker asker = new Asker(kit.system(), squarer.ref(), LONG, log);
            final int asks = 2_000;
            for (int i = 0; i < asks; i++) {
                asker.send(i);
            }
            final List<String> expected = new ArrayList<>();
            for (int i = 0; i < asks; i++) {
                expected.add("ask " + i);
                expected.add("reply " + i * i);
            }
            assertEquals(expected, log.receiveMessages(2 * asks, Duration.ofSeconds(20)));
            assertEquals(0, kit.system().deadLetters());
        }
    }

    @Test
    @Timeout(60)
    void asksFromManyActorsAtOnceEachGetTheirOwnReplies() throws Exception {
        try (ActorTestKit kit = ActorTestKit.start(ActorSystemConfig.builder().workers(4))) {
            final Squarer squarer = new Squarer(kit.system());
            final int askers = 8;
            final int asks = 5_000;
            final List<CompletableFuture<Long>> sums = new ArrayList<>();
            for (int a = 0; a < askers; a++) {
                final CompletableFuture<Long> sum = new CompletableFuture<>();
                sums.add(sum);
                final Actor<Integer> summing = new Actor<>(kit.system()) {
                    private long total;
                    private int answered;

                    @Override
                    protected Allocation receive(Integer n) {
                        return ask(squarer.ref(), replyTo -> new Square(n, replyTo), LONG, (Integer square, Throwable failure) -> {
                            total += failure == null ? square : -1_000_000_000L;
                            if (++answered == asks) {
                                sum.complete(total);
                                return Allocation.FINISHED;
                            }
                            return Allocation.NODELETE;
                        });
                    }
                };
                for (int i = 0; i < asks; i++) {
                    summing.send(i + a);
                }
            }
            for (int a = 0; a < askers; a++) {
                long expected = 0;
                for (int i = 0; i < asks; i++) {
                    expected += (long) (i + a) * (i + a);
                }
                assertEquals(expected, sums.get(a).get(30, TimeUnit.SECONDS), "asker " + a);
            }
            assertEquals(0, kit.system().deadLetters());
        }
    }

    @Test
    @Timeout(30)
    void noReplyInTimeGivesTheContinuationATimeoutAndALateReplyIsADeadLetter() throws Exception {
        try (ActorTestKit kit = ActorTestKit.start()) {
            final TestProbe<String> log = kit.probe();
            final Silent silent = new Silent(kit.system());
            final Asker asker = new Asker(kit.system(), silent.ref(), Duration.ofMillis(50), log);
            asker.send(7);
            asker.send(8);                                   // held back until the first ask ends
            assertEquals("ask 7", log.expectMessage());
            final ActorRef<Integer> replyTo = silent.asked.get(5, TimeUnit.SECONDS);
            assertEquals("failed 7: TimeoutException", log.expectMessage(Duration.ofSeconds(5)));
            assertEquals("ask 8", log.expectMessage());
            assertTrue(replyTo.isTerminated(), "the reply-to of an ended ask is terminated");
            replyTo.send(49);                                // late: a dead letter, not a reply to ask 8
            assertEquals("failed 8: TimeoutException", log.expectMessage(Duration.ofSeconds(5)));
            final List<ActorError> reported = kit.takeErrors();
            assertEquals(1, reported.size(), reported.toString());
            final ActorError.DeadLetter late = (ActorError.DeadLetter) reported.get(0);
            assertEquals(49, late.message());
            assertTrue(late.describe().contains("replied to an ask that had already ended"), late.describe());
            assertEquals(1, kit.system().deadLetters());
        }
    }

    /** Asks the squarer while it has answered fewer than {@code answeredFirst}, then the silent one; logs each failure. */
    static final class Switching extends Actor<Duration> {
        private final ActorRef<Square> squarer;
        private final ActorRef<Square> silent;
        private final int answeredFirst;
        private final TestProbe<Object> log;
        private int answered;

        Switching(ActorSystem system, ActorRef<Square> squarer, ActorRef<Square> silent, int answeredFirst,
                  TestProbe<Object> log) {
            super(system);
            this.squarer = squarer;
            this.silent = silent;
            this.answeredFirst = answeredFirst;
            this.log = log;
        }

        @Override
        protected Allocation receive(Duration timeout) {
            final ActorRef<Square> target = answered < answeredFirst ? squarer : silent;
            return ask(target, replyTo -> new Square(answered, replyTo), timeout, (Integer square, Throwable failure) -> {
                if (failure != null) {
                    log.send(failure);
                } else {
                    answered++;
                }
                return Allocation.NODELETE;
            });
        }
    }

    @Test
    @Timeout(30)
    void aShortTimeoutAfterALongOneTimesOutByItsOwnDeadline() {
        try (ActorTestKit kit = ActorTestKit.start()) {
            final TestProbe<Object> log = kit.probe();
            final Switching asker = new Switching(kit.system(), new Squarer(kit.system()).ref(),
                    new Silent(kit.system()).ref(), 1, log);
            asker.send(Duration.ofMinutes(10));               // answered; the next look at its asks is 75 s away
            final long sent = System.nanoTime();
            asker.send(Duration.ofMillis(50));                // unanswered
            assertInstanceOf(TimeoutException.class, log.expectMessage(Duration.ofSeconds(10)));
            assertTrue(System.nanoTime() - sent >= TimeUnit.MILLISECONDS.toNanos(50), "not before its timeout");
        }
    }

    @Test
    @Timeout(30)
    void anUnansweredAskAfterASeriesTimesOutThroughTheSharedWatchdog() {
        try (ActorTestKit kit = ActorTestKit.start()) {
            final TestProbe<Object> log = kit.probe();
            final Switching asker = new Switching(kit.system(), new Squarer(kit.system()).ref(),
                    new Silent(kit.system()).ref(), 1_000, log);
            for (int i = 0; i < 1_000; i++) {
                asker.send(Duration.ofMillis(200));
            }
            final long sent = System.nanoTime();
            asker.send(Duration.ofMillis(200));               // unanswered: it starts after this send
            assertInstanceOf(TimeoutException.class, log.expectMessage(Duration.ofSeconds(20)));
            assertTrue(System.nanoTime() - sent >= TimeUnit.MILLISECONDS.toNanos(200), "not before its timeout");
            log.expectNoMessage(Duration.ofMillis(300));
        }
    }

    @Test
    @Timeout(30)
    void misuseFailsAtOnceAndLeavesTheActorAsItWas() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).errorHandler(errors)
                .failurePolicy(FailurePolicy.RESUME).build())) {
            final Squarer squarer = new Squarer(system);
            final CompletableFuture<List<String>> outcomes = new CompletableFuture<>();
            final Actor<String> misusing = new Actor<>(system) {
                private final List<String> seen = new ArrayList<>();

                @Override
                protected Allocation receive(String how) {
                    switch (how) {
                        case "null request" -> {
                            return ask(squarer.ref(), replyTo -> null, LONG, (Integer s, Throwable f) -> Allocation.NODELETE);
                        }
                        case "throwing request" -> {
                            final Function<ActorRef<Integer>, Square> broken = replyTo -> {
                                throw new IllegalArgumentException("no request");
                            };
                            return ask(squarer.ref(), broken, LONG, (Integer s, Throwable f) -> Allocation.NODELETE);
                        }
                        case "zero timeout" -> {
                            return ask(squarer.ref(), replyTo -> new Square(1, replyTo), Duration.ZERO,
                                    (Integer s, Throwable f) -> Allocation.NODELETE);
                        }
                        case "twice" -> {
                            ask(squarer.ref(), replyTo -> new Square(2, replyTo), LONG, (Integer s, Throwable f) -> {
                                seen.add("first ask answered " + s);
                                return Allocation.NODELETE;
                            });
                            return ask(squarer.ref(), replyTo -> new Square(3, replyTo), LONG,
                                    (Integer s, Throwable f) -> Allocation.NODELETE);
                        }
                        default -> {
                            seen.add(how);
                            outcomes.complete(seen);
                            return Allocation.FINISHED;
                        }
                    }
                }
            };
            misusing.send("null request").send("throwing request").send("zero timeout").send("twice").send("end");
            assertEquals(List.of("first ask answered 4", "end"), outcomes.get(10, TimeUnit.SECONDS),
                    "each failed ask left the actor unsuspended; the first of two asks stood");
            final List<String> failures = errors.ofType(ActorError.BehaviourFailed.class).stream()
                    .map(f -> f.failure().getClass().getSimpleName()).toList();
            assertEquals(List.of("NullPointerException", "IllegalArgumentException", "IllegalArgumentException",
                    "IllegalStateException"), failures);
            final IllegalStateException outside = assertThrows(IllegalStateException.class, () -> system.spawn(s -> new Actor<Integer>(s) {
                {
                    ask(squarer.ref(), replyTo -> new Square(1, replyTo), LONG, (Integer q, Throwable f) -> Allocation.NODELETE);
                }

                @Override
                protected Allocation receive(Integer message) {
                    return Allocation.NODELETE;
                }
            }));
            assertTrue(outside.getMessage().contains("own behaviour"), outside.getMessage());
            squarer.send(PoisonPill.FINISHED);
        }
    }

    @Test
    @Timeout(30)
    void aReplyBeforeTheAskReturnsStillResumesTheAskerOnce() throws Exception {
        try (ActorTestKit kit = ActorTestKit.start()) {
            final CountDownLatch resumed = new CountDownLatch(2);
            final List<Integer> replies = new java.util.concurrent.CopyOnWriteArrayList<>();
            final ActorRef<Square> immediate = square -> {
                square.replyTo().send(square.n() + 1);
                square.replyTo().send(square.n() + 2);      // a second reply: a dead letter
            };
            final Actor<Integer> asker = new Actor<>(kit.system()) {
                @Override
                protected Allocation receive(Integer n) {
                    return ask(immediate, replyTo -> new Square(n, replyTo), LONG, (Integer r, Throwable f) -> {
                        replies.add(r);
                        resumed.countDown();
                        return Allocation.NODELETE;
                    });
                }
            };
            asker.send(10).send(20);
            assertTrue(resumed.await(10, TimeUnit.SECONDS));
            assertEquals(List.of(11, 21), replies);
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (kit.system().deadLetters() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertEquals(2, kit.system().deadLetters());
            assertEquals(2, kit.takeErrors().stream().filter(ActorError.DeadLetter.class::isInstance).count());
        }
    }
}
