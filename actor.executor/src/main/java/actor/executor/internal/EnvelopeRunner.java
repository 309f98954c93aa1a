package actor.executor.internal;

import actor.api.Actor;
import actor.api.Allocation;
import actor.api.ContextPropagator;
import actor.api.spi.ActorAccess;
import actor.api.spi.Registration;
import actor.executor.jfr.LongBehaviourEvent;
import actor.stats.internal.WorkerCounters;
import jdk.jfr.FlightRecorder;

/**
 * Runs the envelopes of one worker's batches: the behaviour, then the message's allocation, then
 * the actor's. A failing behaviour goes to the failure policy; a failing destroy hook is reported
 * and the termination stands; only a fatal error ({@link Reporter#isFatal}) escapes, and then the
 * worker reports the rest of the batch ({@link #abandonRest}). An envelope whose actor terminated
 * (or was registered again after it was queued) is recorded as undelivered, never run; so is every
 * envelope after the system is done (an abort takes effect before the next envelope).
 *
 * <p>It is both mailbox kinds' batch consumer: the sink a copy queue drains into, and the consumer
 * an MPSC mailbox drains into (one envelope object per message, {@link MpscMailbox.Envelope}). On a
 * system with a {@link ContextPropagator} its batches drain into its {@link TracedSink} instead,
 * which unwraps each {@link Traced} message and runs the propagator's hooks around its behaviour;
 * the runner's own sink never looks for a wrapper ({@link Traced} says why).
 *
 * <p>Threading: owned by one worker thread; {@link #undelivered} is read by the last exiting worker
 * after every worker has exited.
 */
final class EnvelopeRunner implements BatchSink {

    /** {@link #beforeBehaviour}'s result when the propagator's hook threw: there is nothing to end. */
    private static final Object NOT_STARTED = new Object();

    final UndeliveredLog undelivered;
    private final ActorAccess access;
    private final Reporter reporter;
    private final Termination termination;
    private final WorkerProgress progress;
    private final WorkerCounters counters;
    private final boolean counting;
    /** The system's propagator, or null; then {@link #sink} is this runner and nothing below is traced. */
    private final ContextPropagator propagator;
    /** The index of the worker this runner belongs to, for the propagator's hooks. */
    private final int worker;
    /** Where batches drain: this runner, or its {@link TracedSink} on a system with a propagator. */
    private final BatchSink sink;
    /**
     * What the behaviour running now threw, for {@link ContextPropagator#afterBehaviour}; written only
     * on a system with a propagator, and cleared when read.
     */
    private Throwable lastFailure;
    /**
     * Actors this worker terminated that the live count still counts: handed to it once per pass
     * ({@link #flushTerminations}), or cancelled by an actor this worker creates meanwhile
     * ({@link #takeTerminationCredit}). Either way the live count never falls below the actors
     * really live, so a stop cannot complete early; it completes at the end of the pass.
     */
    private long terminated;
    /** Hand-offs by the envelope running now (its behaviour), counted by {@link #countHandOff}. */
    private int sends;
    /** Whether the behaviour running now created an actor ({@link #noteCreation}). */
    private boolean created;
    /** The last class {@link #chainShape} looked up, and its shape: a chain's links are all of one class. */
    private Class<?> shapeClass;
    private Placement.ChainShape shape;
    /** Hand-offs by every behaviour this worker ran, for the sampled cost estimate. */
    private long handOffs;
    /** The registration of the behaviour running now, or of the last one run; for {@link #isRunning}. */
    private MailboxRegistration running;
    /** Whether the running batch times each behaviour: only once Flight Recorder has started in the JVM. */
    private boolean timeBehaviours;

    /**
     * @param propagator the system's propagator, or null for none
     * @param worker     the index of the worker that owns this runner
     */
    EnvelopeRunner(ActorAccess access, Reporter reporter, Termination termination, WorkerProgress progress,
                   WorkerCounters counters, boolean counting, ContextPropagator propagator, int worker) {
        this.access = access;
        this.undelivered = new UndeliveredLog(access);
        this.reporter = reporter;
        this.termination = termination;
        this.progress = progress;
        this.counters = counters;
        this.counting = counting;
        this.propagator = propagator;
        this.worker = worker;
        this.sink = propagator == null ? this : new TracedSink();
    }

