package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.Checks;
import actor.api.tuning.MailboxKind;
import actor.api.Message;
import actor.api.PoisonPill;
import actor.api.StatisticsMode;
import actor.stats.Counts;
import actor.steal.VictimSelectors;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Liveness as a checked property: bursts of messages (from outside and from actors, to actors all
 * over the workers, plus a skewed stretch that makes thieves steal) separated by idle gaps long
 * enough for every worker to fall asleep, with 8 and 16 workers on 2 cores and every selector.
 * Every message is received exactly once, every mailbox's owner agrees with the slot table when
 * the system stops (debug checks), and no worker's own timer ever finds messages it was not woken
 * for: the executor counts such a find as a lost wake-up, and it must stay zero. With
 * either mailbox kind: with copy queues every waker claims the sleep flag under the lock of the
 * mailbox it filled, so the count is exact; an MPSC sender marks its envelope once its claim is
 * over, and only a marked envelope counts, so a send in progress is never mistaken for a lost
 * wake-up (the count is a lower bound there, see {@code MpscMailbox}).
 */
class WakeUpLivenessTest {

    static Stream<Arguments> selectorsKindsAndWorkers() {
        return Stream.of(VictimSelectors.NONE, VictimSelectors.RANDOM, VictimSelectors.LONGEST_VICTIM)
                .flatMap(selector -> Stream.of(MailboxKind.values())
                        .flatMap(kind -> Stream.of(8, 16).map(workers -> Arguments.of(selector, kind, workers))));
    }

    static final class Hop extends Message {
        final int hopsLeft;

        Hop(int hopsLeft) {
            this.hopsLeft = hopsLeft;
        }
    }

    /** Counts receipts; forwards a hop to a random peer while hops are left. */
    static final class Node extends Actor<Hop> {
        private final AtomicLong received;
        private final List<Node> peers;
        private final SplittableRandom random;

        Node(ActorSystem system, AtomicLong received, List<Node> peers, long seed) {
            super(system);
            this.received = received;
            this.peers = peers;
            this.random = new SplittableRandom(seed);
        }

        @Override
        protected Allocation receive(Hop hop) {
            received.incrementAndGet();
            if (hop.hopsLeft > 0) {
                peers.get(random.nextInt(peers.size())).send(new Hop(hop.hopsLeft - 1));
            }
            return Allocation.NODELETE;
        }
    }

    @ParameterizedTest(name = "{0}, {1}, {2} workers")
    @MethodSource("selectorsKindsAndWorkers")
    @Timeout(120)
    void burstsSeparatedByIdleGapsLoseNoWakeUp(String selector, MailboxKind kind, int workers) throws Exception {
        bursts(selector, kind, workers);
    }

    static Stream<Arguments> stealingSelectorsAndKinds() {
        return Stream.of(VictimSelectors.RANDOM, VictimSelectors.LONGEST_VICTIM)
                .flatMap(selector -> Stream.of(MailboxKind.values()).map(kind -> Arguments.of(selector, kind)));
    }

    /**
     * The same on a machine crowded by two spinning processes at normal priority: idle workers
     * then sleep at once, and sends to a sleeping worker's empty mailbox are adopted by the
     * sender's worker instead of waking it (docs/scheduling.md), so adoptions, wake-ups and steals
     * all race here. The executor samples the machine's load every 200 ms; the spinners start
     * 600 ms before the system.
     */
    @ParameterizedTest(name = "{0}, {1}, 8 workers, crowded")
    @MethodSource("stealingSelectorsAndKinds")
    @Timeout(180)
    @SuppressWarnings("try") // the resource is held for the whole block, never referenced
    void burstsOnACrowdedMachineLoseNoWakeUp(String selector, MailboxKind kind) throws Exception {
        assumeTrue(BusyMachine.loadReadable(), "the machine's load is read from /proc");
        try (BusyMachine spinners = BusyMachine.crowd(2)) {
            bursts(selector, kind, 8);
        }
    }

    private static void bursts(String selector, MailboxKind kind, int workers) throws Exception {
        final int rounds = 12;
        final int burst = 400;
        final int hops = 3;
        final AtomicLong received = new AtomicLong();
        final List<Node> nodes = new ArrayList<>();
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("liveness").workers(workers)
                .victimSelector(selector).mailboxKind(kind).statistics(StatisticsMode.ON).sleepAfter(Duration.ofMillis(1))
                .checks(Checks.DEBUG).errorHandler(errors).build());
        long expected = 0;
        try (system) {
            for (int i = 0; i < 4 * workers; i++) {
                nodes.add(new Node(system, received, nodes, i));
            }
            final SplittableRandom random = new SplittableRandom(20261122L + workers);
            for (int round = 0; round < rounds; round++) {
                // Every third burst goes to worker 0's actors only: a backlog for thieves to take.
                final boolean skewed = round % 3 == 2;
                for (int i = 0; i < burst; i++) {
                    final Node target = skewed ? nodes.get(workers * random.nextInt(4) % nodes.size())
                            : nodes.get(random.nextInt(nodes.size()));
                    target.send(new Hop(hops));
                }
                expected += (long) burst * (hops + 1);
                final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (received.get() < expected && System.nanoTime() < deadline) {
                    Thread.sleep(1);
                }
                assertEquals(expected, received.get(), "round " + round + ": every hop received");
                // NOTE: the idle gap: longer than sleepAfter and a thief's first rescans, so workers sleep.
                Thread.sleep(15 + random.nextInt(15));
            }
            for (Node node : nodes) {
                node.send(PoisonPill.FINISHED);
            }
            expected += nodes.size();
        }
        final Counts total = system.statistics().total();
        assertEquals(expected, total.messagesReceived(), "exactly once: " + total);
        assertEquals(expected, total.messagesSent(), total.toString());
        assertEquals(0, total.lostWakeUps(), "a timer found messages no waker had announced: " + total);
        assertEquals(List.of(), errors.ofType(ActorError.OwnershipMismatch.class),
                "at the stop every mailbox's owner is the worker whose slice holds it");
        assertEquals(List.of(), errors.all(), "nothing else reported either");
        assertTrue(received.get() == expected - nodes.size());
    }
}
