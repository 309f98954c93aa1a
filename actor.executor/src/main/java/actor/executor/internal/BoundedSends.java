package actor.executor.internal;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorRef;
import actor.api.Cancellable;
import actor.api.Continuation;
import actor.api.MailboxBound;
import actor.api.PoisonPill;
import actor.api.spi.ActorAccess;
import actor.api.spi.ActorExecutor;
import actor.api.spi.Registration;
import actor.stats.Statistics;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;

/**
 * The executor as a bounded actor's registration presents it ({@link BoundedRegistration#executor()}):
 * {@link #send} and {@link #trySend} apply the actor's {@link MailboxBound}; every other call is the
 * executor's own. One per executor. A send that reaches it with another registration (a death
 * watch's or a keyed timer's stand-in, addressed through a bounded actor's registration) is passed
 * on unchanged, as is a poison pill and a receptionist's listing ({@link #sendPastBound}): none is
 * counted nor refused.
 *
 * <p>At the bound, by the policy: {@code REFUSE} throws {@link actor.api.MailboxFullException};
 * {@code DROP} reports {@link ActorError.MessageDropped} and returns; {@code WAIT} parks a sender
 * that may wait (not a worker of any actor system, nor a timer thread) until there is room or the
 * timeout, then refuses as {@code REFUSE} does; {@link #trySend} returns false whatever the policy.
 * Refusals and drops are counted for the statistics ({@link #refused()}, {@link #dropped()}).
 *
 * <p>Threading: any thread.
 */
final class BoundedSends implements ActorExecutor {

    final ShardedExecutor executor;
    private final ActorAccess access;
    private final Reporter reporter;
    private final boolean debug;
    private final LongAdder refused = new LongAdder();
    private final LongAdder dropped = new LongAdder();

    BoundedSends(ShardedExecutor executor, ActorAccess access, Reporter reporter, boolean debug) {
        this.executor = executor;
        this.access = access;
        this.reporter = reporter;
        this.debug = debug;
    }

    @Override
    public void send(Registration to, Object message) {
        if (!(to instanceof BoundedRegistration bounded) || message instanceof PoisonPill) {
            executor.send(to, message);
            return;
        }
        if (bounded.tryReserve()) {
            queue(bounded, message);
            return;
        }
        full(bounded, message);
    }

    @Override
    public boolean trySend(Registration to, Object message) {
        if (!(to instanceof BoundedRegistration bounded) || message instanceof PoisonPill) {
            executor.send(to, message);
            return true;
        }
        if (bounded.tryReserve()) {
            queue(bounded, message);
            return true;
        }
        refused.increment();
        return false;
    }

    /** Queued under the live registration itself, which no bound counts or refuses. */
    @Override
    public void sendPastBound(Registration to, Object message) {
        executor.send(to, message);
    }

    /** Queues a message whose room is reserved, under the actor's stand-in. */
    private void queue(BoundedRegistration to, Object message) {
        if (!executor.sendCounted(to.standIn, message)) {
            // NOTE: the mailbox was closed (the system has stopped): the message was reported as
            // undelivered, and nobody will take it, so its room goes back now.
            to.unreserve();
        }
    }

    /** A send found no room: the bound's policy. */
    private void full(BoundedRegistration to, Object message) {
        final MailboxBound bound = to.bound;
        switch (bound.onFull()) {
            case DROP -> {
                dropped.increment();
                if (debug) {
                    access.debugOnSend(message);
                }
                reporter.report(new ActorError.MessageDropped(to.actor(), message, bound));
            }
            case REFUSE -> {
                refused.increment();
                throw access.mailboxFull(to.actor(), bound, message, "");
            }
            case WAIT -> {
                final String never = neverWaits(Thread.currentThread());
                if (never == null && to.awaitRoom(timeoutNanos(bound.timeout()))) {
                    queue(to, message);
                    return;
                }
                refused.increment();
                throw access.mailboxFull(to.actor(), bound, message, never != null ? never
                        : Thread.currentThread().isInterrupted() ? "and the waiting thread was interrupted"
                        : "and no room came within " + bound.timeout());
            }
        }
    }

    /** Why {@code thread} must not wait for room, or null if it may. */
    static String neverWaits(Thread thread) {
        if (thread instanceof WorkerRunner.WorkerThread) {
            return "and a worker thread never waits (" + thread.getName() + ")";
        }
        if (thread instanceof Timers.TimerThread) {
            return "and a timer thread never waits (" + thread.getName() + ")";
        }
        return null;
    }

    private static long timeoutNanos(Duration timeout) {
        return timeout.compareTo(Duration.ofNanos(Long.MAX_VALUE / 2)) >= 0 ? Long.MAX_VALUE / 2 : timeout.toNanos();
    }

    /** Sends refused at a bound so far: exceptions thrown and false {@code trySend}s. */
    long refused() {
        return refused.sum();
    }

    /** Messages dropped at a bound so far. */
    long dropped() {
        return dropped.sum();
    }

    // Everything else is the executor's.

    @Override
    public Registration register(Actor<?> actor, Registration previous, MailboxBound bound) {
        return executor.register(actor, previous, bound);
    }

    @Override
    public <T> void await(Registration to, CompletionStage<T> stage, Continuation<? super T> continuation) {
        executor.await(to, stage, continuation);
    }

    @Override
    public <Q> void ask(Registration asker, ActorRef<Q> target, Function<? super ActorRef<Object>, ? extends Q> request,
                        long timeoutNanos, Continuation<?> continuation) {
        executor.ask(asker, target, request, timeoutNanos, continuation);
    }

    @Override
    public void watch(Registration watcher, Actor<?> target, Registration targetLive, Object notification) {
        executor.watch(watcher, target, targetLive, notification);
    }

    @Override
    public void adopt(Registration child, Registration parent, Object notice) {
        executor.adopt(child, parent, notice);
    }

    @Override
    public void unwatch(Registration watcher, Actor<?> target) {
        executor.unwatch(watcher, target);
    }

    @Override
    public void stop() {
        executor.stop();
    }

    @Override
    public void close() {
        executor.close();
    }

    @Override
    public boolean stop(long timeoutNanos) throws InterruptedException {
        return executor.stop(timeoutNanos);
    }

    @Override
    public boolean shutdown(long timeoutNanos) throws InterruptedException {
        return executor.shutdown(timeoutNanos);
    }

    @Override
    public void abort() {
        executor.abort();
    }

    @Override
    public Cancellable schedule(long delayNanos, long periodNanos, Runnable action) {
        return executor.schedule(delayNanos, periodNanos, action);
    }

    @Override
    public Cancellable scheduleSend(long delayNanos, long periodNanos, ActorRef<?> target, Object message) {
        return executor.scheduleSend(delayNanos, periodNanos, target, message);
    }

    @Override
    public Cancellable startTimer(Registration owner, Object timers, Object tick, TimerKind kind, long delayNanos,
                                  long periodNanos) {
        return executor.startTimer(owner, timers, tick, kind, delayNanos, periodNanos);
    }

    @Override
    public boolean isRunning() {
        return executor.isRunning();
    }

    @Override
    public long liveActors() {
        return executor.liveActors();
    }

    @Override
    public Statistics statistics() {
        return executor.statistics();
    }

    @Override
    public String toString() {
        return executor.toString();
    }
}
