package actor.api;

import java.time.Duration;
import java.util.Objects;

/**
 * An opt-in bound on the messages queued for one actor, and what a send does when the actor has
 * that many queued: Pekko's bounded mailbox ({@code MailboxSelector.bounded(capacity)}). Given at
 * creation ({@link Actor#Actor(ActorSystem, MailboxBound)}); the actor keeps it when it is
 * {@linkplain ActorSystem#register registered again}. An actor created without one is unbounded
 * and pays nothing for this feature.
 *
 * <pre>{@code
 * final class Ingest extends Actor<Event> {
 *     Ingest(ActorSystem system) { super(system, MailboxBound.refuse(1_000)); }
 *     ...
 * }
 * if (!ingest.trySend(event)) { ... }        // full: the caller decides (retry, shed, answer "busy")
 * }</pre>
 *
 * <p>What counts: each message accepted by {@link Actor#send(Object)}, {@link Actor#trySend} or a
 * reference's sends, from the send until a worker takes it off the queue to run it (or to hold it
 * back while the actor {@linkplain Actor#await awaits}: a held-back message counts until it runs).
 * Poison pills, death-watch notifications, keyed-timer expiries ({@link ActorTimers}) and the
 * {@link Receptionist}'s listings are not counted and never refused, so an overloaded actor can
 * always be ended and hears what the system tells it; scheduled sends and asks meet the bound. A bound is per actor, so
 * actors that share a mailbox (a ticket) do not take each other's room. Messages from one sender
 * still arrive in the order sent; among senders at the bound there is no queue: whoever finds room
 * first gets it.
 *
 * <p>At the bound ({@link OnFull}):
 * <ul>
 * <li>{@link OnFull#REFUSE}: {@code send} throws {@link MailboxFullException}; nothing is queued or
 *     reported (the sender saw it).</li>
 * <li>{@link OnFull#DROP}: {@code send} returns, the message is not queued, and it is reported to
 *     the system's {@link ErrorHandler} as {@link ActorError.MessageDropped} and counted
 *     ({@link actor.stats.Health#dropped()}): Pekko's bounded mailbox, which passes it to dead
 *     letters.</li>
 * <li>{@link OnFull#WAIT}: a thread that is not a worker of an actor system waits up to
 *     {@link #timeout()} for room (interrupting it ends the wait, its interrupt status kept), as
 *     Pekko's push timeout; if none comes, {@code send} throws {@link MailboxFullException}. A
 *     worker never waits (it would hold every actor of its slice): a behaviour's send to a full
 *     waiting actor throws at once, and a scheduled send (the timer thread) is refused as well
 *     ({@link ActorError.ScheduledSendFailed}).</li>
 * </ul>
 * Whatever the policy, {@link Actor#trySend} returns false at the bound and does nothing else. Each
 * refused send (an exception or a false {@code trySend}) is counted ({@link actor.stats.Health#refused()}).
 * Never a silent loss: every message a bound keeps out is seen by its sender or reported.
 *
 * @param capacity the most messages queued for the actor at once, at least 1
 * @param onFull   what a send does at the bound
 * @param timeout  for {@link OnFull#WAIT}, the longest a sender waits for room; zero otherwise
 */
public record MailboxBound(int capacity, OnFull onFull, Duration timeout) {

    /** The largest capacity: a bound that large would not keep a producer from filling the heap anyway. */
    public static final int MAX_CAPACITY = 1 << 30;

    /** What a send does when the actor already has {@link #capacity()} messages queued. */
    public enum OnFull {
        /** {@code send} throws {@link MailboxFullException}. */
        REFUSE,
        /** The message is not queued, and is reported ({@link ActorError.MessageDropped}) and counted. */
        DROP,
        /** A sender that is not a worker waits for room up to the timeout, then is refused as with {@link #REFUSE}. */
        WAIT
    }

    /**
     * Checks the bound.
     *
     * @throws NullPointerException     if {@code onFull} or {@code timeout} is null
     * @throws IllegalArgumentException if {@code capacity} is outside [1, {@link #MAX_CAPACITY}], or
     *                                  {@code timeout} is negative, or not zero for a policy other
     *                                  than {@link OnFull#WAIT}
     */
    public MailboxBound {
        Objects.requireNonNull(onFull, "onFull");
        Objects.requireNonNull(timeout, "timeout");
        if (capacity < 1 || capacity > MAX_CAPACITY) {
            throw new IllegalArgumentException("capacity = " + capacity + ": must be in [1, " + MAX_CAPACITY + "]");
        }
        if (timeout.isNegative()) {
            throw new IllegalArgumentException("timeout = " + timeout + ": must be zero or positive");
        }
        if (onFull != OnFull.WAIT && !timeout.isZero()) {
            throw new IllegalArgumentException("timeout = " + timeout + ": only a WAIT bound waits; use MailboxBound.waiting");
        }
    }

    /**
     * {@return a bound of {@code capacity} messages at which {@code send} throws {@link MailboxFullException}}
     *
     * @param capacity the most messages queued at once, in [1, {@link #MAX_CAPACITY}]
     */
    public static MailboxBound refuse(int capacity) {
        return new MailboxBound(capacity, OnFull.REFUSE, Duration.ZERO);
    }

    /**
     * {@return a bound of {@code capacity} messages beyond which messages are dropped, reported and
     * counted} Pekko's {@code MailboxSelector.bounded(capacity)}.
     *
     * @param capacity the most messages queued at once, in [1, {@link #MAX_CAPACITY}]
     */
    public static MailboxBound drop(int capacity) {
        return new MailboxBound(capacity, OnFull.DROP, Duration.ZERO);
    }

    /**
     * {@return a bound of {@code capacity} messages at which a sender that is not a worker waits up
     * to {@code timeout} for room, and is then refused ({@link MailboxFullException})} A worker's
     * send is refused at once.
     *
     * @param capacity the most messages queued at once, in [1, {@link #MAX_CAPACITY}]
     * @param timeout  the longest wait, zero or more
     */
    public static MailboxBound waiting(int capacity, Duration timeout) {
        return new MailboxBound(capacity, OnFull.WAIT, timeout);
    }

    @Override
    public String toString() {
        return switch (onFull) {
            case REFUSE -> "MailboxBound.refuse(" + capacity + ")";
            case DROP -> "MailboxBound.drop(" + capacity + ")";
            case WAIT -> "MailboxBound.waiting(" + capacity + ", " + timeout + ")";
        };
    }
}
