package actor.bench.suite;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class IoFloorTest {

    /**
     * Every requester's reads are sequential, so no run can beat requests x delay; run() itself
     * checks that every result arrived once and in order (the checksums).
     */
    @Test
    @Timeout(60)
    void theFloorServesEveryReadInOrderAndCannotBeatSequentialReads() {
        final int requests = 5;
        final long delayMicros = 2_000;
        final long elapsed = IoFloor.run(40, requests, delayMicros);
        assertTrue(elapsed >= requests * delayMicros * 1_000, "elapsed " + elapsed + " ns");
    }

    /** Each thread serves its own requesters; the checksums prove none was lost or served twice. */
    @Test
    @Timeout(60)
    void severalThreadsServeEveryReadInOrderWhetherTheyYieldOrPark() {
        final int requests = 4;
        final long delayMicros = 2_000;
        for (IoFloor.Idle idle : IoFloor.Idle.values()) {
            final long elapsed = IoFloor.run(41, requests, delayMicros, 3, idle);
            assertTrue(elapsed >= requests * delayMicros * 1_000, idle + ": elapsed " + elapsed + " ns");
        }
    }

    @Test
    void aCountBelowOneIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> IoFloor.run(0, 1, 1_000));
        assertThrows(IllegalArgumentException.class, () -> IoFloor.run(1, 0, 1_000));
        assertThrows(IllegalArgumentException.class, () -> IoFloor.run(1, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> IoFloor.run(4, 1, 1_000, 0, IoFloor.Idle.YIELD));
    }

    @Test
    void moreThreadsThanRequestersAreRefused() {
        final IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> IoFloor.run(2, 1, 1_000, 3, IoFloor.Idle.PARK));
        assertTrue(refused.getMessage().contains("threads = 3"), refused.getMessage());
    }
}
