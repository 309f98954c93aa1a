package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.Message;
import actor.api.PoisonPill;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ending a system never hangs silently: a waiting stop names the live actors, shutdown pills them
 * (after what is queued) and aborts after its bound, and daemon workers do not keep the JVM alive.
 */
class ShutdownTest {

    static final class Note extends Message {
        final int n;

        Note(int n) {
            this.n = n;
        }
    }

    /** Records what it receives; never terminates on its own. */
    static final class Idle extends Actor<Note> {
        final List<Integer> seen = new CopyOnWriteArrayList<>();

        Idle(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Note note) {
            seen.add(note.n);
            return Allocation.NODELETE;
        }
    }

    /** Ignores every poison pill. */
    static final class Stubborn extends Actor<Note> {
        Stubborn(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Note note) {
            return Allocation.NODELETE;
        }

        @Override
        protected Allocation onPoisonPill(PoisonPill pill) {
            return Allocation.NODELETE;
        }
    }

    /** Creates a child on each note, so a shutdown meets actors created after its first pills. */
    static final class Spawner extends Actor<Note> {
        final AtomicInteger children;

        Spawner(ActorSystem system, AtomicInteger children) {
            super(system);
            this.children = children;
        }

        @Override
        protected Allocation receive(Note note) {
            new Idle(system());
            children.incrementAndGet();
            return Allocation.NODELETE;
        }
    }

    private static ActorSystemConfig.Builder config(RecordingErrorHandler errors) {
        return ActorSystemConfig.builder().workers(2).errorHandler(errors).stopWarningAfter(Duration.ofMillis(50));
    }

    private static ActorError.StopWaiting awaitStopWaiting(RecordingErrorHandler errors) throws InterruptedException {
        while (errors.ofType(ActorError.StopWaiting.class).isEmpty()) {
            Thread.sleep(5);
        }
        return errors.ofType(ActorError.StopWaiting.class).get(0);
    }

