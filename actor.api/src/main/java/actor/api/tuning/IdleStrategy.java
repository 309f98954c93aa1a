package actor.api.tuning;

import java.util.Objects;

/**
 * How an idle worker waits between passes over its mailboxes that found no work, before it sleeps
 * ({@link actor.api.ActorSystemConfig.Builder#idleStrategy}); the same two calls as Agrona's
 * {@code org.agrona.concurrent.IdleStrategy}, so one of those adapts with
 * {@code IdleStrategy.of(agrona::idle, agrona::reset)}. Each worker has its own instance.
 *
 * <p>Do not park or sleep in {@link #idle()}: a worker waiting there is not announced as sleeping,
 * so no sender can wake it, and a message for it would wait out the park. Sleeping is the
 * worker's own business, after {@link actor.api.ActorSystemConfig.Builder#sleepAfter}.
 *
 * <p>Threading: one worker thread per instance.
 */
public interface IdleStrategy {

    /** Called after each pass that found no work. */
    void idle();

    /** Called when the worker finds work again. */
    void reset();

    /** {@return a strategy that spins ({@link Thread#onSpinWait()}) on every idle call} */
    static IdleStrategy busySpin() {
        return of(Thread::onSpinWait, () -> {
        });
    }

    /**
     * {@return a strategy that spins on the first {@code spins} idle calls after a reset, then
     * yields the CPU ({@link Thread#yield()}) on each further one; never parks}
     *
     * @param spins idle calls that spin before yielding, zero or more
     * @throws IllegalArgumentException if {@code spins} is negative
     */
    static IdleStrategy backoff(int spins) {
        if (spins < 0) {
            throw new IllegalArgumentException("spins = " + spins + ": must be zero or positive");
        }
        return new IdleStrategy() {
            private int idleCalls;

            @Override
            public void idle() {
                if (idleCalls < spins) {
                    idleCalls++;
                    Thread.onSpinWait();
                } else {
                    Thread.yield();
                }
            }

            @Override
            public void reset() {
                idleCalls = 0;
            }

            @Override
            public String toString() {
                return "backoff(" + spins + ")";
            }
        };
    }

    /**
     * {@return a strategy made of two actions}, for example an Agrona strategy's methods.
     *
     * @param idle  run on each idle call
     * @param reset run when work is found again
     */
    static IdleStrategy of(Runnable idle, Runnable reset) {
        Objects.requireNonNull(idle, "idle");
        Objects.requireNonNull(reset, "reset");
        return new IdleStrategy() {
            @Override
            public void idle() {
                idle.run();
            }

            @Override
            public void reset() {
                reset.run();
            }
        };
    }
}
