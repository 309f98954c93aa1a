package actor.steal;

/**
 * What a {@link VictimSelector} may know about the workers. Every value is read racily and may be
 * slightly stale; reading it never disturbs a busy worker (occupancy is computed on request, from
 * racy reads of the worker's mailboxes, by the thief).
 */
public interface WorkerView {

    /** {@return the number of workers, at least 1} */
    int workers();

    /**
     * {@return when {@code worker} last attempted a steal, in the clock's nanoseconds (by default
     * {@link System#nanoTime()}); {@link Long#MIN_VALUE} if it never did} A worker that has not
     * stolen for a long time has been busy for a long time.
     *
     * @param worker a worker index in {@code [0, workers())}
     */
    long lastStealAttemptNanos(int worker);

    /**
     * {@return approximately how many of {@code worker}'s mailboxes hold messages now}
     *
     * @param worker a worker index in {@code [0, workers())}
     */
    int occupancy(int worker);
}
