package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.tuning.MailboxKind;
import actor.api.Message;
import actor.api.PoisonPill;
import actor.api.StatisticsMode;
import actor.stats.Counts;
import actor.steal.Topology;
import actor.steal.VictimSelector;
import actor.steal.VictimSelectors;
import actor.steal.WorkerView;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Stolen mailboxes keep per-actor FIFO, mutual exclusion and exactly-once delivery, with every
 * builtin selector and more workers than cores; a skewed load makes the thieves steal. The workers
 * are placed on two sockets of two shared caches each, whatever this machine is, so that the
 * hierarchical selector's levels and budgets come into play.
 */
class StealingTest {

    /** Every selector with every kind; the MPSC kind with fewer worker counts, to keep the build short. */
    static Stream<Arguments> selectorsKindsAndWorkers() {
        return Stream.of(VictimSelectors.NONE, VictimSelectors.RANDOM, VictimSelectors.LONGEST_VICTIM,
                        VictimSelectors.HIERARCHICAL)
                .flatMap(selector -> Stream.concat(
                        Stream.of(2, 4, 8).map(workers -> Arguments.of(selector, MailboxKind.COPY_QUEUE, workers)),
                        Stream.of(2, 8).map(workers -> Arguments.of(selector, MailboxKind.MPSC, workers))));
    }

    @ParameterizedTest(name = "{0}, {1}, {2} workers")
    @MethodSource("selectorsKindsAndWorkers")
    @Timeout(120)
    void skewedLoadIsDeliveredExactlyOnceInOrderAndThievesSteal(String selector, MailboxKind kind, int workers)
            throws Exception {
        // NOTE: each receipt costs some spinning, so worker 0 falls behind and its mailboxes fill up.
        final ActorSystem system = DeliveryStress.run(ActorSystemConfig.builder().workers(workers)
                .topology(Topology.parse("sockets=2,l3PerSocket=2,coresPerL3=2")).victimSelector(selector)
                .mailboxKind(kind).statistics(StatisticsMode.ON), 16, 2, 4, 3000, 32);
        final Counts total = system.statistics().total();
        assertEquals(total.stealAttempts(),
                total.stealFailuresNoCandidate() + total.stealFailuresFailedSwap() + total.steals(),
                "every attempt has exactly one outcome: " + total);
        if (selector.equals(VictimSelectors.NONE)) {
            assertEquals(0, total.stealAttempts(), "stealing off: no attempt at all");
            assertEquals(0, total.missedGulps());
        } else {
            assertTrue(total.steals() > 0, "the skewed load was never stolen from: " + total);
            assertTrue(total.messagesStolen() >= total.steals(), "a stolen mailbox held messages: " + total);
        }
        assertEquals(total.messagesSent(), total.messagesReceived(), "every message sent was received");
    }

    static final class Item extends Message {
    }

    /** Records which thread ran it. */
    static final class Counter extends Actor<Item> {
        volatile String lastThread;
        int received;

        Counter(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Item item) {
            received++;
            lastThread = Thread.currentThread().getName();
            return Allocation.NODELETE;
        }
    }

    /** Chooses worker 0 as the victim once opened, "none" before. */
    static final class GatedSelector implements VictimSelector {
        volatile boolean open;

        @Override
        public String name() {
            return "gated";
        }

        @Override
        public int selectVictim(int thief, WorkerView view) {
            return open && thief != 0 ? 0 : NONE;
        }
    }

    /**
     * Worker 0 is blocked in one actor while 25 messages wait for another of its actors; once the
     * gate opens, worker 1 steals exactly that mailbox: one steal of exactly 25 messages, all run by
     * the thief.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(MailboxKind.class)
    @Timeout(60)
    void aThiefTakesTheWholeWaitingMailboxAndStatisticsCountItsSize(MailboxKind kind) throws Exception {
        final GatedSelector gate = new GatedSelector();
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("gated").workers(2).spareCarriers(0)
                .shardingFactor(4).victimSelector(gate).mailboxKind(kind).statistics(StatisticsMode.ON).build());
        final Blocking.Blocker blocker = Placed.onWorker(system, 0, Blocking.Blocker::new);
        final Counter counter = Placed.onWorker(system, 0, Counter::new);
        final Blocking.Block block = Blocking.blockWorker(blocker);
        for (int i = 0; i < 25; i++) {
            counter.send(new Item());
        }
        gate.open = true;
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (counter.lastThread == null && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        block.release.countDown();
        counter.send(PoisonPill.FINISHED);
        system.stop();
        assertEquals("gated-worker-1", counter.lastThread, "the thief ran the stolen mailbox");
        assertEquals(25, counter.received);
        final Counts total = system.statistics().total();
        assertEquals(1, total.steals(), total.toString());
        assertEquals(25, total.messagesStolen(), "size of the mailbox at the moment of the steal");
        assertEquals(25.0, total.averageStealSize());
        assertEquals(total.stealAttempts(),
                total.stealFailuresNoCandidate() + total.stealFailuresFailedSwap() + total.steals());
    }
}
