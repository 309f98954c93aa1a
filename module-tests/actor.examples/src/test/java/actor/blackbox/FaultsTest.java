package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.ActorTerminatedException;
import actor.api.Allocation;
import actor.api.FailurePolicy;
import actor.api.Message;
import actor.api.PoisonPill;
import actor.api.SystemNotRunningException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Faults: nothing hangs, every message is delivered or reported, and a new system starts afterwards. */
class FaultsTest {

    static final class Msg extends Message {
    }

    /** Counts what it receives (poison pills included). */
    static final class Counter extends Actor<Msg> {
        private final AtomicLong received;

        Counter(ActorSystem system, AtomicLong received) {
            super(system);
            this.received = received;
        }

        @Override
        protected Allocation receive(Msg msg) {
            received.incrementAndGet();
            return Allocation.NODELETE;
        }

        @Override
        protected Allocation onPoisonPill(PoisonPill pill) {
            received.incrementAndGet();
            return pill.status();
        }
    }

    @Test
    @Timeout(60)
    void sendsRacingStopFromOutsideThreadsAreDeliveredOrReported() throws Exception {
        for (int round = 0; round < 20; round++) {
            final RecordingErrorHandler errors = new RecordingErrorHandler();
            final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).strictSends(true)
                    .errorHandler(errors).build());
            final AtomicLong received = new AtomicLong();
            final AtomicLong sent = new AtomicLong();
            final List<Counter> counters = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                counters.add(new Counter(system, received));
            }
            final AtomicBoolean go = new AtomicBoolean(true);
            final List<Thread> senders = new ArrayList<>();
            for (int t = 0; t < 3; t++) {
                final int offset = t;
                senders.add(new Thread(() -> {
                    final Msg msg = new Msg();
                    int i = offset;
                    while (go.get()) {
                        try {
                            counters.get(i++ % counters.size()).send(msg);
                            sent.incrementAndGet();
                        } catch (ActorTerminatedException e) {
                            // NOTE: refused, so nothing was queued and nothing is counted.
                        }
                    }
                }));
            }
            senders.forEach(Thread::start);
            Thread.sleep(5);
            for (Counter counter : counters) {
                counter.send(PoisonPill.FINISHED);
                sent.incrementAndGet();
            }
            system.stop();
            go.set(false);
            for (Thread sender : senders) {
                sender.join();
            }
            assertEquals(sent.get(), received.get() + errors.undeliveredCount(),
                    "round " + round + ": every accepted send was received or reported");
            assertThrows(SystemNotRunningException.class, () -> new Counter(system, received));
        }
        final AtomicLong received = new AtomicLong();
        try (ActorSystem again = ActorSystem.start(2)) {
            new Counter(again, received).send(new Msg()).send(PoisonPill.FINISHED);
        }
        assertEquals(2, received.get(), "a new system works afterwards");
    }

    static final class Block extends Message {
        final CountDownLatch entered = new CountDownLatch(1);
    }

    /** Blocks forever (interruptibly) in its first behaviour. */
    static final class Stuck extends Actor<Message> {
        Stuck(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Message message) {
            if (message instanceof Block block) {
                block.entered.countDown();
                try {
                    new CountDownLatch(1).await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted by abort", e);
                }
            }
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(60)
    void aBoundedStopWithLiveActorsThenAbortReportsEverythingAndTheSystemCanBeStartedAgain() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).errorHandler(errors)
                .failurePolicy(FailurePolicy.RESUME).build());
        final Stuck stuck = new Stuck(system);
        final Stuck idle = new Stuck(system);
        final Block block = new Block();
        stuck.send(block);
        assertTrue(block.entered.await(10, TimeUnit.SECONDS));
        for (int i = 0; i < 10; i++) {
            stuck.send(new Msg());
        }
        assertFalse(system.stop(Duration.ofMillis(100)), "two actors are live");
        assertTrue(system.isRunning());

        system.abort();
        assertFalse(system.isRunning());
        assertEquals(10, errors.undeliveredCount(), "the ten queued messages are reported: " + errors.all());
        assertEquals(List.of(new ActorError.LiveActorsAbandoned(2)), errors.ofType(ActorError.LiveActorsAbandoned.class));
        assertEquals(1, errors.ofType(ActorError.BehaviourFailed.class).size(), "the blocked behaviour was interrupted");
        final SystemNotRunningException refused = assertThrows(SystemNotRunningException.class, () -> new Stuck(system));
        assertTrue(refused.getMessage().contains("aborted"), refused.getMessage());

        idle.send(new Msg());
        assertEquals(11, errors.undeliveredCount(), "a send to an abandoned actor is reported, not lost");
        system.stop();
        system.abort();

        final AtomicLong received = new AtomicLong();
        try (ActorSystem again = ActorSystem.start(2)) {
            new Counter(again, received).send(new Msg()).send(PoisonPill.FINISHED);
        }
        assertEquals(2, received.get());
    }

    @Test
    @Timeout(60)
    void aFatalErrorInABehaviourAbortsTheSystemAndStopRethrowsIt() {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final OutOfMemoryError simulated = new OutOfMemoryError("simulated, not real");
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).errorHandler(errors).build());
        final AtomicLong received = new AtomicLong();
        final Counter bystander = new Counter(system, received);
        final class Doomed extends Actor<Msg> {
            Doomed(ActorSystem s) {
                super(s);
            }

            @Override
            protected Allocation receive(Msg msg) {
                throw simulated;
            }
        }
        new Doomed(system).send(new Msg());
        assertSame(simulated, assertThrows(OutOfMemoryError.class, system::stop));
        assertFalse(system.isRunning());
        assertTrue(errors.ofType(ActorError.LiveActorsAbandoned.class).get(0).count() >= 1);
        assertThrows(SystemNotRunningException.class, () -> new Counter(system, received));
        bystander.send(new Msg());
        assertTrue(errors.undeliveredCount() >= 1, "a send after the abort is reported");

        try (ActorSystem again = ActorSystem.start(2)) {
            new Counter(again, received).send(PoisonPill.FINISHED);
        }
        assertEquals(1, received.get());
    }

    @Test
    @Timeout(60)
    void aStackOverflowInABehaviourIsAFailureNotAFatalError() {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final AtomicLong received = new AtomicLong();
        final class Recursive extends Actor<Msg> {
            Recursive(ActorSystem s) {
                super(s);
            }

            @Override
            protected Allocation receive(Msg msg) {
                return recurse(0);
            }

            private Allocation recurse(int depth) {
                return depth < Integer.MAX_VALUE ? recurse(depth + 1) : Allocation.NODELETE;
            }
        }
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1).errorHandler(errors).build())) {
            new Recursive(system).send(new Msg());
            new Counter(system, received).send(new Msg()).send(PoisonPill.FINISHED);
        }
        assertTrue(errors.ofType(ActorError.BehaviourFailed.class).get(0).failure() instanceof StackOverflowError);
        assertEquals(2, received.get(), "the single worker survived and ran the next actor");
    }
}
