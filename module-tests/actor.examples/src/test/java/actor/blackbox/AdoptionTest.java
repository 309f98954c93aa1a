package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.tuning.MailboxKind;
import actor.api.Message;
import actor.api.PoisonPill;
import actor.api.StatisticsMode;
import actor.stats.Counts;
import actor.steal.VictimSelectors;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Adoption: on a machine crowded by other processes, a behaviour that sends to an empty mailbox of
 * a sleeping worker does not wake it; its own worker runs that mailbox right after the running
 * visit, as a work-stealing pool's thread runs the task it just pushed. One mailbox per worker
 * here, so no pull or push can bring the two sides of a rally together: only adoption runs them
 * on one thread. Two spinning processes crowd the machine for each test (the executor samples the
 * machine's load every 200 ms, so they start well before the system does).
 */
class AdoptionTest {

    private BusyMachine spinners;

    @BeforeEach
    void crowdTheMachine() throws Exception {
        assumeTrue(BusyMachine.loadReadable(), "the machine's load is read from /proc");
        spinners = BusyMachine.crowd(2);
    }

    @AfterEach
    void endTheSpinners() throws Exception {
        if (spinners != null) {
            spinners.close();
        }
    }

    /** A ball that knows the thread of the behaviour that sent it. */
    static final class Ball extends Message {
        final int left;
        final String from;
        final long sequence;

        Ball(int left, String from, long sequence) {
            this.left = left;
            this.from = from;
            this.sequence = sequence;
        }
    }

    /** Returns each ball to its partner; counts the hops it ran on its sender's thread, and the order. */
    static final class Player extends Actor<Ball> {
        Player partner;
        final CountDownLatch done;
        /** Written by its behaviours only (one at a time), read by the test after {@code done}. */
        volatile long received;
        volatile long onSendersThread;
        volatile long outOfOrder;
        /** The sequence number of the last ball this player got, -1 before the first. */
        private long last = -1;

        Player(ActorSystem system, CountDownLatch done) {
            super(system);
            this.done = done;
        }

        @Override
        protected Allocation receive(Ball ball) {
            final String thread = Thread.currentThread().getName();
            received++;
            if (thread.equals(ball.from)) {
                onSendersThread++;
            }
            // NOTE: the balls alternate between the two players, so each gets every other number.
            if (last >= 0 && ball.sequence != last + 2) {
                outOfOrder++;
            }
            last = ball.sequence;
            if (ball.left == 0) {
                done.countDown();
            } else {
                partner.send(new Ball(ball.left - 1, thread, ball.sequence + 1));
            }
            return Allocation.NODELETE;
        }
    }

    private static ActorSystem start(String name, MailboxKind kind, String selector) {
        return ActorSystem.start(ActorSystemConfig.builder().name(name).workers(2).mailboxes(2).mailboxKind(kind)
                .victimSelector(selector).sleepAfter(Duration.ZERO).statistics(StatisticsMode.ON).build());
    }

    /** A rally of {@code hops} balls between an actor on worker 0 and one on worker 1. */
    private static Counts rally(String selector, MailboxKind kind, Player[] players, int hops) throws Exception {
        final CountDownLatch done = new CountDownLatch(1);
        final ActorSystem system = start("adoption", kind, selector);
        try (system) {
            players[0] = Placed.onWorker(system, 0, s -> new Player(s, done));
            players[1] = Placed.onWorker(system, 1, s -> new Player(s, done));
            players[0].partner = players[1];
            players[1].partner = players[0];
            players[0].send(new Ball(hops - 1, "outside", 0));
            long seen = 0;
            while (!done.await(10, TimeUnit.SECONDS)) {
                final long now = players[0].received + players[1].received;
                assertTrue(now > seen, "the rally stalled after " + now + " hops");
                seen = now;
            }
            for (Player player : players) {
                player.send(PoisonPill.FINISHED);
            }
        }
        return system.statistics().total();
    }

    @Test
    @Timeout(120)
    void aRallyWithASleepingPartnerRunsOnTheSendersThread() throws Exception {
        final int hops = 20_000;
        final Player[] players = new Player[2];
        final Counts total = rally(VictimSelectors.LONGEST_VICTIM, MailboxKind.COPY_QUEUE, players, hops);
        assertEquals(hops, players[0].received + players[1].received, "every ball arrived once");
        assertEquals(0, players[0].outOfOrder + players[1].outOfOrder, "each player got its balls in order");
        final long together = players[0].onSendersThread + players[1].onSendersThread;
        assertTrue(together >= hops / 2, "most hops ran on the sender's thread: " + together + " of " + hops);
        assertEquals(0, total.pulls(), "one mailbox per worker: nothing to pull with " + total);
        assertEquals(0, total.lostWakeUps(), total.toString());
    }

    /** With stealing off, or with MPSC mailboxes (whose sends take no lock), nothing is adopted. */
    @ParameterizedTest
    @CsvSource({"none, COPY_QUEUE", "longest-victim, MPSC"})
    @Timeout(120)
    void withStealingOffOrMpscMailboxesEachSideStaysOnItsWorker(String selector, MailboxKind kind) throws Exception {
        final int hops = 2_000;
        final Player[] players = new Player[2];
        final Counts total = rally(selector, kind, players, hops);
        assertEquals(hops, players[0].received + players[1].received);
        // NOTE: the first ball comes from outside; every later one crosses workers.
        assertEquals(0, players[0].onSendersThread + players[1].onSendersThread);
        assertEquals(0, total.lostWakeUps(), total.toString());
    }

    /** Sends to its partner on the other worker, then waits in its behaviour for the partner's answer. */
    static final class Waiter extends Actor<String> {
        Actor<CountDownLatch> partner;
        final CountDownLatch answered = new CountDownLatch(1);
        volatile boolean answeredWhileBlocked;

        Waiter(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(String go) {
            partner.send(answered);
            try {
                answeredWhileBlocked = answered.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return Allocation.FINISHED;
        }
    }

    static final class Answerer extends Actor<CountDownLatch> {
        Answerer(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(CountDownLatch latch) {
            latch.countDown();
            return Allocation.FINISHED;
        }
    }

    /**
     * The adopter's behaviour blocks right after the send it adopted: the message must not wait for
     * it. The sleeping owner finds it on its next look (sleeping thieves take turns looking while
     * another worker is awake), so the answer arrives while the sender still blocks.
     */
    @Test
    @Timeout(60)
    void anAdopterBlockedInItsBehaviourDoesNotHoldTheAdoptedMessage() throws Exception {
        final ActorSystem system = start("adopter-blocks", MailboxKind.COPY_QUEUE, VictimSelectors.LONGEST_VICTIM);
        final Waiter waiter;
        try (system) {
            waiter = Placed.onWorker(system, 0, Waiter::new);
            waiter.partner = Placed.onWorker(system, 1, Answerer::new);
            Thread.sleep(50);
            waiter.send("go");
        }
        assertTrue(waiter.answeredWhileBlocked, "the answer came while the sender blocked");
        assertEquals(0, system.statistics().total().lostWakeUps());
    }
}
