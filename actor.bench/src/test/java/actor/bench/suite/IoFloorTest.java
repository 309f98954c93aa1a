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

    @Test
    void aCountBelowOneIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> IoFloor.run(0, 1, 1_000));
        assertThrows(IllegalArgumentException.class, () -> IoFloor.run(1, 0, 1_000));
        assertThrows(IllegalArgumentException.class, () -> IoFloor.run(1, 1, 0));
    }
}
