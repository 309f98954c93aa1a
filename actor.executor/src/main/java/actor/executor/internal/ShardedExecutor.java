package actor.executor.internal;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.Checks;
import actor.api.ErrorHandler;
import actor.api.FailurePolicy;
import actor.api.Message;
import actor.api.SystemNotRunningException;
import actor.api.spi.ActorAccess;
import actor.api.spi.ActorExecutor;
import actor.steal.WorkerQueueTable;
import java.lang.System.Logger.Level;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The message-centric executor: N workers over M sharded mailboxes.
 *
 * <p>Two arrays: {@code mailboxes[M]}, fixed and indexed by ticket, where every send goes; and the
 * {@link WorkerQueueTable} of references to them, partitioned into one slice per worker, which
 * stealing permutes. Senders never look at the table.
 *
 * <p><b>Send</b> ({@link #send}): lock the ticket's mailbox, push the envelope onto its copy queue,
 * note whether the mailbox's owner sleeps, unlock, wake the owner if so.
 *
 * <p><b>Termination</b>: a live-actor count with a stop flag ({@link LiveActorCount}). When a stop
 * was requested and the count reaches zero, the workers exit; the last one to exit closes every
 * mailbox and reports the messages still queued, together with those that reached terminated
 * actors, as one {@link ActorError.UndeliveredMessages}.
 */
final class ShardedExecutor implements ActorExecutor {

    private static final System.Logger LOG = System.getLogger("actor.executor");

    private final ActorSystemConfig config;
    private final ActorAccess access;
    private final ErrorHandler errorHandler;
    private final FailurePolicy failurePolicy;
    private final boolean debug;
    private final Mailbox[] mailboxes;
    private final Worker[] workers;
    private final LiveActorCount live = new LiveActorCount();
    private final AtomicLong outsideTickets = new AtomicLong();
    private final AtomicInteger runningWorkers;
    private final CountDownLatch exited = new CountDownLatch(1);
    /** Set once (volatile) when the workers must exit: stop completed, or a fatal error. */
    private volatile boolean done;
    /** The error that aborted the system, if any; written before {@code done}. */
    private volatile Throwable fatal;

    ShardedExecutor(ActorSystemConfig config, ActorAccess access) {
        this.config = config;
        this.access = access;
        this.errorHandler = config.errorHandler();
        this.failurePolicy = config.failurePolicy();
        this.debug = config.checks() == Checks.DEBUG;
        final int m = config.mailboxes();
        final int n = config.workers();
        this.mailboxes = new Mailbox[m];
        for (int i = 0; i < m; i++) {
            mailboxes[i] = new Mailbox(i, new CopyQueue(), null);
        }
        final WorkerQueueTable<Mailbox> table = new WorkerQueueTable<>(mailboxes.clone(), n);
        final long sleepAfterNanos = config.sleepAfter().map(d -> d.toNanos()).orElse(-1L);
        this.workers = new Worker[n];
        for (int w = 0; w < n; w++) {
            workers[w] = new Worker(this, w, access, table, config.idleStrategy().get(), sleepAfterNanos,
                    config.name() + "-worker-" + w);
            for (int slot = table.sliceStart(w); slot < table.sliceEnd(w); slot++) {
                table.get(slot).owner = workers[w];
            }
        }
        this.runningWorkers = new AtomicInteger(n);
    }

    void start() {
        for (Worker worker : workers) {
            worker.thread.start();
        }
    }

    @Override
    public int register(int home) {
        if (done || !live.tryRegister()) {
            throw new SystemNotRunningException("actor system '" + config.name() + "' is not running: "
                    + (fatal != null ? "it was aborted by " + fatal : "it has stopped")
                    + "; create actors on a running system (ActorSystem.start)");
        }
        if (home >= 0) {
            return home;
        }
        final Thread current = Thread.currentThread();
        if (current instanceof Worker.WorkerThread workerThread && workerThread.worker.executor() == this) {
            return workerThread.worker.nextTicket();
        }
        return (int) Long.remainderUnsigned(outsideTickets.getAndIncrement(), mailboxes.length);
    }

    @Override
    public void send(int ticket, Actor<?> actor, Message message) {
        if (debug) {
            access.debugOnSend(message);
        }
        final Mailbox mailbox = mailboxes[ticket];
        mailbox.lock();
        if (mailbox.closed) {
            mailbox.unlock();
            reportLateSend(actor, message);
            return;
        }
        mailbox.queue.push(actor, message);
        final Worker owner = mailbox.owner;
        final boolean ownerSleeps = owner.sleeping;
        mailbox.unlock();
        if (ownerSleeps) {
            owner.wake();
        }
    }

    @Override
    public void stop() {
        requestStop();
        boolean interrupted = false;
        while (true) {
            try {
                exited.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        for (Worker worker : workers) {
            while (true) {
                try {
                    worker.thread.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        rethrowFatal();
    }

    @Override
    public boolean stop(long timeoutNanos) throws InterruptedException {
        requestStop();
        if (!exited.await(timeoutNanos, TimeUnit.NANOSECONDS)) {
            return false;
        }
        for (Worker worker : workers) {
            // NOTE: every worker has left its loop; joining only waits for its last instructions.
            worker.thread.join();
        }
        rethrowFatal();
        return true;
    }

    @Override
    public boolean isRunning() {
        return !done && !live.isDone();
    }

    @Override
    public long liveActors() {
        return live.live();
    }

    boolean isDone() {
        return done;
    }

    private void requestStop() {
        if (live.requestStop()) {
            finish();
        }
    }

    /** Called by a worker after each batch that terminated actors. */
    void actorsTerminated(long n) {
        if (live.terminated(n)) {
            finish();
        }
    }

    private void finish() {
        done = true;
        for (Worker worker : workers) {
            worker.wakeForExit();
        }
    }

    /** A worker hit an error it cannot recover from (OutOfMemoryError, or a bug): stop everything. */
    void abort(Throwable error) {
        if (fatal == null) {
            fatal = error;
        }
        finish();
    }

    /** Called by each worker as it exits; the last one closes the mailboxes and reports leftovers. */
    void workerExited() {
        if (runningWorkers.decrementAndGet() != 0) {
            return;
        }
        final UndeliveredLog undelivered = new UndeliveredLog();
        for (Worker worker : workers) {
            undelivered.addAll(worker.undelivered);
        }
        for (Mailbox mailbox : mailboxes) {
            mailbox.lock();
            mailbox.closed = true;
            final CopyQueue queue = mailbox.queue;
            while (!queue.isEmpty()) {
                undelivered.record((Actor<?>) queue.headActor(), queue.headMessage());
                queue.pop();
            }
            mailbox.unlock();
        }
        if (undelivered.count() > 0) {
            report(new ActorError.UndeliveredMessages(undelivered.count(), undelivered.examples()));
        }
        exited.countDown();
    }

    Allocation behaviourFailed(Actor<?> actor, Message message, Throwable failure) {
        Allocation outcome;
        try {
            outcome = failurePolicy.onFailure(actor, message, failure);
        } catch (RuntimeException policyFailure) {
            failure.addSuppressed(policyFailure);
            outcome = null;
        }
        if (outcome == null) {
            outcome = Allocation.FINISHED;
        }
        report(new ActorError.BehaviourFailed(actor, message, failure, outcome));
        return outcome;
    }

    void hookFailed(Object target, RuntimeException failure) {
        report(new ActorError.DestroyHookFailed(target, failure));
    }

    private void reportLateSend(Actor<?> actor, Message message) {
        final UndeliveredLog late = new UndeliveredLog();
        late.record(actor, message);
        report(new ActorError.UndeliveredMessages(1, late.examples()));
    }

    private void report(ActorError error) {
        try {
            errorHandler.handle(error);
        } catch (RuntimeException handlerFailure) {
            LOG.log(Level.ERROR, "error handler failed on: " + error.describe(), handlerFailure);
        }
    }

    private void rethrowFatal() {
        final Throwable error = fatal;
        if (error instanceof Error e) {
            throw e;
        }
        if (error != null) {
            throw new IllegalStateException("actor system '" + config.name() + "' was aborted", error);
        }
    }
}
