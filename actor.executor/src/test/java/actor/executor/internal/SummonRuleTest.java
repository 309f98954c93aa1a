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
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.agrona.concurrent.SystemNanoClock;
import org.junit.jupiter.api.Test;

/**
 * Whom a thief calls on, and when: an overloaded worker summons a sleeping one within a pass
 * ({@link Thief#backlogGulped}) at the first stealable backlog it gulps
 * {@link Policy.Tunables#summonBacklogNanos} or more after the pass's first one, and again only as long
 * after that summon (checked against a model of the rule); each summons, and each look of a
 * watching sleeper ({@link Thief#watchOnce}), goes to another worker, never to the caller itself.
 */
class SummonRuleTest {

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

        /** Whether worker 1 was summoned (then announced asleep again). */
        boolean summonedSinceLastAsked() {
            if (sleeps[1].isSleeping()) {
                return false;
            }
            assertEquals(0, sleeps[1].takeSummoner(), "the summoned worker knows who called");
            asleep();
            return true;
        }
    }

    /** The {@code summon} rule: enough passes in a row with backlogs in several mailboxes wake a sleeper. */
    @Test
    void passesInARowWithBacklogsSummonASleeperAndAQuietPassStartsTheCountAgain() {
        final Pair pair = new Pair();
        final Policy.Tunables t = Policy.TUNABLES;
        for (int pass = 1; pass < t.backlogPassesBeforeSummon(); pass++) {
            pair.thief.noteBacklog(t.backlogMailboxes());
            assertFalse(pair.summonedSinceLastAsked(), "pass " + pass + " of a row");
        }
        pair.thief.noteBacklog(t.backlogMailboxes() - 1);
        assertFalse(pair.summonedSinceLastAsked(), "a pass with fewer backlogs breaks the row");
        for (int pass = 1; pass < t.backlogPassesBeforeSummon(); pass++) {
            pair.thief.noteBacklog(t.backlogMailboxes());
            assertFalse(pair.summonedSinceLastAsked(), "pass " + pass + " of the new row");
        }
        pair.thief.noteBacklog(t.backlogMailboxes());
        assertTrue(pair.summonedSinceLastAsked(), "the last pass of a full row summons");
        assertEquals(1, pair.counters.snapshot().summons());
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

    @Property
    void aPassSummonsOnceItHasRunBacklogsForTheBoundAndAgainAfterAsLongAgain(
            @ForAll @LongRange(min = Long.MIN_VALUE / 2, max = Long.MAX_VALUE / 2) long start,
            @ForAll @Size(min = 1, max = 20) List<@LongRange(min = 0, max = 400_000) Long> gaps) {
        final Pair pair = new Pair();
        long now = start;
        long since = 0;
        int summons = 0;
        for (int i = 0; i < gaps.size(); i++) {
            now += gaps.get(i);
            boolean expected = false;
            if (i == 0) {
                since = now;
            } else if (now - since >= Policy.TUNABLES.summonBacklogNanos()) {
                since = now;
                expected = true;
                summons++;
            }
            pair.thief.backlogGulped(i + 1, now);
            assertEquals(expected, pair.summonedSinceLastAsked(), "backlog " + (i + 1) + " after gaps " + gaps);
        }
        assertEquals(summons, pair.counters.snapshot().summons());
    }

    @Test
    void eachPassStartsAgainFromItsFirstBacklog() {
        final Pair pair = new Pair();
        final long bound = Policy.TUNABLES.summonBacklogNanos();
        pair.thief.backlogGulped(1, 0);
        pair.thief.backlogGulped(2, bound - 1);
        assertFalse(pair.summonedSinceLastAsked(), "not yet the bound");
        pair.thief.backlogGulped(1, 2 * bound);
        pair.thief.backlogGulped(2, 3 * bound - 1);
        assertFalse(pair.summonedSinceLastAsked(), "a new pass counts from its own first backlog");
        pair.thief.backlogGulped(3, 3 * bound);
        assertTrue(pair.summonedSinceLastAsked(), "the bound after the pass's first backlog");
        assertEquals(1, pair.counters.snapshot().summons());
    }

    @Test
    void everySummonOfAPairReachesTheOtherWorker() {
        final Pair pair = new Pair();
        for (int i = 1; i <= 4; i++) {
            assertTrue(pair.thief.summonHelp(), "summon " + i);
            assertTrue(pair.summonedSinceLastAsked(), "summon " + i);
        }
        assertEquals(4, pair.counters.snapshot().summons());
    }

    @Test
    void everyWatchOfAPairLooksAtTheOtherWorker() {
        final Pair pair = new Pair();
        pair.sleeps[1].claim();
        for (int i = 1; i <= 4; i++) {
            pair.thief.watchOnce();
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
            thief.watchOnce();
            looked.add(stamps.target(2));
        }
        assertEquals(List.of(1, 3, 0, 1, 3, 0), looked, "each other worker in turn, never the watcher itself");
    }
}
