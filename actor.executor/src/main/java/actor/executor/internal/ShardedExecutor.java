package actor.executor.internal;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorRef;
import actor.api.ActorSystemConfig;
import actor.api.Cancellable;
import actor.api.spi.ActorExecutor.TimerKind;
import actor.api.Checks;
import actor.api.ContextPropagator;
import actor.api.Continuation;
import actor.api.MailboxBound;
import actor.api.tuning.MailboxKind;
import actor.api.SystemNotRunningException;
import actor.api.spi.ActorAccess;
import actor.api.spi.ActorExecutor;
import actor.api.spi.Registration;
import actor.stats.Health;
import actor.stats.Statistics;
import actor.stats.internal.WorkerCounters;
import actor.steal.VictimSelector;
import actor.steal.internal.NoVictimSelector;
import actor.steal.internal.StealStamps;
import actor.steal.internal.WorkerQueueTable;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.agrona.concurrent.SystemNanoClock;

/**
 * The message-centric executor: N workers over M sharded mailboxes, assembled from one class per
 * mechanism: {@link Mailbox} (the send and the gulp, of the configured {@link MailboxKind}:
 * {@link CopyQueueMailbox} under a spin lock, or {@link MpscMailbox} with lock-free sends), {@link Worker} and
 * {@link WorkerRunner} (the duty cycle and its loop), {@link EnvelopeRunner} (running one envelope),
 * {@link Thief} (a steal and the owners it moves), {@link WorkerSleep} (sleep and wake-up),
 * {@link Termination} (live count, stop, abort, exit), {@link Carriers} (spare carriers for blocked workers), {@link ExitWait} (waits that report what they
 * wait for), {@link LiveActors} (the live registrations), {@link Ending} (shutdown and a quiet
 * close), {@link Placement} (tickets), {@link Reporter} (errors), {@link BoundedSends} with
 * {@link BoundedRegistration} (the opt-in bound of an actor's queue) and {@link LengthAlarm} (the
 * mailbox-length alarm).
 *
 * <p>Two arrays: {@code mailboxes[M]}, fixed and indexed by ticket, where every send goes; and the
 * {@link WorkerQueueTable} of references to them, one slice per worker, which stealing permutes.
 * Senders never look at the table. When the system is done the last worker to exit closes every
 * mailbox and reports the messages still queued, with those that reached terminated actors.
 */
final class ShardedExecutor implements ActorExecutor {


    private final ActorSystemConfig config;
    private final ActorAccess access;
    private final boolean debug;
    /** The system's propagator ({@link ContextPropagator}), or null: then nothing is captured or wrapped. */
    private final ContextPropagator propagator;
    /**
     * Whether a send does anything before it queues: debug checks, or capturing the sender's
     * context ({@link Traced}). One per-system flag, so an untraced send without debug checks tests
     * exactly one field, as it did before propagation existed.
     */
    private final boolean sendHooks;
    private final ExecutorStatistics statistics;
    private final Reporter reporter;
    private final Termination termination;
    private final ExitWait exitWait;
    private final Ending ending;
    private final Timers timers;
    private final LongSupplier deadLetters;
    private final Mailbox[] mailboxes;
    private final WorkerQueueTable<Mailbox> table;
    private final Placement placement;
    private final Worker[] workers;
    private final Thread[] threads;
    private final Carriers carriers;
    /** How bounded actors' registrations present this executor ({@link BoundedRegistration}). */
    private final BoundedSends boundedSends;
    /** The mailbox-length alarm, null when it is off. */
    private final LengthAlarm alarm;

