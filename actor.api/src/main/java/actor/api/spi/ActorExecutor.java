package actor.api.spi;

import actor.api.Actor;
import actor.api.SystemNotRunningException;

/**
 * The executor behind an {@link actor.api.ActorSystem}: mailboxes, workers and termination. Every
 * method is thread-safe.
 */
public interface ActorExecutor {

    /**
     * Counts a new live actor and registers it: a new {@link Registration} with its ticket
     * (mailbox index).
     *
     * @param actor    the actor
     * @param previous the actor's previous registration, to keep its mailbox when it was on this
     *                 executor, or null
     * @param bound    the actor's {@link actor.api.MailboxBound}, or null for an unbounded actor;
     *                 the registration's {@link Registration#bound()}
     * @return the registration; its ticket is in {@code [0, mailboxes)}
     * @throws SystemNotRunningException if the executor no longer accepts actors
     */
    Registration register(Actor<?> actor, Registration previous, actor.api.MailboxBound bound);

    /**
     * Queues {@code message} for the actor of {@code to}, a registration this executor made (or, for
     * its internal signals, a stand-in of one). Never allocates in steady state. For a bounded
     * actor's registration the call goes through {@code to.executor()}, which applies the bound: at
     * the bound it throws {@link actor.api.MailboxFullException}, drops and reports the message, or
     * waits, by the bound's policy; a poison pill is never refused.
     */
    void send(Registration to, Object message);

    /**
     * As {@link #send}, but at a bounded actor's bound returns false and does nothing else,
     * whatever the bound's policy.
     *
     * @return true if the message was queued
     */
    boolean trySend(Registration to, Object message);

    /**
     * As {@link #send}, but a bounded actor's bound neither counts nor refuses the message: a
     * notification of the system's own (a receptionist's listing), as a poison pill is.
     */
    void sendPastBound(Registration to, Object message);

    /**
     * Suspends the actor of {@code to}, whose behaviour is running on the calling thread, until
     * {@code stage} completes: its later messages stay queued, in order, and then
     * {@code continuation} runs as its next behaviour, followed by them.
     *
     * @throws IllegalStateException if the calling thread is not running a behaviour of that actor,
     *                               or the actor is already awaiting a stage
     */
    <T> void await(Registration to, java.util.concurrent.CompletionStage<T> stage,
                   actor.api.Continuation<? super T> continuation);

    /**
     * Ask from a behaviour: suspends the actor of {@code asker}, whose behaviour is running on the
     * calling thread, as {@link #await} does, builds the request with {@code request} around a new
     * reply-to and sends it to {@code target}. The first message sent to that reply-to resumes the
     * actor: {@code continuation} runs as its next behaviour with it, followed by the messages held
     * back meanwhile; if none comes within {@code timeoutNanos}, the continuation gets a
     * {@link java.util.concurrent.TimeoutException} instead. A reply after that is reported through
     * {@link ActorAccess#lateReply}. If building or sending the request throws, the actor is not
     * suspended and the exception propagates.
     *
     * @throws IllegalStateException if the calling thread is not running a behaviour of that actor,
     *                               or the actor is already suspended
     */
    <Q> void ask(Registration asker, actor.api.ActorRef<Q> target,
                 java.util.function.Function<? super actor.api.ActorRef<Object>, ? extends Q> request, long timeoutNanos,
                 actor.api.Continuation<?> continuation);

    /**
     * Death watch: the actor of {@code watcher}, whose behaviour is running on the calling thread,
     * watches {@code target}, and gets {@code notification} as its message once the registration
     * {@code targetLive} has ended, exactly once, after what the target sent it before; at once if
     * {@code targetLive} is null (the target had ended). The watch ends with the watcher. Watching a
     * target it already watches with an equal notification does nothing.
     *
     * @throws IllegalStateException    if the calling thread is not running a behaviour of that actor,
     *                                  or it watches {@code target} with another notification
     * @throws IllegalArgumentException if {@code targetLive} was made by another kind of executor
     */
    void watch(Registration watcher, Actor<?> target, Registration targetLive, Object notification);

    /**
     * Parent and child lifetime ({@code Actor.spawnChild}): the actor of {@code child} gets
     * {@code notice} as its message once the registration {@code parent}, whose behaviour is
     * running on the calling thread, has ended, exactly once, behind what is queued for it then;
     * nothing if the child ends first. The child's own watches neither replace nor end it.
     *
     * @throws IllegalStateException    if the calling thread is not running a behaviour of {@code parent}
     * @throws IllegalArgumentException if {@code child} is registered with another executor
     */
    void adopt(Registration child, Registration parent, Object notice);

    /**
     * Ends the watch the actor of {@code watcher}, whose behaviour is running on the calling thread,
     * keeps of {@code target}, if any: no notification of it is delivered afterwards, even one
     * already queued.
     *
     * @throws IllegalStateException if the calling thread is not running a behaviour of that actor
     */
    void unwatch(Registration watcher, Actor<?> target);