    @Test
    @Timeout(30)
    void aStopWaitingForAForgottenPillReportsTheLiveActorsByClassWithTickets() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(config(errors).build());
        final Idle first = new Idle(system);
        final Idle second = new Idle(system);
        final Stubborn third = new Stubborn(system);
        final CompletableFuture<Void> stopped = CompletableFuture.runAsync(system::stop);
        final ActorError.StopWaiting waiting = awaitStopWaiting(errors);
        assertEquals("stop()", waiting.call());
        assertEquals(3, waiting.liveActors());
        assertTrue(waiting.liveByClass().startsWith("2 x " + Idle.class.getName() + " (#"), waiting.liveByClass());
        assertTrue(waiting.liveByClass().contains("#" + first.ticket()) && waiting.liveByClass().contains("#" + second.ticket()),
                waiting.liveByClass());
        assertTrue(waiting.liveByClass().contains("1 x " + Stubborn.class.getName() + " (#" + third.ticket() + ")"),
                waiting.liveByClass());
        assertTrue(waiting.describe().contains("shutdown(Duration)"), waiting.describe());
        assertFalse(stopped.isDone());
        first.send(PoisonPill.FINISHED);
        second.send(PoisonPill.FINISHED);
        system.abort();
        stopped.get(10, TimeUnit.SECONDS);
        final List<ActorError.StopWaiting> reports = errors.ofType(ActorError.StopWaiting.class);
        for (int i = 1; i < reports.size(); i++) {
            assertTrue(reports.get(i).waited().compareTo(reports.get(i - 1).waited()) > 0, "reports at growing waits");
        }
    }

    @Test
    @Timeout(30)
    void aBoundedStopReportsWhileItWaitsAndStillReturnsFalse() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(config(errors).build());
        final Idle idle = new Idle(system);
        assertFalse(system.stop(Duration.ofMillis(300)));
        final ActorError.StopWaiting waiting = errors.ofType(ActorError.StopWaiting.class).get(0);
        assertEquals("stop(Duration)", waiting.call());
        assertEquals(1, waiting.liveActors());
        idle.send(PoisonPill.FINISHED);
        assertTrue(system.stop(Duration.ofSeconds(10)));
    }

    @Test
    @Timeout(30)
    void shutdownRunsWhatIsQueuedThenTerminatesEveryActorIncludingThoseCreatedMeanwhile() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(config(errors).build());
        final AtomicInteger children = new AtomicInteger();
        final Spawner spawner = new Spawner(system, children);
        final Idle idle = new Idle(system);
        for (int i = 0; i < 100; i++) {
            idle.send(new Note(i));
            spawner.send(new Note(i));
        }
        assertTrue(system.shutdown(Duration.ofSeconds(10)));
        assertEquals(0, system.liveActors());
        assertFalse(system.isRunning());
        assertEquals(100, idle.seen.size(), "every note queued before the pill was handled");
        for (int i = 0; i < 100; i++) {
            assertEquals(i, idle.seen.get(i));
        }
        assertEquals(100, children.get());
        assertEquals(List.of(), errors.ofType(ActorError.LiveActorsAbandoned.class));
    }

    @Test
    @Timeout(30)
    void shutdownAbortsAfterItsBoundWhenAnActorIgnoresThePill() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(config(errors).build());
        new Stubborn(system);
        final Idle idle = new Idle(system);
        final long start = System.nanoTime();
        assertFalse(system.shutdown(Duration.ofMillis(200)));
        assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(200));
        assertFalse(system.isRunning());
        assertTrue(idle.isTerminated(), "the other actor took its pill");
        assertEquals(List.of(new ActorError.LiveActorsAbandoned(1)), errors.ofType(ActorError.LiveActorsAbandoned.class));
    }

    /**
     * The live lists the reports and shutdown read stay exact under churn: four threads and a
     * spawning actor create actors on every worker while half of them terminate at once.
     */
    @Test
    @Timeout(60)
    void theReportedLiveActorsMatchTheLiveCountAfterConcurrentCreationAndTermination() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(config(errors).workers(4).build());
        final AtomicInteger children = new AtomicInteger();
        final Spawner spawner = new Spawner(system, children);
        final List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            threads.add(new Thread(() -> {
                for (int i = 0; i < 500; i++) {
                    final Idle idle = new Idle(system);
                    idle.send(new Note(i));
                    if (i % 2 == 0) {
                        idle.send(PoisonPill.FINISHED);
                    }
                    spawner.send(new Note(i));
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join();
        }
        final long expected = 4 * 250 + 1 + 4 * 500;
        while (system.liveActors() != expected) {
            Thread.sleep(1);
        }
        assertFalse(system.stop(Duration.ofMillis(200)));
        final ActorError.StopWaiting waiting = errors.ofType(ActorError.StopWaiting.class).get(0);
        assertEquals(expected, waiting.liveActors(), waiting.liveByClass());
        assertTrue(waiting.liveByClass().startsWith((4 * 250 + 4 * 500) + " x " + Idle.class.getName()),
                waiting.liveByClass());
        assertTrue(system.shutdown(Duration.ofSeconds(20)));
        assertEquals(0, system.liveActors());
    }

    @Test
    @Timeout(30)
    void shutdownEndsASystemWhoseActorsWereNeverTold() throws Exception {
        final ActorSystem system = ActorSystem.start(2);
        for (int i = 0; i < 50; i++) {
            new Idle(system);
        }
        assertTrue(system.shutdown(Duration.ofSeconds(20)));
        assertEquals(0, system.liveActors());
    }

    @Test
    @Timeout(30)
    void anExceptionInATryWithResourcesSurfacesOnceAnotherThreadShutsTheSystemDown() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final AtomicReference<ActorSystem> started = new AtomicReference<>();
        final CompletableFuture<Void> application = CompletableFuture.runAsync(() -> {
            try (ActorSystem system = ActorSystem.start(config(errors).build())) {
                started.set(system);
                new Idle(system).send(new Note(1));
                throw new IllegalStateException("the application failed before telling its actors to finish");
            }
        });
        final ActorError.StopWaiting waiting = awaitStopWaiting(errors);
        assertEquals("close()", waiting.call(), "close() reports what it waits for, as stop() does");
        assertTrue(started.get().shutdown(Duration.ofSeconds(10)));
        final Throwable failure = assertThrows(java.util.concurrent.ExecutionException.class,
                () -> application.get(10, TimeUnit.SECONDS)).getCause();
        assertInstanceOf(IllegalStateException.class, failure);
        assertTrue(failure.getMessage().startsWith("the application failed"), failure.getMessage());
    }

    private static ActorSystemConfig.Builder quietConfig(RecordingErrorHandler errors) {
        return config(errors).closeWhenQuietFor(Duration.ofMillis(200));
    }

    @Test
    @Timeout(30)
    void anExceptionInATryWithResourcesSurfacesOnItsOwnOnceTheSystemIsQuiet() {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final List<Idle> created = new CopyOnWriteArrayList<>();
        final IllegalStateException failure = assertThrows(IllegalStateException.class, () -> {
            try (ActorSystem system = ActorSystem.start(quietConfig(errors).build())) {
                final Idle idle = new Idle(system);
                created.add(idle);
                idle.send(new Note(1));
                throw new IllegalStateException("the application failed before telling its actors to finish");
            }
        });
        assertTrue(failure.getMessage().startsWith("the application failed"), failure.getMessage());
        assertEquals(List.of(1), created.get(0).seen, "what was sent before the failure was handled");
        assertTrue(created.get(0).isTerminated());
        final List<ActorError.ClosedQuietSystem> closed = errors.ofType(ActorError.ClosedQuietSystem.class);
        assertEquals(1, closed.size(), errors.all().toString());
        assertEquals(1, closed.get(0).liveActors());
        assertTrue(closed.get(0).liveByClass().startsWith("1 x " + Idle.class.getName()), closed.get(0).liveByClass());
    }

    /** Counts the ticks a timer sends it; never terminates on its own. */
    static final class Ticked extends Actor<String> {
        final AtomicInteger ticks = new AtomicInteger();

        Ticked(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(String tick) {
            ticks.incrementAndGet();
            return Allocation.NODELETE;
        }
    }

    /**
     * Issue 31, item 1: a periodic timer kept a closing system busy, so close() never found it quiet
     * and the exception that left the try-with-resources block never surfaced. close() names the
     * timer while it waits, ends it after the quiet time, then ends the actor once the system is quiet.
     */
    @Test
    @Timeout(60)
    void anExceptionInATryWithResourcesSurfacesWhileAPeriodicTimerStillSends() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final AtomicReference<ActorSystem> started = new AtomicReference<>();
        final AtomicReference<Ticked> ticked = new AtomicReference<>();
        final CompletableFuture<Void> application = CompletableFuture.runAsync(() -> {
            try (ActorSystem system = ActorSystem.start(quietConfig(errors).build())) {
                started.set(system);
                ticked.set(new Ticked(system));
                system.schedulePeriodic(Duration.ZERO, Duration.ofMillis(20), ticked.get().ref(), "tick");
                throw new IllegalStateException("the application failed with a timer running");
            }
        });
        try {
            final Throwable failure = assertThrows(java.util.concurrent.ExecutionException.class,
                    () -> application.get(30, TimeUnit.SECONDS)).getCause();
            assertInstanceOf(IllegalStateException.class, failure);
            assertEquals("the application failed with a timer running", failure.getMessage());
        } finally {
            if (started.get() != null) {
                started.get().abort();
            }
        }
        assertTrue(ticked.get().isTerminated());
        assertTrue(ticked.get().ticks.get() > 0);
        final ActorError.StopWaiting waiting = errors.ofType(ActorError.StopWaiting.class).get(0);
        assertEquals("close()", waiting.call());
        assertTrue(waiting.describe().contains("1 periodic timer(s)")
                && waiting.describe().contains("to " + Ticked.class.getName()), waiting.describe());
        assertEquals(1, waiting.periodicTimers());
        assertEquals("1 x to " + Ticked.class.getName(), waiting.timersByTarget());
        final List<ActorError.PeriodicTimersCancelled> cancelled = errors.ofType(ActorError.PeriodicTimersCancelled.class);
        assertEquals(1, cancelled.size(), errors.all().toString());
        assertEquals("1 x to " + Ticked.class.getName(), cancelled.get(0).timersByTarget());
        assertEquals(1, errors.ofType(ActorError.ClosedQuietSystem.class).size(), errors.all().toString());
        assertEquals(List.of(), errors.ofType(ActorError.LiveActorsAbandoned.class));
    }

    /** Throws from its constructor after registering. */
    static final class Broken extends Actor<Note> {
        Broken(ActorSystem system) {
            super(system);
            throw new IllegalArgumentException("broken constructor");
        }

        @Override
        protected Allocation receive(Note note) {
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(30)
    void anActorWhoseConstructorThrewIsEndedByCloseAndNamed() {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(quietConfig(errors).build());
        assertThrows(IllegalArgumentException.class, () -> new Broken(system));
        assertEquals(1, system.liveActors(), "the half-built actor registered before its constructor threw");
        system.close();
        assertEquals(0, system.liveActors());
        final ActorError.ClosedQuietSystem closed = errors.ofType(ActorError.ClosedQuietSystem.class).get(0);
        assertTrue(closed.liveByClass().startsWith("1 x " + Broken.class.getName()), closed.liveByClass());
    }

    /** Records its notes and counts its pills (which it ignores): what a half-built actor got to run. */
    abstract static class HalfBuilt extends Actor<Note> {
        final AtomicInteger pills = new AtomicInteger();
        final List<Integer> seen = new CopyOnWriteArrayList<>();

        HalfBuilt(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Note note) {
            seen.add(note.n);
            return Allocation.NODELETE;
        }

        @Override
        protected Allocation onPoisonPill(PoisonPill pill) {
            pills.incrementAndGet();
            return Allocation.NODELETE;
        }
    }

    /** Sends itself a note, creates a child through a nested spawn, then throws. */
    static final class BrokenParent extends HalfBuilt {
        static final AtomicReference<Idle> CHILD = new AtomicReference<>();
        static final AtomicReference<BrokenParent> LAST = new AtomicReference<>();

        BrokenParent(ActorSystem system) {
            super(system);
            LAST.set(this);
            send(new Note(7));
            CHILD.set(system.spawn(Idle::new));
            throw new IllegalStateException("broken after registering");
        }
    }

    @Test
    @Timeout(30)
    void aFailedSpawnEndsTheActorItRegisteredButNotANestedSpawnThatSucceeded() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(config(errors).build());
        final IllegalStateException thrown = assertThrows(IllegalStateException.class,
                () -> system.spawn(BrokenParent::new));
        assertEquals("broken after registering", thrown.getMessage());
        final Idle child = BrokenParent.CHILD.get();
        assertFalse(child.isTerminated(), "the nested spawn succeeded, so its actor stays");
        child.send(PoisonPill.FINISHED);
        assertTrue(system.stop(Duration.ofSeconds(10)), "the half-built actor was ended, so stop returns");
        final BrokenParent parent = BrokenParent.LAST.get();
        assertTrue(parent.isTerminated());
        assertEquals(List.of(7), parent.seen);
        assertEquals(0, parent.pills.get());
        assertEquals(0, system.deadLetters());
    }

    /** Records the half-built actor in a static before throwing, so the test can look at it. */
    static final class Leaky extends HalfBuilt {
        static final AtomicReference<Leaky> LAST = new AtomicReference<>();

        Leaky(ActorSystem system) {
            super(system);
            LAST.set(this);
            send(new Note(1));
            send(new Note(2));
            throw new IllegalArgumentException("leaky constructor");
        }
    }

    @Test
    @Timeout(30)
    void aFailedSpawnRunsWhatWasQueuedThenEndsTheActorWithoutItsPillHook() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(config(errors).build());
        assertThrows(IllegalArgumentException.class, () -> system.spawn(Leaky::new));
        assertTrue(system.stop(Duration.ofSeconds(10)));
        final Leaky leaky = Leaky.LAST.get();
        assertTrue(leaky.isTerminated());
        assertEquals(List.of(1, 2), leaky.seen, "messages queued before the failure still ran, in order");
        assertEquals(0, leaky.pills.get(), "onPoisonPill never ran on the half-built object");
        assertTrue(errors.ofType(ActorError.StopWaiting.class).isEmpty());
    }

    @Test
    @Timeout(30)
    void aSpawnThatSucceedsReturnsALiveActorAndRefusesNull() throws Exception {
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).build());
        final Idle idle = system.spawn(Idle::new);
        idle.send(new Note(3));
        assertFalse(idle.isTerminated());
        assertEquals(1, system.liveActors());
        assertThrows(NullPointerException.class, () -> system.spawn(null));
        assertThrows(NullPointerException.class, () -> system.spawn(s -> null));
        idle.send(PoisonPill.FINISHED);
        assertTrue(system.stop(Duration.ofSeconds(10)));
        assertEquals(List.of(3), idle.seen);
    }

    /** Sleeps on its one note, then finishes. */
    static final class Slow extends Actor<Note> {
        Slow(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Note note) {
            try {
                Thread.sleep(note.n);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return Allocation.FINISHED;
        }
    }

    @Test
    @Timeout(30)
    void closeWaitsForABehaviourLongerThanTheQuietTime() {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(quietConfig(errors).build());
        final Slow slow = new Slow(system);
        slow.send(new Note(800));
        final long start = System.nanoTime();
        system.close();
        assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(500), "close waited for the behaviour");
        assertTrue(slow.isTerminated());
        assertEquals(List.of(), errors.ofType(ActorError.ClosedQuietSystem.class), "a running behaviour is not quiet");
    }

    @Test
    @Timeout(30)
    void closeAbortsWhenAQuietSystemIgnoresItsPills() {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(quietConfig(errors).build());
        new Stubborn(system);
        system.close();
        assertFalse(system.isRunning());
        assertEquals(1, errors.ofType(ActorError.ClosedQuietSystem.class).size());
        assertEquals(List.of(new ActorError.LiveActorsAbandoned(1)), errors.ofType(ActorError.LiveActorsAbandoned.class));
    }

    @Test
    @Timeout(30)
    void onlyANonDaemonSystemKeepsTheJvmAliveAndOnlyThroughItsKeeperThread() throws Exception {
        for (boolean daemon : new boolean[] {false, true}) {
            final String name = "daemon-" + daemon;
            final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name(name).workers(2).daemon(daemon).build());
            final List<Thread> workers = threadsNamed(name + "-worker-");
            assertEquals(2, workers.size());
            for (Thread worker : workers) {
                assertTrue(worker.isDaemon(), worker.getName() + ": a worker left behind never keeps the JVM alive");
            }
            final List<Thread> keepers = threadsNamed(name + "-keeper");
            assertEquals(daemon ? 0 : 1, keepers.size());
            keepers.forEach(keeper -> assertFalse(keeper.isDaemon()));
            assertEquals(daemon, system.config().daemon());
            system.stop();
            assertEquals(List.of(), threadsNamed(name + "-keeper"), "the keeper ends with the system");
        }
    }

    private static List<Thread> threadsNamed(String prefix) {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith(prefix) && t.isAlive())
                .toList();
    }

    /** Blocks its worker in {@code join()}, which ignores interrupts, until released. */
    static final class Joiner extends Actor<Note> {
        final CompletableFuture<Void> release = new CompletableFuture<>();
        final java.util.concurrent.CountDownLatch entered = new java.util.concurrent.CountDownLatch(1);

        Joiner(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Note note) {
            entered.countDown();
            release.join();
            return Allocation.FINISHED;
        }
    }

    @Test
    @Timeout(30)
    void abortReturnsAndReportsAWorkerStuckInAWaitThatIgnoresInterrupts() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(config(errors).stopWarningAfter(Duration.ofMillis(200)).build());
        final Joiner joiner = new Joiner(system);
        joiner.send(new Note(1));
        assertTrue(joiner.entered.await(10, TimeUnit.SECONDS));
        final CompletableFuture<Void> aborted = CompletableFuture.runAsync(system::abort);
        try {
            aborted.get(10, TimeUnit.SECONDS);
            assertFalse(system.isRunning());
            final List<ActorError.WorkersStuck> stuck = errors.ofType(ActorError.WorkersStuck.class);
            assertEquals(1, stuck.size(), errors.all().toString());
            assertEquals(1, stuck.get(0).workers().size());
            assertTrue(stuck.get(0).workers().get(0).contains("-worker-")
                    && stuck.get(0).workers().get(0).contains("CompletableFuture"), stuck.get(0).workers().get(0));
        } finally {
            joiner.release.complete(null);
        }
        assertTrue(system.stop(Duration.ofSeconds(10)), "the worker exits once its behaviour returns");
    }

    /**
     * Issue 31, item 6: after an abort that gave up on a worker blocked in {@code join()}, the
     * program's {@code main} returns and its JVM exits by itself (the worker left behind does not
     * keep it alive), and the report says that worker was left behind.
     */
    @Test
    @Timeout(120)
    void aWorkerLeftBehindByAbortDoesNotKeepTheJvmAlive(@TempDir Path dir)
            throws Exception {
        final List<String> classPath = new ArrayList<>();
        classPath.add(Path.of(LeftBehindWorker.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString());
        for (String property : new String[] {"jdk.module.path", "java.class.path"}) {
            final String value = System.getProperty(property);
            if (value != null && !value.isEmpty()) {
                classPath.add(value);
            }
        }
        final Path output = dir.resolve("output.txt");
        final Process child = new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", String.join(File.pathSeparator, classPath), LeftBehindWorker.class.getName())
                .redirectErrorStream(true).redirectOutput(output.toFile()).start();
        final boolean exited = child.waitFor(60, TimeUnit.SECONDS);
        if (!exited) {
            child.destroyForcibly();
        }
        assertTrue(child.waitFor(30, TimeUnit.SECONDS));
        final String printed = Files.readString(output);
        assertTrue(exited, "the child JVM did not exit within 60 s of starting; it printed:\n" + printed);
        assertEquals(0, child.exitValue(), printed);
        assertTrue(printed.contains("main returns"), printed);
        final String stuck = printed.lines().filter(line -> line.contains("abort() gave up")).findFirst().orElse("");
        assertTrue(stuck.contains(LeftBehindWorker.NAME + "-worker-0") && stuck.contains("left behind")
                && stuck.contains("does not keep the JVM alive"), printed);
    }

    @Test
    void invalidQuietTimesAreRefused() {
        final IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
                () -> ActorSystemConfig.builder().closeWhenQuietFor(Duration.ZERO).build());
        assertTrue(zero.getMessage().startsWith("closeWhenQuietFor = PT0S"), zero.getMessage());
        assertTrue(ActorSystemConfig.builder().build().toString().contains("closeWhenQuietFor=PT10S"));
    }

    @Test
    void invalidWarningDelaysAreRefused() {
        final IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
                () -> ActorSystemConfig.builder().stopWarningAfter(Duration.ZERO).build());
        assertTrue(zero.getMessage().startsWith("stopWarningAfter = PT0S"), zero.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> ActorSystemConfig.builder().stopWarningAfter(Duration.ofSeconds(-1)).build());
    }
}
