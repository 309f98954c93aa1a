package actor.steal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import actor.steal.VictimSelector;
import actor.steal.VictimSelectors;
import actor.steal.WorkerView;
import org.agrona.concurrent.CachedNanoClock;
import org.junit.jupiter.api.Test;

/** Stamps from a controllable clock make longest-victim selection deterministic. */
class StealStampsTest {

    @Test
    void stampsStartUnsetAndRecordTheClock() {
        final CachedNanoClock clock = new CachedNanoClock();
        final StealStamps stamps = new StealStamps(3, clock);
        assertEquals(Long.MIN_VALUE, stamps.lastAttemptNanos(1));
        clock.update(1_000);
        stamps.stamp(1);
        assertEquals(1_000, stamps.lastAttemptNanos(1));
        assertEquals(Long.MIN_VALUE, stamps.lastAttemptNanos(0));
        assertThrows(IllegalArgumentException.class, () -> new StealStamps(0, clock));
    }

    @Test
    void attemptsOnAVictimCountUntilTheWorkerFindsWork() {
        final StealStamps stamps = new StealStamps(3, new CachedNanoClock());
        assertEquals(0, stamps.attempts(1));
        assertEquals(VictimSelector.NONE, stamps.target(1));
        stamps.attempted(1, 2);
        stamps.attempted(1, 0);
        assertEquals(2, stamps.attempts(1));
        assertEquals(0, stamps.target(1), "the latest victim");
        stamps.attempted(1, VictimSelector.NONE);
        assertEquals(2, stamps.attempts(1), "an attempt without a victim looked at nothing");
        assertEquals(VictimSelector.NONE, stamps.target(1), "and polls nobody");
        assertEquals(0, stamps.attempts(0), "other workers' values are their own");
        stamps.attempted(1, 2);
        stamps.foundWork(1);
        assertEquals(0, stamps.attempts(1));
        assertEquals(VictimSelector.NONE, stamps.target(1));
    }

    @Test
    void longestVictimChoosesTheWorkerThatStampedLongestAgo() {
        final CachedNanoClock clock = new CachedNanoClock();
        final StealStamps stamps = new StealStamps(4, clock);
        final WorkerView view = new WorkerView() {
            @Override
            public int workers() {
                return 4;
            }

            @Override
            public long lastStealAttemptNanos(int worker) {
                return stamps.lastAttemptNanos(worker);
            }

            @Override
            public int occupancy(int worker) {
                return 0;
            }
        };
        for (int w = 0; w < 4; w++) {
            clock.update(100 + w);
            stamps.stamp(w);
        }
        clock.update(500);
        stamps.stamp(0);
        // Oldest stamps now: worker 1 (101), 2 (102), 3 (103), 0 (500).
        for (int i = 0; i < 50; i++) {
            assertEquals(1, VictimSelectors.longestVictim().selectVictim(0, view));
            assertEquals(2, VictimSelectors.longestVictim().selectVictim(1, view), "the thief itself is excluded");
        }
    }
}
