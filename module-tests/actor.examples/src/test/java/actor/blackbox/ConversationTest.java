package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.tuning.MailboxKind;
import actor.api.Message;
import actor.api.PoisonPill;
import actor.blackbox.DeliveryStress.Numbered;
import actor.steal.VictimSelectors;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Conversations of one message at a time (a reply answered at once, back and forth) run one
 * mailbox after the other on their worker, without the pass over the slice in between
 * (docs/scheduling.md, "Conversations"). What that must not change: the rest of the slice keeps
 * its turn (a rally cannot hold off a bystander on the same worker for more than a bounded number of its messages),
 * every message arrives once and in its sender's order, and no actor runs on two threads at once,
 * also while thieves move mailboxes and outside threads send to the same actors.
 */
class ConversationTest {

    /** What docs/scheduling.md promises: a followed conversation gives way after at most this many visits. */
    private static final int FOLLOW_LIMIT = 64;

    static final class Ball extends Message {
        final int left;

        Ball(int left) {
            this.left = left;
        }
    }

    /** Told by the pinger when its rally reached a count; records how far the rally got before it ran. */
    static final class Bystander extends Actor<Ball> {
        private final int[] rallied;
        volatile int lag = -1;

        Bystander(ActorSystem system, int[] rallied) {
            super(system);
            this.rallied = rallied;
        }

        @Override
        protected Allocation receive(Ball markedAt) {
            lag = rallied[0] - markedAt.left;
            return Allocation.FINISHED;
        }
    }

    /** Returns each ball until none are left; at {@code markAt} also tells the bystander. */
    static final class Rallier extends Actor<Ball> {
        Rallier partner;
        private final int[] rallied;
        private final Bystander bystander;
        private final int markAt;
        private final CountDownLatch done;

        Rallier(ActorSystem system, int[] rallied, Bystander bystander, int markAt, CountDownLatch done) {
            super(system);
            this.rallied = rallied;
            this.bystander = bystander;
            this.markAt = markAt;
            this.done = done;
        }

        @Override
        protected Allocation receive(Ball ball) {
            rallied[0]++;
            if (ball.left == 0) {
                done.countDown();
                return Allocation.NODELETE;
            }
            partner.send(new Ball(ball.left - 1));
            if (bystander != null && ball.left == markAt) {
                bystander.send(new Ball(rallied[0]));
            }
            return Allocation.NODELETE;
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(MailboxKind.class)
    @Timeout(60)
    void aRallyOnOneWorkerLetsTheRestOfItsSliceRun(MailboxKind kind) throws Exception {
        final int[] rallied = new int[1];
        final CountDownLatch done = new CountDownLatch(1);
        final int balls = 200_000;
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("rally").workers(1)
                .mailboxKind(kind).build());
        final Bystander bystander;
        try (system) {
            bystander = new Bystander(system, rallied);
            final Rallier pinger = new Rallier(system, rallied, bystander, balls / 2, done);
            final Rallier ponger = new Rallier(system, rallied, null, 0, done);
            pinger.partner = ponger;
            ponger.partner = pinger;
            pinger.send(new Ball(balls));
            assertTrue(done.await(30, TimeUnit.SECONDS), "the rally finished");
            pinger.send(PoisonPill.FINISHED);
            ponger.send(PoisonPill.FINISHED);
        }
        assertEquals(balls + 1, rallied[0], "every ball was returned once");
        assertTrue(bystander.lag >= 0, "the bystander ran");
        // NOTE: the pass that marked finishes its conversation (at most the limit), then may meet each
        // rallier's mailbox before the bystander's and follow the rally again from there.
        assertTrue(bystander.lag <= 3 * (FOLLOW_LIMIT + 1),
                "the bystander ran " + bystander.lag + " rally messages after it was sent its message");
    }

    /** Runs again and again (a self-send per message) until stopped, counting its runs. */
    static final class Ticker extends Actor<Ball> {
        final int[] ticks;
        volatile boolean stop;

