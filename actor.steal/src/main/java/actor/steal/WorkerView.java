package actor.steal;

/**
 * What a {@link VictimSelector} may know about the workers. Every value is read racily and may be
 * slightly stale; reading it never disturbs a busy worker (occupancy is computed on request, from
 * racy reads of the worker's mailboxes, by the thief).
 */
public interface WorkerView {

    /** Number of workers, at least 1. */
    int workers();

    /**
     * When {@code worker} last attempted a steal, in the clock's nanoseconds (by default
     * {@link System#nanoTime()}); {@link Long#MIN_VALUE} if it never did. A worker that has not
     * stolen for a long time has been busy for a long time.
     */
    long lastStealAttemptNanos(int worker);

    /** Approximately how many of {@code worker}'s mailboxes hold messages now. */
    int occupancy(int worker);
}
