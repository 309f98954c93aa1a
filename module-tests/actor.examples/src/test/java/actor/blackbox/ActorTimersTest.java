package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.ActorTimers;
import actor.api.Allocation;
import actor.api.PoisonPill;
import actor.api.tuning.MailboxKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Keyed per-actor timers ({@link ActorTimers}) on the module path: single and periodic timers, one
 * per key; a start with an active key replaces its timer and a cancel ends it, and in both cases
 * no message of the old timer is delivered afterwards, even one already queued (also when the
 * cancel races the expiry); all of an actor's timers end with it, without a dead letter.
 */
class ActorTimersTest {

    private static final Duration HOUR = Duration.ofHours(1);

    /** What a ticker accepts. */
    sealed interface Msg permits Tick, Run, Fail {
    }

    /** A timer's message: its key and which start of that key sent it. */
    record Tick(String key, long generation) implements Msg {
    }

    /** Runs {@code action} as the ticker's behaviour; its status applies. */
    record Run(java.util.function.Function<Ticker, Allocation> action) implements Msg {
    }

    record Fail() implements Msg {
    }

    /**
     * Records the ticks it receives and checks each against the generation it last started under
     * that key: a tick of a cancelled or replaced timer is a violation.
     */
    static final class Ticker extends Actor<Msg> {
        final ActorTimers<Msg> timers = new ActorTimers<>(this);
        final List<Tick> ticks = new CopyOnWriteArrayList<>();
        final List<String> violations = new CopyOnWriteArrayList<>();
        /** The generation each key was last started with, absent once cancelled or (single) delivered; behaviours only. */
        final Map<String, Long> live = new HashMap<>();
        private final Set<String> singles = new java.util.HashSet<>();
        private long generations;

        Ticker(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Msg msg) {
            if (msg instanceof Tick tick) {
                final Long expected = live.get(tick.key());
                if (expected == null || expected != tick.generation()) {
                    violations.add(tick + " delivered while " + tick.key() + " is at " + expected);
                }
                if (singles.contains(tick.key())) {
                    live.remove(tick.key());
                    if (timers.isTimerActive(tick.key())) {
                        violations.add("single " + tick.key() + " still active after its delivery");
                    }
                }
                ticks.add(tick);
                return Allocation.NODELETE;
            }
            if (msg instanceof Run run) {
                return run.action().apply(this);
            }
            throw new IllegalStateException("failing on purpose");
        }

        long single(String key, Duration delay) {
            final long generation = ++generations;
            timers.startSingleTimer(key, new Tick(key, generation), delay);
            live.put(key, generation);
            singles.add(key);
            return generation;
        }

        long fixedDelay(String key, Duration initialDelay, Duration delay) {
            final long generation = ++generations;
            timers.startTimerWithFixedDelay(key, new Tick(key, generation), initialDelay, delay);
            live.put(key, generation);
            singles.remove(key);
            return generation;
        }

        long fixedRate(String key, Duration initialDelay, Duration interval) {
            final long generation = ++generations;
            timers.startTimerAtFixedRate(key, new Tick(key, generation), initialDelay, interval);
            live.put(key, generation);
            singles.remove(key);
            return generation;
        }

        void cancel(String key) {
            timers.cancel(key);
            live.remove(key);
        }

        void cancelAll() {
            timers.cancelAll();
            live.clear();
        }

        long count(String key) {
            return ticks.stream().filter(t -> t.key().equals(key)).count();
        }

