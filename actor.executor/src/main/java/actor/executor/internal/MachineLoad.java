package actor.executor.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether other processes share the machine's cores: the CPU time the whole machine used (Linux's
 * {@code /proc/stat}) minus this process's own ({@code /proc/self/stat}), over windows of at least
 * {@link Policy.Tunables#loadWindowNanos}. The machine is <em>crowded</em> while that foreign load was at least
 * {@link Policy.Tunables#crowdedCores} cores in the last window. An idle worker then sleeps at once instead of
 * spinning out {@code sleepAfter} ({@link WorkerRunner}): a spinning worker is runnable, so a send
 * to it waits until the operating system runs it again (a time slice, milliseconds, when other
 * processes want the cores), while a sleeping one is woken by the send and scheduled at once. The
 * load of this process's own threads never counts: on a machine it has to itself the workers spin
 * as before. Where {@code /proc} cannot be read, the machine never counts as crowded.
 *
 * <p>The machine is the process's, not a system's: every executor shares {@link #PROCESS}, so a
 * system started on a crowded machine (a test or a benchmark that starts one system after another)
 * knows it at once instead of spinning through its first window.
 *
 * <p>Threading: {@link #sample} may be called by several threads (each system's monitor); it is
 * synchronized, and returns at once while the window has not passed. {@link #crowded} (volatile)
 * is read by the workers on their idle path.
 */
final class MachineLoad {

    /** The one every executor of this process samples and reads. */
    static final MachineLoad PROCESS = new MachineLoad();

    /** Linux's clock tick for {@code /proc} CPU times ({@code USER_HZ}), 100 on every common build. */
    private static final long NANOS_PER_TICK = 10_000_000;

    private static final Path MACHINE = Path.of("/proc/stat");
    private static final Path SELF = Path.of("/proc/self/stat");

    private volatile boolean crowded;
    private boolean readable = true;
    private long lastSampleNanos;
    private long lastMachineTicks = -1;
    private long lastSelfTicks;

    /** Whether other processes used at least {@link Policy.Tunables#crowdedCores} cores in the last window. */
    boolean crowded() {
        return crowded;
    }

    /** Takes a sample if the window has passed since the last one, and updates {@link #crowded}. */
    synchronized void sample(long nowNanos) {
        if (!readable || (lastMachineTicks >= 0 && nowNanos - lastSampleNanos < Policy.TUNABLES.loadWindowNanos())) {
            return;
        }
        final long machine;
        final long self;
        try {
            machine = machineBusyTicks(Files.readString(MACHINE));
            self = selfTicks(Files.readString(SELF));
        } catch (IOException | RuntimeException unreadable) {
            // NOTE: not Linux, or /proc hidden: never crowded, and never tried again.
            readable = false;
            crowded = false;
            return;
        }
        if (lastMachineTicks >= 0) {
            final double windowTicks = (double) (nowNanos - lastSampleNanos) / NANOS_PER_TICK;
            final long foreign = (machine - lastMachineTicks) - (self - lastSelfTicks);
            crowded = foreign >= Policy.TUNABLES.crowdedCores() * windowTicks;
        }
        lastSampleNanos = nowNanos;
        lastMachineTicks = machine;
        lastSelfTicks = self;
    }

    /** The busy ticks of all CPUs: the first line of {@code /proc/stat} minus idle and iowait. */
    static long machineBusyTicks(String stat) {
        final int end = stat.indexOf('\n');
        final String[] fields = (end < 0 ? stat : stat.substring(0, end)).trim().split("\\s+");
        if (!fields[0].equals("cpu")) {
            throw new IllegalArgumentException("not a /proc/stat: " + fields[0]);
        }
        long busy = 0;
        for (int i = 1; i < Math.min(fields.length, 9); i++) {
            // NOTE: user nice system idle iowait irq softirq steal; guest time is inside user.
            if (i != 4 && i != 5) {
                busy += Long.parseLong(fields[i]);
            }
        }
        return busy;
    }

    /** This process's user and system ticks: fields 14 and 15 of {@code /proc/self/stat}. */
    static long selfTicks(String stat) {
        final String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
        // NOTE: fields[0] is field 3 (the state), so field n is fields[n - 3].
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }
}