    ShardedExecutor(ActorSystemConfig config, ActorAccess access, LongSupplier deadLetters) {
        Policy.check();
        this.config = config;
        this.access = access;
        this.debug = config.checks() == Checks.DEBUG;
        this.propagator = config.contextPropagator().orElse(null);
        this.sendHooks = debug || propagator != null;
        this.statistics = new ExecutorStatistics(config);
        this.reporter = new Reporter(config.errorHandler(), config.failurePolicy());
        final int m = config.mailboxes();
        final int n = config.workers();
        this.termination = new Termination(n, config.daemon() ? null : config.name() + "-keeper");
        final WorkerSleep[] sleeps = new WorkerSleep[n];
        final WorkerProgress[] progress = new WorkerProgress[n];
        for (int w = 0; w < n; w++) {
            sleeps[w] = new WorkerSleep(w, termination);
            progress[w] = new WorkerProgress();
        }
        this.mailboxes = new Mailbox[m];
        final CopyQueue.EnvelopeSink lateSends =
                (to, message) -> reporter.lateSend(access, ((Registration) to).actor(), message);
        final boolean mpsc = config.mailboxKind() == MailboxKind.MPSC;
        for (int i = 0; i < m; i++) {
            mailboxes[i] = mpsc ? new MpscMailbox(i, lateSends) : new CopyQueueMailbox(i, new CopyQueue());
        }
        this.table = new WorkerQueueTable<>(mailboxes.clone(), n);
        for (int i = 0; i < m; i++) {
            // NOTE: plain writes before the workers start; Thread.start publishes them.
            mailboxes[i].owner = sleeps[table.workerOf(i)];
            mailboxes[i].executor = this;
        }
        final VictimSelector selector = config.victimSelector();
        final boolean stealing = n > 1 && !(selector instanceof NoVictimSelector);
        this.placement = new Placement(table, config.placement(), stealing);
        this.deadLetters = deadLetters;
        this.timers = new Timers(config.name(), reporter, access);
        this.exitWait = new ExitWait(termination, mailboxes, access, timers, reporter, config.stopWarningAfter().toNanos());
        final long sleepAfterNanos = config.sleepAfter().map(d -> d.toNanos()).orElse(-1L);
        final StealStamps stamps = stealing ? new StealStamps(n, SystemNanoClock.INSTANCE) : null;
        final int[] pinnedCpus = CpuAffinity.workerCpus(config);
        final MachineLoad load = MachineLoad.PROCESS;
        this.workers = new Worker[n];
        this.threads = new Thread[n];
        for (int w = 0; w < n; w++) {
            final WorkerCounters counters = new WorkerCounters();
            final Worker worker = new Worker(w, sleeps[w], progress[w], counters, new EnvelopeRunner(access, reporter,
                    termination, progress[w], counters, statistics.counting(), propagator, w), termination, table);
            if (stealing) {
                worker.stealWith(new Thief(w, sleeps, progress, table, selector,
                        new StealView(table, stamps, config.topology()), stamps, reporter, counters));
            }
            final WorkerRunner runner = new WorkerRunner(worker, termination, config.idleStrategy().get(),
                    sleepAfterNanos, this::finalSweep, this::workerWoke, load, pinnedCpus == null ? -1 : pinnedCpus[w]);
            workers[w] = worker;
            threads[w] = new WorkerRunner.WorkerThread(runner, this, config.name() + "-worker-" + w);
            // NOTE: always daemon, so a worker an abort left behind never keeps the JVM alive; the
            // termination's keeper thread holds it alive instead, while the system runs.
            threads[w].setDaemon(true);
            sleeps[w].bind(threads[w]);
            termination.bind(w, threads[w], sleeps[w]);
        }
        final int spareCarriers = Policy.SPARE_CARRIERS ? config.spareCarriers() : 0;
        this.carriers = new Carriers(config.name(), this, spareCarriers, load, termination, table, workers, threads,
                w -> {
                    final WorkerProgress own = new WorkerProgress();
                    final WorkerCounters counters = new WorkerCounters();
                    return new Worker(w, sleeps[w], own, counters, new EnvelopeRunner(access, reporter, termination,
                            own, counters, statistics.counting(), propagator, w), termination, table);
                }, this::finalSweep);
        this.ending = new Ending(config, termination, exitWait, timers, reporter, mailboxes, access, workers, carriers,
                this::post, this::abort);
        this.boundedSends = new BoundedSends(this, access, reporter, debug);
        this.alarm = config.mailboxAlarm() == 0 ? null
                : new LengthAlarm(config.name(), mailboxes, config.mailboxAlarm(), reporter, access);
    }

