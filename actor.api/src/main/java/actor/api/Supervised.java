package actor.api;

import actor.api.ActorError.Supervision.Event;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

/**
 * An actor that supervises its own behaviour: Pekko typed's
 * {@code Behaviors.supervise(behavior).onFailure[E](strategy)}. Its state lives in a
 * {@link Behaviour} object made by a factory; when that behaviour throws an exception of the
 * supervised type, the {@link SupervisorStrategy} decides: resume with the same object, stop,
 * restart with a fresh object from the factory (at once, or after a back-off), or escalate to a
 * handler. Every decision is reported ({@link ActorError.Supervision}) to the system's
 * {@link ErrorHandler}, or, for an escalation, to the strategy's handler.
 *
 * <pre>{@code
 * Supervised<TallyMsg> tally = new Supervised<>(system, Tally::new, NumberFormatException.class,
 *         SupervisorStrategy.restart().withLimit(3, Duration.ofMinutes(1)));
 * }</pre>
 *
 * <p><b>Restart.</b> The failing message is dropped (it is in the report); the messages after it
 * are kept and handled, in order, by the fresh behaviour. A restart limit counts restarts within
 * a window that opens at the first of them; the failure past the limit ends the actor
 * ({@code LIMIT_REACHED}), so a behaviour that fails on every message is restarted a bounded
 * number of times. A factory that throws (or returns null) for a restart ends the actor
 * ({@code RESTART_FAILED}): it is never called again.
 *
 * <p><b>Back-off.</b> After a failure the messages that arrive are held in a {@link Stash} of the
 * strategy's capacity (one more is dropped and reported, {@code STASH_OVERFLOW}) until a keyed
 * timer ({@link ActorTimers}) ends the back-off: then the fresh behaviour is made and handles the
 * held messages, in order, before any later one. What it still held when the actor ends (a
 * failure in those messages that reaches the limit, a poison pill, a factory that threw) is its
 * dead letters.
 *
 * <p><b>Other failures.</b> An exception not of the supervised type, and every {@link Error}, is
 * not caught: it fails the behaviour as in any actor, and the system's {@link FailurePolicy}
 * decides (by default the actor ends). A behaviour that returns a status other than
 * {@link Allocation#NODELETE} ends the supervised actor with it; poison pills end it as any actor.
 *
 * <p><b>Cost.</b> A library actor: actors that are not supervised pay nothing. A supervised one
 * pays a virtual call and an identity comparison per message; its stash and timers exist only
 * with a back-off strategy.
 *
 * <p>Threading: as any actor; the factory and the behaviours run on its worker, one at a time.
 *
 * @param <M> the messages it accepts, which its behaviours handle
 */
public final class Supervised<M> extends Actor<M> {

    private static final System.Logger LOG = System.getLogger("actor.api");

    /** The key and the message of the back-off timer, told from the messages of type M by identity. */
    private static final Object BACKOFF_ENDED = new Object();

    private final Supplier<? extends Behaviour<M>> factory;
    private final Class<? extends Exception> supervised;
    private final SupervisorStrategy strategy;
    /** With a back-off strategy only, else null. */
    private final Stash<M> stash;
    /** With a back-off strategy only, else null. */
    private final ActorTimers<M> timers;
    /** The behaviour that handles the messages; null during a back-off. */
    private Behaviour<M> behaviour;
    /** Restarts that count toward the strategy's limit. */
    private int restarts;
    /** System.nanoTime of the first restart of the window (restart), or of the last restart (back-off). */
    private long sinceNanos;

    /**
     * Creates the actor, with a first behaviour from {@code factory}, supervising every
     * {@link Exception} of its behaviours; Pekko's {@code onFailure(strategy)}.
     *
     * @param system   the system whose workers run it, which must be running
     * @param factory  makes each behaviour: the first one now, on this thread, and one per restart
     * @param strategy what a failure does
     * @throws NullPointerException      if an argument is null, or the factory returned null
     * @throws SystemNotRunningException if the system is not running
     */
    public Supervised(ActorSystem system, Supplier<? extends Behaviour<M>> factory, SupervisorStrategy strategy) {
        this(system, factory, Exception.class, strategy);
    }