        Ticker(ActorSystem system, int[] ticks) {
            super(system);
            this.ticks = ticks;
        }

        @Override
        protected Allocation receive(Ball ball) {
            ticks[0]++;
            if (stop) {
                return Allocation.FINISHED;
            }
            send(ball);
            return Allocation.NODELETE;
        }
    }

    /** Returns each ball until none are left, and records the longest run of hops with no tick between. */
    static final class Streaker extends Actor<Ball> {
        Streaker partner;
        private final int[] ticks;
        private final LongestRun streak;
        private final CountDownLatch done;

        Streaker(ActorSystem system, int[] ticks, LongestRun streak, CountDownLatch done) {
            super(system);
            this.ticks = ticks;
            this.streak = streak;
            this.done = done;
        }

        @Override
        protected Allocation receive(Ball ball) {
            streak.note(ticks[0]);
            if (ball.left == 0) {
                done.countDown();
            } else {
                partner.send(new Ball(ball.left - 1));
            }
            return Allocation.NODELETE;
        }
    }

    /**
     * The rule itself ({@code follow}): on one worker, a ball going back and forth between two
     * mailboxes runs hop after hop, without the pass over the slice in between, while a third
     * mailbox of the same slice holds work all along; the scan alone would give that mailbox a
     * turn every two hops. And the follow gives way (the budget), at most twice a pass. One worker, so the order of the
     * visits is the worker's alone.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(MailboxKind.class)
    @Timeout(60)
    void aConversationOnOneWorkerRunsHopAfterHopWithoutAPassBetween(MailboxKind kind) throws Exception {
        final int[] ticks = new int[1];
        final LongestRun streak = new LongestRun();
        final CountDownLatch done = new CountDownLatch(1);
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("follow").workers(1)
                .mailboxKind(kind).build());
        try (system) {
            final Streaker ping = new Streaker(system, ticks, streak, done);
            final Streaker pong = new Streaker(system, ticks, streak, done);
            final Ticker ticker = new Ticker(system, ticks);
            ping.partner = pong;
            pong.partner = ping;
            ticker.send(new Ball(0));
            ping.send(new Ball(20_000));
            assertTrue(done.await(30, TimeUnit.SECONDS), "the rally finished");
            ticker.stop = true;
            ping.send(PoisonPill.FINISHED);
            pong.send(PoisonPill.FINISHED);
        }
        assertTrue(ticks[0] > 100, "the ticker kept running: " + ticks[0]);
        assertTrue(streak.longest() >= FOLLOW_LIMIT / 2, "the longest run of hops with no tick between was "
                + streak.longest());
        // NOTE: a pass may follow the rally twice, once from each rallier's mailbox (its turn in the scan).
        assertTrue(streak.longest() <= 2 * (FOLLOW_LIMIT + 1), "the ticker waited " + streak.longest() + " hops");
    }

    /** {@link Numbered#sender} of a partner's message, and of the message that starts a pair. */
    private static final int PARTNER = -1;
    private static final int START = -2;

    /**
     * One side of a conversation: told to start, or answering, it sends its partner the next of its
     * own numbered messages until it has sent {@code rallies}; also takes numbered messages from
     * outside threads. Checks order per sender, and exclusion; counts {@code done} down once
     * everything it expects has arrived.
     */
    static final class Talker extends Actor<Numbered> {
        Talker partner;
        private final long rallies;
        private final long[] nextSeq;
        private final long outsideTotal;
        private final CountDownLatch done;
        private final AtomicInteger inside = new AtomicInteger();
        private long sent;
        private long fromPartner;
        private long fromOutside;
        volatile String violation;
        volatile long fromPartnerAtEnd;
        volatile long fromOutsideAtEnd;

        Talker(ActorSystem system, long rallies, int outsideSenders, long perOutsideSender, CountDownLatch done) {
            super(system);
            this.rallies = rallies;
            this.nextSeq = new long[outsideSenders];
            this.outsideTotal = outsideSenders * perOutsideSender;
            this.done = done;
        }

