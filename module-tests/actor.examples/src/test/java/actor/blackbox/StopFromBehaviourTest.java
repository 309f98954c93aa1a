package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.FailurePolicy;
import actor.api.tuning.MailboxKind;
import actor.api.Message;
import actor.api.PoisonPill;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Stopping a system from inside one of its behaviours (issue 10): {@code stop()},
 * {@code stop(Duration)} and {@code close()} would wait for the calling worker's own exit, so they
 * fail fast with an {@link IllegalStateException}; {@code abort()} marks the system aborted and
 * returns at once, and the system aborts after the current batch.
 */
class StopFromBehaviourTest {

    static final class Msg extends Message {
    }

    /** How a behaviour tries to stop its own system. */
    enum StopCall {
        STOP {
            @Override
            void call(ActorSystem system) {
                system.stop();
            }
        },
        STOP_WITH_TIMEOUT {
            @Override
            void call(ActorSystem system) throws InterruptedException {
                system.stop(Duration.ofSeconds(1));
            }
        },
        CLOSE {
            @Override
            void call(ActorSystem system) {
                system.close();
            }
        };

        abstract void call(ActorSystem system) throws InterruptedException;
    }

    @ParameterizedTest
    @EnumSource(StopCall.class)
    @Timeout(60)
    void stoppingFromABehaviourFailsFastAndTheSystemStillStopsFromOutside(StopCall stopCall) throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).errorHandler(errors).build());
        final AtomicReference<Object> outcome = new AtomicReference<>();
        final CountDownLatch returned = new CountDownLatch(1);
        final AtomicLong received = new AtomicLong();
        final class Stopper extends Actor<Msg> {
            Stopper(ActorSystem s) {
                super(s);
            }

            @Override
            protected Allocation receive(Msg msg) {
                if (received.incrementAndGet() == 1) {
                    try {
                        stopCall.call(system());
                        outcome.set("returned normally");
                    } catch (Throwable e) {
                        outcome.set(e);
                    }
                    returned.countDown();
                }
                return Allocation.NODELETE;
            }
        }
        final Stopper stopper = new Stopper(system);
        stopper.send(new Msg());
        assertTrue(returned.await(20, TimeUnit.SECONDS),
                stopCall + " from a behaviour did not return: it waits for its own worker to exit");
        final IllegalStateException refused = assertInstanceOf(IllegalStateException.class, outcome.get(),
                stopCall + " from a behaviour fails fast");
        assertTrue(refused.getMessage().contains("behaviour"), refused.getMessage());
        assertTrue(refused.getMessage().contains("poison pill"), refused.getMessage());
        assertTrue(refused.getMessage().contains("outside"), refused.getMessage());

        assertTrue(system.isRunning(), "the refused call did not stop anything");
        stopper.send(new Msg()).send(PoisonPill.FINISHED);
        assertTrue(system.stop(Duration.ofSeconds(30)), "the system stops normally from outside");
        assertEquals(2, received.get());
        assertEquals(List.of(), errors.all());
    }

    @Test
    @Timeout(60)
    void anUncaughtStopFromABehaviourGoesToTheErrorHandler() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1).errorHandler(errors).build());
        final class Stopper extends Actor<Msg> {
            Stopper(ActorSystem s) {
                super(s);
            }

            @Override
            protected Allocation receive(Msg msg) {
                system().stop();
                return Allocation.NODELETE;
            }
        }
        final Stopper stopper = new Stopper(system);
        stopper.send(new Msg());
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (errors.ofType(ActorError.BehaviourFailed.class).isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        final List<ActorError.BehaviourFailed> failures = errors.ofType(ActorError.BehaviourFailed.class);
        assertEquals(1, failures.size(), "stop() from a behaviour failed and was reported: " + errors.all());
        assertInstanceOf(IllegalStateException.class, failures.get(0).failure());
        assertEquals(Allocation.FINISHED, failures.get(0).outcome(), "the default failure policy stops the actor");
        assertTrue(stopper.isTerminated());
        assertTrue(system.stop(Duration.ofSeconds(30)), "the system stops normally from outside");
    }

    static final class Block extends Message {
        final CountDownLatch entered = new CountDownLatch(1);
    }

    static final class Abort extends Message {
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(MailboxKind.class)
    @Timeout(60)
    void abortFromABehaviourReturnsAtOnceInterruptsTheOtherWorkersAndReportsWhatWasQueued(MailboxKind kind)
            throws Exception {
        final int queuedToSelf = 10;
        final int queuedToStuck = 5;
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        // Two workers with one mailbox each and no stealing: the two actors run on different workers.
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).mailboxes(2)
                .mailboxKind(kind).victimSelector("none").failurePolicy(FailurePolicy.RESUME).errorHandler(errors).build());
        final AtomicReference<Thread> stuckThread = new AtomicReference<>();
        final class Stuck extends Actor<Message> {
            Stuck(ActorSystem s) {
                super(s);
            }

            @Override
            protected Allocation receive(Message message) {
                if (message instanceof Block block) {
                    stuckThread.set(Thread.currentThread());
                    block.entered.countDown();
                    try {
                        new CountDownLatch(1).await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException("interrupted by the abort", e);
                    }
                }
                return Allocation.NODELETE;
            }
        }
        final Stuck stuck = new Stuck(system);
        final AtomicReference<Thread> aborterThread = new AtomicReference<>();
        final AtomicBoolean interruptedAfterAbort = new AtomicBoolean(true);
        final AtomicBoolean runningAfterAbort = new AtomicBoolean(true);
        final CountDownLatch abortReturned = new CountDownLatch(1);
        final AtomicLong received = new AtomicLong();
        final class Aborter extends Actor<Message> {
            Aborter(ActorSystem s) {
                super(s);
            }

            @Override
            protected Allocation receive(Message message) {
                received.incrementAndGet();
                if (message instanceof Abort) {
                    aborterThread.set(Thread.currentThread());
                    // Queued, not part of the running batch: reported as undelivered after the abort.
                    for (int i = 0; i < queuedToSelf; i++) {
                        send(new Msg());
                    }
                    for (int i = 0; i < queuedToStuck; i++) {
                        stuck.send(new Msg());
                    }
                    system().abort();
                    interruptedAfterAbort.set(Thread.currentThread().isInterrupted());
                    runningAfterAbort.set(system().isRunning());
                    abortReturned.countDown();
                }
                return Allocation.NODELETE;
            }
        }
        final Aborter aborter = new Aborter(system);
        final Block block = new Block();
        stuck.send(block);
        assertTrue(block.entered.await(10, TimeUnit.SECONDS));
        final CompletableFuture<Void> outsideStop = CompletableFuture.runAsync(system::stop);

        aborter.send(new Abort());
        assertTrue(abortReturned.await(20, TimeUnit.SECONDS),
                "abort() from a behaviour did not return: it waits for its own worker to exit");
        outsideStop.get(30, TimeUnit.SECONDS);
        assertTrue(system.stop(Duration.ofSeconds(30)), "an aborted system has stopped");

        assertNotEquals(stuckThread.get(), aborterThread.get(), "the two actors ran on different workers");
        assertFalse(interruptedAfterAbort.get(), "abort() does not interrupt the worker that called it");
        assertFalse(runningAfterAbort.get(), "abort() marked the system aborted before returning");
        assertEquals(1, received.get(), "nothing the aborting behaviour queued ran");
        assertEquals(queuedToSelf + queuedToStuck, errors.undeliveredCount(),
                "what was queued at the abort is reported: " + errors.all());
        assertEquals(List.of(new ActorError.LiveActorsAbandoned(2)), errors.ofType(ActorError.LiveActorsAbandoned.class));
        final List<ActorError.BehaviourFailed> failures = errors.ofType(ActorError.BehaviourFailed.class);
        assertEquals(1, failures.size(), "the other worker was interrupted: " + errors.all());
        assertInstanceOf(InterruptedException.class, failures.get(0).failure().getCause());
        assertFalse(system.isRunning());

        final AtomicLong again = new AtomicLong();
        try (ActorSystem next = ActorSystem.start(2)) {
            final class Counter extends Actor<Msg> {
                Counter(ActorSystem s) {
                    super(s);
                }

                @Override
                protected Allocation receive(Msg msg) {
                    again.incrementAndGet();
                    return Allocation.NODELETE;
                }
            }
            new Counter(next).send(new Msg()).send(PoisonPill.FINISHED);
        }
        assertEquals(1, again.get(), "a new system works afterwards");
    }
}
