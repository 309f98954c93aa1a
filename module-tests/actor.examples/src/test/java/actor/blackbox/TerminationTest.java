package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.tuning.MailboxKind;
import actor.api.Message;
import actor.api.PoisonPill;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TerminationTest {

    static final class Ping extends Message {
    }

    /** Records when it terminates (on a poison pill). */
    static final class Mortal extends Actor<Ping> {
        private final AtomicLong lastTermination;

        Mortal(ActorSystem system, AtomicLong lastTermination) {
            super(system);
            this.lastTermination = lastTermination;
        }

        @Override
        protected Allocation receive(Ping ping) {
            return Allocation.NODELETE;
        }

        @Override
        protected Allocation onPoisonPill(PoisonPill pill) {
            lastTermination.accumulateAndGet(System.nanoTime(), Math::max);
            return pill.status();
        }
    }

    static Stream<Arguments> kindsAndWorkers() {
        return Stream.of(MailboxKind.values())
                .flatMap(kind -> Stream.of(1, 2, 3, 4, 5, 6, 7, 8).map(workers -> Arguments.of(kind, workers)));
    }

    @ParameterizedTest(name = "{0}, {1} workers")
    @MethodSource("kindsAndWorkers")
    @Timeout(60)
    void stopReturnsOnlyOnceTheLastActorHasTerminated(MailboxKind kind, int workers) throws Exception {
        final AtomicLong lastTermination = new AtomicLong();
        final ActorSystem system = ActorSystem.start(
                ActorSystemConfig.builder().workers(workers).mailboxKind(kind).build());
        final List<Mortal> actors = new ArrayList<>();
        for (int i = 0; i < 5 * workers; i++) {
            actors.add(new Mortal(system, lastTermination));
        }
        final CompletableFuture<Long> stopped = CompletableFuture.supplyAsync(() -> {
            system.stop();
            return System.nanoTime();
        });
        for (int i = 0; i < actors.size() - 1; i++) {
            actors.get(i).send(new Ping()).send(PoisonPill.FINISHED);
        }
        assertFalse(system.stop(Duration.ofMillis(100)), "one actor is still live, so stop cannot complete");
        assertFalse(stopped.isDone(), "stop() returned while an actor was live");
        assertEquals(1, system.liveActors());
        assertTrue(system.isRunning(), "a stopping system with live actors still accepts actors");

        actors.get(actors.size() - 1).send(PoisonPill.FINISHED);
        final long stopReturned = stopped.get(30, TimeUnit.SECONDS);
        assertTrue(stopReturned >= lastTermination.get(), "stop() returned before the last termination");
        assertEquals(0, system.liveActors());
        assertFalse(system.isRunning());
        assertTrue(system.stop(Duration.ZERO), "a stopped system reports stopped at once");
    }

    /**
     * One link of a chain: creates the next link and sends it the chain's message, then ends; every
     * eighth link also creates a bystander that stays live until the last link pills it.
     */
    static final class Link extends Actor<Ping> {
        private final int left;
        private final List<Mortal> bystanders;
        private final AtomicLong links;
        private final AtomicLong lastTermination;

        Link(ActorSystem system, int left, List<Mortal> bystanders, AtomicLong links, AtomicLong lastTermination) {
            super(system);
            this.left = left;
            this.bystanders = bystanders;
            this.links = links;
            this.lastTermination = lastTermination;
        }

        @Override
        protected Allocation receive(Ping ping) {
            links.incrementAndGet();
            if (left % 8 == 0) {
                final Mortal bystander = new Mortal(system(), lastTermination);
                synchronized (bystanders) {
                    bystanders.add(bystander);
                }
            }
            if (left > 0) {
                new Link(system(), left - 1, bystanders, links, lastTermination).send(ping);
            } else {
                synchronized (bystanders) {
                    for (Mortal bystander : bystanders) {
                        bystander.send(PoisonPill.FINISHED);
                    }
                }
            }
            return Allocation.DELETE;
        }
    }

    /**
     * A worker counts the actors it terminates into the live count once per pass, and cancels them
     * against the actors its behaviours create meanwhile. Chains of actors that create their
     * successor and end, with bystanders that end later, run while the system is asked to stop:
     * the stop must neither complete before the last link and bystander (every link runs, nothing
     * is refused or reported) nor hang once they are gone (the count comes back to zero).
     */
    @ParameterizedTest(name = "{0}, {1} workers")
    @MethodSource("kindsAndWorkers")
    @Timeout(60)
    void chainsOfCreateAndEndKeepTheSystemLiveUntilTheirLastActorAndNoLonger(MailboxKind kind, int workers)
            throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder()
                .workers(workers).mailboxKind(kind).errorHandler(errors).build());
        final int chains = 2 * workers;
        final int length = 20_000;
        final AtomicLong links = new AtomicLong();
        final AtomicLong lastTermination = new AtomicLong();
        final List<List<Mortal>> bystanders = new ArrayList<>();
        for (int c = 0; c < chains; c++) {
            final List<Mortal> ofChain = new ArrayList<>();
            bystanders.add(ofChain);
            new Link(system, length - 1, ofChain, links, lastTermination).send(new Ping());
        }
        system.stop();
        final long stopReturned = System.nanoTime();
        assertEquals((long) chains * length, links.get(), "every link ran before the stop completed");
        for (List<Mortal> ofChain : bystanders) {
            assertEquals(length / 8, ofChain.size());
            for (Mortal bystander : ofChain) {
                assertTrue(bystander.isTerminated(), "a bystander outlived the stop");
            }
        }
        assertTrue(stopReturned >= lastTermination.get(), "stop() returned before the last bystander ended");
        assertEquals(0, system.liveActors());
        // NOTE: the stop waits for the workload to end; on a loaded machine that takes longer than
        // stopWarningAfter, and the stop then reports the actors it waits for (a StopWaiting: how
        // long, not that anything went wrong).
        assertEquals(List.of(), errors.all().stream().filter(e -> !(e instanceof ActorError.StopWaiting)).toList());
    }

    @Test
    @Timeout(60)
    void actorsMayCreateActorsWhileTheSystemIsStopping() throws Exception {
        final AtomicLong lastTermination = new AtomicLong();
        final ActorSystem system = ActorSystem.start(2);
        final List<Mortal> children = new ArrayList<>();
        final class Parent extends Actor<Ping> {
            Parent(ActorSystem s) {
                super(s);
            }

            @Override
            protected Allocation receive(Ping ping) {
                final Mortal child = new Mortal(system(), lastTermination);
                synchronized (children) {
                    children.add(child);
                }
                return Allocation.FINISHED;
            }
        }
        final Parent parent = new Parent(system);
        assertFalse(system.stop(Duration.ofMillis(20)));
        parent.send(new Ping());
        while (true) {
            synchronized (children) {
                if (!children.isEmpty()) {
                    break;
                }
            }
            Thread.onSpinWait();
        }
        assertFalse(system.stop(Duration.ofMillis(20)), "the child is live");
        children.get(0).send(PoisonPill.FINISHED);
        assertTrue(system.stop(Duration.ofSeconds(30)));
        assertTrue(children.get(0).isTerminated());
    }

    @Test
    @Timeout(120)
    void aThousandStartStopCyclesLeaveNoWorkerThreads() {
        final Random random = new Random(42);
        for (int cycle = 0; cycle < 1_000; cycle++) {
            final int workers = 1 + random.nextInt(8);
            final MailboxKind kind = MailboxKind.values()[cycle % MailboxKind.values().length];
            try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("cycle-" + cycle)
                    .workers(workers).mailboxKind(kind).build())) {
                final AtomicLong ignored = new AtomicLong();
                for (int i = 0; i < workers; i++) {
                    new Mortal(system, ignored).send(new Ping()).send(PoisonPill.FINISHED);
                }
            }
        }
        final List<String> alive = Thread.getAllStackTraces().keySet().stream()
                .map(Thread::getName).filter(name -> name.startsWith("cycle-")).toList();
        assertEquals(List.of(), alive, "worker threads still alive after their systems stopped");
    }

    @Test
    @Timeout(30)
    void stopWithNoActorsReturnsAtOnceAndTwoSystemsRunSideBySide() throws Exception {
        final ActorSystem first = ActorSystem.start(2);
        final ActorSystem second = ActorSystem.start(3);
        final AtomicLong ignored = new AtomicLong();
        final Mortal inSecond = new Mortal(second, ignored);
        assertTrue(first.stop(Duration.ofSeconds(10)));
        assertFalse(second.stop(Duration.ofMillis(20)));
        inSecond.send(PoisonPill.FINISHED);
        second.stop();
        assertFalse(second.isRunning());
    }
}
