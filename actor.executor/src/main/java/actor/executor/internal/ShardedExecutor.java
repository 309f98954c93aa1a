package actor.executor.internal;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.Checks;
import actor.api.ErrorHandler;
import actor.api.FailurePolicy;
import actor.api.Message;
import actor.api.StatisticsMode;
import actor.api.SystemNotRunningException;
import actor.api.spi.ActorAccess;
import actor.api.spi.ActorExecutor;
import actor.stats.Counts;
import actor.stats.internal.OutsideCounters;
import actor.stats.Statistics;
import actor.stats.internal.StatisticsJmx;
import actor.steal.VictimSelector;
import actor.steal.WorkerView;
import actor.steal.internal.NoVictimSelector;
import actor.steal.internal.StealStamps;
import actor.steal.internal.WorkerQueueTable;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.agrona.concurrent.SystemNanoClock;

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
    private final boolean counting;
    private final Mailbox[] mailboxes;
    private final WorkerQueueTable<Mailbox> table;
    private final Worker[] workers;
    private final OutsideCounters outsideCounters;
    private final AtomicBoolean selectorFailureReported = new AtomicBoolean();
    /** Set by {@link #start()} when statistics are on; closed by the last exiting worker. */
    private StatisticsJmx jmx;
    private final LiveActorCount live = new LiveActorCount();
    private final AtomicLong outsideTickets = new AtomicLong();
    private final AtomicInteger runningWorkers;
    private final CountDownLatch exited = new CountDownLatch(1);
    /** Set once (volatile) when the workers must exit: stop completed, or a fatal error. */
    private volatile boolean done;
    /** The error that aborted the system, if any; written before {@code done}. */
    private volatile Throwable fatal;
    /** Set once, before {@code done}, when {@link #abort()} stopped a system with live actors. */
    private volatile boolean aborted;

    ShardedExecutor(ActorSystemConfig config, ActorAccess access) {
        this.config = config;
        this.access = access;
        this.errorHandler = config.errorHandler();
        this.failurePolicy = config.failurePolicy();
        this.debug = config.checks() == Checks.DEBUG;
        this.counting = config.statistics() == StatisticsMode.ON;
        final int m = config.mailboxes();
        final int n = config.workers();
        this.mailboxes = new Mailbox[m];
        for (int i = 0; i < m; i++) {
            mailboxes[i] = new Mailbox(i, new CopyQueue(), null);
        }
        this.table = new WorkerQueueTable<>(mailboxes.clone(), n);
        this.outsideCounters = counting ? new OutsideCounters() : null;
        final long sleepAfterNanos = config.sleepAfter().map(d -> d.toNanos()).orElse(-1L);
        this.workers = new Worker[n];
        for (int w = 0; w < n; w++) {
            workers[w] = new Worker(this, w, access, table, config.idleStrategy().get(), sleepAfterNanos, counting,
                    config.name() + "-worker-" + w);
            for (int slot = table.sliceStart(w); slot < table.sliceEnd(w); slot++) {
                table.get(slot).owner = workers[w];
            }
        }
        final VictimSelector selector = config.victimSelector();
        if (n > 1 && !(selector instanceof NoVictimSelector)) {
            final StealStamps stamps = new StealStamps(n, SystemNanoClock.INSTANCE);
            final WorkerView view = new View(stamps);
            for (Worker worker : workers) {
                worker.stealWith(new Thief(worker, this, table, selector, view, stamps));
            }
        }
        this.runningWorkers = new AtomicInteger(n);
    }

    void start() {
        if (counting) {
            jmx = StatisticsJmx.register(config.name(), this::statistics);
        }
        for (Worker worker : workers) {
            worker.thread.start();
        }
    }

    Worker worker(int index) {
        return workers[index];
    }

    @Override
    public int register(int home) {
        if (done || !live.tryRegister()) {
            throw new SystemNotRunningException("actor system '" + config.name() + "' is not running: "
                    + (fatal != null ? "it was aborted by " + fatal : aborted ? "it was aborted" : "it has stopped")
                    + "; create actors on a running system (ActorSystem.start)");
        }
        final Worker creator = currentWorker();
        if (counting) {
            if (creator != null) {
                creator.counters.actorCreated();
            } else {
                outsideCounters.actorCreated();
            }
        }
        if (home >= 0) {
            return home;
        }
        if (creator != null) {
            return creator.nextTicket();
        }
        return (int) Long.remainderUnsigned(outsideTickets.getAndIncrement(), mailboxes.length);
    }

    /** The worker running the calling thread, if it is one of this executor's. */
    private Worker currentWorker() {
        final Thread current = Thread.currentThread();
        if (current instanceof Worker.WorkerThread workerThread && workerThread.worker.executor() == this) {
            return workerThread.worker;
        }
        return null;
    }

    @Override
    public void send(int ticket, Actor<?> actor, Message message) {
        if (debug) {
            access.debugOnSend(message);
        }
        if (counting) {
            countSend();
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

    private void countSend() {
        final Worker sender = currentWorker();
        if (sender != null) {
            sender.counters.messageSent();
        } else {
            outsideCounters.messageSent();
        }
    }

    @Override
    public Statistics statistics() {
        if (!counting) {
            throw new IllegalStateException("statistics are off for actor system '" + config.name()
                    + "'; enable them with ActorSystemConfig.builder().statistics(StatisticsMode.ON)");
        }
        return snapshot(exited.getCount() == 0);
    }

    private Statistics snapshot(boolean exact) {
        final List<Counts> perWorker = new ArrayList<>(workers.length);
        for (Worker worker : workers) {
            perWorker.add(worker.counters.snapshot());
        }
        return new Statistics(config.name(), exact, outsideCounters.snapshot(), perWorker);
    }

    @Override
    public void stop() {
        refuseOnOwnWorker("stop()");
        requestStop();
        awaitExit();
        rethrowFatal();
    }

    /** Waits, without a time limit, until every worker has exited; keeps the interrupt status. */
    private void awaitExit() {
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
    }

    @Override
    public boolean stop(long timeoutNanos) throws InterruptedException {
        refuseOnOwnWorker("stop(Duration)");
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

    /** A stop waits for every worker to exit; on one of them it would wait for itself forever. */
    private void refuseOnOwnWorker(String call) {
        if (currentWorker() != null) {
            throw new IllegalStateException(call + " called from a behaviour, on worker thread '"
                    + Thread.currentThread().getName() + "' of actor system '" + config.name()
                    + "': it waits until every worker has exited, this one included, so it would never return. "
                    + "Terminate actors from behaviours (return a status other than NODELETE, or send a poison pill "
                    + "such as PoisonPill.FINISHED) and call stop from a thread outside the system; "
                    + "abort() may be called from a behaviour");
        }
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
    void fail(Throwable error) {
        if (fatal == null) {
            fatal = error;
        }
        finish();
    }

    @Override
    public void abort() {
        final Worker caller = currentWorker();
        if (!done) {
            aborted = true;
            finish();
            for (Worker worker : workers) {
                if (worker != caller) {
                    // NOTE: a behaviour blocked in an interruptible wait fails instead of hanging the abort.
                    worker.thread.interrupt();
                }
            }
        }
        if (caller != null) {
            // NOTE: called from a behaviour: its worker exits after the current batch; waiting here
            // for every worker to exit would wait for this one forever.
            return;
        }
        awaitExit();
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
        final long abandoned = live.live();
        if ((aborted || fatal != null) && abandoned > 0) {
            report(new ActorError.LiveActorsAbandoned(abandoned));
        }
        try {
            finishStatistics();
        } finally {
            exited.countDown();
        }
    }

    /** After every worker exited: the exact final snapshot goes to the report; JMX lets go. */
    private void finishStatistics() {
        if (!counting) {
            return;
        }
        jmx.close();
        final Statistics last = snapshot(true);
        config.statisticsReport().ifPresent(report -> {
            try {
                report.write(last);
            } catch (RuntimeException e) {
                LOG.log(Level.ERROR, "cannot write the statistics report of '" + config.name() + "'", e);
            }
        });
    }

    /** A selector broke its contract or threw; reported once per system. */
    void selectorFailed(VictimSelector selector, String problem, Throwable failure) {
        if (selectorFailureReported.compareAndSet(false, true)) {
            report(new ActorError.VictimSelectorFailed(selector.name(), problem, failure));
        }
    }

    /** What victim selectors see: steal stamps, and occupancy counted on request from racy reads. */
    private final class View implements WorkerView {
        private final StealStamps stamps;

        View(StealStamps stamps) {
            this.stamps = stamps;
        }

        @Override
        public int workers() {
            return workers.length;
        }

        @Override
        public long lastStealAttemptNanos(int worker) {
            return stamps.lastAttemptNanos(worker);
        }

        @Override
        public int occupancy(int worker) {
            int occupied = 0;
            for (int slot = table.sliceStart(worker); slot < table.sliceEnd(worker); slot++) {
                final Mailbox mailbox = table.get(slot);
                if (mailbox != null && mailbox.hasMessagesRacy()) {
                    occupied++;
                }
            }
            return occupied;
        }
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
