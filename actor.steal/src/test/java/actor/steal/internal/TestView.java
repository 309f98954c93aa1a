package actor.steal.internal;

import actor.steal.Topology;
import actor.steal.VictimSelector;
import actor.steal.WorkerView;
import java.util.Arrays;

/** A view a test sets up by hand: workers on a topology, each with an occupancy, steal attempts and a target. */
final class TestView implements WorkerView {
    private final Topology topology;
    final int[] occupancy;
    final int[] attempts;
    final int[] targets;

    TestView(Topology topology, int workers) {
        this.topology = topology;
        this.occupancy = new int[workers];
        this.attempts = new int[workers];
        this.targets = new int[workers];
        Arrays.fill(targets, VictimSelector.NONE);
    }

    /** Gives each listed worker one occupied mailbox. */
    TestView busy(int... workers) {
        for (int w : workers) {
            occupancy[w] = 1;
        }
        return this;
    }

    /** The listed workers poll {@code victim}. */
    TestView polling(int victim, int... thieves) {
        for (int w : thieves) {
            targets[w] = victim;
        }
        return this;
    }

    @Override
    public int workers() {
        return occupancy.length;
    }

    @Override
    public long lastStealAttemptNanos(int worker) {
        return Long.MIN_VALUE;
    }

    @Override
    public int occupancy(int worker) {
        return occupancy[worker];
    }

    @Override
    public int stealAttempts(int worker) {
        return attempts[worker];
    }

    @Override
    public int stealTarget(int worker) {
        return targets[worker];
    }

    @Override
    public Topology topology() {
        return topology;
    }

    @Override
    public String toString() {
        return "occupancy " + Arrays.toString(occupancy) + ", attempts " + Arrays.toString(attempts) + ", targets "
                + Arrays.toString(targets) + " on " + topology;
    }
}
