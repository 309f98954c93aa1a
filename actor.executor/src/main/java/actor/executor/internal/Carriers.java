package actor.executor.internal;

import actor.steal.internal.WorkerQueueTable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntFunction;

/**
 * Spare carriers: threads that run a worker's slice while the worker's own thread is blocked inside
 * a behaviour, so a behaviour that waits (a lock, a sleep, a {@code join()}) does not hold every
 * other actor of its worker. Go hands a processor to another thread when one blocks in a system
 * call; here the worker keeps its slice and a spare carrier visits the same slice beside it.
 *
 * <p><b>The monitor.</b> One thread looks at every worker, by default once a millisecond, and
 * every 100 µs while it has just seen a carrier waiting inside a batch. While every worker sleeps
 * and no spare carrier is active it parks until a worker wakes ({@link #workerWoke}), so an idle
 * system costs it nothing. It also samples the {@link MachineLoad} (whether other processes crowd the
 * cores), at most every 200 ms. A carrier is <em>blocked</em>
 * when it is inside a batch ({@link WorkerProgress#insideBatch}) and its thread is waiting or timed
 * waiting, or blocked on a monitor at two looks in a row within the same batch (a contended
 * {@code synchronized} is usually short). A runnable thread is never relieved: a computing or
 * preempted behaviour is the {@link Thief}'s rescue's case. When every carrier of a slice (the
 * worker and the spare carriers active on it) is blocked and a mailbox of the slice holds
 * messages that no batch runs, the monitor activates a spare carrier of that slice: an idle one, or
 * a new thread while fewer than the configured bound exist
 * ({@link actor.api.ActorSystemConfig#spareCarriers()}).
 *
 * <p><b>A spare carrier</b> runs passes of its own {@link Worker} over the same slice, with its own
 * batch state, {@link EnvelopeRunner}, progress and counters, and the worker's sleep state as the
 * owner it gulps for. It never steals, pulls, pushes or sleeps. It goes idle (parked) once its
 * passes have found nothing for {@link Policy.Tunables#spareIdleNanos}; the monitor activates it again when
 * needed. Per-actor order and mutual exclusion hold as always: a gulp refuses a mailbox whose batch
 * runs ({@code beingProcessed}, checked under the mailbox lock), so the worker and its spare
 * carriers never run one mailbox at once, and a batch runs to its end on the thread that gulped it.
 * Spare carriers count in and out of the {@link Termination} like workers, so the final sweep runs
 * after the last of them.
 *
 * <p>Threading: the monitor alone activates carriers and writes the per-slice lists and the look
 * state; a carrier alone sets itself idle ({@code state}, volatile both ways). {@link #spares()}
 * (copy-on-write) is read by any thread: statistics, the quiet test of a close, the final sweep.
 */
final class Carriers implements Runnable {

    private static final int RUNS = 0;
    private static final int WAITS = 1;
    private static final int BLOCKED = 2;
    private static final int IDLE = 0;
    private static final int ACTIVE = 1;

    /** What the monitor last saw of one carrier: its batch count. Monitor-only. */
    private static class Watch {
        final WorkerProgress progress;
        final WorkerSleep sleep;
        Thread thread;
        private long lastCount;

        Watch(WorkerProgress progress, WorkerSleep sleep, Thread thread) {
            this.progress = progress;
            this.sleep = sleep;
            this.thread = thread;
        }

        /** {@link #RUNS}, {@link #WAITS} (on a monitor, first seen) or {@link #BLOCKED}. */
        int look() {
            final long count = progress.read();
            final long previous = lastCount;
            lastCount = count;
            if (!WorkerProgress.insideBatch(count)) {
                return RUNS;
            }
            return switch (thread.getState()) {
                case WAITING, TIMED_WAITING -> BLOCKED;
                case BLOCKED -> count == previous ? BLOCKED : WAITS;
                default -> RUNS;
            };
        }
    }

    /** One spare carrier: its {@link Worker} for one slice, and its thread's loop. */
    final class Spare extends Watch implements Runnable {
        final Worker worker;
        /** {@link #IDLE} or {@link #ACTIVE}: set active by the monitor, idle by the carrier (volatile). */
        private volatile int state = ACTIVE;

        Spare(Worker worker) {
            super(worker.progress, worker.sleep, null);
            this.worker = worker;
        }

        @Override
        public void run() {
            try {
                while (awaitActivation()) {
                    relieve();
                }
            } catch (Throwable fatal) {
                termination.fail(fatal);
                throw fatal;
            } finally {
                if (termination.workerExited()) {
                    lastOut.run();
                }
            }
        }

        private boolean awaitActivation() {
            while (state != ACTIVE) {
                if (termination.isDone()) {
                    return false;
                }
                // NOTE: an interrupt left by a behaviour, or an abort's (which also set done), would
                // make every park return at once; this wait has no caller to hand it to.
                Thread.interrupted();
                LockSupport.park(this);
            }
            return !termination.isDone();
        }

        /** Passes over the slice until they have found nothing for {@link Policy.Tunables#spareIdleNanos}. */
        private void relieve() {
            final Worker w = worker;
            long idleSince = 0;
            while (!termination.isDone()) {
                if (w.doWork() > 0) {
                    idleSince = 0;
                    continue;
                }
                final long now = System.nanoTime();
                if (idleSince == 0) {
                    idleSince = now;
                } else if (now - idleSince >= Policy.TUNABLES.spareIdleNanos()) {
                    break;
                }
                Thread.onSpinWait();
            }
            // NOTE: as a worker going to sleep does: a burst's batch array is not kept while parked.
            w.trimSpare();
            state = IDLE;
        }

        boolean isActive() {
            return state == ACTIVE;
        }
    }

