package actor.api;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One system's pool for {@link ActorSystem#blocking}: a bounded elastic pool. No thread exists
 * before the first task; then a task gets a new daemon thread ({@code <system>-blocking-<n>}) while
 * fewer than the bound exist, and waits in an unbounded FIFO queue otherwise. A thread idle for
 * {@link #KEEP_ALIVE} exits. The system ends the pool: {@link #shutdown()} lets the tasks already
 * taken run; {@link #shutdownNow()} interrupts the running ones and fails the futures of those that
 * never ran with {@link SystemNotRunningException}. Either way no task is taken after.
 *
 * <p>Threading: {@link #submit}, {@link #shutdown} and {@link #shutdownNow} are called from any
 * thread and serialise on this object's monitor; the tasks run on the pool's threads and complete
 * their futures there.
 */
final class BlockingPool {

    /** How long a thread of the pool waits for a task before it exits. */
    static final Duration KEEP_ALIVE = Duration.ofSeconds(60);

    private final String systemName;
    private final int bound;
    /**
     * The number of the next thread, for its name. Taken by the thread that makes a pool thread: a
     * submitter under this object's monitor, or a pool thread replacing one that an {@link Error}
     * ended, outside it; hence atomic.
     */
    private final AtomicInteger threadNumbers = new AtomicInteger();
    /** The executor, made by the first {@link #submit}; written and read under this object's monitor. */
    private ThreadPoolExecutor pool;
    /** Why no more tasks are taken, null until the pool is ended; written and read under this object's monitor. */
    private String endReason;

    BlockingPool(String systemName, int bound) {
        this.systemName = systemName;
        this.bound = bound;
    }

    /**
     * Queues {@code task} to run on a thread of the pool.
     *
     * @return the future the task completes with its result or the exception it threw
     * @throws SystemNotRunningException if the pool has been ended
     */
    synchronized <T> CompletableFuture<T> submit(Callable<? extends T> task) {
        if (endReason != null) {
            throw notRunning(endReason);
        }
        if (pool == null) {
            pool = new ThreadPoolExecutor(bound, bound, KEEP_ALIVE.toNanos(), TimeUnit.NANOSECONDS,
                    new LinkedBlockingQueue<>(), this::newThread);
            pool.allowCoreThreadTimeOut(true);
        }
        final Task<T> queued = new Task<>(task);
        // NOTE: never rejected: the queue is unbounded and the executor is shut down only under this
        // monitor, after endReason is set.
        pool.execute(queued);
        return queued.future;
    }

    /** Ends the pool after a normal stop: no new task; the tasks running or queued still run. Idempotent. */
    synchronized void shutdown() {
        if (endReason == null) {
            endReason = "it has stopped";
        }
        if (pool != null) {
            pool.shutdown();
        }
    }

    /**
     * Ends the pool after an abort: the running tasks are interrupted, and the futures of the tasks
     * that never ran fail with {@link SystemNotRunningException} (outside the monitor, as their
     * dependents run then). Also after {@link #shutdown()}, which it hardens.
     */
    void shutdownNow() {
        final List<Runnable> neverRan;
        synchronized (this) {
            endReason = "it was aborted";
            neverRan = pool == null ? List.of() : pool.shutdownNow();
        }
        for (Runnable task : neverRan) {
            ((Task<?>) task).future.completeExceptionally(notRunning("it was aborted before this blocking task ran"));
        }
    }

    private SystemNotRunningException notRunning(String reason) {
        return new SystemNotRunningException("actor system '" + systemName + "' is not running: " + reason
                + "; run blocking tasks on a running system");
    }

    private Thread newThread(Runnable worker) {
        final Thread thread = new Thread(worker, systemName + "-blocking-" + threadNumbers.getAndIncrement());
        thread.setDaemon(true);
        return thread;
    }

    /** A task and its future: run once by a pool thread, or failed by {@link #shutdownNow()} if it never ran. */
    private static final class Task<T> implements Runnable {
        final CompletableFuture<T> future = new CompletableFuture<>();
        private final Callable<? extends T> callable;

        Task(Callable<? extends T> callable) {
            this.callable = callable;
        }

        @Override
        public void run() {
            if (future.isDone()) {
                return;                                 // cancelled before it ran: the call is not made
            }
            try {
                future.complete(callable.call());
            } catch (Throwable failure) {
                future.completeExceptionally(failure);
                if (failure instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                } else if (failure instanceof Error error) {
                    throw error;
                }
            }
        }
    }
}
