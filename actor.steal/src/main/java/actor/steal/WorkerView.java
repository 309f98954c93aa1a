package actor.steal;

/**
 * What a {@link VictimSelector} may know about the workers. Every value is read racily and may be
 * slightly stale; reading it never disturbs a busy worker (occupancy is computed on request, from
 * racy reads of the worker's mailboxes, by the thief).
 *
 * <p><b>Places.</b> Each worker has a place in the machine's {@link #topology() topology}: worker
 * {@code i} is assigned the CPU at position {@code i % topology().cpus()} of the topology's order
 * (with more workers than CPUs, several share one). Unless workers are pinned to their CPUs, the
 * operating system may run a worker elsewhere: the places say where work was meant to run, and
 * keep the stealing between workers that are meant to be close.
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

    /**
     * {@return how many steal attempts on a victim {@code worker} has made since it last found work:
     * 0 while it is busy} Attempts in which the selector chose no victim do not count. A selector
     * reading its own thief's count sees the attempts before the current one. The default, for views
     * that do not track it, is 0.
     *
     * @param worker a worker index in {@code [0, workers())}
     */
    default int stealAttempts(int worker) {
        return 0;
    }

    /**
     * {@return the victim of {@code worker}'s latest steal attempt while it still looks for work
     * (the worker it is polling), or {@link VictimSelector#NONE} once it has found work, if its
     * latest attempt had no victim, or if the view does not track it (the default)}
     *
     * @param worker a worker index in {@code [0, workers())}
     */
    default int stealTarget(int worker) {
        return VictimSelector.NONE;
    }

    /**
     * {@return the machine the workers are placed on} The default, for views that know nothing about
     * placement, is {@link Topology#unknown()}: every worker as close to every other.
     */
    default Topology topology() {
        return Topology.unknown();
    }

    /**
     * {@return how close two workers are placed: the lowest level of the {@link #topology()} at
     * which they share a group, 0 if they share a CPU} The same as
     * {@code topology().sharedLevel(a, b)}.
     *
     * @param a a worker index in {@code [0, workers())}
     * @param b a worker index in {@code [0, workers())}
     */
    default int sharedLevel(int a, int b) {
        return topology().sharedLevel(a, b);
    }
}