    /**
     * Creates the actor, with a first behaviour from {@code factory}, supervising the exceptions
     * of type {@code supervised}; Pekko's {@code onFailure(supervised, strategy)}. If the factory
     * throws now, the exception propagates and no actor is registered.
     *
     * @param system     the system whose workers run it, which must be running
     * @param factory    makes each behaviour: the first one now, on this thread, and one per restart
     * @param supervised the exceptions the strategy handles, subclasses included
     * @param strategy   what such a failure does
     * @throws NullPointerException      if an argument is null, or the factory returned null
     * @throws SystemNotRunningException if the system is not running
     */
    public Supervised(ActorSystem system, Supplier<? extends Behaviour<M>> factory,
                      Class<? extends Exception> supervised, SupervisorStrategy strategy) {
        this(system, factory, supervised, strategy, first(factory, supervised, strategy));
    }

    private Supervised(ActorSystem system, Supplier<? extends Behaviour<M>> factory,
                       Class<? extends Exception> supervised, SupervisorStrategy strategy, Behaviour<M> first) {
        super(system);
        this.factory = factory;
        this.supervised = supervised;
        this.strategy = strategy;
        this.behaviour = first;
        if (strategy instanceof SupervisorStrategy.Backoff backoff) {
            this.stash = new Stash<>(this, backoff.stashCapacity());
            this.timers = new ActorTimers<>(this);
        } else {
            this.stash = null;
            this.timers = null;
        }
    }

    /** Checks the arguments and makes the first behaviour, before the actor is registered. */
    private static <M> Behaviour<M> first(Supplier<? extends Behaviour<M>> factory,
                                          Class<? extends Exception> supervised, SupervisorStrategy strategy) {
        Objects.requireNonNull(factory, "factory");
        Objects.requireNonNull(supervised, "supervised");
        Objects.requireNonNull(strategy, "strategy");
        return Objects.requireNonNull(factory.get(), "the factory returned null");
    }

    @Override
    protected Allocation receive(M message) {
        if (message == BACKOFF_ENDED) {
            return endBackoff();
        }
        final Behaviour<M> current = behaviour;
        if (current == null) {
            return hold(message);
        }
        try {
            return current.receive(message);
        } catch (Exception failure) {
            if (!supervised.isInstance(failure)) {
                throw failure;
            }
            return onFailure(message, failure);
        }
    }

    /** Ends the actor with the pill's status; what a back-off held is its dead letters. */
    @Override
    protected Allocation onPoisonPill(PoisonPill pill) {
        final Allocation status = pill.status();
        if (stash != null) {
            dropHeld(status);
        }
        return status;
    }

    private Allocation onFailure(M message, Exception failure) {
        if (strategy instanceof SupervisorStrategy.Resume) {
            report(Event.RESUMED, message, failure, Duration.ZERO);
            return Allocation.NODELETE;
        }
        if (strategy instanceof SupervisorStrategy.Restart restart) {
            return restart(restart, message, failure);
        }
        if (strategy instanceof SupervisorStrategy.Backoff backoff) {
            return backOff(backoff, message, failure);
        }
        if (strategy instanceof SupervisorStrategy.Escalate escalate) {
            return escalate(escalate.handler(), message, failure);
        }
        report(Event.STOPPED, message, failure, Duration.ZERO);
        return Allocation.FINISHED;
    }

    private Allocation restart(SupervisorStrategy.Restart restart, M message, Exception failure) {
        if (restart.maxRestarts() != SupervisorStrategy.UNLIMITED) {
            final long now = System.nanoTime();
            if (restarts == 0 || now - sinceNanos > saturatedNanos(restart.within())) {
                restarts = 0;
                sinceNanos = now;
            }
            if (restarts == restart.maxRestarts()) {
                report(Event.LIMIT_REACHED, message, failure, Duration.ZERO);
                return Allocation.FINISHED;
            }
        }
        if (restarts < Integer.MAX_VALUE) {
            restarts++;
        }
        report(Event.RESTARTED, message, failure, Duration.ZERO);
        return renew(message) ? Allocation.NODELETE : Allocation.FINISHED;
    }

