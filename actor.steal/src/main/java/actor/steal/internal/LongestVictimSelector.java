package actor.steal.internal;

import actor.steal.WorkerView;
import java.util.concurrent.ThreadLocalRandom;

/**
 * {@code longest-victim}: the worker whose last steal attempt is oldest, the thief excluded. Every
 * worker stamps the clock each time it attempts a steal, so the oldest stamp belongs to the worker
 * that has been busy longest; helping it first lets the slowest worker catch up. The linear scan
 * starts at a random index, so equal stamps do not always send every thief to the lowest index.
 * Stateless; thread-safe.
 */
public final class LongestVictimSelector extends BuiltinSelector {

    /** Provider name. */
    public static final String NAME = "longest-victim";

    /** For {@link java.util.ServiceLoader}. */
    public LongestVictimSelector() {
        super(NAME);
    }

    @Override
    public int selectVictim(int thief, WorkerView view) {
        final int workers = view.workers();
        if (workers < 2) {
            return NONE;
        }
        final int start = ThreadLocalRandom.current().nextInt(workers);
        int victim = NONE;
        long oldest = Long.MAX_VALUE;
        for (int i = 0; i < workers; i++) {
            int w = start + i;
            if (w >= workers) {
                w -= workers;
            }
            if (w == thief) {
                continue;
            }
            final long stamp = view.lastStealAttemptNanos(w);
            if (victim == NONE || stamp < oldest) {
                oldest = stamp;
                victim = w;
            }
        }
        return victim;
    }
}
