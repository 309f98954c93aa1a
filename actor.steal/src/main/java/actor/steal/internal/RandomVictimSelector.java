package actor.steal.internal;

import actor.steal.WorkerView;
import java.util.concurrent.ThreadLocalRandom;

/** {@code random}: a uniformly random worker other than the thief. Stateless; thread-safe. */
public final class RandomVictimSelector extends BuiltinSelector {

    /** Provider name. */
    public static final String NAME = "random";

    /** For {@link java.util.ServiceLoader}. */
    public RandomVictimSelector() {
        super(NAME);
    }

    @Override
    public int selectVictim(int thief, WorkerView view) {
        final int workers = view.workers();
        if (workers < 2) {
            return NONE;
        }
        final int pick = ThreadLocalRandom.current().nextInt(workers - 1);
        return pick >= thief ? pick + 1 : pick;
    }
}
