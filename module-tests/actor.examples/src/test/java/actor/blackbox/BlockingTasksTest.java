package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.PoisonPill;
import actor.api.SystemNotRunningException;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code system.blocking(task)}: the task runs on the system's bounded elastic pool, its outcome
 * completes the future as is, an actor awaits it with its later messages held in order, the pool
 * makes no thread until used and ends with the system (a stop lets taken tasks finish, an abort
 * interrupts them and fails the ones that never ran).
 */
class BlockingTasksTest {

    private static ActorSystem start(int blockingThreads) {
        return ActorSystem.start(ActorSystemConfig.builder().workers(2).blockingThreads(blockingThreads).build());
    }

    /** The live threads of {@code system}'s blocking pool. */
    private static List<Thread> blockingThreads(ActorSystem system) {
        final String prefix = system.config().name() + "-blocking-";
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith(prefix)).toList();
    }

    private static void assertExitWithin10s(List<Thread> threads) throws InterruptedException {
        for (Thread thread : threads) {
            thread.join(TimeUnit.SECONDS.toMillis(10));
            assertFalse(thread.isAlive(), thread.getName() + " still alive after the system ended");
        }
    }

    @Test
    @Timeout(30)
    void theFutureCompletesWithTheTasksValueComputedOnABlockingThread() throws Exception {
        try (ActorSystem system = start(4)) {
            final CompletableFuture<String> future = system.blocking(() -> Thread.currentThread().getName());
            final String thread = future.get(10, TimeUnit.SECONDS);
            assertTrue(thread.startsWith(system.config().name() + "-blocking-"), thread);
            assertTrue(blockingThreads(system).get(0).isDaemon(), "blocking threads are daemon threads");
            assertEquals(null, system.blocking(() -> null).get(10, TimeUnit.SECONDS), "a null result is a result");
        }
    }

    @Test
    @Timeout(30)
    void theTasksExceptionFailsTheFutureAsIsNotWrappedTwice() throws Exception {
        try (ActorSystem system = start(4)) {
            final IOException disk = new IOException("disk");
            final CompletableFuture<String> future = system.blocking(() -> {
                throw disk;
            });
            final ExecutionException viaGet = assertThrows(ExecutionException.class, () -> future.get(10, TimeUnit.SECONDS));
            assertSame(disk, viaGet.getCause());
            final CompletionException viaJoin = assertThrows(CompletionException.class, future::join);
            assertSame(disk, viaJoin.getCause());
        }
    }

    @Test
    @Timeout(30)
    void aNullTaskIsRefusedByName() {
        try (ActorSystem system = start(4)) {
            final NullPointerException refused = assertThrows(NullPointerException.class, () -> system.blocking(null));
            assertEquals("task", refused.getMessage());
            assertTrue(blockingThreads(system).isEmpty(), "a refused call starts no thread");
        }
    }

    @Test
    @Timeout(30)
    void atMostTheBoundRunsAtOnceAndEveryQueuedTaskRuns() throws Exception {
        try (ActorSystem system = start(3)) {
            final AtomicInteger running = new AtomicInteger();
            final AtomicInteger started = new AtomicInteger();
            final AtomicInteger maxRunning = new AtomicInteger();
            final CountDownLatch threeStarted = new CountDownLatch(3);
            final CountDownLatch release = new CountDownLatch(1);
            final List<CompletableFuture<Integer>> futures = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                final int task = i;
                futures.add(system.blocking(() -> {
                    started.incrementAndGet();
                    maxRunning.accumulateAndGet(running.incrementAndGet(), Math::max);
                    threeStarted.countDown();
                    try {
                        assertTrue(release.await(10, TimeUnit.SECONDS), "released");
                        return task;
                    } finally {
                        running.decrementAndGet();
                    }
                }));
            }
            assertTrue(threeStarted.await(10, TimeUnit.SECONDS), "three tasks started");
            assertEquals(3, blockingThreads(system).size(), "threads made on demand up to the bound, no more");
            assertEquals(3, started.get(), "the seven others wait in line");
            release.countDown();
            for (int i = 0; i < 10; i++) {
                assertEquals(i, futures.get(i).get(10, TimeUnit.SECONDS));
            }
            assertEquals(3, maxRunning.get(), "exactly the bound ran at once");
        }
    }

    @Test
    @Timeout(30)
    void queuedTasksRunFirstComeFirstServed() throws Exception {
        try (ActorSystem system = start(1)) {
            final List<Integer> order = new CopyOnWriteArrayList<>();
            final CountDownLatch release = new CountDownLatch(1);
            final CompletableFuture<Boolean> first = system.blocking(() -> release.await(10, TimeUnit.SECONDS));
            final List<CompletableFuture<Boolean>> queued = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                final int task = i;
                queued.add(system.blocking(() -> order.add(task)));
            }
            release.countDown();
            assertTrue(first.get(10, TimeUnit.SECONDS));
            for (CompletableFuture<Boolean> future : queued) {
                assertTrue(future.get(10, TimeUnit.SECONDS));
            }
            assertEquals(java.util.stream.IntStream.range(0, 20).boxed().toList(), order);
        }
    }

    @Test
    @Timeout(30)
    void aTaskCancelledBeforeItStartedIsNeverRun() throws Exception {
        try (ActorSystem system = start(1)) {
            final CountDownLatch release = new CountDownLatch(1);
            final AtomicInteger cancelledRuns = new AtomicInteger();
            final CompletableFuture<Boolean> first = system.blocking(() -> release.await(10, TimeUnit.SECONDS));
            final CompletableFuture<Integer> cancelled = system.blocking(cancelledRuns::incrementAndGet);
            final CompletableFuture<String> after = system.blocking(() -> "after");
            assertTrue(cancelled.cancel(false));
            release.countDown();
            assertTrue(first.get(10, TimeUnit.SECONDS));
            assertEquals("after", after.get(10, TimeUnit.SECONDS), "the task behind it ran, so it was dequeued first");
            assertThrows(CancellationException.class, cancelled::join);
            assertEquals(0, cancelledRuns.get());
        }
    }

    /** Loads a row through a blocking call when told "load"; logs every message and the continuation. */
    static final class Loader extends Actor<String> {
        final List<String> log = new CopyOnWriteArrayList<>();
        final CountDownLatch queryStarted = new CountDownLatch(1);
        final CountDownLatch queryReturns = new CountDownLatch(1);
        final CountDownLatch queryInterrupted = new CountDownLatch(1);
        volatile String continuationThread;

        Loader(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(String message) {
            log.add(message);
            if (!message.equals("load")) {
                return Allocation.NODELETE;
            }
            return await(system().blocking(this::query), (row, failure) -> {
                continuationThread = Thread.currentThread().getName();
                log.add(failure == null ? "loaded " + row : "failed " + failure);
                return Allocation.NODELETE;
            });
        }

        /** A stand-in for a JDBC query: blocks its thread until the test lets it return. */
        private String query() throws InterruptedException {
            queryStarted.countDown();
            try {
                assertTrue(queryReturns.await(20, TimeUnit.SECONDS), "the test let the query return");
            } catch (InterruptedException e) {
                queryInterrupted.countDown();
                throw e;
            }
            return "row 7";
        }
    }

    @Test
    @Timeout(30)
    void anActorAwaitingABlockingTaskResumesWithItsValueBeforeTheMessagesSentMeanwhile() throws Exception {
        final ActorSystem system = start(2);
        final Loader loader = new Loader(system);
        loader.send("load");
        assertTrue(loader.queryStarted.await(10, TimeUnit.SECONDS), "the query started");
        loader.send("a").send("b").send("c");
        loader.queryReturns.countDown();
        loader.send(PoisonPill.FINISHED);
        assertTrue(system.stop(Duration.ofSeconds(10)));
        assertEquals(List.of("load", "loaded row 7", "a", "b", "c"), loader.log);
        assertTrue(loader.continuationThread.startsWith(system.config().name() + "-worker-"),
                "the continuation runs on a worker, not on the blocking thread: " + loader.continuationThread);
    }

    /** The ways a system ends normally, each of which ends its blocking pool. */
    enum NormalEnd {
        STOP {
            @Override
            void end(ActorSystem system) {
                system.stop();
            }
        },
        CLOSE {
            @Override
            void end(ActorSystem system) {
                system.close();
            }
        },
        SHUTDOWN {
            @Override
            void end(ActorSystem system) throws InterruptedException {
                assertTrue(system.shutdown(Duration.ofSeconds(10)));
            }
        };

        abstract void end(ActorSystem system) throws InterruptedException;
    }

    @ParameterizedTest
    @EnumSource(NormalEnd.class)
    @Timeout(30)
    void afterTheSystemEndsBlockingIsRefusedAndThePoolsThreadsExit(NormalEnd normalEnd) throws Exception {
        final ActorSystem system = start(2);
        final CountDownLatch bothRunning = new CountDownLatch(2);
        final List<CompletableFuture<Boolean>> pair = List.of(
                system.blocking(() -> {
                    bothRunning.countDown();
                    return bothRunning.await(10, TimeUnit.SECONDS);
                }),
                system.blocking(() -> {
                    bothRunning.countDown();
                    return bothRunning.await(10, TimeUnit.SECONDS);
                }));
        for (CompletableFuture<Boolean> future : pair) {
            assertTrue(future.get(10, TimeUnit.SECONDS));
        }
        final List<Thread> threads = blockingThreads(system);
        assertEquals(2, threads.size(), "two tasks ran at once, on two threads");
        normalEnd.end(system);
        assertExitWithin10s(threads);                   // before blocking(...) below, which would end the pool too
        final SystemNotRunningException refused = assertThrows(SystemNotRunningException.class,
                () -> system.blocking(() -> "too late"));
        assertEquals("actor system '" + system.config().name() + "' is not running: it has stopped; "
                + "run blocking tasks on a running system", refused.getMessage());
        assertTrue(blockingThreads(system).isEmpty(), "a refused call starts no thread");
    }

    @Test
    @Timeout(30)
    void aSystemThatEndedWithNoStopCallReturningEndsItsPoolOnTheNextCall() throws Exception {
        final ActorSystem system = start(2);
        final Loader loader = new Loader(system);
        loader.send("load");
        assertTrue(loader.queryStarted.await(10, TimeUnit.SECONDS), "the query started");
        final List<Thread> threads = blockingThreads(system);
        assertFalse(system.stop(Duration.ofMillis(1)), "the loader is live, awaiting its query");
        loader.queryReturns.countDown();
        loader.send(PoisonPill.FINISHED);
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (system.isRunning()) {
            assertTrue(System.nanoTime() < deadline, "the system ended once its last actor did");
            Thread.sleep(1);
        }
        assertEquals(List.of("load", "loaded row 7"), loader.log);
        assertThrows(SystemNotRunningException.class, () -> system.blocking(() -> "too late"));
        assertExitWithin10s(threads);
    }

    @Test
    @Timeout(30)
    void aStopLetsTheTasksAlreadyTakenFinish() throws Exception {
        final ActorSystem system = start(1);
        final CountDownLatch release = new CountDownLatch(1);
        final CountDownLatch firstStarted = new CountDownLatch(1);
        final CompletableFuture<Boolean> running = system.blocking(() -> {
            firstStarted.countDown();
            return release.await(10, TimeUnit.SECONDS);
        });
        final CompletableFuture<String> queued = system.blocking(() -> "queued ran");
        assertTrue(firstStarted.await(10, TimeUnit.SECONDS));
        final List<Thread> threads = blockingThreads(system);
        system.stop();                                  // no actor: returns at once
        assertThrows(SystemNotRunningException.class, () -> system.blocking(() -> "too late"));
        release.countDown();
        assertTrue(running.get(10, TimeUnit.SECONDS));
        assertEquals("queued ran", queued.get(10, TimeUnit.SECONDS));
        assertExitWithin10s(threads);
    }

    @Test
    @Timeout(30)
    void anAbortInterruptsTheRunningTaskAndFailsTheQueuedOnes() throws Exception {
        final ActorSystem system = start(1);
        final CountDownLatch started = new CountDownLatch(1);
        final CompletableFuture<Boolean> running = system.blocking(() -> {
            started.countDown();
            return new CountDownLatch(1).await(20, TimeUnit.SECONDS);
        });
        final AtomicInteger queuedRuns = new AtomicInteger();
        final CompletableFuture<Integer> queued = system.blocking(queuedRuns::incrementAndGet);
        assertTrue(started.await(10, TimeUnit.SECONDS));
        final List<Thread> threads = blockingThreads(system);
        system.abort();
        final ExecutionException interrupted = assertThrows(ExecutionException.class,
                () -> running.get(10, TimeUnit.SECONDS));
        assertInstanceOf(InterruptedException.class, interrupted.getCause());
        final ExecutionException neverRan = assertThrows(ExecutionException.class, () -> queued.get(10, TimeUnit.SECONDS));
        assertInstanceOf(SystemNotRunningException.class, neverRan.getCause());
        assertEquals(0, queuedRuns.get());
        final SystemNotRunningException refused = assertThrows(SystemNotRunningException.class,
                () -> system.blocking(() -> "too late"));
        assertTrue(refused.getMessage().contains("it was aborted"), refused.getMessage());
        assertExitWithin10s(threads);
    }

    @Test
    @Timeout(30)
    void aShutdownThatAbortsInterruptsTheTaskAnActorAwaits() throws Exception {
        final ActorSystem system = start(2);
        final Loader loader = new Loader(system);
        loader.send("load");
        assertTrue(loader.queryStarted.await(10, TimeUnit.SECONDS), "the query started");
        final List<Thread> threads = blockingThreads(system);
        assertFalse(system.shutdown(Duration.ofMillis(100)), "the loader's pill waits behind its query: aborted");
        assertTrue(loader.queryInterrupted.await(10, TimeUnit.SECONDS), "the query was interrupted");
        assertExitWithin10s(threads);
        assertEquals(List.of("load"), loader.log, "the continuation never runs after an abort");
    }

    @Test
    @Timeout(30)
    void aSystemThatNeverCallsBlockingStartsNoBlockingThread() throws Exception {
        final ActorSystem system = start(4);
        final Loader idle = new Loader(system);
        idle.send("x").send("y").send(PoisonPill.FINISHED);
        assertTrue(blockingThreads(system).isEmpty(), "none while it runs");
        assertTrue(system.stop(Duration.ofSeconds(10)));
        assertEquals(List.of("x", "y"), idle.log);
        assertTrue(blockingThreads(system).isEmpty(), "none after it stopped");
    }

    @Test
    @Timeout(30)
    void blockingThreadsIsValidatedAndShown() {
        assertEquals(ActorSystemConfig.DEFAULT_BLOCKING_THREADS, ActorSystemConfig.builder().build().blockingThreads());
        assertEquals(64, ActorSystemConfig.DEFAULT_BLOCKING_THREADS);
        assertEquals(1, ActorSystemConfig.builder().blockingThreads(1).build().blockingThreads());
        assertEquals(ActorSystemConfig.MAX_BLOCKING_THREADS,
                ActorSystemConfig.builder().blockingThreads(ActorSystemConfig.MAX_BLOCKING_THREADS).build().blockingThreads());
        for (int invalid : new int[] {0, -1, ActorSystemConfig.MAX_BLOCKING_THREADS + 1}) {
            final IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> ActorSystemConfig.builder().blockingThreads(invalid).build());
            assertEquals("blockingThreads = " + invalid + ": must be in [1, 32767]", refused.getMessage());
        }
        final String shown = ActorSystemConfig.builder().blockingThreads(5).build().toString();
        assertTrue(shown.contains(", blockingThreads=5]"), shown);
    }
}