    private Allocation backOff(SupervisorStrategy.Backoff backoff, M message, Exception failure) {
        if (restarts > 0 && System.nanoTime() - sinceNanos >= saturatedNanos(backoff.resetAfter())) {
            restarts = 0;
        }
        if (restarts == backoff.maxRestarts()) {
            report(Event.LIMIT_REACHED, message, failure, Duration.ZERO);
            return Allocation.FINISHED;
        }
        if (restarts < Integer.MAX_VALUE) {
            restarts++;
        }
        final Duration delay = delay(backoff, restarts);
        behaviour = null;
        report(Event.BACKING_OFF, message, failure, delay);
        timers.startSingleTimer(BACKOFF_ENDED, backoffEnded(), delay);
        return Allocation.NODELETE;
    }

    /** The timer's message, which receive() tells apart by identity before it treats a message as an M. */
    @SuppressWarnings("unchecked")
    private static <M> M backoffEnded() {
        // NOTE: a message reaches receive() unchecked (erasure), and this one never reaches a behaviour.
        return (M) BACKOFF_ENDED;
    }

    private Allocation hold(M message) {
        if (stash.isFull()) {
            report(Event.STASH_OVERFLOW, message, null, Duration.ZERO);
        } else {
            stash.stash(message);
        }
        return Allocation.NODELETE;
    }

    private Allocation endBackoff() {
        if (!renew(null)) {
            dropHeld(Allocation.FINISHED);
            return Allocation.FINISHED;
        }
        sinceNanos = System.nanoTime();
        return stash.unstashAll(this::receive);
    }

    /** A fresh behaviour from the factory; false, reported, if the factory failed. */
    private boolean renew(M message) {
        try {
            behaviour = Objects.requireNonNull(factory.get(), "the factory returned null");
            return true;
        } catch (RuntimeException failed) {
            report(Event.RESTART_FAILED, message, failed, Duration.ZERO);
            return false;
        }
    }

    private void dropHeld(Allocation status) {
        stash.unstashAll(held -> {
            deadLetter(held, status);
            return Allocation.NODELETE;
        });
    }

    private Allocation escalate(ErrorHandler handler, M message, Exception failure) {
        final ActorError.Supervision escalated = new ActorError.Supervision(this, Event.ESCALATED, message, failure,
                restarts, Duration.ZERO);
        try {
            handler.handle(escalated);
        } catch (RuntimeException failed) {
            toSystem(new ActorError.BehaviourFailed(this, message, failed, Allocation.FINISHED));
        }
        return Allocation.FINISHED;
    }

    private void report(Event event, M message, Exception failure, Duration delay) {
        toSystem(new ActorError.Supervision(this, event, message, failure, restarts, delay));
    }

    /** To the system's handler; one that throws is logged and otherwise ignored, as the executor does. */
    private void toSystem(ActorError error) {
        try {
            system().config().errorHandler().handle(error);
        } catch (RuntimeException | LinkageError e) {
            LOG.log(System.Logger.Level.ERROR, "the error handler failed on: " + error.describe(), e);
        }
    }

    /** The back-off before restart {@code n}: min doubled per restart, capped at max, then the random part. */
    private static Duration delay(SupervisorStrategy.Backoff backoff, int n) {
        final long minNanos = saturatedNanos(backoff.minBackoff());
        final long maxNanos = saturatedNanos(backoff.maxBackoff());
        final int shift = n - 1;
        final long base = shift >= Long.SIZE - 1 || minNanos > maxNanos >> shift ? maxNanos : minNanos << shift;
        final double random = backoff.randomFactor() == 0.0 ? 1.0
                : 1.0 + ThreadLocalRandom.current().nextDouble() * backoff.randomFactor();
        return Duration.ofNanos((long) (base * random));
    }

    private static long saturatedNanos(Duration duration) {
        return duration.compareTo(Duration.ofNanos(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : duration.toNanos();
    }
}
