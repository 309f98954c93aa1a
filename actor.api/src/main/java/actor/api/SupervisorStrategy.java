package actor.api;

import java.time.Duration;
import java.util.Objects;

/**
 * What a {@link Supervised} actor does when its behaviour throws: Pekko typed's
 * {@code SupervisorStrategy}. Made by the factory methods and refined by the {@code with} methods,
 * each of which returns a new strategy; every strategy is immutable and validated when made
 * ({@link IllegalArgumentException} naming the parameter and its range).
 *
 * <pre>{@code
 * SupervisorStrategy.resume()
 * SupervisorStrategy.stop()
 * SupervisorStrategy.restart().withLimit(3, Duration.ofMinutes(1))
 * SupervisorStrategy.restartWithBackoff(Duration.ofMillis(100), Duration.ofSeconds(10), 0.2).withMaxRestarts(5)
 * SupervisorStrategy.escalate(report -> parent.send(new ChildFailed(report.failure())))
 * }</pre>
 */
public sealed interface SupervisorStrategy {

    /** A limit of restarts that means no limit. */
    int UNLIMITED = -1;

    /** The messages a back-off holds, unless {@link Backoff#withStashCapacity} says otherwise (Pekko's default). */
    int DEFAULT_STASH_CAPACITY = 1_000;

    /** {@return a strategy that keeps the behaviour, and its state, and goes on with the next message} */
    static Resume resume() {
        return new Resume();
    }

    /** {@return a strategy that ends the actor, as {@link Allocation#FINISHED}} */
    static Stop stop() {
        return new Stop();
    }

    /**
     * {@return a strategy that replaces the behaviour by a fresh one from the factory, as often as
     * it fails} Limit it with {@link Restart#withLimit}.
     */
    static Restart restart() {
        return new Restart(UNLIMITED, Duration.ZERO);
    }

    /**
     * A strategy that restarts after a back-off: messages that arrive meanwhile are held, in
     * order, and handled by the fresh behaviour. The n-th consecutive restart waits
     * {@code minBackoff * 2^(n-1)}, at most {@code maxBackoff}, and then up to {@code randomFactor}
     * of that more, at random. The count starts again once a fresh behaviour has run for
     * {@link Backoff#resetAfter()} (by default {@code minBackoff}) without failing.
     *
     * @param minBackoff   the first delay, positive
     * @param maxBackoff   the longest delay before the random part, at least {@code minBackoff}
     * @param randomFactor in {@code [0.0, 1.0]}; 0 for exact delays
     * @return an unlimited back-off; limit it with {@link Backoff#withMaxRestarts}
     * @throws NullPointerException     if a duration is null
     * @throws IllegalArgumentException if a parameter is out of its range
     */
    static Backoff restartWithBackoff(Duration minBackoff, Duration maxBackoff, double randomFactor) {
        return new Backoff(minBackoff, maxBackoff, randomFactor, UNLIMITED, minBackoff, DEFAULT_STASH_CAPACITY);
    }

    /**
     * {@return a strategy that hands the failure to {@code handler}, once, as an
     * {@link ActorError.Supervision} of event {@code ESCALATED}, and ends the actor}
     *
     * @param handler what the failure goes to instead of the system's error handler, on the actor's worker
     * @throws NullPointerException if {@code handler} is null
     */
    static Escalate escalate(ErrorHandler handler) {
        return new Escalate(handler);
    }

    /** See {@link SupervisorStrategy#resume()}. */
    record Resume() implements SupervisorStrategy {
    }

    /** See {@link SupervisorStrategy#stop()}. */
    record Stop() implements SupervisorStrategy {
    }

    /**
     * See {@link SupervisorStrategy#restart()}: at most {@code maxRestarts} restarts within
     * {@code within} of the first of them; the failure past the limit ends the actor.
     *
     * @param maxRestarts {@link #UNLIMITED}, or at least 1
     * @param within      the window of the limit, positive; ignored (zero or more) without a limit
     */
    record Restart(int maxRestarts, Duration within) implements SupervisorStrategy {
        /**
         * Validates the limit.
         *
         * @throws NullPointerException     if {@code within} is null
         * @throws IllegalArgumentException if a parameter is out of its range
         */
        public Restart {
            Objects.requireNonNull(within, "within");
            if (maxRestarts != UNLIMITED) {
                atLeastOne("maxRestarts", maxRestarts);
                positive("within", within);
            } else if (within.isNegative()) {
                throw new IllegalArgumentException("within = " + within + ": must be zero or positive");
            }
        }