    /**
     * Runs one gulped copy-queue batch (and what its behaviours append to it): progress marks
     * around it, timed if {@link WorkerProgress#sampleNext} says so, then statistics and the
     * terminations it caused. A fatal error reports the rest of the batch and propagates.
     *
     * @return the envelopes run
     */
    int runBatch(CopyQueue batch) {
        timeBehaviours = FlightRecorder.isInitialized();
        final boolean timed = progress.sampleNext(batch.size());
        final long start = timed ? System.nanoTime() : 0;
        final long handOffsBefore = handOffs;
        progress.beginBatch();
        final int ran;
        try {
            ran = batch.drainTo(sink);
        } catch (Throwable fatal) {
            abandonRest(batch);
            throw fatal;
        }
        progress.endBatch();
        if (timed) {
            progress.sampled(System.nanoTime() - start, ran, handOffs - handOffsBefore);
        }
        return afterBatch(ran);
    }

    /**
     * Drains one MPSC batch of at most {@code limit} envelopes, with the same progress marks and
     * sampling as a copy-queue batch. A fatal error leaves the rest queued, where the final sweep
     * reports them.
     */
    int runBatch(MpscMailbox mailbox, int limit) {
        timeBehaviours = FlightRecorder.isInitialized();
        final boolean timed = progress.sampleNext(limit);
        final long start = timed ? System.nanoTime() : 0;
        final long handOffsBefore = handOffs;
        progress.beginBatch();
        final int ran = mailbox.drain(sink, limit);
        progress.endBatch();
        if (timed) {
            progress.sampled(System.nanoTime() - start, ran, handOffs - handOffsBefore);
        }
        return afterBatch(ran);
    }

    private int afterBatch(int ran) {
        progress.ran(ran);
        if (counting) {
            counters.gulped(ran);
        }
        return ran;
    }

    @Override
    public void accept(MpscMailbox.Envelope envelope) {
        envelope.handTo(this);
    }

    @Override
    public void accept(Object registration, Object message) {
        final MailboxRegistration to = (MailboxRegistration) registration;
        if (termination.isDone()) {
            // NOTE: aborted mid-batch (or stopped, when no actor is live): the rest is reported.
            undelivered.record(to.actor(), message);
            return;
        }
        final Suspension suspension = to.mailbox.suspensionOf(to);
        if (suspension != null && suspension.active) {
            whileSuspended(to, suspension, message);
            return;
        }
        run(to, message);
    }

    /** Runs one message's behaviour and applies what it returned. */
    private void run(MailboxRegistration to, Object message) {
        final Actor<?> actor = to.actor();
        sends = 0;
        created = false;
        running = to;
        Allocation status;
        try {
            status = timeBehaviours ? deliverTimed(to, message) : access.deliver(to, message);
        } catch (Throwable failure) {
            if (Reporter.isFatal(failure)) {
                throw failure;
            }
            status = failed(actor, message, failure);
        }
        if (status == null) {
            notRun(to, message);
            return;
        }
        learnShape(actor, status);
        try {
            access.finishMessage(message);
        } catch (Throwable hookFailure) {
            if (Reporter.isFatal(hookFailure)) {
                throw hookFailure;
            }
            reporter.hookFailed(message, hookFailure);
        }
        if (status != Allocation.NODELETE) {
            end(to, status);
        }
    }

    /**
     * An envelope that no behaviour took, because its registration is not its actor's current one:
     * a death watch's signal, a keyed timer's expiry or a bounded actor's counted message, each
     * queued under a stand-in registration that is never current; else a message for an actor that
     * ended (or was registered again) after it was queued, recorded as undelivered. Out of
     * {@link #run}, which every delivered message runs, so that stays as small as it was.
     */
    private void notRun(MailboxRegistration to, Object message) {
        if (message instanceof DeathWatch.Signal signal) {
            handle(signal);
        } else if (message instanceof Timers.Keyed expiry) {
            expired(expiry);
        } else if (to instanceof BoundedRegistration.StandIn counted) {
            admitted(counted, message);
        } else {
            undelivered.record(to.actor(), message);
        }
    }