        @Override
        protected Allocation receive(Numbered m) {
            if (inside.getAndIncrement() != 0) {
                violation = "two threads ran " + this + " at once";
            }
            try {
                if (m.sender == START) {
                    partner.send(new Numbered(PARTNER, sent++));
                } else if (m.sender == PARTNER) {
                    if (m.seq != fromPartner) {
                        violation = this + ": from its partner expected #" + fromPartner + " got #" + m.seq;
                    }
                    fromPartner++;
                    if (sent < rallies) {
                        partner.send(new Numbered(PARTNER, sent++));
                    }
                } else {
                    if (m.seq != nextSeq[m.sender]) {
                        violation = this + ": from outside sender " + m.sender + " expected #" + nextSeq[m.sender]
                                + " got #" + m.seq;
                    }
                    nextSeq[m.sender]++;
                    fromOutside++;
                }
                fromPartnerAtEnd = fromPartner;
                fromOutsideAtEnd = fromOutside;
                if (fromPartner == rallies && fromOutside == outsideTotal) {
                    done.countDown();
                }
                return Allocation.NODELETE;
            } finally {
                inside.decrementAndGet();
            }
        }
    }

    static Stream<Arguments> kindsSelectorsWorkers() {
        return Stream.of(MailboxKind.values()).flatMap(kind -> Stream.of(VictimSelectors.NONE, VictimSelectors.RANDOM,
                        VictimSelectors.LONGEST_VICTIM, VictimSelectors.HIERARCHICAL)
                .flatMap(selector -> Stream.of(2, 6).map(workers -> Arguments.of(kind, selector, workers))));
    }

    @ParameterizedTest(name = "{0}, {1}, {2} workers")
    @MethodSource("kindsSelectorsWorkers")
    @Timeout(120)
    void conversationsKeepOrderAndExclusionWhileMailboxesMove(MailboxKind kind, String selector, int workers)
            throws Exception {
        final int pairs = 12;
        final long rallies = 20_000;
        final int outsideSenders = 2;
        final long perOutsideSender = 2_000;
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("conversations")
                .workers(workers).mailboxKind(kind).victimSelector(selector).build());
        final Talker[] talkers = new Talker[2 * pairs];
        final CountDownLatch done = new CountDownLatch(talkers.length);
        for (int i = 0; i < talkers.length; i++) {
            talkers[i] = new Talker(system, rallies, outsideSenders, perOutsideSender, done);
        }
        for (int i = 0; i < talkers.length; i += 2) {
            talkers[i].partner = talkers[i + 1];
            talkers[i + 1].partner = talkers[i];
        }
        for (int i = 0; i < talkers.length; i += 2) {
            talkers[i].send(new Numbered(START, 0));
        }
        final Thread[] outside = new Thread[outsideSenders];
        for (int s = 0; s < outsideSenders; s++) {
            final int sender = s;
            outside[s] = new Thread(() -> {
                for (long seq = 0; seq < perOutsideSender; seq++) {
                    for (Talker talker : talkers) {
                        talker.send(new Numbered(sender, seq));
                    }
                }
            }, "outside-" + s);
            outside[s].start();
        }
        final boolean allArrived = done.await(60, TimeUnit.SECONDS);
        for (Talker talker : talkers) {
            talker.send(PoisonPill.FINISHED);
        }
        assertTrue(system.stop(java.time.Duration.ofSeconds(60)), "the system stopped");
        assertTrue(allArrived, "every talker got everything it expected within 60 s");
        for (Talker talker : talkers) {
            assertNull(talker.violation);
            assertEquals(rallies, talker.fromPartnerAtEnd, "every message of its partner arrived");
            assertEquals(outsideSenders * perOutsideSender, talker.fromOutsideAtEnd, "every outside message arrived");
        }
    }
}