        /**
         * {@return this strategy with at most {@code maxRestarts} restarts within {@code within}}
         * Pekko's {@code withLimit(maxNrOfRetries, withinTimeRange)}.
         *
         * @param maxRestarts at least 1
         * @param within      positive
         * @throws IllegalArgumentException if a parameter is out of its range
         */
        public Restart withLimit(int maxRestarts, Duration within) {
            return new Restart(atLeastOne("maxRestarts", maxRestarts), within);
        }
    }

    /**
     * See {@link SupervisorStrategy#restartWithBackoff}.
     *
     * @param minBackoff    the first delay, positive
     * @param maxBackoff    the longest delay before the random part, at least {@code minBackoff}
     * @param randomFactor  in {@code [0.0, 1.0]}
     * @param maxRestarts   {@link #UNLIMITED}, or the most consecutive restarts, at least 1
     * @param resetAfter    how long a fresh behaviour runs without failing before the count of
     *                      consecutive restarts starts again, positive
     * @param stashCapacity the most messages held during a back-off, in {@code [1, Stash.MAX_CAPACITY]}
     */
    record Backoff(Duration minBackoff, Duration maxBackoff, double randomFactor, int maxRestarts,
                   Duration resetAfter, int stashCapacity) implements SupervisorStrategy {
        /**
         * Validates every parameter.
         *
         * @throws NullPointerException     if a duration is null
         * @throws IllegalArgumentException if a parameter is out of its range
         */
        public Backoff {
            positive("minBackoff", minBackoff);
            Objects.requireNonNull(maxBackoff, "maxBackoff");
            if (maxBackoff.compareTo(minBackoff) < 0) {
                throw new IllegalArgumentException("maxBackoff = " + maxBackoff + ": must be at least minBackoff = " + minBackoff);
            }
            if (!(randomFactor >= 0.0 && randomFactor <= 1.0)) {
                throw new IllegalArgumentException("randomFactor = " + randomFactor + ": must be in [0.0, 1.0]");
            }
            if (maxRestarts != UNLIMITED) {
                atLeastOne("maxRestarts", maxRestarts);
            }
            positive("resetAfter", resetAfter);
            if (stashCapacity < 1 || stashCapacity > Stash.MAX_CAPACITY) {
                throw new IllegalArgumentException("stashCapacity = " + stashCapacity + ": must be in [1, "
                        + Stash.MAX_CAPACITY + "]");
            }
        }

        /**
         * {@return this strategy ending the actor at the failure after {@code maxRestarts}
         * consecutive restarts} Pekko's {@code withMaxRestarts}.
         *
         * @param maxRestarts at least 1
         * @throws IllegalArgumentException if {@code maxRestarts} is less than 1
         */
        public Backoff withMaxRestarts(int maxRestarts) {
            return new Backoff(minBackoff, maxBackoff, randomFactor, atLeastOne("maxRestarts", maxRestarts),
                    resetAfter, stashCapacity);
        }

        /**
         * {@return this strategy starting the count of consecutive restarts again once a fresh
         * behaviour has run for {@code resetAfter} without failing} Pekko's {@code withResetBackoffAfter}.
         *
         * @param resetAfter positive
         * @throws IllegalArgumentException if {@code resetAfter} is not positive
         */
        public Backoff withResetBackoffAfter(Duration resetAfter) {
            return new Backoff(minBackoff, maxBackoff, randomFactor, maxRestarts, resetAfter, stashCapacity);
        }

        /**
         * {@return this strategy holding at most {@code stashCapacity} messages during a back-off}
         * Pekko's {@code withStashCapacity}.
         *
         * @param stashCapacity in {@code [1, Stash.MAX_CAPACITY]}
         * @throws IllegalArgumentException if {@code stashCapacity} is out of range
         */
        public Backoff withStashCapacity(int stashCapacity) {
            return new Backoff(minBackoff, maxBackoff, randomFactor, maxRestarts, resetAfter, stashCapacity);
        }
    }

    /**
     * See {@link SupervisorStrategy#escalate}.
     *
     * @param handler what the failure goes to
     */
    record Escalate(ErrorHandler handler) implements SupervisorStrategy {
        /**
         * Checks the handler.
         *
         * @throws NullPointerException if {@code handler} is null
         */
        public Escalate {
            Objects.requireNonNull(handler, "handler");
        }
    }

    private static int atLeastOne(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " = " + value + ": must be at least 1");
        }
        return value;
    }

    private static void positive(String name, Duration duration) {
        Objects.requireNonNull(duration, name);
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException(name + " = " + duration + ": must be positive");
        }
    }
}