    /**
     * A bounded actor's counted message ({@link BoundedRegistration}), which reached this worker under
     * the actor's stand-in registration: while the actor awaits, it is held back behind the stand-in
     * as a marker, so that it keeps its room until it runs; else the room goes back now and it runs as
     * the live registration's (or is recorded as undelivered if the actor has ended).
     */
    private void admitted(BoundedRegistration.StandIn counted, Object message) {
        final BoundedRegistration live = counted.live;
        final Suspension suspension = live.mailbox.suspensionOf(live);
        if (suspension != null && suspension.active) {
            suspension.heldBack.addLast(counted);
            suspension.heldBack.addLast(message);
            return;
        }
        live.taken();
        run(live, message);
    }

    /**
     * An envelope for an actor suspended in an await: a message is held back, in arrival order; the
     * actor's own resumption runs the continuation and then the held-back messages, until one of
     * them awaits again (the rest then stay held back, ahead of anything newer).
     */
    private void whileSuspended(MailboxRegistration to, Suspension suspension, Object message) {
        if (message != suspension) {
            suspension.heldBack.addLast(message);
            return;
        }
        if (suspension.context == null) {
            resume(to, suspension);
        } else {
            resumeTraced(to, suspension);
        }
        while (!suspension.active && !suspension.heldBack.isEmpty()) {
            Object next = suspension.heldBack.pollFirst();
            if (next instanceof BoundedRegistration.StandIn counted) {
                // NOTE: the marker of a bounded actor's counted message, which follows it: its room
                // goes back as it runs (admitted).
                counted.live.taken();
                next = suspension.heldBack.pollFirst();
            }
            if (termination.isDone()) {
                undelivered.record(to.actor(), next);
            } else if (next instanceof DeathWatch.Signal notice) {
                notify(notice.watch);
            } else if (next instanceof Timers.Keyed expiry) {
                deliverExpiry(expiry);
            } else if (next instanceof Traced traced) {
                runTraced(to, traced.message, traced.context, System.nanoTime() - traced.sentNanos);
            } else {
                run(to, next);
            }
        }
    }

    /**
     * A death watch's signal ({@link DeathWatch}), which reached this worker under its stand-in
     * registration, on the worker processing the mailbox it was queued in: the target's for
     * {@code WATCH} and {@code UNWATCH}, the watcher's for {@code NOTICE} and {@code ADOPT}.
     */
    private void handle(DeathWatch.Signal signal) {
        final DeathWatch watch = signal.watch;
        switch (signal.kind) {
            case WATCH -> {
                final MailboxRegistration target = watch.targetRegistration;
                if (access.isCurrent(target)) {
                    target.mailbox.watches(true).watchedBy(watch);
                } else {
                    watch.post(DeathWatch.Kind.NOTICE, watch.watcher);
                }
            }
            case UNWATCH -> {
                final Mailbox mailbox = watch.targetRegistration.mailbox;
                final DeathWatches watches = mailbox.watches(false);
                if (watches != null) {
                    watches.unwatchedBy(watch);
                    mailbox.dropWatchesIfEmpty();
                }
            }
            case ADOPT -> {
                final MailboxRegistration child = watch.watcher;
                if (!access.isCurrent(child)) {
                    // NOTE: the child ended before it was adopted: there is nothing to end with its parent.
                    return;
                }
                child.mailbox.watches(true).keepParent(watch);
                watch.post(DeathWatch.Kind.WATCH, watch.targetRegistration);
            }
            case NOTICE -> {
                final MailboxRegistration watcher = watch.watcher;
                if (!access.isCurrent(watcher)) {
                    // NOTE: the watcher ended (its end dropped its watches): the watch ended with it.
                    return;
                }
                final Suspension suspension = watcher.mailbox.suspensionOf(watcher);
                if (suspension != null && suspension.active) {
                    suspension.heldBack.addLast(signal);
                } else {
                    notify(watch);
                }
            }
        }
    }

    /**
     * Delivers {@code watch}'s notification to its watcher, live and not suspended, as its behaviour,
     * if it still keeps that watch (it did not unwatch, or watch its target anew, meanwhile).
     */
    private void notify(DeathWatch watch) {
        final Mailbox mailbox = watch.watcher.mailbox;
        final DeathWatches watches = mailbox.watches(false);
        if (watches != null && watches.take(watch)) {
            mailbox.dropWatchesIfEmpty();
            run(watch.watcher, watch.notification);
        }
    }

