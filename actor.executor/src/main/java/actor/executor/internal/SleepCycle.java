package actor.executor.internal;

import actor.stats.internal.WorkerCounters;
import actor.steal.internal.WorkerQueueTable;
import java.util.concurrent.TimeUnit;

/**
 * When and how long one worker sleeps, and its re-checks. The worker announces sleep and re-checks
 * its slice under the mailbox locks ({@link #mayHaveWork()}; {@link WorkerSleep} has the protocol),
 * then parks. A worker that cannot steal rescans on its own every {@link Policy.Tunables#sleepRescanNanos}. A
 * thief looks for work (own slice, one steal attempt on an awake worker, {@link Watch#watchOnce}) every
 * {@link Policy.Tunables#watchNanos} times the number of sleepers while another worker is awake, in turns
 * ({@link #untilWatchTurn}), to rescue a worker stuck in one behaviour, and otherwise
 * backs off from {@link Policy.Tunables#thiefRescanMinNanos} to {@link Policy.Tunables#thiefRescanMaxNanos}.
 *
 * <p>Threading: the worker's thread only.
 */
final class SleepCycle implements WorkerSleep.Recheck {

    /*
     * Policy.TUNABLES' thiefRescanMinNanos: waking from a timed park costs tens of microseconds of
     * CPU on a virtual machine, so a long idle must not wake often; watchNanos is per sleeper, so
     * the sleepers together look about that often.
     */
    private static final Policy.Tunables T = Policy.TUNABLES;

    private final Worker worker;
    private final WorkerSleep sleep;
    private final Termination termination;
    private final WorkerQueueTable<Mailbox> table;
    private final WorkerCounters counters;
    private final int sliceStart;
    private final int sliceEnd;
    private final int sleepers;
    /** Null when stealing is off; set once before the thread starts. */
    private Thief thief;

    SleepCycle(Worker worker, WorkerSleep sleep, Termination termination, WorkerQueueTable<Mailbox> table,
               WorkerCounters counters) {
        this.worker = worker;
        this.sleep = sleep;
        this.termination = termination;
        this.table = table;
        this.counters = counters;
        this.sliceStart = table.sliceStart(worker.index);
        this.sliceEnd = table.sliceEnd(worker.index);
        this.sleepers = table.workers() - 1;
    }

    void stealWith(Thief stealer) {
        this.thief = stealer;
    }

    /**
     * Sleeps until a sender wakes this worker, the system is done, or a periodic look (own slice,
     * then one steal attempt) finds work. A look that finds nothing goes straight back to sleep.
     */
    void sleepUntilWork() {
        long backoffNanos = T.thiefRescanMinNanos();
        while (!termination.isDone()) {
            worker.trimSpare();
            long rescanNanos = T.sleepRescanNanos();
            boolean watching = false;
            if (thief != null) {
                // NOTE: a sleeper is not a victim worth choosing: stamp as if it had just looked for work.
                thief.stamp();
                watching = Policy.WATCH && thief.watch.othersAwake();
                rescanNanos = watching ? untilWatchTurn(System.nanoTime()) : backoffNanos;
            }
            final WorkerSleep.Outcome outcome = sleep.sleep(this, rescanNanos);
            if (outcome != WorkerSleep.Outcome.TIMED_OUT) {
                return;
            }
            if (worker.pass() > 0 || (thief != null && (watching ? thief.watch.watchOnce() : thief.tryStealOnce()))) {
                return;
            }
            backoffNanos = Math.min(2 * backoffNanos, T.thiefRescanMaxNanos());
        }
    }

    /**
     * Nanoseconds from {@code now} to this worker's next turn to watch: the sleepers take turns, one
     * every {@link Policy.Tunables#watchNanos} on the common clock, so their looks stay spread out. Sleepers that
     * fell asleep together (the end of a burst) and each parked a whole period would all wake
     * together, look within microseconds of each other (too close to tell a stuck worker from a
     * busy one), and leave the stuck worker alone for the rest of the period: about 30 ms with 16
     * workers, measured on the rescue row.
     */
    long untilWatchTurn(long now) {
        final long period = T.watchNanos() * sleepers;
        final long phase = worker.index % sleepers * T.watchNanos();
        return period - Math.floorMod(now - phase, period);
    }

    @Override
    public boolean mayHaveWork() {
        for (int slot = sliceStart; slot < sliceEnd; slot++) {
            final Mailbox mailbox = table.get(slot);
            if (mailbox == null || mailbox.mayHaveWorkFor(sleep)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void countUnclaimed() {
        int unclaimed = 0;
        for (int slot = sliceStart; slot < sliceEnd; slot++) {
            final Mailbox mailbox = table.get(slot);
            if (mailbox != null && mailbox.hasUnclaimedMessages(sleep)) {
                unclaimed++;
            }
        }
        if (unclaimed > 0) {
            counters.lostWakeUps(unclaimed);
        }
    }
}