    /**
     * Requests a stop and waits, without a time limit, until the last actor has terminated and the
     * workers have exited. Keeps the caller's interrupt status.
     *
     * @throws IllegalStateException if called on one of this executor's workers (from a behaviour),
     *                               where it would wait for itself; nothing is requested then
     */
    void stop();

    /**
     * As {@link #stop()}, but once the system has stayed quiet (no batch running, nothing queued)
     * for the configured {@code closeWhenQuietFor} with actors still live, sends them
     * {@link actor.api.PoisonPill#FINISHED} and reports them, so that it returns.
     *
     * @throws IllegalStateException if called on one of this executor's workers, as for {@link #stop()}
     */
    void close();

    /**
     * Requests a stop and waits at most {@code timeoutNanos} for it to complete.
     *
     * @return true if the system stopped in time; false if actors are still live (the system keeps
     *         running, and a later stop may complete)
     * @throws IllegalStateException if called on one of this executor's workers, as for {@link #stop()}
     * @throws InterruptedException  if interrupted while waiting
     */
    boolean stop(long timeoutNanos) throws InterruptedException;

    /**
     * Requests a stop, sends {@link actor.api.PoisonPill#FINISHED} to every live actor (and to
     * actors created meanwhile) and waits at most {@code timeoutNanos} for the exit; aborts if actors
     * are still live then, or if interrupted.
     *
     * @return true if every actor terminated in time, false if it aborted
     * @throws IllegalStateException if called on one of this executor's workers, as for {@link #stop()}
     * @throws InterruptedException  if interrupted while waiting (after aborting)
     */
    boolean shutdown(long timeoutNanos) throws InterruptedException;

    /**
     * Stops at once, without waiting for live actors: workers finish the behaviour they are running
     * (their threads are interrupted, so a behaviour blocked in an interruptible wait fails instead
     * of hanging) and exit; the rest of their batches and the messages still queued are reported as
     * undelivered and the live actors are reported with their count. Returns when the workers have
     * exited, or after the configured warning delay, reporting the workers still inside a behaviour
     * that ignored the interrupt. Keeps the caller's interrupt status.
     *
     * <p>On one of this executor's workers (from a behaviour) it does not wait: it marks the
     * executor aborted, interrupts the other workers and returns at once; the calling behaviour
     * finishes, and nothing else runs.
     */
    void abort();

    /**
     * Runs {@code action} (an ask's timeout) on the executor's timer thread after
     * {@code delayNanos}, and then every {@code periodNanos} if that is positive, until cancelled or
     * the executor has stopped.
     *
     * @throws actor.api.SystemNotRunningException if the executor no longer accepts actors
     */
    actor.api.Cancellable schedule(long delayNanos, long periodNanos, Runnable action);

    /**
     * Sends {@code message} to {@code target} from the executor's timer thread after
     * {@code delayNanos}, and then every {@code periodNanos} if that is positive, until cancelled,
     * the executor has stopped, or the target has terminated: a send that finds it terminated is
     * not made (no dead letter) and ends the schedule, which then reports itself cancelled. The
     * executor names its live periodic schedules, by their target's class, while a stop waits.
     *
     * @throws actor.api.SystemNotRunningException if the executor no longer accepts actors
     */
    actor.api.Cancellable scheduleSend(long delayNanos, long periodNanos, actor.api.ActorRef<?> target, Object message);

    /** How a keyed timer ({@link #startTimer}) repeats. */
    enum TimerKind {
        /** Once, after its delay. */
        SINGLE,
        /** After its delay, then each period after the previous expiry. */
        FIXED_DELAY,
        /** After its delay, then every period from the first deadline: a late expiry does not shift the next ones. */
        FIXED_RATE
    }

    /**
     * A keyed timer of {@code timers} ({@link actor.api.ActorTimers}) for the actor of {@code owner},
     * whose behaviour is running on the calling thread: expires after {@code delayNanos}, then, but
     * for {@link TimerKind#SINGLE}, every {@code periodNanos}. Each expiry reaches
     * {@link ActorAccess#timerMessage} with {@code tick} on the worker processing the owner, just
     * before the owner's behaviour would run; the message it returns, if any, runs as that
     * behaviour, in the owner's mailbox order. A delivered message pays no check for this. When
     * {@code owner} ends, {@link ActorAccess#ownerEnded} runs with {@code timers} on the worker that
     * ran its last behaviour, and the timer stops at its next expiry at the latest; no expiry of an
     * ended owner is delivered or counted as a dead letter.
     *
     * @return a handle that cancels the timer (no expiry starts after cancel returns)
     * @throws IllegalStateException               if the calling thread is not running a behaviour of that actor
     * @throws actor.api.SystemNotRunningException if the executor no longer accepts actors
     */
    actor.api.Cancellable startTimer(Registration owner, Object timers, Object tick, TimerKind kind,
                                     long delayNanos, long periodNanos);

    /** Whether the executor still accepts new actors. */
    boolean isRunning();

    /** Actors registered and not yet terminated (a snapshot). */
    long liveActors();

    /**
     * A statistics snapshot: live (may lag slightly) while running, exact after the stop.
     *
     * @throws IllegalStateException if statistics are off
     */
    actor.stats.Statistics statistics();
}