    void start() {
        statistics.start(workers, carriers, this::health, this::queuedBy);
        termination.startKeeper();
        for (Thread thread : threads) {
            thread.start();
        }
        carriers.start();
        if (alarm != null) {
            final long every = config.mailboxAlarmEvery().toNanos();
            timers.scheduleInternal(every, every, alarm);
        }
    }

    @Override
    public Registration register(Actor<?> actor, Registration previous, MailboxBound bound) {
        final Worker creator = currentWorker();
        if (!admit(creator)) {
            throw new SystemNotRunningException("actor system '" + config.name() + "' is not running: "
                    + termination.notRunningReason() + "; create actors on a running system (ActorSystem.start)");
        }
        statistics.actorCreated(creator);
        if (creator != null) {
            creator.runner.noteCreation();
        }
        final boolean again = previous != null && previous.executor() == this;
        final Mailbox joining = again ? null : placement.joining(actor, creator);
        if (joining != null) {
            final MailboxRegistration made = registration(actor, joining, bound);
            joining.linkJoined(made);
            return made;
        }
        final int ticket = again ? previous.ticket() : placement.ticketFor(actor, creator);
        final MailboxRegistration made = registration(actor, mailboxes[ticket], bound);
        made.mailbox.link(made);
        return made;
    }

    /** A new registration of {@code actor} in {@code mailbox}: a bounded one if it has a bound. */
    private MailboxRegistration registration(Actor<?> actor, Mailbox mailbox, MailboxBound bound) {
        return bound == null ? new MailboxRegistration(actor, mailbox) : new BoundedRegistration(actor, mailbox, bound,
                boundedSends);
    }

    @Override
    public <T> void await(Registration registration, CompletionStage<T> stage, Continuation<? super T> continuation) {
        final MailboxRegistration to = (MailboxRegistration) registration;
        final Worker worker = currentWorker();
        if (worker == null || !worker.runner.isRunning(to)) {
            throw new IllegalStateException("await is for " + to.actor() + "'s own behaviour, on its worker; "
                    + Thread.currentThread().getName() + " is not running it");
        }
        Suspension suspension = to.mailbox.suspensionOf(to);
        if (suspension != null && suspension.active) {
            throw new IllegalStateException(to.actor() + " already awaits a stage: await once per behaviour "
                    + "(its continuation may await again)");
        }
        if (suspension == null) {
            suspension = new Suspension(this, to);
            to.mailbox.keepSuspension(to, suspension);
        }
        // NOTE: the continuation continues the behaviour that awaits, so it runs in that behaviour's context.
        suspension.arm(continuation, propagator == null ? null : propagator.capture());
        try {
            stage.whenComplete(suspension);
        } catch (RuntimeException | Error refused) {
            suspension.disarm();
            throw refused;
        }
    }

    @Override
    public <Q> void ask(Registration registration, ActorRef<Q> target, Function<? super ActorRef<Object>, ? extends Q> request,
                        long timeoutNanos, Continuation<?> continuation) {
        final MailboxRegistration to = runningHere(registration, "ask");
        Suspension suspension = to.mailbox.suspensionOf(to);
        if (suspension != null && suspension.active) {
            throw new IllegalStateException(to.actor() + " already awaits a stage: ask or await once per behaviour "
                    + "(its continuation may ask again)");
        }
        if (suspension == null) {
            suspension = new Suspension(this, to);
            to.mailbox.keepSuspension(to, suspension);
        }
        final AskReply reply = new AskReply(suspension, access, target, timeoutNanos);
        suspension.arm(continuation, propagator == null ? null : propagator.capture());
        try {
            final Q question = request.apply(reply);
            if (question == null) {
                throw new NullPointerException("the request built");
            }
            target.send(question);
        } catch (RuntimeException | Error refused) {
            if (reply.abandon()) {
                suspension.disarm();
            }
            throw refused;
        }
        suspension.askTimeout(timers).start(reply);
    }

