package actor.testkit;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * An actor that records every message it receives, for a test to wait for and check: hand its
 * {@link #ref()} to the actor under test as a reply-to or a peer, then {@code expect...} what should
 * arrive. Each expectation takes the oldest message not yet taken, waiting at most its timeout
 * ({@link #DEFAULT_TIMEOUT} when none is given), and throws {@link AssertionError} saying what it
 * got instead; so a test reads as the conversation it checks, with no latches.
 *
 * <pre>{@code
 * TestProbe<TellerMsg> teller = new TestProbe<>(system);
 * account.send(new Withdraw(30, teller.ref()));
 * assertEquals(new Done("alice", true), teller.expectMessage());
 * teller.expectNoMessage(Duration.ofMillis(100));
 * }</pre>
 *
 * <p>Threading: messages arrive on worker threads; the expectations are for one test thread.
 *
 * @param <M> the message type the probe accepts
 */
public final class TestProbe<M> extends Actor<M> {

    /** How long an expectation waits when not told otherwise. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(3);

    private final LinkedBlockingQueue<M> received = new LinkedBlockingQueue<>();

    /**
     * A probe registered with {@code system}.
     *
     * @param system a running system
     */
    public TestProbe(ActorSystem system) {
        super(system);
    }

    @Override
    protected Allocation receive(M message) {
        received.add(message);
        return Allocation.NODELETE;
    }

    /**
     * {@return the next message, within {@link #DEFAULT_TIMEOUT}}
     *
     * @throws AssertionError if none arrives in time
     */
    public M expectMessage() {
        return expectMessage(DEFAULT_TIMEOUT);
    }

    /**
     * {@return the next message, waiting at most {@code timeout}}
     *
     * @param timeout how long to wait
     * @throws AssertionError if none arrives in time
     */
    public M expectMessage(Duration timeout) {
        final M next = poll(timeout);
        if (next == null) {
            throw new AssertionError(this + ": no message within " + timeout);
        }
        return next;
    }

    /**
     * Checks that the next message, within {@code timeout}, equals {@code expected}.
     *
     * @param expected the message expected
     * @param timeout  how long to wait
     * @return the message
     * @throws AssertionError if none arrives in time, or another one does
     */
    public M expectMessage(M expected, Duration timeout) {
        Objects.requireNonNull(expected, "expected");
        final M next = expectMessage(timeout);
        if (!expected.equals(next)) {
            throw new AssertionError(this + ": expected " + expected + " but received " + next);
        }
        return next;
    }

    /**
     * Checks that the next message, within {@code timeout}, is a {@code type}.
     *
     * @param <T>     the type expected
     * @param type    its class
     * @param timeout how long to wait
     * @return it, as a {@code type}
     * @throws AssertionError if none arrives in time, or one of another type does
     */
    public <T extends M> T expectMessageClass(Class<T> type, Duration timeout) {
        Objects.requireNonNull(type, "type");
        final M next = expectMessage(timeout);
        if (!type.isInstance(next)) {
            throw new AssertionError(this + ": expected a " + type.getName() + " but received " + next);
        }
        return type.cast(next);
    }

    /**
     * {@return the next {@code count} messages, in arrival order, all within {@code timeout}}
     *
     * @param count   how many
     * @param timeout how long to wait for all of them
     * @throws AssertionError naming how many arrived, if fewer than {@code count} do in time
     */
    public List<M> receiveMessages(int count, Duration timeout) {
        if (count < 0) {
            throw new IllegalArgumentException("count = " + count + ": must be zero or positive");
        }
        final long deadline = System.nanoTime() + timeout.toNanos();
        final List<M> messages = new ArrayList<>(count);
        while (messages.size() < count) {
            final M next = poll(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
            if (next == null) {
                throw new AssertionError(this + ": received " + messages.size() + " of " + count
                        + " messages within " + timeout + ": " + messages);
            }
            messages.add(next);
        }
        return messages;
    }

    /**
     * Checks that nothing arrives for {@code duration} (it always waits that long).
     *
     * @param duration how long to watch
     * @throws AssertionError naming the message, if one arrives
     */
    public void expectNoMessage(Duration duration) {
        final M next = poll(duration);
        if (next != null) {
            throw new AssertionError(this + ": expected no message for " + duration + " but received " + next);
        }
    }

    /** {@return the messages received and not yet taken by an expectation} */
    public int pending() {
        return received.size();
    }

    private M poll(Duration timeout) {
        Objects.requireNonNull(timeout, "timeout");
        try {
            return received.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(this + ": interrupted while waiting for a message", e);
        }
    }
}
