package actor.customselector;

import actor.steal.VictimSelector;
import actor.steal.WorkerView;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A user's own selector: each thief visits the other workers in turn, preferring one whose
 * mailboxes look occupied. It counts its calls, so a test can see the executor really used it.
 */
public final class RoundRobinVictimSelector implements VictimSelector {

    /** The name a configuration uses: {@code victimSelector("round-robin")}. */
    public static final String NAME = "round-robin";

    private static final AtomicLong CALLS = new AtomicLong();

    /** For {@link java.util.ServiceLoader}. */
    public RoundRobinVictimSelector() {
    }

    /** Calls to {@link #selectVictim} so far, by every instance. */
    public static long calls() {
        return CALLS.get();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int selectVictim(int thief, WorkerView view) {
        final long call = CALLS.incrementAndGet();
        final int workers = view.workers();
        if (workers < 2) {
            return NONE;
        }
        final int first = (int) ((thief + 1 + call % (workers - 1)) % workers);
        for (int i = 0; i < workers; i++) {
            final int w = (first + i) % workers;
            if (w != thief && view.occupancy(w) > 0) {
                return w;
            }
        }
        return first == thief ? (first + 1) % workers : first;
    }
}