        /** Runs {@code action} as this ticker's behaviour, waits until it has run, and returns what it returned. */
        <T> T call(java.util.function.Function<Ticker, T> action) {
            final CompletableFuture<T> done = new CompletableFuture<>();
            send(new Run(t -> {
                try {
                    done.complete(action.apply(t));
                } catch (RuntimeException e) {
                    done.completeExceptionally(e);
                }
                return Allocation.NODELETE;
            }));
            try {
                return done.get(30, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException e) {
                throw (RuntimeException) e.getCause();
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }

        void run(Consumer<Ticker> action) {
            call(t -> {
                action.accept(t);
                return null;
            });
        }
    }

    private static ActorSystem start(MailboxKind kind, RecordingErrorHandler errors) {
        return ActorSystem.start(ActorSystemConfig.builder().workers(2).mailboxKind(kind).errorHandler(errors).build());
    }

    /** Busy-waits {@code nanos} inside a behaviour, so that timers expire meanwhile and queue their messages. */
    private static void spin(long nanos) {
        final long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }

    private static void awaitTicks(Ticker ticker, String key, long count) throws InterruptedException {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (ticker.count(key) < count && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertTrue(ticker.count(key) >= count, key + ": " + ticker.count(key) + " ticks of " + count);
    }

    @Test
    @Timeout(60)
    void aSingleTimerDeliversOnceAndIsThenNoLongerActive() throws InterruptedException {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        try (ActorSystem system = start(MailboxKind.COPY_QUEUE, errors)) {
            final Ticker ticker = new Ticker(system);
            final long generation = ticker.call(t -> t.single("once", Duration.ofMillis(5)));
            assertTrue((boolean) ticker.call(t -> t.timers.isTimerActive("once")), "active until delivered");
            awaitTicks(ticker, "once", 1);
            Thread.sleep(50);
            assertEquals(List.of(new Tick("once", generation)), ticker.ticks);
            assertFalse((boolean) ticker.call(t -> t.timers.isTimerActive("once")));
            assertEquals(0, (int) ticker.call(t -> t.timers.size()));
            assertEquals(Set.of(), ticker.call(t -> t.timers.activeKeys()));
            assertEquals(List.of(), ticker.violations);
            ticker.send(PoisonPill.FINISHED);
        }
        assertEquals(List.of(), errors.all());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(MailboxKind.class)
    @Timeout(60)
    void periodicTimersRepeatUntilCancelledAndNothingComesAfterTheCancel(MailboxKind kind) throws InterruptedException {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        try (ActorSystem system = start(kind, errors)) {
            final Ticker ticker = new Ticker(system);
            ticker.run(t -> {
                t.fixedDelay("delay", Duration.ZERO, Duration.ofMillis(2));
                t.fixedRate("rate", Duration.ZERO, Duration.ofMillis(2));
            });
            awaitTicks(ticker, "delay", 5);
            awaitTicks(ticker, "rate", 5);
            assertEquals(Set.of("delay", "rate"), ticker.call(t -> t.timers.activeKeys()));
            final long[] atCancel = ticker.call(t -> {
                spin(TimeUnit.MILLISECONDS.toNanos(10));
                t.cancel("delay");
                t.cancel("rate");
                return new long[] {t.count("delay"), t.count("rate")};
            });
            Thread.sleep(100);
            assertEquals(atCancel[0], ticker.count("delay"), "no fixed-delay tick after its cancel");
            assertEquals(atCancel[1], ticker.count("rate"), "no fixed-rate tick after its cancel");
            assertFalse((boolean) ticker.call(t -> t.timers.isTimerActive("delay") || t.timers.isTimerActive("rate")));
            assertEquals(List.of(), ticker.violations);
            ticker.send(PoisonPill.FINISHED);
        }
        assertEquals(List.of(), errors.all());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(MailboxKind.class)
    @Timeout(60)
    void startingAnActiveKeyReplacesItsTimerAndAQueuedOldMessageIsDropped(MailboxKind kind) throws InterruptedException {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        try (ActorSystem system = start(kind, errors)) {
            final Ticker ticker = new Ticker(system);
            final long replacement = ticker.call(t -> {
                t.single("k", Duration.ZERO);
                t.fixedRate("p", Duration.ZERO, Duration.ofMillis(1));
                spin(TimeUnit.MILLISECONDS.toNanos(20));
                t.fixedRate("p", HOUR, HOUR);
                assertEquals(2, t.timers.size(), "one timer per key");
                return t.single("k", Duration.ofMillis(5));
            });
            awaitTicks(ticker, "k", 1);
            Thread.sleep(50);
            assertEquals(List.of(new Tick("k", replacement)), ticker.ticks, "only the replacement's message");
            assertEquals(Set.of("p"), ticker.call(t -> t.timers.activeKeys()));
            assertEquals(List.of(), ticker.violations);
            ticker.send(PoisonPill.FINISHED);
        }
        assertEquals(List.of(), errors.all());
    }

    @Test
    @Timeout(60)
    void aTimerCancelledBeforeItsMessageIsDeliveredDeliversNothing() throws InterruptedException {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        try (ActorSystem system = start(MailboxKind.MPSC, errors)) {
            final Ticker ticker = new Ticker(system);
            ticker.run(t -> {
                t.single("later", Duration.ofMillis(20));
                t.cancel("later");
                t.single("queued", Duration.ZERO);
                spin(TimeUnit.MILLISECONDS.toNanos(20));
                t.cancel("queued");
                t.cancel("never-started");
            });
            Thread.sleep(100);
            assertEquals(List.of(), ticker.ticks);
            assertEquals(0, (int) ticker.call(t -> t.timers.size()));
            ticker.send(PoisonPill.FINISHED);
        }
        assertEquals(List.of(), errors.all());
        assertEquals(0, errors.undeliveredCount());
    }

    @Test
    @Timeout(60)
    void cancelAllEndsEveryTimer() throws InterruptedException {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        try (ActorSystem system = start(MailboxKind.COPY_QUEUE, errors)) {
            final Ticker ticker = new Ticker(system);
            ticker.run(t -> {
                t.fixedRate("a", Duration.ZERO, Duration.ofMillis(1));
                t.fixedDelay("b", Duration.ZERO, Duration.ofMillis(1));
            });
            awaitTicks(ticker, "a", 3);
            final int atCancel = ticker.call(t -> {
                t.single("c", Duration.ZERO);
                spin(TimeUnit.MILLISECONDS.toNanos(10));
                t.cancelAll();
                return t.ticks.size();
            });
            Thread.sleep(100);
            assertEquals(atCancel, ticker.ticks.size(), "nothing after cancelAll");
            assertEquals(0, ticker.count("c"));
            assertEquals(Set.of(), ticker.call(t -> t.timers.activeKeys()));
            assertEquals(List.of(), ticker.violations);
            ticker.send(PoisonPill.FINISHED);
        }
        assertEquals(List.of(), errors.all());
    }

    /** How a ticker ends. */
    enum End { PILL, STATUS, FAILURE }

    /**
     * The owner's end cancels its timers at once: a waiting stop counts its two hour-long periodic
     * timers while it is live and none once it has ended (a timer cancelled only at its next
     * expiry would still count for an hour); the messages its timers queued before the end are
     * dropped, neither delivered nor reported.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(End.class)
    @Timeout(60)
    void theOwnersEndCancelsItsTimersWithoutADeadLetter(End end) throws InterruptedException {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).errorHandler(errors)
                .stopWarningAfter(Duration.ofMillis(20)).build());
        final Ticker keeper = new Ticker(system);
        final Ticker ticker = new Ticker(system);
        ticker.run(t -> {
            t.fixedRate("rate", Duration.ZERO, HOUR);
            t.fixedDelay("delay", Duration.ZERO, HOUR);
            t.single("single", HOUR);
        });
        awaitTicks(ticker, "rate", 1);
        awaitTicks(ticker, "delay", 1);
        assertFalse(system.stop(Duration.ofMillis(200)));
        assertEquals(2, lastStopWaiting(errors).periodicTimers(), lastStopWaiting(errors).toString());
        assertTrue(lastStopWaiting(errors).timersByTarget().contains(Ticker.class.getName()));
        ticker.send(new Run(t -> {
            if (end == End.PILL) {
                t.send(PoisonPill.FINISHED);
            } else if (end == End.FAILURE) {
                t.send(new Fail());
            }
            t.fixedRate("fast", Duration.ZERO, Duration.ofMillis(1));
            spin(TimeUnit.MILLISECONDS.toNanos(10));
            return end == End.STATUS ? Allocation.FINISHED : Allocation.NODELETE;
        }));
        while (!ticker.isTerminated()) {
            Thread.sleep(1);
        }
        final int reports = errors.ofType(ActorError.StopWaiting.class).size();
        assertFalse(system.stop(Duration.ofMillis(200)));
        assertTrue(errors.ofType(ActorError.StopWaiting.class).size() > reports, "the stop reported again");
        assertEquals(0, lastStopWaiting(errors).periodicTimers(), lastStopWaiting(errors).toString());
        Thread.sleep(50);
        keeper.send(PoisonPill.FINISHED);
        assertTrue(system.stop(Duration.ofSeconds(10)));
        assertEquals(0, ticker.count("fast"), "no message queued before the end is delivered");
        assertEquals(List.of(), ticker.violations);
        assertEquals(0, system.deadLetters());
        assertEquals(0, errors.undeliveredCount());
        assertEquals(List.of(), errors.ofType(ActorError.DeadLetter.class));
        assertEquals(end == End.FAILURE ? 1 : 0, errors.ofType(ActorError.BehaviourFailed.class).size());
    }

    private static ActorError.StopWaiting lastStopWaiting(RecordingErrorHandler errors) {
        final List<ActorError.StopWaiting> reports = errors.ofType(ActorError.StopWaiting.class);
        assertFalse(reports.isEmpty(), "a waiting stop reported");
        return reports.get(reports.size() - 1);
    }

    /**
     * The failure path: a cancel (or a replacing start) races the timer's expiry, many rounds. Each
     * round starts a timer due at once and lets a random time pass before the owner's cancel
     * message is queued, so the expiry lands before it or after it. Exact accounting: every tick
     * delivered belongs to the generation active at its delivery; a tick found active by the cancel
     * never comes; each round ends either way, and both ways occur.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(MailboxKind.class)
    @Timeout(120)
    void aTimerCancelledConcurrentlyWithItsExpiryNeverDeliversAfterTheCancel(MailboxKind kind) throws InterruptedException {
        final int rounds = 600;
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        try (ActorSystem system = start(kind, errors)) {
            final Ticker ticker = new Ticker(system);
            int cancelledWhileActive = 0;
            int deliveredFirst = 0;
            int singlesCancelled = 0;
            final List<Long> cancelled = new ArrayList<>();
            for (int round = 0; round < rounds; round++) {
                final boolean replace = round % 2 == 1;
                final long generation = ticker.call(t -> replace
                        ? t.fixedRate("p", Duration.ZERO, Duration.ofMillis(1))
                        : t.single("s", Duration.ZERO));
                spin(ThreadLocalRandom.current().nextLong(TimeUnit.MILLISECONDS.toNanos(2)));
                final boolean wasPending = ticker.call(t -> {
                    final boolean pending = replace
                            ? t.ticks.stream().noneMatch(x -> x.generation() == generation)
                            : t.timers.isTimerActive("s");
                    if (replace) {
                        t.fixedRate("p", HOUR, HOUR);
                    } else {
                        t.cancel("s");
                    }
                    return pending;
                });
                if (wasPending) {
                    cancelledWhileActive++;
                    cancelled.add(generation);
                    singlesCancelled += replace ? 0 : 1;
                } else {
                    deliveredFirst++;
                }
            }
            ticker.run(Ticker::cancelAll);
            Thread.sleep(100);
            assertEquals(List.of(), ticker.violations);
            assertEquals(rounds, cancelledWhileActive + deliveredFirst);
            for (Tick tick : ticker.ticks) {
                assertFalse(cancelled.contains(tick.generation()), tick + " came after its cancel");
            }
            final long singles = ticker.count("s");
            assertEquals(rounds / 2, singles + singlesCancelled,
                    "each single round ended either way, exactly once");
            assertTrue(cancelledWhileActive > 0 && deliveredFirst > 0,
                    "both orders occurred: " + cancelledWhileActive + " cancelled first, " + deliveredFirst + " delivered first");
            ticker.send(PoisonPill.FINISHED);
        }
        assertEquals(List.of(), errors.all());
    }

    @Test
    @Timeout(60)
    void badTimersAreRefusedNamingTheParameter() {
        try (ActorSystem system = ActorSystem.start(1)) {
            final Ticker ticker = new Ticker(system);
            assertThrows(NullPointerException.class, () -> new ActorTimers<Msg>(null));
            final Tick tick = new Tick("k", 0);
            final List<String> refusals = ticker.call(t -> {
                final List<String> messages = new ArrayList<>();
                final ActorTimers<Msg> timers = t.timers;
                messages.add(assertThrows(NullPointerException.class, () -> timers.startSingleTimer(null, tick, HOUR)).getMessage());
                messages.add(assertThrows(NullPointerException.class, () -> timers.startSingleTimer("k", null, HOUR)).getMessage());
                messages.add(assertThrows(NullPointerException.class, () -> timers.startSingleTimer("k", tick, null)).getMessage());
                messages.add(assertThrows(IllegalArgumentException.class,
                        () -> timers.startSingleTimer("k", tick, Duration.ofMillis(-1))).getMessage());
                messages.add(assertThrows(IllegalArgumentException.class,
                        () -> timers.startTimerWithFixedDelay("k", tick, Duration.ZERO)).getMessage());
                messages.add(assertThrows(IllegalArgumentException.class,
                        () -> timers.startTimerAtFixedRate("k", tick, Duration.ofMillis(-5), HOUR)).getMessage());
                messages.add(assertThrows(IllegalArgumentException.class,
                        () -> timers.startTimerAtFixedRate("k", tick, Duration.ZERO)).getMessage());
                messages.add(String.valueOf(timers.size()));
                return messages;
            });
            assertEquals(List.of("key", "message", "delay", "delay = PT-0.001S: must be zero or positive",
                    "delay = PT0S: must be positive", "initialDelay = PT-0.005S: must be zero or positive",
                    "interval = PT0S: must be positive", "0"), refusals);
            final IllegalStateException outside = assertThrows(IllegalStateException.class,
                    () -> ticker.timers.startSingleTimer("k", tick, HOUR));
            assertTrue(outside.getMessage().contains("startTimer"), outside.getMessage());
            assertEquals(0, (int) ticker.call(t -> t.timers.size()), "a refused start changes nothing");
            ticker.send(PoisonPill.FINISHED);
        }
    }
}
