package actor.executor.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The thief's rule for what backlog is worth stealing ({@link StealRule#minMessagesToSteal(long, long)}:
 * nothing from a communication-bound worker, nothing before the victim's estimates settle) and the estimates it reads ({@link WorkerProgress#sampled}), with the figures measured on the
 * balance benchmarks: about 25 ns per message and one hand-off per message without work per
 * message, about 205-260 ns with it ({@code docs/lab/benchmarks-notebook.md}).
 */
class StealRuleTest {

    @Test
    void beforeTheVictimsFirstTimedBatchAnyBacklogIsWorthStealing() {
        assertEquals(Policy.TUNABLES.minMessagesToSteal(), StealRule.minMessagesToSteal(0, 0));
    }

    @Test
    void aCommunicationBoundWorkerIsNotSplit() {
        assertEquals(Integer.MAX_VALUE, StealRule.minMessagesToSteal(25, 274),
                "cheap messages that each hand one on: a split only adds cross-core hand-offs");
        assertEquals(Integer.MAX_VALUE, StealRule.minMessagesToSteal(250, 7006),
                "a fan-out of 27 per message outweighs 250 ns of work");
    }

    @Test
    void aComputeBoundWorkerIsSplitAtTheLeastBacklog() {
        assertEquals(Policy.TUNABLES.minMessagesToSteal(), StealRule.minMessagesToSteal(205, 317));
        assertEquals(Policy.TUNABLES.minMessagesToSteal(), StealRule.minMessagesToSteal(1_000_000, 256),
                "a costly message is worth taking alone, if not alone in its mailbox");
        assertEquals(Policy.TUNABLES.minMessagesToSteal(), StealRule.minMessagesToSteal(25, 0),
                "independent actors (self-sends, sends from outside) lose nothing when split");
    }

    @Test
    void theBoundaryIsTheCrossCoreHandOffCost() {
        final long handOffsPer256 = 256;
        assertEquals(Integer.MAX_VALUE,
                StealRule.minMessagesToSteal(Policy.TUNABLES.crossCoreHandOffNanos() - 1, handOffsPer256));
        assertTrue(StealRule.minMessagesToSteal(Policy.TUNABLES.crossCoreHandOffNanos(), handOffsPer256) < Integer.MAX_VALUE);
    }

    @Test
    void theEstimatesAreRatiosOfSumsNotAveragesOfBatchRatios() {
        final WorkerProgress progress = new WorkerProgress();
        progress.sampled(40_000, 1, 40);
        progress.sampled(20_000, 999, 999);
        assertEquals(60_000 / 1_000, progress.nanosPerMessage(),
                "a one-message batch that fans out weighs as one message, not as half the estimate");
        assertEquals(1_039L * 256 / 1_000, progress.handOffsPer256());
    }

    @Test
    void theEstimatesFollowAChangingWorkload() {
        final WorkerProgress progress = new WorkerProgress();
        progress.sampled(1_000_000, 1_000, 27_000);
        for (int i = 0; i < 4 * WorkerProgress.SAMPLES_PER_HALVING; i++) {
            progress.sampled(25_000, 1_000, 1_000);
        }
        assertTrue(progress.nanosPerMessage() < 30, "nanos per message " + progress.nanosPerMessage());
        assertTrue(progress.handOffsPer256() < 270, "hand-offs per 256 " + progress.handOffsPer256());
    }

    @Test
    void noBacklogIsWorthStealingBeforeTheVictimsEstimatesSettle() {
        final WorkerProgress progress = new WorkerProgress();
        // A new system's first batches on the balance benchmark: each message looked costly.
        progress.sampled(864L * 4_000, 4_000, 4_000 * 490 / 256);
        progress.ran(4_000);
        assertTrue(StealRule.minMessagesToSteal(864, 490) < Integer.MAX_VALUE, "the estimate alone would allow a steal");
        assertFalse(progress.isSettled());
        assertEquals(Integer.MAX_VALUE, StealRule.minMessagesToSteal(progress));
        progress.sampled(20L * 4_192, 4_192, 4_192);
        progress.ran(4_192);
        assertTrue(progress.isSettled(), "settled after " + Policy.TUNABLES.settledAfterMessages() + " messages");
        assertEquals(StealRule.minMessagesToSteal(progress.nanosPerMessage(), progress.handOffsPer256()),
                StealRule.minMessagesToSteal(progress));
    }

    @Test
    void messagesThatWereNotTimedCountTowardsSettling() {
        final WorkerProgress progress = new WorkerProgress();
        progress.sampled(25, 1, 1);
        for (int batch = 1; batch < Policy.TUNABLES.settledAfterMessages(); batch++) {
            progress.ran(1);
        }
        assertFalse(progress.isSettled());
        progress.ran(1);
        assertTrue(progress.isSettled());
    }

    @Test
    void costlyMessagesSettleTheEstimatesByTheirEstimatedWork() {
        final WorkerProgress progress = new WorkerProgress();
        final long nanos = 100_000;
        progress.sampled(nanos, 1, 0);
        final int settling = (int) (Policy.TUNABLES.settledAfterNanos() / nanos);
        for (int batch = 1; batch < settling; batch++) {
            progress.ran(1);
        }
        assertFalse(progress.isSettled());
        progress.ran(1);
        assertTrue(progress.isSettled(), "settled after " + settling + " messages of " + nanos + " ns");
        assertEquals(Policy.TUNABLES.minMessagesToSteal(), StealRule.minMessagesToSteal(progress));
    }

    @Test
    void everyLargeBatchIsTimedAndOneSmallBatchInSampleEvery() {
        final WorkerProgress progress = new WorkerProgress();
        int timedSmall = 0;
        for (int batch = 0; batch < 4 * WorkerProgress.SAMPLE_EVERY; batch++) {
            assertTrue(progress.sampleNext(WorkerProgress.SAMPLE_EVERY), "a large batch is always timed");
            if (progress.sampleNext(1)) {
                timedSmall++;
            }
            progress.beginBatch();
            progress.endBatch();
        }
        assertEquals(4, timedSmall);
    }

    @Test
    void anEmptyBatchChangesNothing() {
        final WorkerProgress progress = new WorkerProgress();
        progress.sampled(1_000, 0, 0);
        assertEquals(0, progress.nanosPerMessage());
        assertEquals(0, progress.handOffsPer256());
    }
}
