package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.tuning.MailboxKind;
import actor.api.PoisonPill;
import actor.api.StatisticsMode;
import actor.stats.Counts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Spare carriers ({@link ActorSystemConfig.Builder#spareCarriers}): while a worker's thread is
 * blocked inside a behaviour, a spare thread runs the worker's other mailboxes; each actor still
 * runs one message at a time, in order. Checks are orders of events and counts, not timings: a
 * reply that came while the blocker still blocked, threads that ran at once, messages received.
 */
class SpareCarriersTest {

    /** A neighbour on worker 0 in another mailbox than {@code blocker}'s. */
    private static RescueTest.Neighbour besides(ActorSystem system, Actor<?> blocker) {
        while (true) {
            final RescueTest.Neighbour neighbour = Placed.onWorker(system, 0, RescueTest.Neighbour::new);
            if (neighbour.ticket() != blocker.ticket()) {
                return neighbour;
            }
            neighbour.send(PoisonPill.FINISHED);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(MailboxKind.class)
    @Timeout(60)
    void aBlockedBehaviourDoesNotHoldItsWorkersOtherMailboxes(MailboxKind kind) throws Exception {
        final RescueTest.Ping ping = new RescueTest.Ping();
        final boolean replied;
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("spare").workers(1)
                .mailboxKind(kind).build())) {
            final Blocking.Blocker blocker = new Blocking.Blocker(system);
            final RescueTest.Neighbour neighbour = besides(system, blocker);
            final Blocking.Block block = Blocking.blockWorker(blocker);
            neighbour.send(ping);
            replied = ping.replied.await(20, TimeUnit.SECONDS);
            block.release.countDown();
            neighbour.send(PoisonPill.FINISHED);
        }
        assertTrue(replied, "the neighbour's message waited for the blocked behaviour");
        assertTrue(ping.thread.startsWith("spare-worker-0-spare-"), "ran on a spare carrier of worker 0: " + ping.thread);
    }

    @Test
    @Timeout(60)
    void withoutSpareCarriersOneWorkersNeighbourWaitsForTheBlockedBehaviour() throws Exception {
        final RescueTest.Ping ping = new RescueTest.Ping();
        final boolean repliedWhileBlocked;
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("nospare").workers(1)
                .spareCarriers(0).build())) {
            final Blocking.Blocker blocker = new Blocking.Blocker(system);
            final RescueTest.Neighbour neighbour = besides(system, blocker);
            final Blocking.Block block = Blocking.blockWorker(blocker);
            neighbour.send(ping);
            repliedWhileBlocked = ping.replied.await(300, TimeUnit.MILLISECONDS);
            block.release.countDown();
            assertTrue(ping.replied.await(20, TimeUnit.SECONDS), "the reply after the block");
            neighbour.send(PoisonPill.FINISHED);
        }
        assertFalse(repliedWhileBlocked, "replied while the only worker's thread was blocked, with no spare carrier");
        assertEquals("nospare-worker-0", ping.thread);
    }

    /** Waits on a shared gate in its one behaviour, counting how many behaviours wait at once. */
    static final class Gated extends Actor<CountDownLatch> {
        static final AtomicInteger INSIDE = new AtomicInteger();
        static final AtomicInteger MOST_INSIDE = new AtomicInteger();
        static final Set<String> THREADS = ConcurrentHashMap.newKeySet();

        Gated(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(CountDownLatch gate) {
            THREADS.add(Thread.currentThread().getName());
            MOST_INSIDE.accumulateAndGet(INSIDE.incrementAndGet(), Math::max);
            try {
                gate.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                INSIDE.decrementAndGet();
            }
            return Allocation.FINISHED;
        }
    }

    /** The bound holds: one worker and two spare carriers run at most three blocked behaviours at once. */
    @Test
    @Timeout(60)
    void theSpareCarriersAreBounded() throws Exception {
        Gated.INSIDE.set(0);
        Gated.MOST_INSIDE.set(0);
        Gated.THREADS.clear();
        final CountDownLatch gate = new CountDownLatch(1);
        final int actors = 8;
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("bound").workers(1)
                .shardingFactor(actors).spareCarriers(2).build())) {
            final List<Gated> gated = new ArrayList<>();
            for (int i = 0; i < actors; i++) {
                gated.add(new Gated(system));
            }
            assertEquals(actors, gated.stream().mapToInt(Actor::ticket).distinct().count(), "one mailbox each");
            gated.forEach(g -> g.send(gate));
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (Gated.INSIDE.get() < 3 && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertEquals(3, Gated.INSIDE.get(), "blocked behaviours at once: the worker's and two spare carriers'");
            // NOTE: the monitor looks every 100 µs to 1 ms; 100 ms of looks must not add a fourth.
            Thread.sleep(100);
            gate.countDown();
        }
        assertEquals(3, Gated.MOST_INSIDE.get(), "most blocked behaviours at once");
        assertEquals(3, Gated.THREADS.size(), "threads that ran them: " + Gated.THREADS);
    }

    /**
     * Many actors over few mailboxes, each sent numbered messages by several threads; behaviours
     * often block for a moment (park, sleep, a contended monitor), so spare carriers come and go.
     * Every actor must see each sender's numbers in order, never two of its behaviours at once,
     * and every message must arrive.
     */
    static final class Checked extends Actor<long[]> {
        static final Object CONTENDED = new Object();
        final AtomicInteger inside = new AtomicInteger();
        final long[] next;
        long received;
        volatile int overlaps;
        volatile int outOfOrder;

        Checked(ActorSystem system, int senders) {
            super(system);
            this.next = new long[senders];
        }

        @Override
        protected Allocation receive(long[] senderAndNumber) {
            if (inside.incrementAndGet() != 1) {
                overlaps++;
            }
            final int sender = (int) senderAndNumber[0];
            if (senderAndNumber[1] != next[sender]) {
                outOfOrder++;
            }
            next[sender] = senderAndNumber[1] + 1;
            received++;
            SENT_BY_SPARES.addAndGet(Thread.currentThread().getName().contains("-spare-") ? 1 : 0);
            switch ((int) (senderAndNumber[1] % 16)) {
                case 0 -> LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(50_000, 300_000));
                case 1 -> {
                    try {
                        Thread.sleep(0, 200_000);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                case 2 -> {
                    synchronized (CONTENDED) {
                        LockSupport.parkNanos(20_000);
                    }
                }
                default -> {
                }
            }
            inside.decrementAndGet();
            return Allocation.NODELETE;
        }

        static final AtomicLong SENT_BY_SPARES = new AtomicLong();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(MailboxKind.class)
    @Timeout(120)
    void orderAndMutualExclusionHoldWhileSpareCarriersComeAndGo(MailboxKind kind) throws Exception {
        Checked.SENT_BY_SPARES.set(0);
        final int actors = 48;
        final int senders = 3;
        final int perSender = 300;
        final List<Checked> checked = new ArrayList<>();
        final Counts total;
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("stress").workers(3)
                .shardingFactor(4).mailboxKind(kind).statistics(StatisticsMode.ON).build())) {
            for (int i = 0; i < actors; i++) {
                checked.add(new Checked(system, senders));
            }
            final List<Thread> threads = new ArrayList<>();
            for (int s = 0; s < senders; s++) {
                final int sender = s;
                threads.add(new Thread(() -> {
                    for (long n = 0; n < perSender; n++) {
                        for (Checked actor : checked) {
                            actor.send(new long[] {sender, n});
                        }
                    }
                }));
            }
            threads.forEach(Thread::start);
            for (Thread thread : threads) {
                thread.join();
            }
            checked.forEach(actor -> actor.send(PoisonPill.FINISHED));
            assertTrue(system.stop(Duration.ofSeconds(90)), "every actor finished within 90 s");
            total = system.statistics().total();
        }
        for (Checked actor : checked) {
            assertEquals(0, actor.overlaps, "behaviours of one actor that ran at once");
            assertEquals(0, actor.outOfOrder, "messages out of their sender's order");
            assertEquals((long) senders * perSender, actor.received, "messages received by one actor");
        }
        assertTrue(Checked.SENT_BY_SPARES.get() > 0, "no message ran on a spare carrier");
        assertEquals((long) actors * (senders * perSender + 1), total.messagesReceived(),
                "messages received in the statistics, spare carriers' included");
    }

    @Test
    @Timeout(60)
    void anAbortInterruptsABehaviourBlockedOnASpareCarrierAndNoCarrierOutlivesTheSystem() throws Exception {
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("abortspare").workers(1)
                .stopWarningAfter(Duration.ofSeconds(20)).build());
        final Blocking.Blocker first = new Blocking.Blocker(system);
        Blocking.blockWorker(first);
        Blocking.Blocker second;
        do {
            second = new Blocking.Blocker(system);
        } while (second.ticket() == first.ticket());
        // NOTE: the worker's thread is blocked in the first block, so a spare carrier entered the second.
        Blocking.blockWorker(second);
        system.abort();
        // NOTE: the blocks wait 30 s unless interrupted; 10 s is enough for interrupted ones to return.
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        List<String> left;
        do {
            left = Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                    .filter(name -> name.startsWith("abortspare-")).toList();
        } while (!left.isEmpty() && System.nanoTime() < deadline && sleep());
        assertEquals(List.of(), left, "threads of the aborted system still alive");
    }

    private static boolean sleep() throws InterruptedException {
        Thread.sleep(10);
        return true;
    }

    @Test
    void theBoundIsValidated() {
        final IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
                () -> ActorSystemConfig.builder().spareCarriers(-1).build());
        assertEquals("spareCarriers = -1: must be in [0, " + ActorSystemConfig.MAX_SPARE_CARRIERS + "]",
                negative.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> ActorSystemConfig.builder().spareCarriers(ActorSystemConfig.MAX_SPARE_CARRIERS + 1).build());
        assertEquals(0, ActorSystemConfig.builder().spareCarriers(0).build().spareCarriers());
    }
}