    /**
     * A keyed timer's expiry ({@link Timers.Keyed}), which reached this worker under its stand-in
     * registration, on the worker processing its owner's mailbox: dropped if the owner has ended
     * (its timers ended with it), held back while it awaits, else delivered if still active.
     */
    private void expired(Timers.Keyed expiry) {
        final MailboxRegistration owner = expiry.owner;
        if (!access.isCurrent(owner)) {
            return;
        }
        final Suspension suspension = owner.mailbox.suspensionOf(owner);
        if (suspension != null && suspension.active) {
            suspension.heldBack.addLast(expiry);
        } else {
            deliverExpiry(expiry);
        }
    }

    /**
     * Runs the message of {@code expiry} as its owner's behaviour, live and not suspended, if its
     * timer is still active: not cancelled or replaced meanwhile (the owner's timers decide).
     */
    private void deliverExpiry(Timers.Keyed expiry) {
        final Object message = access.timerMessage(expiry.tick);
        if (message == null) {
            return;
        }
        if (expiry.context == null) {
            run(expiry.owner, message);
        } else {
            runTraced(expiry.owner, message, expiry.context, -1);
        }
    }

    /** Runs an await's continuation as the actor's behaviour: failures and statuses as for a message. */
    private void resume(MailboxRegistration to, Suspension suspension) {
        sends = 0;
        created = false;
        running = to;
        Allocation status;
        try {
            status = suspension.resume();
            if (status == null) {
                throw new IllegalStateException("a continuation of " + to.actor().getClass().getName()
                        + " returned null; return an Allocation (NODELETE to keep receiving)");
            }
        } catch (Throwable failure) {
            if (Reporter.isFatal(failure)) {
                throw failure;
            }
            status = failed(to.actor(), suspension, failure);
        }
        learnShape(to.actor(), status);
        if (status != Allocation.NODELETE) {
            end(to, status);
        }
    }

    /** A behaviour (or continuation) threw {@code failure}: the failure policy decides; the propagator's hook hears of it. */
    private Allocation failed(Actor<?> actor, Object message, Throwable failure) {
        if (propagator != null) {
            lastFailure = failure;
        }
        return reporter.behaviourFailed(actor, message, failure);
    }

    /**
     * Runs {@code message} for {@code to} as {@link #run} does, between the propagator's hooks, in
     * {@code context}; {@code queueWaitNanos} is -1 when not known.
     */
    private void runTraced(MailboxRegistration to, Object message, Object context, long queueWaitNanos) {
        final Object started = beforeBehaviour(context, to.actor(), message, queueWaitNanos);
        try {
            run(to, message);
        } finally {
            afterBehaviour(started);
        }
    }

    /** Runs an await's continuation as {@link #resume} does, between the propagator's hooks, in the awaiting behaviour's context. */
    private void resumeTraced(MailboxRegistration to, Suspension suspension) {
        final Object started = beforeBehaviour(suspension.context, to.actor(), suspension.continuation(), -1);
        try {
            resume(to, suspension);
        } finally {
            afterBehaviour(started);
        }
    }

    private Object beforeBehaviour(Object context, Actor<?> actor, Object message, long queueWaitNanos) {
        lastFailure = null;
        try {
            return propagator.beforeBehaviour(context, actor, message, worker, queueWaitNanos);
        } catch (RuntimeException hookFailure) {
            reporter.propagatorFailed(propagator, "beforeBehaviour", hookFailure);
            return NOT_STARTED;
        }
    }

    private void afterBehaviour(Object started) {
        final Throwable failure = lastFailure;
        lastFailure = null;
        if (started == NOT_STARTED) {
            return;
        }
        try {
            propagator.afterBehaviour(started, failure);
        } catch (RuntimeException hookFailure) {
            reporter.propagatorFailed(propagator, "afterBehaviour", hookFailure);
        }
    }

    /**
     * The sink of a system with a propagator: a {@link Traced} message runs between the hooks (or
     * is held back with its context while its actor awaits); the executor's own envelopes, which
     * are never wrapped, go to the runner as on an untraced system.
     */
    private final class TracedSink implements BatchSink {
        @Override
        public void accept(MpscMailbox.Envelope envelope) {
            envelope.handTo(this);
        }

