package actor.executor.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.stats.internal.WorkerCounters;
import actor.steal.VictimSelector;
import actor.steal.WorkerView;
import actor.steal.internal.StealStamps;
import actor.steal.internal.WorkerQueueTable;
import java.util.List;
import org.agrona.concurrent.SystemNanoClock;
import org.junit.jupiter.api.Test;

/**
 * When a thief looks, and at whom: fruitless steal attempts back off by doubling
 * ({@code steal-backoff}); each look of a watching sleeper ({@link Watch#watchOnce}) goes to
 * another worker in turn, never to the watcher itself.
 */
class ThiefTurnsTest {

    /** Worker 0 (the thief under test) and worker 1, announced asleep. */
    private static final class Pair {
        final Termination termination = new Termination(2, null);
        final WorkerSleep[] sleeps = {new WorkerSleep(0, termination), new WorkerSleep(1, termination)};
        final WorkerCounters counters = new WorkerCounters();
        final Thief thief;

        Pair() {
            final Mailbox[] mailboxes = {new CopyQueueMailbox(0, new CopyQueue(4)), new CopyQueueMailbox(1, new CopyQueue(4))};
            thief = new Thief(0, sleeps, new WorkerProgress[] {new WorkerProgress(), new WorkerProgress()},
                    new WorkerQueueTable<>(mailboxes, 2), null, null, new StealStamps(2, SystemNanoClock.INSTANCE),
                    null, counters);
            asleep();
        }

        void asleep() {
            assertTrue(sleeps[1].announceAndRecheck(new WorkerSleep.Recheck() {
                @Override
                public boolean mayHaveWork() {
                    return false;
                }

                @Override
                public void countUnclaimed() {
                }
            }));
        }

    }

    /**
     * The {@code steal-backoff} rule: each fruitless attempt doubles the empty passes before the
     * next one (2, 4, 8, ...), so 126 empty passes make 6 attempts instead of 63.
     */
    @Test
    void fruitlessStealAttemptsBackOffByDoubling() {
        final Termination termination = new Termination(2, null);
        final WorkerSleep[] sleeps = {new WorkerSleep(0, termination), new WorkerSleep(1, termination)};
        final WorkerCounters counters = new WorkerCounters();
        final Mailbox[] mailboxes = {new CopyQueueMailbox(0, new CopyQueue(4)), new CopyQueueMailbox(1, new CopyQueue(4))};
        final Thief thief = new Thief(0, sleeps, new WorkerProgress[] {new WorkerProgress(), new WorkerProgress()},
                new WorkerQueueTable<>(mailboxes, 2), new VictimSelector() {
                    @Override
                    public String name() {
                        return "the other";
                    }

                    @Override
                    public int selectVictim(int me, WorkerView view) {
                        return 1 - me;
                    }
                }, null,
                new StealStamps(2, SystemNanoClock.INSTANCE), null, counters);
        for (int pass = 0; pass < 126; pass++) {
            assertFalse(thief.afterPass(0), "nothing to steal");
        }
        assertEquals(6, counters.snapshot().stealAttempts(), "attempts after passes 2, 6, 14, 30, 62 and 126");
    }

    @Test
    void everyWatchOfAPairLooksAtTheOtherWorker() {
        final Pair pair = new Pair();
        pair.sleeps[1].claim();
        for (int i = 1; i <= 4; i++) {
            pair.thief.watch.watchOnce();
            assertEquals(i, pair.counters.snapshot().stealAttempts(), "look " + i + " is a steal attempt");
        }
    }

    @Test
    void watchersOfManyWorkersTakeTheAwakeOnesInTurn() {
        final int n = 4;
        final Termination termination = new Termination(n, null);
        final WorkerSleep[] sleeps = new WorkerSleep[n];
        final WorkerProgress[] progress = new WorkerProgress[n];
        final Mailbox[] mailboxes = new Mailbox[n];
        for (int w = 0; w < n; w++) {
            sleeps[w] = new WorkerSleep(w, termination);
            progress[w] = new WorkerProgress();
            mailboxes[w] = new CopyQueueMailbox(w, new CopyQueue(4));
        }
        final StealStamps stamps = new StealStamps(n, SystemNanoClock.INSTANCE);
        final Thief thief = new Thief(2, sleeps, progress, new WorkerQueueTable<>(mailboxes, n), null, null, stamps,
                null, new WorkerCounters());
        final java.util.List<Integer> looked = new java.util.ArrayList<>();
        for (int i = 0; i < 6; i++) {
            thief.watch.watchOnce();
            looked.add(stamps.target(2));
        }
        assertEquals(List.of(1, 3, 0, 1, 3, 0), looked, "each other worker in turn, never the watcher itself");
    }
}