    /**
     * Counts a new live actor, unless the system accepts no more. A behaviour's worker that
     * terminated an actor this pass cancels that termination instead
     * ({@link EnvelopeRunner#takeTerminationCredit}), with no atomic operation: a chain of actors
     * that each create the next and end costs the live count nothing.
     */
    @Override
    public void watch(Registration watcher, Actor<?> target, Registration targetLive, Object notification) {
        final MailboxRegistration self = runningHere(watcher, "watch");
        if (targetLive != null && !(targetLive instanceof MailboxRegistration)) {
            throw new IllegalArgumentException(target + " runs on another kind of executor; watch actors of this toolkit's systems");
        }
        final DeathWatches kept = self.mailbox.watches(false);
        final DeathWatch existing = kept == null ? null : kept.watchOf(self, target);
        if (existing != null) {
            if (existing.notification.equals(notification)) {
                return;
            }
            throw new IllegalStateException(self.actor() + " already watches " + target + " with notification "
                    + existing.notification.getClass().getName() + " not equal to the new one; unwatch it first");
        }
        final MailboxRegistration live = (MailboxRegistration) targetLive;
        final DeathWatch made = new DeathWatch(self, target, live, notification);
        self.mailbox.watches(true).keep(made);
        if (live == null) {
            made.post(DeathWatch.Kind.NOTICE, self);
        } else {
            made.post(DeathWatch.Kind.WATCH, live);
        }
    }

    @Override
    public void adopt(Registration child, Registration parent, Object notice) {
        final MailboxRegistration self = runningHere(parent, "spawnChild");
        if (!(child instanceof MailboxRegistration adopted) || adopted.executor() != this && adopted.executor() != boundedSends) {
            throw new IllegalArgumentException(child.actor() + " is registered with another system than its parent "
                    + self.actor() + "; make a child on the system its constructor is given");
        }
        new DeathWatch(adopted, self.actor(), self, notice, true).post(DeathWatch.Kind.ADOPT, adopted);
    }

    @Override
    public void unwatch(Registration watcher, Actor<?> target) {
        final MailboxRegistration self = runningHere(watcher, "unwatch");
        final DeathWatches kept = self.mailbox.watches(false);
        final DeathWatch removed = kept == null ? null : kept.forget(self, target);
        self.mailbox.dropWatchesIfEmpty();
        if (removed != null && removed.targetRegistration != null) {
            removed.post(DeathWatch.Kind.UNWATCH, removed.targetRegistration);
        }
    }

    @Override
    public Cancellable startTimer(Registration owner, Object holder, Object tick, TimerKind kind,
                                  long delayNanos, long periodNanos) {
        final MailboxRegistration self = runningHere(owner, "startTimer");
        refuseUnlessRunning();
        self.mailbox.keepTimers(self, holder);
        return timers.scheduleKeyed(delayNanos, kind == TimerKind.SINGLE ? 0 : periodNanos, kind, self, tick,
                propagator == null ? null : propagator.capture());
    }

    /** {@code registration}, whose behaviour must be running on the calling worker; {@code call} names the caller for the exception. */
    private MailboxRegistration runningHere(Registration registration, String call) {
        final MailboxRegistration to = (MailboxRegistration) registration;
        final Worker worker = currentWorker();
        if (worker == null || !worker.runner.isRunning(to)) {
            throw new IllegalStateException(call + " is for " + to.actor() + "'s own behaviour, on its worker; "
                    + Thread.currentThread().getName() + " is not running it");
        }
        return to;
    }

    private boolean admit(Worker creator) {
        if (creator != null && !termination.isDone() && creator.runner.takeTerminationCredit()) {
            return true;
        }
        return termination.tryRegister();
    }

    /** The worker running the calling thread, if it is one of this executor's. */
    private Worker currentWorker() {
        if (Thread.currentThread() instanceof WorkerRunner.WorkerThread thread && thread.executor == this) {
            return thread.worker;
        }
        return null;
    }

    @Override
    public void send(Registration to, Object message) {
        post(to, sendHooks ? hooked(message) : message);
    }

    /**
     * What a send queues on a system with {@link #sendHooks}: after the debug checks, the message
     * itself, or the message with the sender's context ({@link Traced}).
     */
    private Object hooked(Object message) {
        if (debug) {
            access.debugOnSend(message);
        }
        return propagator == null ? message : new Traced(propagator.capture(), System.nanoTime(), message);
    }

