package actor.executor.internal;

import actor.api.tuning.IdleStrategy;

/**
 * Runs one {@link Worker}'s duty cycle on its thread, in the style of an Agrona {@code AgentRunner}:
 * the loop until the system is done, idling between cycles that found no work through the
 * configured {@link IdleStrategy}, sleeping once idle for {@code sleepAfterNanos} (at its second
 * empty cycle while other processes crowd the machine, {@link MachineLoad}), and the fatal
 * error that ends the system. With pinning, the thread first binds itself to its CPU
 * ({@link CpuAffinity}); a refusal is such a fatal error. On the way out the worker counts itself
 * out of the {@link Termination}; the last one runs the executor's final sweep.
 *
 * <p>Threading: {@link #run()} is the worker thread's body; nothing here is shared.
 */
final class WorkerRunner implements Runnable {

    private final Worker worker;
    private final Termination termination;
    private final IdleStrategy idle;
    /** Negative when the worker never sleeps. */
    private final long sleepAfterNanos;
    private final Runnable lastOut;
    /** Told each time the worker wakes from its sleep ({@link Carriers#workerWoke}). */
    private final Runnable woke;
    private final MachineLoad load;
    /** The CPU this worker's thread binds itself to; negative when it is not pinned. */
    private final int pinnedCpu;

    WorkerRunner(Worker worker, Termination termination, IdleStrategy idle, long sleepAfterNanos, Runnable lastOut,
                 Runnable woke, MachineLoad load, int pinnedCpu) {
        this.worker = worker;
        this.termination = termination;
        this.idle = idle;
        this.sleepAfterNanos = sleepAfterNanos;
        this.lastOut = lastOut;
        this.woke = woke;
        this.load = load;
        this.pinnedCpu = pinnedCpu;
    }

    @Override
    public void run() {
        try {
            if (pinnedCpu >= 0) {
                CpuAffinity.pinCurrentThread(pinnedCpu);
            }
            loop();
        } catch (Throwable fatal) {
            termination.fail(fatal);
            throw fatal;
        } finally {
            if (termination.workerExited()) {
                lastOut.run();
            }
        }
    }

    private void loop() {
        final Worker w = worker;
        final IdleStrategy idleStrategy = idle;
        final boolean sleeps = sleepAfterNanos >= 0;
        boolean idling = false;
        long idleSince = 0;
        while (!termination.isDone()) {
            if (w.doWork() > 0) {
                if (idling) {
                    idling = false;
                    idleStrategy.reset();
                }
                continue;
            }
            if (sleeps) {
                final long now = System.nanoTime();
                if (!idling) {
                    idleSince = now;
                } else if (now - idleSince >= sleepAfterNanos || Policy.CROWDED_SLEEP && load.crowded()) {
                    w.sleepUntilWork();
                    woke.run();
                    idling = false;
                    idleStrategy.reset();
                    continue;
                }
            }
            idling = true;
            idleStrategy.idle();
        }
    }

    /**
     * The thread of a worker, or of a spare carrier ({@link Carriers}), so the executor can
     * recognise its own threads and the {@link Worker} state their behaviours' sends use.
     */
    static final class WorkerThread extends Thread {
        final Worker worker;
        final Object executor;

        WorkerThread(WorkerRunner runner, Object executor, String name) {
            this(runner, runner.worker, executor, name);
        }

        WorkerThread(Runnable body, Worker worker, Object executor, String name) {
            super(body, name);
            this.worker = worker;
            this.executor = executor;
        }
    }
}