    private final String name;
    private final Object executor;
    private final int max;
    private final MachineLoad load;
    private final Termination termination;
    private final WorkerQueueTable<Mailbox> table;
    private final IntFunction<Worker> spareWorker;
    private final Runnable lastOut;
    private final Watch[] workers;
    /** Per slice, its spare carriers; monitor-only. */
    private final List<List<Spare>> slices = new ArrayList<>();
    /** Every spare carrier started, for readers on other threads. */
    private final List<Spare> spares = new CopyOnWriteArrayList<>();
    private final Thread monitor;
    /**
     * Whether the monitor parks until a worker wakes: written true by the monitor before its last
     * look at the workers' sleep flags, false by a worker that woke (volatile both ways, a Dekker
     * pair with the flags: a worker that wakes after that look sees it true and unparks the monitor).
     */
    private volatile boolean dormant;
    /** Whether the last {@link #look} saw a worker awake or a spare carrier active. Monitor-only. */
    private boolean anyAwake;

    /**
     * @param spareWorker makes a spare carrier's {@link Worker} for a slice, with its own progress,
     *                    counters and runner
     * @param lastOut     the final sweep, run by the last worker or carrier out
     */
    Carriers(String name, Object executor, int max, MachineLoad load, Termination termination, WorkerQueueTable<Mailbox> table,
             Worker[] workers, Thread[] threads, IntFunction<Worker> spareWorker, Runnable lastOut) {
        this.name = name;
        this.executor = executor;
        this.max = max;
        this.load = load;
        this.termination = termination;
        this.table = table;
        this.spareWorker = spareWorker;
        this.lastOut = lastOut;
        this.workers = new Watch[workers.length];
        for (int w = 0; w < workers.length; w++) {
            this.workers[w] = new Watch(workers[w].progress, workers[w].sleep, threads[w]);
            slices.add(new ArrayList<>());
        }
        this.monitor = new Thread(this, name + "-carriers");
        monitor.setDaemon(true);
    }

    /** Starts the monitor, after the workers have started. */
    void start() {
        if (termination.tryAddWatcher(monitor)) {
            monitor.start();
        }
    }

    /** The spare carriers started so far (each keeps its {@link Worker} for life). */
    List<Spare> spares() {
        return spares;
    }

    /**
     * The monitor's loop: a look, then a park of the current interval, or until a worker wakes
     * while all of them sleep, until the system is done.
     */
    @Override
    public void run() {
        long interval = Policy.TUNABLES.carrierLookMaxNanos();
        while (!termination.isDone()) {
            LockSupport.parkNanos(this, interval);
            load.sample(System.nanoTime());
            if (look()) {
                interval = Policy.TUNABLES.carrierLookMinNanos();
            } else if (anyAwake) {
                interval = Math.min(2 * interval, Policy.TUNABLES.carrierLookMaxNanos());
            } else {
                sleepUntilAWorkerWakes();
                interval = Policy.TUNABLES.carrierLookMaxNanos();
            }
        }
    }

    private void sleepUntilAWorkerWakes() {
        dormant = true;
        while (dormant && !termination.isDone() && allAsleep()) {
            // NOTE: an abort's interrupt comes with done; a stray one must not make this spin.
            Thread.interrupted();
            LockSupport.park(this);
        }
        dormant = false;
    }

    private boolean allAsleep() {
        for (Watch worker : workers) {
            if (!worker.sleep.isSleeping()) {
                return false;
            }
        }
        return true;
    }

    /** Called by a worker that woke from its sleep: wakes the monitor if it waits for that. */
    void workerWoke() {
        if (dormant) {
            dormant = false;
            LockSupport.unpark(monitor);
        }
    }

    /**
     * One look at every slice; activates a spare carrier for each slice whose carriers are all
     * blocked while it holds work.
     *
     * @return whether some carrier was waiting inside a batch (the next look comes sooner)
     */
    boolean look() {
        boolean waiting = false;
        boolean awake = false;
        for (int w = 0; w < workers.length; w++) {
            awake |= !workers[w].sleep.isSleeping();
            int seen = workers[w].look();
            waiting |= seen != RUNS;
            int runnable = seen == BLOCKED ? 0 : 1;
            for (Spare spare : slices.get(w)) {
                if (spare.isActive()) {
                    awake = true;
                    seen = spare.look();
                    waiting |= seen != RUNS;
                    runnable += seen == BLOCKED ? 0 : 1;
                }
            }
            if (runnable == 0 && max > 0 && hasWorkNobodyRuns(w)) {
                activate(w);
            }
        }
        anyAwake = awake;
        return waiting;
    }

    private boolean hasWorkNobodyRuns(int worker) {
        final int end = table.sliceEnd(worker);
        for (int slot = table.sliceStart(worker); slot < end; slot++) {
            final Mailbox mailbox = table.get(slot);
            if (mailbox != null && mailbox.hasMessagesRacy() && !mailbox.isBeingProcessedRacy()) {
                return true;
            }
        }
        return false;
    }

    /** Activates an idle spare carrier of the slice, or starts a new one within the bound. */
    private void activate(int worker) {
        final List<Spare> slice = slices.get(worker);
        for (Spare spare : slice) {
            if (!spare.isActive()) {
                spare.state = ACTIVE;
                LockSupport.unpark(spare.thread);
                return;
            }
        }
        if (spares.size() >= max) {
            return;
        }
        final Spare spare = new Spare(spareWorker.apply(worker));
        final Thread thread = new WorkerRunner.WorkerThread(spare, spare.worker, executor,
                name + "-worker-" + worker + "-spare-" + slice.size());
        thread.setDaemon(true);
        spare.thread = thread;
        if (!termination.tryAddCarrier(thread)) {
            return;
        }
        slice.add(spare);
        spares.add(spare);
        thread.start();
    }
}
