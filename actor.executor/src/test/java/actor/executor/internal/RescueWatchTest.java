package actor.executor.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.stats.internal.WorkerCounters;
import actor.steal.internal.WorkerQueueTable;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * The two halves of a rescue among many workers: the thieves' shared observation of a worker's
 * progress count ({@link WorkerProgress#stallObservation}) keeps a count together with its time,
 * and sleeping thieves take turns to watch ({@link SleepCycle#untilWatchTurn}) so that their
 * looks stay {@link SleepCycle#WATCH_NANOS} apart however they fell asleep.
 */
class RescueWatchTest {

    @Property
    void anObservationKeepsItsCountAndMeasuresTheTimeSinceIt(@ForAll long count,
            @ForAll @LongRange(min = Long.MIN_VALUE / 2, max = Long.MAX_VALUE / 2) long since,
            @ForAll @LongRange(min = 0, max = 3_600_000_000_000L) long elapsed) {
        final WorkerProgress progress = new WorkerProgress();
        assertFalse(WorkerProgress.observedCount(progress.stallObservation(), count), "nothing observed yet");
        progress.observe(count, since);
        final long observation = progress.stallObservation();
        assertTrue(WorkerProgress.observedCount(observation, count));
        assertFalse(WorkerProgress.observedCount(observation, count + 1), "the next count is another");
        assertFalse(WorkerProgress.observedCount(observation, count - 1));
        final long measured = WorkerProgress.observedFor(observation, since + elapsed);
        assertTrue(Math.abs(measured - elapsed) <= 2_000, "measured " + measured + " for " + elapsed + " ns");
        assertEquals(0, WorkerProgress.observedFor(observation, since - 1_000 - elapsed),
                "a clock read before the observation measures no time, never a wrapped-around one");
    }

    @Test
    void aWorkerStuckSinceAnotherThiefsLookIsRescuedOnTheNextLook() {
        final WorkerProgress progress = new WorkerProgress();
        progress.beginBatch();
        final long count = progress.read();
        assertTrue(WorkerProgress.insideBatch(count));
        progress.observe(count, 1_000_000);
        final long observation = progress.stallObservation();
        assertTrue(WorkerProgress.observedCount(observation, progress.read()), "still the same batch");
        assertEquals(TimeUnit.MILLISECONDS.toNanos(2), WorkerProgress.observedFor(observation, 3_000_000));
        progress.endBatch();
        assertFalse(WorkerProgress.observedCount(observation, progress.read()), "the batch ended: not stuck");
    }

    @Property
    void sleepersWatchInTurnsOneEveryWatchPeriod(@ForAll @IntRange(min = 2, max = 64) int workers,
            @ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 4) long now) {
        final Set<Long> turns = new HashSet<>();
        final long period = Policy.TUNABLES.watchNanos() * (workers - 1);
        for (int w = 0; w < workers - 1; w++) {
            final long wait = cycle(w, workers).untilWatchTurn(now);
            assertTrue(wait > 0 && wait <= period, "worker " + w + " waits " + wait);
            assertEquals(0, Math.floorMod(now + wait - (long) w * Policy.TUNABLES.watchNanos(), period), "on its turn");
            turns.add(now + wait);
        }
        assertEquals(workers - 1, turns.size(), "no two sleepers look at once");
    }

    private static SleepCycle cycle(int index, int workers) {
        final Mailbox[] mailboxes = new Mailbox[workers];
        for (int i = 0; i < workers; i++) {
            mailboxes[i] = new CopyQueueMailbox(i, new CopyQueue(4));
        }
        final WorkerQueueTable<Mailbox> table = new WorkerQueueTable<>(mailboxes, workers);
        final Termination termination = new Termination(workers, null);
        final WorkerSleep sleep = new WorkerSleep(index, termination);
        final Worker worker = new Worker(index, sleep, new WorkerProgress(), new WorkerCounters(),
                new EnvelopeRunner(null, null, termination, null, null, false, null, 0), termination, table);
        return new SleepCycle(worker, sleep, termination, table, new WorkerCounters());
    }
}
