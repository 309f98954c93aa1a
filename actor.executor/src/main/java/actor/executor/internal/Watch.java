package actor.executor.internal;

/**
 * A sleeping thief's watch over the awake workers ({@link SleepCycle}): whether any is awake
 * ({@link #othersAwake}), and one look at the next one in turn ({@link #watchOnce}), a steal
 * attempt of its {@link Thief} that rescues a worker stuck in one behaviour.
 *
 * <p>Threading: owned by one worker thread; reads the other workers' sleep state racily.
 */
final class Watch {

    private final int index;
    private final WorkerSleep[] sleeps;
    private final Thief thief;
    private int watchCursor;

    Watch(int index, WorkerSleep[] sleeps, Thief thief) {
        this.index = index;
        this.sleeps = sleeps;
        this.thief = thief;
    }

    /**
     * A sleeping thief's look while another worker is awake ({@link SleepCycle}): one steal attempt
     * on the next awake worker in turn, not on the selector's choice. The sleepers' looks are
     * spread in time so that together they come about every {@link Policy.Tunables#watchNanos}; aimed
     * at the awake workers, two of them soon see a worker stuck in one behaviour twice (the
     * observation is shared, {@link WorkerProgress#stallObservation}), and the second rescues its
     * other mailboxes. A victim chosen at random among 15 others made the stuck worker wait for
     * the same look about fifteen times longer.
     *
     * @return true if a mailbox was stolen
     */
    boolean watchOnce() {
        thief.stamp();
        for (int i = 1; i < sleeps.length; i++) {
            watchCursor = nextOther(watchCursor);
            final int w = watchCursor;
            if (!sleeps[w].isSleeping()) {
                thief.attempted(w);
                return thief.tryStealFrom(w);
            }
        }
        return false;
    }

    /**
     * The worker after {@code w} in turn, skipping this one: from any start, {@code n - 1} steps
     * visit every other worker once (a cursor that stopped on this worker once cost a pair of
     * workers every other watch look).
     */
    private int nextOther(int w) {
        final int n = sleeps.length;
        final int next = w + 1 >= n ? 0 : w + 1;
        if (next != index) {
            return next;
        }
        return next + 1 >= n ? 0 : next + 1;
    }

    /** Whether another worker is awake (somebody may be stuck in a batch and need a rescuer). */
    boolean othersAwake() {
        for (int w = 0; w < sleeps.length; w++) {
            if (w != index && !sleeps[w].isSleeping()) {
                return true;
            }
        }
        return false;
    }
}
