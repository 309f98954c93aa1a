package actor.steal;

import actor.steal.internal.HierarchicalVictimSelector;
import actor.steal.internal.LongestVictimSelector;
import actor.steal.internal.NoVictimSelector;
import actor.steal.internal.RandomVictimSelector;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.TreeSet;

/** The builtin selectors, and lookup of any provided selector by name. */
public final class VictimSelectors {

    /** Name of {@link #none()}. */
    public static final String NONE = NoVictimSelector.NAME;
    /** Name of {@link #random()}. */
    public static final String RANDOM = RandomVictimSelector.NAME;
    /** Name of {@link #longestVictim()}. */
    public static final String LONGEST_VICTIM = LongestVictimSelector.NAME;
    /** Name of {@link #hierarchical()}. */
    public static final String HIERARCHICAL = HierarchicalVictimSelector.NAME;

    private VictimSelectors() {
    }

    /** {@return a new selector that turns stealing off: it never chooses a victim} */
    public static VictimSelector none() {
        return new NoVictimSelector();
    }

    /** {@return a new selector that chooses a uniformly random worker other than the thief} */
    public static VictimSelector random() {
        return new RandomVictimSelector();
    }

    /**
     * {@return a new selector that chooses the worker whose last steal attempt is oldest (the one that
     * has been busy longest)} The thief is excluded; ties are broken from a random starting point, not
     * always towards the lowest index.
     */
    public static VictimSelector longestVictim() {
        return new LongestVictimSelector();
    }

    /**
     * {@return a new locality-aware selector: it steals from the nearest workers with work in the
     * view's {@link WorkerView#topology() topology} (sharing a cache, then a NUMA node, then the
     * system), spends as many attempts at each level as the thief's group there has other workers
     * before it moves one level up, and backs off when more than half of a level (at most a NUMA
     * node) would converge on one victim} The view's
     * {@link WorkerView#stealAttempts stealAttempts} and {@link WorkerView#stealTarget stealTarget}
     * drive the budget and the throttle; a view without them gets neither.
     */
    public static VictimSelector hierarchical() {
        return new HierarchicalVictimSelector();
    }

    /**
     * A new instance of the selector provided under {@code name}, among the builtins and every
     * {@code provides actor.steal.VictimSelector} visible to {@link ServiceLoader}.
     *
     * @param name the selector's {@link VictimSelector#name()}, such as {@link #LONGEST_VICTIM}
     * @return a new instance, not shared with any other caller
     * @throws IllegalArgumentException if no provider has that name; the message lists the names
     */
    public static VictimSelector byName(String name) {
        Objects.requireNonNull(name, "name");
        final List<VictimSelector> found = new ArrayList<>();
        for (VictimSelector selector : ServiceLoader.load(VictimSelector.class, VictimSelector.class.getClassLoader())) {
            found.add(selector);
        }
        for (VictimSelector selector : found) {
            if (name.equals(selector.name())) {
                return selector;
            }
        }
        final TreeSet<String> names = new TreeSet<>();
        found.forEach(s -> names.add(s.name()));
        throw new IllegalArgumentException("victimSelector = \"" + name + "\": no VictimSelector provider has that "
                + "name; available: " + names);
    }

    /** {@return the names of every selector {@link #byName} can find, sorted} */
    public static List<String> names() {
        final TreeSet<String> names = new TreeSet<>();
        for (VictimSelector selector : ServiceLoader.load(VictimSelector.class, VictimSelector.class.getClassLoader())) {
            names.add(selector.name());
        }
        return List.copyOf(names);
    }
}
