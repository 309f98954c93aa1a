package actor.steal.internal;

import actor.steal.Topology;
import actor.steal.WorkerView;
import java.util.concurrent.ThreadLocalRandom;

/**
 * {@code hierarchical}: steals from the nearest workers that have work, moving up the machine's
 * {@link Topology} (shared cache, NUMA node, NUMA group, system) only when the near ones have none or
 * keep failing, and backs off when too many thieves already converge on one victim. The
 * hierarchical victim selection of locality-aware work stealing, adapted to queue stealing.
 *
 * <p><b>Levels and budget.</b> A thief starts at the lowest level of its topology where it has
 * attempts left: level {@code L} allows as many attempts on a victim as the thief's group there
 * has other workers, counted by {@link WorkerView#stealAttempts} since the thief last found work;
 * once spent, it starts one level up; the top level (the system) has no limit. A thief that finds
 * work starts at the bottom again. Attempts without a victim (nobody had work, or the thief backed
 * off) do not count: a thief that waited out an idle spell still looks near first.
 *
 * <p><b>Choice.</b> At its starting level the thief considers the other workers of its group there
 * whose {@linkplain WorkerView#occupancy occupancy} is not zero, and draws one uniformly at random.
 * If none has work, it looks one level up (at the workers it has not just seen), and so on to the
 * system; if nobody has work, no victim.
 *
 * <p><b>Throttle.</b> If the thieves already {@linkplain WorkerView#stealTarget polling} the drawn
 * victim, with this one, would be more than half the workers of that level's group (the group taken
 * at most as large as the victim's NUMA node), the thief backs off this time; a lone thief always
 * goes ahead. The reference throttles only a victim that is the only worker with work at its level,
 * the case where every thief converges; applying the same limit to whichever victim was drawn also
 * bounds the case of two or three busy workers, for one more look at the thieves' targets. However
 * many thieves go idle at once, at most half a level (and half a node) converges on one victim; the
 * others try again.
 *
 * <p>Thread-safe and stateless: every input comes from the view. Allocates nothing: the topology
 * answers group queries with array reads, and the random choice uses {@link ThreadLocalRandom}.
 * Never returns the thief.
 */
public final class HierarchicalVictimSelector extends BuiltinSelector {

    /** Provider name. */
    public static final String NAME = "hierarchical";

    /** For {@link java.util.ServiceLoader}. */
    public HierarchicalVictimSelector() {
        super(NAME);
    }

    @Override
    public int selectVictim(int thief, WorkerView view) {
        final int workers = view.workers();
        if (workers < 2) {
            return NONE;
        }
        final Topology topology = view.topology();
        final int top = topology.levels() - 1;
        final int start = startLevel(topology, thief, workers, view.stealAttempts(thief));
        for (int level = start; level <= top; level++) {
            final int size = topology.groupSize(thief, level, workers);
            int candidates = 0;
            int victim = NONE;
            for (int i = 0; i < size; i++) {
                final int w = topology.groupMember(thief, level, workers, i);
                if (w != thief && (level == start || topology.sharedLevel(thief, w) == level) && view.occupancy(w) > 0
                        && ThreadLocalRandom.current().nextInt(++candidates) == 0) {
                    victim = w;
                }
            }
            if (candidates > 0) {
                return crowded(thief, victim, level, topology, workers, view) ? NONE : victim;
            }
        }
        return NONE;
    }

    /**
     * The level a thief that has made {@code attempts} attempts since it last found work starts at:
     * the lowest level whose budget (the other workers of the thief's group there) the attempts have
     * not used up, counting the budgets of the levels below; the top level if all are.
     */
    static int startLevel(Topology topology, int thief, int workers, int attempts) {
        final int top = topology.levels() - 1;
        long left = attempts;
        for (int level = 0; level < top; level++) {
            final int budget = topology.groupSize(thief, level, workers) - 1;
            if (left < budget) {
                return level;
            }
            left -= budget;
        }
        return top;
    }

    /**
     * Whether other thieves already poll {@code victim} and, with {@code thief}, would be more than
     * half the workers of the victim's group at {@code level}, or at its NUMA node's level if that
     * is lower. A lone thief is never crowded, however small the group.
     */
    private static boolean crowded(int thief, int victim, int level, Topology topology, int workers, WorkerView view) {
        final int node = topology.level(Topology.LevelKind.NUMA_NODE);
        final int size = topology.groupSize(victim, node < 0 ? level : Math.min(level, node), workers);
        int others = 0;
        for (int w = 0; w < workers; w++) {
            if (w != thief && w != victim && view.stealTarget(w) == victim && 2 * (++others + 1) > size) {
                return true;
            }
        }
        return false;
    }
}
