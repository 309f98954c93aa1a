package actor.api;

import actor.api.spi.ActorExecutor.TimerKind;
import actor.api.spi.Registration;
import java.time.Duration;
import java.util.HashMap;
import java.util.Set;

/**
 * An actor's keyed timers: messages it sends itself after a delay, once or repeatedly, at most one
 * timer per key. Pekko typed's {@code TimerScheduler} ({@code Behaviors.withTimers}):
 * {@code startSingleTimer(key, msg, delay)}, {@code startTimerWithFixedDelay},
 * {@code startTimerAtFixedRate}, {@code cancel(key)}, {@code isTimerActive(key)},
 * {@code cancelAll()}.
 *
 * <pre>{@code
 * private final ActorTimers<Msg> timers = new ActorTimers<>(this);
 *
 * protected Allocation receive(Msg msg) {
 *     if (msg instanceof Start) {
 *         timers.startTimerWithFixedDelay("poll", new Poll(), Duration.ofSeconds(1));
 *     } else if (msg instanceof Stop) {
 *         timers.cancel("poll");                       // no Poll is delivered after this
 *     } ...
 * }
 * }</pre>
 *
 * <p><b>One per key.</b> Keys are compared with {@code equals}. Starting a timer with a key that
 * is active replaces that timer: once the start returns, the old timer's message is never
 * delivered, even if it is already queued. Likewise after {@link #cancel} and {@link #cancelAll}:
 * no message of a cancelled timer is ever delivered. A single timer is active until its message
 * has been delivered; a periodic one until cancelled.
 *
 * <p><b>Delivery.</b> A timer's message comes through the owner's mailbox, in order with its other
 * messages, and runs as its behaviour like any other: its failures go to the failure policy, and
 * the status returned applies. While the owner awaits ({@link Actor#await}), its timer messages
 * are held back with its other messages. An expiry that finds its timer cancelled or replaced is
 * dropped quietly, no dead letter.
 *
 * <p><b>The owner's end.</b> When the owner ends (a status, a pill, a failure), all its timers are
 * cancelled on the worker that ran its last behaviour: none is delivered or counted as a dead
 * letter afterwards, and a periodic one no longer keeps the system busy. If the owner is
 * registered again after {@link Allocation#DESTROY}, start its timers again.
 *
 * <p><b>Cost.</b> An actor that holds no {@code ActorTimers} pays nothing: a timer's expiry
 * reaches the owner's worker under a stand-in registration, where the worker already handles
 * messages of ended actors, and only there is it checked against its timer; a delivered message
 * pays no check. Each start allocates a small timer object and the system timer behind it.
 *
 * <p>Threading: not thread-safe, by design. Only the owner's behaviours (and continuations) use
 * it, like the other fields of an actor; the starts check it ({@link IllegalStateException}),
 * the other methods do not.
 *
 * @param <M> the messages its timers send: the owner's message type or a subtype of it
 */
public final class ActorTimers<M> {

    private final Actor<? super M> owner;
    /** The active timers by key; the owner's behaviours only. */
    private final HashMap<Object, Timer<M>> active = new HashMap<>();

    /**
     * Creates the keyed timers of {@code owner}, typically as a field of the owner:
     * {@code new ActorTimers<>(this)}.
     *
     * @param owner the actor that receives the timers' messages and whose behaviours use this object
     * @throws NullPointerException if {@code owner} is null
     */
    public ActorTimers(Actor<? super M> owner) {
        if (owner == null) {
            throw new NullPointerException("owner");
        }
        this.owner = owner;
    }

    /**
     * Starts a timer that delivers {@code message} once, after {@code delay}; it replaces the timer
     * of {@code key}, if any.
     *
     * @param key     the timer's key
     * @param message what it delivers
     * @param delay   zero or positive
     * @throws NullPointerException      if an argument is null
     * @throws IllegalArgumentException  if {@code delay} is negative
     * @throws IllegalStateException     if not called from the owner's running behaviour
     * @throws SystemNotRunningException if the owner's system no longer accepts actors
     */
    public void startSingleTimer(Object key, M message, Duration delay) {
        start(key, message, TimerKind.SINGLE, zeroOrPositive("delay", delay), 0);
    }

    /**
     * Starts a timer that delivers {@code message} after {@code delay}, and then again each
     * {@code delay} after the previous expiry; it replaces the timer of {@code key}, if any.
     *
     * @param key     the timer's key
     * @param message what it delivers, each time
     * @param delay   positive
     * @throws NullPointerException      if an argument is null
     * @throws IllegalArgumentException  if {@code delay} is not positive
     * @throws IllegalStateException     if not called from the owner's running behaviour
     * @throws SystemNotRunningException if the owner's system no longer accepts actors
     */
    public void startTimerWithFixedDelay(Object key, M message, Duration delay) {
        startTimerWithFixedDelay(key, message, delay, delay);
    }

