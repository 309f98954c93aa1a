package actor.blackbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Other processes on the machine, for the tests that need them or must know of them: spinning
 * neighbours that crowd the cores ({@link #crowd}), and the CPU time the rest of the machine used
 * while a test ran ({@link Load}), read as the executor reads it (Linux's {@code /proc}).
 */
final class BusyMachine implements AutoCloseable {

    /** Foreign load, in cores, from which the machine counts as crowded (the executor's bound). */
    static final double CROWDED_CORES = 0.5;
    /** Longer than two of the executor's load windows (200 ms): its sample then includes the spinners. */
    static final long CROWDED_AFTER_MILLIS = 600;
    /** Linux's clock tick for {@code /proc} CPU times ({@code USER_HZ}). */
    private static final long NANOS_PER_TICK = 10_000_000;

    private final List<Process> spinners = new ArrayList<>();

    private BusyMachine() {
    }

    /** Whether this machine's load can be read ({@code /proc}): tests that crowd it assume so. */
    static boolean loadReadable() {
        return Files.isReadable(Path.of("/proc/stat")) && Files.isReadable(Path.of("/proc/self/stat"));
    }

    /**
     * Starts {@code processes} shell loops that spin at normal priority, and waits until the
     * executor's load sample has seen them; {@link #close} ends them.
     */
    static BusyMachine crowd(int processes) throws IOException, InterruptedException {
        final BusyMachine machine = new BusyMachine();
        try {
            for (int i = 0; i < processes; i++) {
                machine.spinners.add(new ProcessBuilder("sh", "-c", "while :; do :; done").start());
            }
            Thread.sleep(CROWDED_AFTER_MILLIS);
        } catch (IOException | InterruptedException | RuntimeException e) {
            machine.close();
            throw e;
        }
        return machine;
    }

    /** Ends the spinners; an interrupt stops the waiting for them (the interrupt status is kept), not their ending. */
    @Override
    public void close() {
        boolean interrupted = false;
        for (Process spinner : spinners) {
            spinner.destroyForcibly();
            try {
                spinner.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The CPU time the whole machine and this process had used at {@code nanos}; null parts where
     * {@code /proc} cannot be read.
     */
    record Load(long machineTicks, long selfTicks, long nanos) {

        /** Now; machine ticks -1 where {@code /proc} cannot be read. */
        static Load now() {
            try {
                return new Load(machineBusyTicks(Files.readString(Path.of("/proc/stat"))),
                        selfTicks(Files.readString(Path.of("/proc/self/stat"))), System.nanoTime());
            } catch (IOException | RuntimeException e) {
                return new Load(-1, 0, System.nanoTime());
            }
        }

        /** Cores that other processes used, on average, from {@code earlier} to this sample (0 if unknown). */
        double foreignCoresSince(Load earlier) {
            if (machineTicks < 0 || earlier.machineTicks < 0 || nanos <= earlier.nanos) {
                return 0;
            }
            final long foreign = (machineTicks - earlier.machineTicks) - (selfTicks - earlier.selfTicks);
            return foreign * (double) NANOS_PER_TICK / (nanos - earlier.nanos);
        }

        /** Whether other processes crowded the machine from {@code earlier} to now. */
        static boolean crowdedSince(Load earlier) {
            return now().foreignCoresSince(earlier) >= CROWDED_CORES;
        }

        private static long machineBusyTicks(String stat) {
            final String[] fields = stat.substring(0, stat.indexOf('\n')).trim().split("\\s+");
            long busy = 0;
            for (int i = 1; i < fields.length && i <= 8; i++) {
                if (i != 4 && i != 5) {
                    busy += Long.parseLong(fields[i]);
                }
            }
            return busy;
        }

        private static long selfTicks(String stat) {
            final String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
            return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        }
    }
}