    /**
     * Queues {@code message} as it is: a send's last step, and the executor's own envelopes (an
     * await's resumption, a death watch's signal, a keyed timer's expiry, a shutdown's pills), which
     * carry no sender's context.
     */
    void post(Registration to, Object message) {
        final Worker sender = currentWorker();
        statistics.messageSent(sender);
        final Mailbox mailbox = ((MailboxRegistration) to).mailbox;
        if (!(sender != null ? sender.send(mailbox, to, message) : mailbox.push(to, message))) {
            reporter.lateSend(access, to.actor(), message);
        }
    }

    /**
     * The executor of {@code registration}: its {@link MailboxRegistration#executor()}, or the one
     * behind it when that is a bounded actor's {@link BoundedSends}.
     */
    static ShardedExecutor of(MailboxRegistration registration) {
        final ActorExecutor executor = registration.executor();
        return executor instanceof BoundedSends bounded ? bounded.executor : (ShardedExecutor) executor;
    }

    /** The bridge to actor internals, for reports that name actors. */
    ActorAccess access() {
        return access;
    }

    /**
     * An unbounded actor's {@code trySend}: always room. (A bounded actor's registration sends
     * through {@link BoundedSends} instead.)
     */
    @Override
    public boolean trySend(Registration to, Object message) {
        send(to, message);
        return true;
    }

    /** An unbounded actor's: {@link #send}. (A bounded actor's registration goes through {@link BoundedSends}.) */
    @Override
    public void sendPastBound(Registration to, Object message) {
        send(to, message);
    }

    /**
     * {@link #send}, for a bounded actor's counted message ({@link BoundedSends}), saying whether it
     * was queued: false if the mailbox was closed (then it was reported, as by {@code send}).
     */
    boolean sendCounted(Registration to, Object message) {
        final Object queued = sendHooks ? hooked(message) : message;
        final Worker sender = currentWorker();
        statistics.messageSent(sender);
        final Mailbox mailbox = ((MailboxRegistration) to).mailbox;
        if (!(sender != null ? sender.send(mailbox, to, queued) : mailbox.push(to, queued))) {
            reporter.lateSend(access, to.actor(), queued);
            return false;
        }
        return true;
    }

    @Override
    public Statistics statistics() {
        return statistics.snapshot(termination.hasExited());
    }

    @Override
    public void stop() {
        refuseOnOwnWorker("stop()");
        termination.requestStop();
        exitWait.await("stop()");
        termination.rethrowFatal(config.name());
    }

    @Override
    public boolean stop(long timeoutNanos) throws InterruptedException {
        refuseOnOwnWorker("stop(Duration)");
        termination.requestStop();
        if (!exitWait.await("stop(Duration)", timeoutNanos)) {
            return false;
        }
        termination.rethrowFatal(config.name());
        return true;
    }

    @Override
    public boolean shutdown(long timeoutNanos) throws InterruptedException {
        refuseOnOwnWorker("shutdown(Duration)");
        termination.requestStop();
        return ending.shutdown(timeoutNanos);
    }

    @Override
    public void close() {
        refuseOnOwnWorker("close()");
        termination.requestStop();
        ending.close();
    }

    /** A stop waits for every worker to exit; on one of them it would wait for itself forever. */
    private void refuseOnOwnWorker(String call) {
        if (currentWorker() != null) {
            throw Termination.stopFromWorker(call, config.name());
        }
    }

    @Override
    public void abort() {
        final Worker caller = currentWorker();
        termination.abort(caller == null ? null : Thread.currentThread());
        if (caller == null) {
            exitWait.awaitAfterAbort();
        }
        // NOTE: called from a behaviour, abort returns at once: its worker exits after the current
        // batch, and waiting here for every worker to exit would wait for this one forever.
    }

    @Override
    public Cancellable schedule(long delayNanos, long periodNanos, Runnable action) {
        refuseUnlessRunning();
        return timers.schedule(delayNanos, periodNanos, action);
    }

    @Override
    public Cancellable scheduleSend(long delayNanos, long periodNanos, ActorRef<?> target, Object message) {
        refuseUnlessRunning();
        return timers.scheduleSend(delayNanos, periodNanos, target, message, propagator,
                propagator == null ? null : propagator.capture());
    }

