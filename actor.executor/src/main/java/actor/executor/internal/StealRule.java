package actor.executor.internal;

/**
 * What a {@link Thief} may take from a victim: the fewest messages of a backlog worth stealing
 * ({@link #minMessagesToSteal(WorkerProgress)}), none from a worker whose estimates have not
 * settled or that is communication-bound; and whether the victim is stuck in one behaviour, so
 * that even a single message is rescued ({@link #isStuck}).
 *
 * <p>Threading: any worker thread; reads the victims' progress and sleep state racily.
 */
final class StealRule {

    /*
     * The tunables are Policy.TUNABLES'; why each has its value:
     * - rescueBlockedAfterNanos / rescueRunnableAfterNanos: a runnable thread is computing a long
     *   behaviour or is preempted by the operating system (on a shared or virtual machine, for
     *   milliseconds at a time), and a thief cannot tell which; a rescue splits a conversation for
     *   the rest of the run, so a preemption (Linux's slices are a few milliseconds) must not
     *   trigger one. A blocked thread (waiting, sleeping, parked) is rescued sooner.
     * - crossCoreHandOffNanos: a lock and a queue slot on lines the other core owns, and often a
     *   wake-up: the one-way hop of cross-worker ping-pong measured 60-120 ns on 2 virtual CPUs.
     */
    private static final Policy.Tunables T = Policy.TUNABLES;

    private StealRule() {
    }

    /**
     * Fewest messages a backlog of {@code worker}'s must hold to be stolen
     * ({@link #minMessagesToSteal(long, long)}); none at all ({@link Integer#MAX_VALUE}) before its
     * estimates settle ({@link WorkerProgress#isSettled}): a new system's first messages cost many
     * times their later price, so an early estimate calls a communication-bound worker
     * compute-bound, and a split made then lasts for the rest of the run. A worker stuck in its
     * first batches is rescued regardless ({@link #isStuck}).
     */
    static int minMessagesToSteal(WorkerProgress worker) {
        if (Policy.SETTLING && !worker.isSettled()) {
            return Integer.MAX_VALUE;
        }
        return minMessagesToSteal(worker.nanosPerMessage(), worker.handOffsPer256());
    }

    /**
     * Fewest messages a backlog must hold to be stolen from a worker whose messages cost
     * {@code nanosPerMessage} each (0: not measured yet) and hand {@code handOffsPer256} messages per
     * 256 to other mailboxes: {@link Policy.Tunables#minMessagesToSteal}; none at all
     * ({@link Integer#MAX_VALUE}) while the worker is communication-bound, its messages cheaper than
     * the cross-core hand-offs they would cause once its actors are split across workers
     * ({@link Policy.Tunables#crossCoreHandOffNanos} each): splitting such a worker makes it slower,
     * not faster, as its actors keep talking to the ones left behind. A worker stuck in one
     * behaviour is rescued regardless ({@link #isStuck}).
     */
    static int minMessagesToSteal(long nanosPerMessage, long handOffsPer256) {
        final boolean communicationBound = Policy.COMM_BOUND && nanosPerMessage > 0
                && nanosPerMessage * 256 < handOffsPer256 * T.crossCoreHandOffNanos();
        return communicationBound ? Integer.MAX_VALUE : T.minMessagesToSteal();
    }

    /**
     * Whether {@code victim} has been inside the same batch since a thief's previous look (any
     * thief's: {@link WorkerProgress#stallObservation}), at least {@link Policy.Tunables#rescueBlockedAfterNanos} ago if
     * its thread is blocked now, at least {@link Policy.Tunables#rescueRunnableAfterNanos} ago if it is runnable.
     */
    static boolean isStuck(WorkerProgress[] progress, WorkerSleep[] sleeps, int victim) {
        final WorkerProgress watched = progress[victim];
        final long seen = watched.read();
        final long now = System.nanoTime();
        final long observation = watched.stallObservation();
        if (!WorkerProgress.observedCount(observation, seen)) {
            watched.observe(seen, now);
            return false;
        }
        if (!WorkerProgress.insideBatch(seen)) {
            return false;
        }
        final long stuckNanos = WorkerProgress.observedFor(observation, now);
        return Policy.RESCUE && (stuckNanos >= T.rescueRunnableAfterNanos()
                || stuckNanos >= T.rescueBlockedAfterNanos() && !sleeps[victim].isThreadRunnable());
    }
}
