package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.tuning.MailboxKind;
import actor.api.StatisticsMode;
import actor.stats.Counts;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The batch rules (docs/scheduling.md, "The rules"): {@code append}, a behaviour's send to the
 * mailbox whose batch runs joins that batch; {@code regulp}, a mailbox that refilled during its
 * batch is gulped again in the same visit. Both within a budget of 64 messages per visit, so the
 * rest of the slice keeps its turn. One worker, so the order of the visits is the worker's alone.
 */
class BatchRulesTest {

    /** What docs/scheduling.md promises: a visit runs at most this many messages (then the next mailbox has its turn). */
    private static final int VISIT_BUDGET = 64;

    /** Sends itself {@code left} more messages, one per message; counts down {@code done} at the end. */
    static final class Looper extends Actor<Integer> {
        private final CountDownLatch done;
        private final int[] ticks;
        /** This actor's messages with no tick between. */
        final LongestRun run = new LongestRun();

        Looper(ActorSystem system, CountDownLatch done, int[] ticks) {
            super(system);
            this.done = done;
            this.ticks = ticks;
        }

        @Override
        protected Allocation receive(Integer left) {
            run.note(ticks[0]);
            if (left == 0) {
                done.countDown();
                return Allocation.FINISHED;
            }
            send(left - 1);
            return Allocation.NODELETE;
        }
    }

    /** Counts its messages in {@code ticks}, sending itself {@code left} more. */
    static final class Ticker extends Actor<Integer> {
        private final int[] ticks;

        Ticker(ActorSystem system, int[] ticks) {
            super(system);
            this.ticks = ticks;
        }

        @Override
        protected Allocation receive(Integer left) {
            ticks[0]++;
            if (left == 0) {
                return Allocation.FINISHED;
            }
            send(left - 1);
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(60)
    void selfSendsJoinTheRunningBatch() throws Exception {
        final int messages = 20_000;
        final CountDownLatch done = new CountDownLatch(1);
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("append").workers(1)
                .mailboxKind(MailboxKind.COPY_QUEUE).statistics(StatisticsMode.ON).build());
        try (system) {
            new Looper(system, done, new int[1]).send(messages);
            assertTrue(done.await(30, TimeUnit.SECONDS), "the loop finished");
        }
        final Counts total = system.statistics().total();
        assertEquals(messages + 1, total.messagesReceived());
        // NOTE: one batch per visit, its first message and the 64 self-sends appended to it; a send
        // that took the mailbox's lock instead would make a batch of its own.
        assertTrue(total.gulps() <= (messages + 1) / (VISIT_BUDGET / 2),
                total.gulps() + " batches for " + (messages + 1) + " self-sends: " + total);
    }

    @Test
    @Timeout(60)
    void aMailboxThatRefillsIsGulpedAgainInTheSameVisitWithinTheBudget() throws Exception {
        final int messages = 20_000;
        final int[] ticks = new int[1];
        final CountDownLatch done = new CountDownLatch(1);
        // NOTE: MPSC mailboxes never append: each self-send refills the mailbox, and only a re-gulp
        // runs it before the scan reaches the ticker's mailbox.
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("regulp").workers(1)
                .mailboxKind(MailboxKind.MPSC).build());
        final Looper looper;
        try (system) {
            looper = new Looper(system, done, ticks);
            new Ticker(system, ticks).send(messages);
            looper.send(messages);
            assertTrue(done.await(30, TimeUnit.SECONDS), "the loop finished");
        }
        assertTrue(ticks[0] > 100, "the ticker ran: " + ticks[0]);
        assertTrue(looper.run.longest() >= VISIT_BUDGET / 2, "the longest run of the loop's messages with no tick "
                + "between was " + looper.run.longest());
        assertTrue(looper.run.longest() <= VISIT_BUDGET + 1, "the ticker waited " + looper.run.longest()
                + " of the loop's messages");
    }
}
