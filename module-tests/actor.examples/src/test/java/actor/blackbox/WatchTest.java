package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.PoisonPill;
import actor.api.routing.Router;
import actor.api.routing.Routing;
import actor.api.tuning.MailboxKind;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Death watch on the module path: a watcher gets its typed notification exactly once when the
 * target ends (by a pill, by a behaviour's status, by a failure), also when it watched after the
 * end or while the target was ending; after what the target sent it; never after unwatch; and not
 * at all, without a dead letter or a leak, when it ended first.
 */
class WatchTest {

    /** What a target accepts. */
    sealed interface TargetMsg permits Fail, Delete, SendTo {
    }

    record Fail() implements TargetMsg {
    }

    record Delete() implements TargetMsg {
    }

    /** Sends {@code count} numbers to {@code to}, then ends the target. */
    record SendTo(ActorRef<WatcherMsg> to, int count) implements TargetMsg {
    }

    /** What a watcher accepts. */
    sealed interface WatcherMsg permits Ended, Number, Run {
    }

    /** The notification: which target ended. */
    record Ended(String name) implements WatcherMsg {
    }

    record Number(int n) implements WatcherMsg {
    }

    /** Runs {@code action} as the watcher's behaviour. */
    record Run(Consumer<Watcher> action) implements WatcherMsg {
    }

    static final class Target extends Actor<TargetMsg> {
        Target(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(TargetMsg msg) {
            if (msg instanceof Fail) {
                throw new IllegalStateException("failing on purpose");
            }
            if (msg instanceof SendTo sendTo) {
                for (int i = 0; i < sendTo.count(); i++) {
                    sendTo.to().send(new Number(i));
                }
                return Allocation.FINISHED;
            }
            return Allocation.DELETE;
        }
    }

    /** Records what it receives; runs the actions it is sent as its own behaviour. */
    static final class Watcher extends Actor<WatcherMsg> {
        final List<WatcherMsg> received = new CopyOnWriteArrayList<>();
        final AtomicInteger notified = new AtomicInteger();

        Watcher(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(WatcherMsg msg) {
            if (msg instanceof Run run) {
                run.action().accept(this);
                return Allocation.NODELETE;
            }
            received.add(msg);
            if (msg instanceof Ended) {
                notified.incrementAndGet();
            }
            return Allocation.NODELETE;
        }

        void watchIt(Actor<?> target, WatcherMsg notification) {
            watch(target, notification);
        }

        void watchIt(ActorRef<?> target, WatcherMsg notification) {
            watch(target, notification);
        }

        void unwatchIt(Actor<?> target) {
            unwatch(target);
        }

        void unwatchIt(ActorRef<?> target) {
            unwatch(target);
        }

        /** Runs {@code action} as this watcher's behaviour and waits until it has run; rethrows what it threw. */
        void runAndWait(Consumer<Watcher> action) {
            final CompletableFuture<Void> done = new CompletableFuture<>();
            send(new Run(w -> {
                try {
                    action.accept(w);
                    done.complete(null);
                } catch (RuntimeException e) {
                    done.completeExceptionally(e);
                }
            }));
            try {
                done.get(30, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException e) {
                throw (RuntimeException) e.getCause();
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }
    }

    private static ActorSystem start(MailboxKind kind, RecordingErrorHandler errors, int workers) {
        return ActorSystem.start(ActorSystemConfig.builder().workers(workers).mailboxKind(kind).errorHandler(errors).build());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(MailboxKind.class)
    @Timeout(60)
    void theWatcherIsNotifiedOnceWhenTheTargetEndsByAPillAStatusOrAFailure(MailboxKind kind) throws InterruptedException {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        try (ActorSystem system = start(kind, errors, 2)) {
            final Watcher watcher = new Watcher(system);
            final Target byPill = new Target(system);
            final Target byStatus = new Target(system);
            final Target byFailure = new Target(system);
            watcher.runAndWait(w -> {
                w.watchIt(byPill, new Ended("pill"));
                w.watchIt(byStatus.ref(), new Ended("status"));
                w.watchIt(byFailure, new Ended("failure"));
            });
            byPill.send(PoisonPill.FINISHED);
            byStatus.send(new Delete());
            byFailure.send(new Fail());
            awaitNotified(watcher, 3);
            Thread.sleep(50);
            assertEquals(List.of("failure", "pill", "status"), endedNames(watcher).stream().sorted().toList());
            watcher.send(PoisonPill.FINISHED);
        }
        assertEquals(1, errors.ofType(actor.api.ActorError.BehaviourFailed.class).size(), "the failure was reported");
        assertEquals(0, errors.undeliveredCount());
    }

    @Test
    @Timeout(60)
    void watchingATargetThatHasEndedNotifiesAtOnce() throws InterruptedException {
        try (ActorSystem system = ActorSystem.start(2)) {
            final Target target = new Target(system);
            target.send(PoisonPill.DELETE);
            while (!target.isTerminated()) {
                Thread.onSpinWait();
            }
            final Watcher watcher = new Watcher(system);
            watcher.runAndWait(w -> w.watchIt(target, new Ended("late")));
            awaitNotified(watcher, 1);
            Thread.sleep(50);
            assertEquals(List.of("late"), endedNames(watcher));
            watcher.send(PoisonPill.FINISHED);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(MailboxKind.class)
    @Timeout(60)
    void theNotificationComesAfterEverythingTheTargetSentTheWatcher(MailboxKind kind) throws InterruptedException {
        try (ActorSystem system = start(kind, new RecordingErrorHandler(), 2)) {
            for (int round = 0; round < 50; round++) {
                final Watcher watcher = new Watcher(system);
                final Target target = new Target(system);
                watcher.runAndWait(w -> w.watchIt(target, new Ended("t")));
                target.send(new SendTo(watcher.ref(), 100));
                awaitNotified(watcher, 1);
                final List<WatcherMsg> got = List.copyOf(watcher.received);
                assertEquals(101, got.size(), "round " + round);
                assertEquals(new Ended("t"), got.get(100), "round " + round + ": the notification is last");
                for (int i = 0; i < 100; i++) {
                    assertEquals(new Number(i), got.get(i));
                }
                watcher.send(PoisonPill.FINISHED);
            }
        }
    }

    @Test
    @Timeout(60)
    void aWatcherThatEndsFirstGetsNothingAndLeavesNoDeadLetter() {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final Watcher watcher;
        final ActorSystem system = start(MailboxKind.COPY_QUEUE, errors, 2);
        try (system) {
            final Target target = new Target(system);
            watcher = new Watcher(system);
            watcher.runAndWait(w -> w.watchIt(target, new Ended("t")));
            watcher.send(PoisonPill.FINISHED);
            while (!watcher.isTerminated()) {
                Thread.onSpinWait();
            }
            target.send(PoisonPill.FINISHED);
        }
        assertEquals(0, watcher.notified.get());
        assertEquals(0, system.deadLetters());
        assertEquals(0, errors.undeliveredCount());
        assertEquals(List.of(), errors.ofType(actor.api.ActorError.DeadLetter.class));
    }

    @Test
    @Timeout(120)
    void tenThousandWatchersThatEndLeaveNothingReachableBehind() throws InterruptedException {
        final int watchers = 10_000;
        final List<WeakReference<Watcher>> refs = new ArrayList<>();
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1).build())) {
            final Target target = new Target(system);
            for (int i = 0; i < watchers; i++) {
                final Watcher watcher = new Watcher(system);
                refs.add(new WeakReference<>(watcher));
                watcher.send(new Run(w -> w.watchIt(target, new Ended("t"))));
                watcher.send(PoisonPill.DELETE);
            }
            int collected = 0;
            for (int attempt = 0; attempt < 100 && collected < watchers; attempt++) {
                final Watcher probe = new Watcher(system);
                probe.runAndWait(w -> { });
                probe.send(PoisonPill.DELETE);
                System.gc();
                Thread.sleep(20);
                collected = (int) refs.stream().filter(ref -> ref.get() == null).count();
            }
            assertEquals(watchers, collected, "watchers collected while their target lives");
            final Watcher last = new Watcher(system);
            last.runAndWait(w -> w.watchIt(target, new Ended("t")));
            target.send(PoisonPill.FINISHED);
            awaitNotified(last, 1);
            last.send(PoisonPill.FINISHED);
        }
    }

    @Test
    @Timeout(60)
    void afterUnwatchNoNotificationIsDeliveredEvenOneAlreadyQueued() throws InterruptedException {
        try (ActorSystem system = ActorSystem.start(2)) {
            final Watcher watcher = new Watcher(system);
            final Target early = new Target(system);
            final Target queued = new Target(system);
            final CountDownLatch queuedEnded = new CountDownLatch(1);
            watcher.runAndWait(w -> {
                w.watchIt(early, new Ended("early"));
                w.watchIt(queued, new Ended("queued"));
                w.unwatchIt(early);
            });
            early.send(PoisonPill.FINISHED);
            final CountDownLatch unwatched = new CountDownLatch(1);
            watcher.send(new Run(w -> {
                try {
                    // The target ends while this behaviour runs: its notification is queued behind it.
                    assertTrue(queuedEnded.await(30, TimeUnit.SECONDS));
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                w.unwatchIt(queued.ref());
                unwatched.countDown();
            }));
            queued.send(PoisonPill.FINISHED);
            while (!queued.isTerminated() || !early.isTerminated()) {
                Thread.onSpinWait();
            }
            queuedEnded.countDown();
            assertTrue(unwatched.await(30, TimeUnit.SECONDS));
            watcher.runAndWait(w -> { });
            Thread.sleep(100);
            watcher.runAndWait(w -> { });
            assertEquals(0, watcher.notified.get(), "notified after unwatch: " + watcher.received);
            watcher.send(PoisonPill.FINISHED);
        }
    }

    @Test
    @Timeout(60)
    void manyWatchersOfOneTargetAreEachNotifiedOnce() throws InterruptedException {
        final int watchers = 1_000;
        try (ActorSystem system = ActorSystem.start(2)) {
            final Target target = new Target(system);
            final List<Watcher> all = new ArrayList<>();
            for (int i = 0; i < watchers; i++) {
                final Watcher watcher = new Watcher(system);
                all.add(watcher);
                watcher.send(new Run(w -> w.watchIt(target, new Ended("t"))));
                if (i == watchers / 2) {
                    target.send(PoisonPill.FINISHED);
                }
            }
            for (Watcher watcher : all) {
                awaitNotified(watcher, 1);
            }
            for (Watcher watcher : all) {
                watcher.runAndWait(w -> { });
                assertEquals(1, watcher.notified.get());
                watcher.send(PoisonPill.FINISHED);
            }
        }
    }

    @Test
    @Timeout(60)
    void watchingTwiceWithAnEqualNotificationNotifiesOnceWithAnotherOneThrows() throws InterruptedException {
        try (ActorSystem system = ActorSystem.start(2)) {
            final Watcher watcher = new Watcher(system);
            final Target target = new Target(system);
            watcher.runAndWait(w -> {
                w.watchIt(target, new Ended("t"));
                w.watchIt(target.ref(), new Ended("t"));
            });
            final IllegalStateException other = assertThrows(IllegalStateException.class,
                    () -> watcher.runAndWait(w -> w.watchIt(target, new Ended("other"))));
            assertTrue(other.getMessage().contains("unwatch it first"), other.getMessage());
            target.send(PoisonPill.FINISHED);
            awaitNotified(watcher, 1);
            Thread.sleep(50);
            watcher.runAndWait(w -> { });
            assertEquals(List.of("t"), endedNames(watcher));
            watcher.send(PoisonPill.FINISHED);
        }
    }

    /**
     * The race: a watch made while the target ends. Each round a fresh watcher watches a fresh
     * target as a pill ends the target, sent from this thread in alternating order; every watcher
     * must be notified exactly once.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(MailboxKind.class)
    @Timeout(180)
    void aWatchRacingTheTargetsEndNotifiesExactlyOnce(MailboxKind kind) throws InterruptedException {
        final int rounds = 20_000;
        try (ActorSystem system = start(kind, new RecordingErrorHandler(), Math.max(2, Runtime.getRuntime().availableProcessors()))) {
            final Watcher[] watchers = new Watcher[rounds];
            for (int round = 0; round < rounds; round++) {
                final Target target = new Target(system);
                final Watcher watcher = new Watcher(system);
                watchers[round] = watcher;
                final Run watch = new Run(w -> w.watchIt(target, new Ended("t")));
                if (round % 2 == 0) {
                    watcher.send(watch);
                    target.send(PoisonPill.FINISHED);
                } else {
                    target.send(PoisonPill.FINISHED);
                    watcher.send(watch);
                }
            }
            for (Watcher watcher : watchers) {
                awaitNotified(watcher, 1);
            }
            int wrong = 0;
            for (Watcher watcher : watchers) {
                watcher.runAndWait(w -> { });
                if (watcher.notified.get() != 1) {
                    wrong++;
                }
                watcher.send(PoisonPill.FINISHED);
            }
            assertEquals(0, wrong, "watchers not notified exactly once");
        }
    }

    @Test
    @Timeout(60)
    void invalidCallsFailClearly() {
        try (ActorSystem system = ActorSystem.start(1)) {
            final Watcher watcher = new Watcher(system);
            final Target target = new Target(system);
            final Router<TargetMsg> router = Router.group(List.of(target.ref()), Routing.roundRobin());
            assertThrows(NullPointerException.class, () -> watcher.runAndWait(w -> w.watchIt((Actor<?>) null, new Ended("t"))));
            assertThrows(NullPointerException.class, () -> watcher.runAndWait(w -> w.watchIt((ActorRef<?>) null, new Ended("t"))));
            assertThrows(NullPointerException.class, () -> watcher.runAndWait(w -> w.watchIt(target, null)));
            assertThrows(NullPointerException.class, () -> watcher.runAndWait(w -> w.unwatchIt((Actor<?>) null)));
            assertThrows(NullPointerException.class, () -> watcher.runAndWait(w -> w.unwatchIt((ActorRef<?>) null)));
            final IllegalArgumentException self = assertThrows(IllegalArgumentException.class,
                    () -> watcher.runAndWait(w -> w.watchIt(w, new Ended("self"))));
            assertTrue(self.getMessage().contains("cannot watch itself"), self.getMessage());
            final IllegalArgumentException routed = assertThrows(IllegalArgumentException.class,
                    () -> watcher.runAndWait(w -> w.watchIt(router, new Ended("router"))));
            assertTrue(routed.getMessage().contains("not a reference to a local actor"), routed.getMessage());
            final IllegalStateException outside = assertThrows(IllegalStateException.class,
                    () -> watcher.watchIt(target, new Ended("t")));
            assertTrue(outside.getMessage().contains("own behaviour"), outside.getMessage());
            assertInstanceOf(IllegalStateException.class, assertThrows(RuntimeException.class, () -> watcher.unwatchIt(target)));
            watcher.runAndWait(w -> w.unwatchIt(target));
            watcher.send(PoisonPill.FINISHED);
            target.send(PoisonPill.FINISHED);
            while (!watcher.isTerminated()) {
                Thread.onSpinWait();
            }
            final IllegalStateException ended = assertThrows(IllegalStateException.class,
                    () -> watcher.watchIt(target, new Ended("t")));
            assertTrue(ended.getMessage().contains("is not live"), ended.getMessage());
        }
    }

    private static void awaitNotified(Watcher watcher, int count) throws InterruptedException {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (watcher.notified.get() < count) {
            assertTrue(System.nanoTime() < deadline, "not notified " + count + " time(s): " + watcher.received);
            Thread.sleep(1);
        }
    }

    private static List<String> endedNames(Watcher watcher) {
        return watcher.received.stream().filter(m -> m instanceof Ended).map(m -> ((Ended) m).name()).toList();
    }
}
