package actor.executor.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The executor's life cycle in one place: the live-actor count with the stop request
 * ({@link LiveActorCount}), the {@code done} flag workers poll, the fatal error or abort that ended
 * the system early, and the workers' exit.
 *
 * <p>{@code done} is set once (volatile) when the workers must exit: a requested stop reached zero
 * live actors, a worker hit a fatal error, or the system was aborted; every worker is then woken.
 * {@code fatal} and {@code aborted} are written before {@code done}, so a thread that sees
 * {@code done} sees why. Workers count themselves out ({@link #workerExited}); the last one does
 * the final sweep and then {@link #exited} releases every waiting {@code stop}. Spare carriers
 * ({@link Carriers}) count in and out the same way, so the sweep waits for them too: a carrier
 * joins only while the system runs ({@link #tryAddCarrier}).
 *
 * <p>The workers are daemon threads; unless the system is configured {@code daemon(true)}, a
 * non-daemon keeper thread holds the JVM alive instead, parked until the system has ended: every
 * worker has exited, or an abort has left behind the workers stuck in a behaviour
 * ({@link #leftBehind}), which then no longer keep the JVM alive. The keeper costs nothing while it
 * waits.
 *
 * <p>Threading: every method may be called from any thread.
 */
final class Termination {

    private final LiveActorCount live = new LiveActorCount();
    private final CountDownLatch exited = new CountDownLatch(1);
    /** Released when the system has ended: at {@link #exited}, or when an abort left workers behind. */
    private final CountDownLatch ended = new CountDownLatch(1);
    /** Holds the JVM alive until {@link #ended}; null for a daemon system. */
    private final Thread keeper;
    /** Workers and spare carriers that have not left their loops; 0 once the last has. */
    private final AtomicInteger runningWorkers;
    /**
     * The spare carriers' threads, added before they count in ({@link #tryAddCarrier}): woken at
     * the end, interrupted by an abort, joined by the exit waits.
     */
    private final List<Thread> carriers = new CopyOnWriteArrayList<>();
    private final Thread[] threads;
    private final WorkerSleep[] sleeps;
    /** Set once (volatile) when the workers must exit. */
    private volatile boolean done;
    /** The error that aborted the system, if any; written before {@code done}. */
    private volatile Throwable fatal;
    /** Set before {@code done} when {@link #abort()} ended a system early. */
    private volatile boolean aborted;

    /** @param keeperName the keeper thread's name; null for a system that does not keep the JVM alive */
    Termination(int workers, String keeperName) {
        this.runningWorkers = new AtomicInteger(workers);
        this.threads = new Thread[workers];
        this.sleeps = new WorkerSleep[workers];
        this.keeper = keeperName == null ? null : new Thread(this::keepUntilEnded, keeperName);
    }

    /** Starts the keeper thread, if any; called once, with the workers. */
    void startKeeper() {
        if (keeper != null) {
            keeper.start();
        }
    }

    /**
     * The keeper's body: waits until the system has ended. An interrupt does not end it early (its
     * only duty is to outlive the system); it is set again on return.
     */
    private void keepUntilEnded() {
        boolean interrupted = false;
        while (true) {
            try {
                ended.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** An abort gave up waiting for stuck workers: the system has ended without them. */
    void leftBehind() {
        ended.countDown();
    }

    /** Binds worker {@code index}; called for every worker before any starts. */
    void bind(int index, Thread thread, WorkerSleep sleep) {
        threads[index] = thread;
        sleeps[index] = sleep;
    }

    /** Counts one more live actor; false if the system no longer accepts actors. */
    boolean tryRegister() {
        return !done && live.tryRegister();
    }

    /** Counts {@code n} actors terminated by one pass of a worker. */
    void terminated(long n) {
        if (live.terminated(n)) {
            finish();
        }
    }

    /** Requests the stop; the system is done once no actor is live. */
    void requestStop() {
        if (live.requestStop()) {
            finish();
        }
    }

    /** A worker hit an error it cannot recover from: stop everything, keep the first cause. */
    void fail(Throwable error) {
        if (fatal == null) {
            fatal = error;
        }
        finish();
    }

    /**
     * Ends the system now, live actors or not, and interrupts every worker so a behaviour blocked in
     * an interruptible wait fails instead of holding the exit; {@code except} (the calling worker's
     * thread, if a behaviour aborts) is not interrupted.
     */
    void abort(Thread except) {
        if (done) {
            return;
        }
        aborted = true;
        finish();
        for (Thread thread : threads) {
            if (thread != except) {
                thread.interrupt();
            }
        }
        for (Thread thread : carriers) {
            if (thread != except) {
                thread.interrupt();
            }
        }
    }

    private void finish() {
        done = true;
        for (WorkerSleep sleep : sleeps) {
            sleep.wakeForExit();
        }
        // NOTE: a carrier added after this loop read the list reads done = true before it parks.
        for (Thread carrier : carriers) {
            LockSupport.unpark(carrier);
        }
    }

    boolean isDone() {
        return done;
    }

    /** Whether actors may still be created. */
    boolean isRunning() {
        return !done && !live.isDone();
    }

    long liveActors() {
        return live.live();
    }

    Throwable fatal() {
        return fatal;
    }

    boolean endedEarly() {
        return aborted || fatal != null;
    }

    /** Why the system accepts no more actors, for exception messages. */
    String notRunningReason() {
        final Throwable error = fatal;
        return error != null ? "it was aborted by " + error : aborted ? "it was aborted" : "it has stopped";
    }

    /**
     * Counts a spare carrier in, unless the system is done or every worker has already left: its
     * thread is then woken at the end and interrupted by an abort, and it must count itself out
     * ({@link #workerExited}).
     *
     * @return false if it may not start
     */
    boolean tryAddCarrier(Thread carrier) {
        carriers.add(carrier);
        while (!done) {
            final int running = runningWorkers.get();
            if (running == 0) {
                break;
            }
            if (runningWorkers.compareAndSet(running, running + 1)) {
                return true;
            }
        }
        carriers.remove(carrier);
        return false;
    }

    /**
     * Adds a thread that watches the workers (it does not count in): woken at the end, interrupted
     * by an abort, joined by the exit waits.
     *
     * @return false if the system is already done
     */
    boolean tryAddWatcher(Thread watcher) {
        carriers.add(watcher);
        if (done) {
            carriers.remove(watcher);
            return false;
        }
        return true;
    }

    /** The workers' threads, then the spare carriers' that have counted in: for joins and reports of stuck threads. */
    List<Thread> allThreads() {
        final List<Thread> all = new ArrayList<>(List.of(threads));
        all.addAll(carriers);
        return all;
    }

    /** Called by each worker as it leaves its loop; true for the last one, which does the sweep. */
    boolean workerExited() {
        return runningWorkers.decrementAndGet() == 0;
    }

    /** Called by the last worker after the sweep: releases every waiting stop. */
    void exited() {
        exited.countDown();
        ended.countDown();
    }

    boolean hasExited() {
        return exited.getCount() == 0;
    }

    /** Waits, without a time limit, until every worker has exited; keeps the interrupt status. */
    void awaitExit() {
        boolean interrupted = false;
        while (true) {
            try {
                exited.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        for (Thread thread : allThreads()) {
            while (true) {
                try {
                    thread.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        while (keeper != null) {
            try {
                keeper.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits at most {@code timeoutNanos} for every worker to exit. */
    boolean awaitExit(long timeoutNanos) throws InterruptedException {
        if (!exited.await(timeoutNanos, TimeUnit.NANOSECONDS)) {
            return false;
        }
        for (Thread thread : allThreads()) {
            // NOTE: every worker and carrier has left its loop; joining only waits for its last instructions.
            thread.join();
        }
        if (keeper != null) {
            // NOTE: released with the exit, the keeper only has to return.
            keeper.join();
        }
        return true;
    }

    /** What a stop called from a behaviour of {@code systemName} throws instead of waiting for itself. */
    static IllegalStateException stopFromWorker(String call, String systemName) {
        return new IllegalStateException(call + " called from a behaviour, on worker thread '"
                + Thread.currentThread().getName() + "' of actor system '" + systemName
                + "': it waits until every worker has exited, this one included, so it would never return. "
                + "Terminate actors from behaviours (return a status other than NODELETE, or send a poison pill "
                + "such as PoisonPill.FINISHED) and call stop from a thread outside the system; "
                + "abort() may be called from a behaviour");
    }

    /** After the exit: rethrows a fatal Error as is, wraps anything else. */
    void rethrowFatal(String systemName) {
        final Throwable error = fatal;
        if (error instanceof Error e) {
            throw e;
        }
        if (error != null) {
            throw new IllegalStateException("actor system '" + systemName + "' was aborted", error);
        }
    }
}
