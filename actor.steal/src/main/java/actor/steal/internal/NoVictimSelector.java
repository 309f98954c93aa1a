package actor.steal.internal;

import actor.steal.WorkerView;

/** {@code none}: stealing off. */
public final class NoVictimSelector extends BuiltinSelector {

    /** Provider name. */
    public static final String NAME = "none";

    /** For {@link java.util.ServiceLoader}. */
    public NoVictimSelector() {
        super(NAME);
    }

    @Override
    public int selectVictim(int thief, WorkerView view) {
        return NONE;
    }
}