    private void refuseUnlessRunning() {
        if (!termination.isRunning()) {
            throw new SystemNotRunningException("actor system '" + config.name() + "' is not running: "
                    + termination.notRunningReason() + "; schedule sends on a running system");
        }
    }

    @Override
    public boolean isRunning() {
        return termination.isRunning();
    }

    @Override
    public long liveActors() {
        return termination.liveActors();
    }

    /**
     * Live actors, dead letters, failures, undelivered messages and the racy backlog, for the
     * statistics. Undelivered: what was reported, plus, until the final sweep has reported them,
     * what the workers set aside for actors that had terminated.
     */
    private Health health() {
        final boolean exited = termination.hasExited();
        long undelivered = reporter.undeliveredReported();
        long backlog = 0;
        long longest = 0;
        if (!exited) {
            for (Worker worker : workers) {
                undelivered += worker.runner.undelivered.countRacy();
            }
            for (Carriers.Spare spare : carriers.spares()) {
                undelivered += spare.worker.runner.undelivered.countRacy();
            }
            for (Mailbox mailbox : mailboxes) {
                final int size = mailbox.sizeRacy();
                backlog += size;
                longest = Math.max(longest, size);
            }
        }
        return new Health(termination.liveActors(), deadLetters.getAsLong(), reporter.failures(), undelivered, backlog,
                boundedSends.refused(), boundedSends.dropped(), longest, alarm == null ? 0 : alarm.raised(),
                alarm == null || exited ? 0 : alarm.alarmedNow());
    }

    /** The messages queued now in the mailboxes of worker {@code w}'s slice (racy; 0 once exited). */
    private long queuedBy(int w) {
        if (termination.hasExited()) {
            return 0;
        }
        long queued = 0;
        for (int slot = table.sliceStart(w); slot < table.sliceEnd(w); slot++) {
            final Mailbox mailbox = table.get(slot);
            if (mailbox != null) {
                queued += mailbox.sizeRacy();
            }
        }
        return queued;
    }

    /** Debug checks, at the quiescent point: every mailbox's owner is the worker whose slice holds it. */
    private void checkOwners() {
        for (int slot = 0; slot < table.size(); slot++) {
            final Mailbox mailbox = table.get(slot);
            final int recorded = mailbox.ownerLocked().worker;
            if (recorded != table.workerOf(slot)) {
                reporter.report(new ActorError.OwnershipMismatch(mailbox.index, recorded, table.workerOf(slot)));
            }
        }
    }

    /** A worker woke from its sleep (the carriers' monitor may be waiting for that). */
    private void workerWoke() {
        carriers.workerWoke();
    }

    /** Run by the last worker to exit: closes the mailboxes, reports leftovers, ends statistics. */
    private void finalSweep() {
        timers.close();
        final UndeliveredLog undelivered = new UndeliveredLog(access);
        for (Worker worker : workers) {
            undelivered.addAll(worker.runner.undelivered);
        }
        for (Carriers.Spare spare : carriers.spares()) {
            undelivered.addAll(spare.worker.runner.undelivered);
        }
        for (Mailbox mailbox : mailboxes) {
            for (Suspension suspended : mailbox.suspensions()) {
                for (Object heldBack : suspended.heldBack) {
                    // NOTE: a bounded actor's stand-in marks the counted message after it (EnvelopeRunner).
                    if (!(heldBack instanceof BoundedRegistration.StandIn)) {
                        undelivered.record(suspended.actor(), heldBack);
                    }
                }
                suspended.heldBack.clear();
            }
        }
        for (Mailbox mailbox : mailboxes) {
            mailbox.closeAndDrain((to, message) -> undelivered.record(((Registration) to).actor(), message));
        }
        reporter.undelivered(undelivered);
        if (debug) {
            checkOwners();
        }
        final long abandoned = termination.liveActors();
        if (termination.endedEarly() && abandoned > 0) {
            reporter.report(new ActorError.LiveActorsAbandoned(abandoned));
        }
        try {
            statistics.finish();
        } finally {
            termination.exited();
        }
    }
}