        @Override
        public void accept(Object registration, Object message) {
            if (!(message instanceof Traced traced)) {
                EnvelopeRunner.this.accept(registration, message);
                return;
            }
            final MailboxRegistration to = (MailboxRegistration) registration;
            if (termination.isDone()) {
                undelivered.record(to.actor(), traced);
                return;
            }
            final Suspension suspension = to.mailbox.suspensionOf(to);
            if (suspension != null && suspension.active) {
                suspension.heldBack.addLast(traced);
                return;
            }
            if (!access.isCurrent(to)) {
                // NOTE: its actor ended after the send: recorded as undelivered, outside the hooks.
                run(to, traced.message);
                return;
            }
            runTraced(to, traced.message, traced.context, System.nanoTime() - traced.sentNanos);
        }
    }

    /** Terminates the actor of {@code to}, live until now, with {@code status}. */
    private void end(MailboxRegistration to, Allocation status) {
        terminated++;
        try {
            access.terminate(to.actor(), status);
        } catch (Throwable hookFailure) {
            if (Reporter.isFatal(hookFailure)) {
                throw hookFailure;
            }
            reporter.hookFailed(to.actor(), hookFailure);
        } finally {
            // NOTE: after terminate, which moved the actor past this registration: a prune here
            // must see it ended.
            to.mailbox.ended(to, access);
        }
    }

    /** Whether the behaviour (or continuation) running on this worker, or the last one run, is {@code to}'s. */
    boolean isRunning(MailboxRegistration to) {
        return running == to;
    }

    /** The registration whose behaviour runs on this worker now, or ran last; null before the first. */
    MailboxRegistration running() {
        return running;
    }

    /** Records that the behaviour running now created an actor (so its end teaches its class's {@link Placement.ChainShape}). */
    void noteCreation() {
        created = true;
    }

    /** Whether the running behaviour's class ended its actor the last time one of its behaviours created one. */
    boolean runningIsChainLink() {
        return running != null && chainShape(running.actor().getClass()).isChainLink();
    }

    /** After a behaviour that created an actor: teaches its class's shape whether it ended its own. */
    private void learnShape(Actor<?> actor, Allocation status) {
        if (created) {
            chainShape(actor.getClass()).learn(status != Allocation.NODELETE);
        }
    }

    private Placement.ChainShape chainShape(Class<?> type) {
        if (type != shapeClass) {
            shape = Placement.chainShape(type);
            shapeClass = type;
        }
        return shape;
    }

    /** Runs the behaviour as a {@link LongBehaviourEvent}, committed if it ran past the recording's threshold. */
    private Allocation deliverTimed(Registration to, Object message) {
        final LongBehaviourEvent event = new LongBehaviourEvent();
        event.begin();
        final Allocation status = access.deliver(to, message);
        event.end();
        event.commitIfLong(to.actor(), access.nameOf(to.actor()), to.ticket(), message);
        return status;
    }

    /**
     * Called on each hand-off (a send from a behaviour of this worker to another mailbox): counts
     * it, and says whether it is the running envelope's first.
     */
    boolean countHandOff() {
        handOffs++;
        return sends++ == 0;
    }

    /** Hands the actors terminated since the last call to the live count (once per pass). */
    void flushTerminations() {
        final long n = terminated;
        if (n != 0) {
            terminated = 0;
            termination.terminated(n);
        }
    }

    /**
     * For an actor a behaviour of this worker creates: if a termination is still waiting for
     * {@link #flushTerminations}, cancels it against the new actor, which the live count then need
     * not count (no atomic operation).
     *
     * @return false if none was waiting: the caller counts the new actor
     */
    boolean takeTerminationCredit() {
        if (terminated == 0) {
            return false;
        }
        terminated--;
        return true;
    }

    /**
     * After a fatal error escaped mid-batch: every envelope still in {@code batch} (those after the
     * one that failed) is recorded as undelivered, so the final report accounts for each of them.
     */
    void abandonRest(CopyQueue batch) {
        batch.clearInto((to, message) -> undelivered.record(((Registration) to).actor(), message));
    }
}
