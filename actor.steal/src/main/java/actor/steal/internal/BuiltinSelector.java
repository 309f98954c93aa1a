package actor.steal.internal;

import actor.steal.VictimSelector;

/** What the builtin selectors share: a provider name, also their {@code toString}. */
abstract class BuiltinSelector implements VictimSelector {

    private final String name;

    BuiltinSelector(String name) {
        this.name = name;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String toString() {
        return name;
    }
}
