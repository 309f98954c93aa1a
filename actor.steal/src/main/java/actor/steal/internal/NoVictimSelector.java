package actor.steal.internal;

import actor.steal.VictimSelector;
import actor.steal.WorkerView;

/** {@code none}: stealing off. */
public final class NoVictimSelector implements VictimSelector {

    /** Provider name. */
    public static final String NAME = "none";

    /** For {@link java.util.ServiceLoader}. */
    public NoVictimSelector() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int selectVictim(int thief, WorkerView view) {
        return NONE;
    }

    @Override
    public String toString() {
        return NAME;
    }
}