    /**
     * As {@link #startTimerWithFixedDelay(Object, Object, Duration)}, with the first expiry after
     * {@code initialDelay}.
     *
     * @param initialDelay zero or positive
     * @param delay        positive
     * @throws IllegalArgumentException if {@code initialDelay} is negative or {@code delay} is not positive
     */
    public void startTimerWithFixedDelay(Object key, M message, Duration initialDelay, Duration delay) {
        start(key, message, TimerKind.FIXED_DELAY, zeroOrPositive("initialDelay", initialDelay), positive("delay", delay));
    }

    /**
     * Starts a timer that delivers {@code message} every {@code interval}, at a fixed rate (a late
     * expiry does not shift the next ones); it replaces the timer of {@code key}, if any.
     *
     * @param key      the timer's key
     * @param message  what it delivers, each time
     * @param interval positive
     * @throws NullPointerException      if an argument is null
     * @throws IllegalArgumentException  if {@code interval} is not positive
     * @throws IllegalStateException     if not called from the owner's running behaviour
     * @throws SystemNotRunningException if the owner's system no longer accepts actors
     */
    public void startTimerAtFixedRate(Object key, M message, Duration interval) {
        startTimerAtFixedRate(key, message, interval, interval);
    }

    /**
     * As {@link #startTimerAtFixedRate(Object, Object, Duration)}, with the first expiry after
     * {@code initialDelay}.
     *
     * @param initialDelay zero or positive
     * @param interval     positive
     * @throws IllegalArgumentException if {@code initialDelay} is negative or {@code interval} is not positive
     */
    public void startTimerAtFixedRate(Object key, M message, Duration initialDelay, Duration interval) {
        start(key, message, TimerKind.FIXED_RATE, zeroOrPositive("initialDelay", initialDelay), positive("interval", interval));
    }

    /**
     * {@return whether a timer of {@code key} is active: started, not cancelled, and, for a single
     * timer, its message not yet delivered}
     */
    public boolean isTimerActive(Object key) {
        return active.containsKey(key);
    }

    /**
     * Cancels the timer of {@code key}, if any: its message is not delivered after this returns,
     * even if it is already queued.
     */
    public void cancel(Object key) {
        final Timer<M> cancelled = active.remove(key);
        if (cancelled != null) {
            cancelled.handle.cancel();
        }
    }

    /** Cancels every timer, as {@link #cancel} does. */
    public void cancelAll() {
        for (Timer<M> timer : active.values()) {
            timer.handle.cancel();
        }
        active.clear();
    }

    /** {@return the keys of the active timers, a snapshot} */
    public Set<Object> activeKeys() {
        return Set.copyOf(active.keySet());
    }

    /** {@return how many timers are active} */
    public int size() {
        return active.size();
    }

    private void start(Object key, M message, TimerKind kind, long delayNanos, long periodNanos) {
        if (key == null) {
            throw new NullPointerException("key");
        }
        if (message == null) {
            throw new NullPointerException("message");
        }
        final Registration self = owner.liveSelf("start a timer");
        final Timer<M> timer = new Timer<>(this, key, message, kind);
        // NOTE: the timer may expire before the handle is set; its expiry is checked on the owner's
        // worker, after this behaviour, so it finds the handle set and the timer in the table.
        timer.handle = self.executor().startTimer(self, this, timer, kind, delayNanos, periodNanos);
        final Timer<M> replaced = active.put(key, timer);
        if (replaced != null) {
            replaced.handle.cancel();
        }
    }

    /**
     * The message of {@code tick}, one of these timers' expiries, on the owner's worker just
     * before its behaviour would run: null if that timer is no longer active (cancelled, or
     * replaced by a start with its key). A single timer ends with its delivery.
     */
    static Object messageOf(Object tick) {
        final Timer<?> timer = (Timer<?>) tick;
        return timer.timers.take(timer);
    }

    private Object take(Timer<?> timer) {
        if (active.get(timer.key) != timer) {
            return null;
        }
        if (timer.kind == TimerKind.SINGLE) {
            active.remove(timer.key);
        }
        return timer.message;
    }

    private static long zeroOrPositive(String name, Duration duration) {
        if (duration == null) {
            throw new NullPointerException(name);
        }
        if (duration.isNegative()) {
            throw new IllegalArgumentException(name + " = " + duration + ": must be zero or positive");
        }
        return saturatedNanos(duration);
    }

    private static long positive(String name, Duration duration) {
        if (duration == null) {
            throw new NullPointerException(name);
        }
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException(name + " = " + duration + ": must be positive");
        }
        return saturatedNanos(duration);
    }

    private static long saturatedNanos(Duration duration) {
        return duration.compareTo(Duration.ofNanos(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : duration.toNanos();
    }

    /**
     * One start of a timer: its identity is its generation, so an expiry of an earlier start of the
     * same key is told apart by {@code ==}. Made and read by the owner's behaviours; handed to the
     * timer thread only as an opaque tick, which comes back through the owner's mailbox.
     */
    private static final class Timer<M> {
        final ActorTimers<M> timers;
        final Object key;
        final M message;
        final TimerKind kind;
        /** Set by the start, before the owner's behaviour returns; the owner's behaviours only. */
        Cancellable handle;

        Timer(ActorTimers<M> timers, Object key, M message, TimerKind kind) {
            this.timers = timers;
            this.key = key;
            this.message = message;
            this.kind = kind;
        }
    }
}
