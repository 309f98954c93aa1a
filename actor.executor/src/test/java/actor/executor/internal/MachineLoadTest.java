package actor.executor.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link MachineLoad}: the {@code /proc} parsers, and a machine crowded by two spinning processes. */
class MachineLoadTest {

    @Test
    void theMachinesBusyTicksLeaveOutIdleAndIowait() {
        assertEquals(1 + 2 + 3 + 6 + 7 + 8, MachineLoad.machineBusyTicks(
                "cpu  1 2 3 4 5 6 7 8 9 10\ncpu0 1 1 1 1 1 1 1 1 0 0\n"));
        assertThrows(IllegalArgumentException.class, () -> MachineLoad.machineBusyTicks("intr 1 2 3\n"));
    }

    @Test
    void theProcesssTicksAreFields14And15EvenWithParenthesesInItsName() {
        final String stat = "4242 (a (b) c) S 1 4242 4242 0 -1 4194560 100 0 0 0 31 17 0 0 20 0 9 0 5 6 7";
        assertEquals(31 + 17, MachineLoad.selfTicks(stat));
    }

    @Test
    @Timeout(60)
    void twoSpinningProcessesCrowdTheMachineAndTheirEndUncrowdsIt() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/stat")), "Linux /proc only");
        final MachineLoad load = new MachineLoad();
        assumeTrue(!settledCrowded(load, 3), "other processes already crowd the machine");
        final List<Process> spinners = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                spinners.add(new ProcessBuilder("sh", "-c", "while :; do :; done").start());
            }
            assertTrue(settledCrowded(load, 10), "two spinning processes did not count as crowding");
        } finally {
            for (Process spinner : spinners) {
                spinner.destroyForcibly();
                spinner.waitFor(10, TimeUnit.SECONDS);
            }
        }
        assertTrue(uncrowdedWithin(load, 10), "still crowded 2 s after the spinners ended");
    }

    /**
     * Samples after each window for up to {@code windows} windows; true once one says not crowded
     * (a build or test starting beside this one may crowd some windows; a crowding that outlives
     * its cause never clears).
     */
    private static boolean uncrowdedWithin(MachineLoad load, int windows) throws InterruptedException {
        for (int i = 0; i < windows; i++) {
            Thread.sleep(TimeUnit.NANOSECONDS.toMillis(Policy.TUNABLES.loadWindowNanos()) + 20);
            load.sample(System.nanoTime());
            if (i > 0 && !load.crowded()) {
                return true;
            }
        }
        return false;
    }

    /** Samples after each window for up to {@code windows} windows; true once one says crowded. */
    private static boolean settledCrowded(MachineLoad load, int windows) throws InterruptedException {
        for (int i = 0; i < windows; i++) {
            Thread.sleep(TimeUnit.NANOSECONDS.toMillis(Policy.TUNABLES.loadWindowNanos()) + 20);
            load.sample(System.nanoTime());
            if (i > 0 && load.crowded()) {
                return true;
            }
        }
        return false;
    }
}
