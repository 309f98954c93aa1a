package actor.bench.locality;

import actor.steal.Topology;
import actor.steal.Topology.LevelKind;
import actor.steal.VictimSelector;
import actor.steal.WorkerView;
import actor.steal.internal.StealStamps;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.agrona.concurrent.CachedNanoClock;

/**
 * A machine of simulated workers, one per CPU of a {@link Topology}, in rounds. Each worker holds
 * mailboxes waiting to run (its occupancy, as a selector sees it) and runs one at a time, for
 * {@link #ROUNDS_PER_MAILBOX} rounds; a mailbox it starts leaves a follow-up on the same worker with
 * chance {@link #FOLLOW_UP_CHANCE} (actors that keep talking to the actors near them). A round:
 * <ol>
 * <li>new mailboxes arrive, by the {@link OccupancyPattern};</li>
 * <li>every worker with nothing running starts its next waiting mailbox, if any, and every worker
 *     with a mailbox running runs a round of it; one that runs has found work, which ends its
 *     search;</li>
 * <li>every idle worker (nothing left to run, nothing waiting), in a random order, makes one steal
 *     attempt: it stamps the clock, asks the selector, records its attempt in the real
 *     {@link StealStamps}, and if the victim still has a waiting mailbox, takes it to run from the
 *     next round on. Thieves later in the round see what earlier ones took and whom they poll.</li>
 * </ol>
 * The machine is its selectors' {@link WorkerView}. Single-threaded; allocates nothing per round.
 */
final class SimulatedMachine implements WorkerView {

    /** Rounds a mailbox takes to run. */
    static final int ROUNDS_PER_MAILBOX = 4;
    /** Chance that a mailbox leaves a follow-up on its worker when it starts. */
    static final double FOLLOW_UP_CHANCE = 0.5;

    private final Topology topology;
    private final int workers;
    private final int l3Level;
    private final int nodeLevel;
    private final int[] waiting;
    private final int[] running;
    private final boolean[] searching;
    private final int[] order;
    private final int[] chosen;
    private final CachedNanoClock clock = new CachedNanoClock();
    private final StealStamps stamps;
    private final SplittableRandom random;

    private long attempts;
    private long steals;
    private long sameL3;
    private long sameNode;
    private long stealsWithLocalWork;
    private long sameNodeWithLocalWork;
    private long busyWorkerRounds;
    private long workerRounds;
    private int maxConvergence;

    SimulatedMachine(Topology topology, long seed) {
        this.topology = topology;
        this.workers = topology.cpus();
        this.l3Level = levelOrTop(topology, LevelKind.L3_CACHE);
        this.nodeLevel = levelOrTop(topology, LevelKind.NUMA_NODE);
        this.waiting = new int[workers];
        this.running = new int[workers];
        this.searching = new boolean[workers];
        this.order = new int[workers];
        this.chosen = new int[workers];
        this.stamps = new StealStamps(workers, clock);
        this.random = new SplittableRandom(seed);
        for (int w = 0; w < workers; w++) {
            order[w] = w;
        }
    }

    private static int levelOrTop(Topology topology, LevelKind kind) {
        final int level = topology.level(kind);
        return level < 0 ? topology.levels() - 1 : level;
    }

    /** {@code count} new mailboxes wait at {@code worker}. */
    void arrive(int worker, int count) {
        waiting[worker] += count;
    }

    /**
     * Runs {@code rounds} rounds; only the last {@code rounds - warmUp} count in the results.
     *
     * @return what the counted rounds measured
     */
    SimulationResult run(OccupancyPattern pattern, VictimSelector selector, int warmUp, int rounds) {
        for (int round = 0; round < rounds; round++) {
            if (round == warmUp) {
                resetCounts();
            }
            clock.update(round * 1_000L);
            pattern.arrive(this, random);
            work();
            steal(selector);
        }
        return new SimulationResult(topology, pattern, selector.name(), attempts, steals, sameL3, sameNode,
                stealsWithLocalWork, sameNodeWithLocalWork, busyWorkerRounds, workerRounds, maxConvergence);
    }

    private void resetCounts() {
        attempts = 0;
        steals = 0;
        sameL3 = 0;
        sameNode = 0;
        stealsWithLocalWork = 0;
        sameNodeWithLocalWork = 0;
        busyWorkerRounds = 0;
        workerRounds = 0;
        maxConvergence = 0;
    }

    private void work() {
        for (int w = 0; w < workers; w++) {
            if (running[w] == 0 && waiting[w] > 0) {
                waiting[w]--;
                start(w);
            }
            if (running[w] > 0) {
                running[w]--;
                busyWorkerRounds++;
                if (searching[w]) {
                    searching[w] = false;
                    stamps.foundWork(w);
                }
            }
        }
        workerRounds += workers;
    }

    private void start(int worker) {
        running[worker] = ROUNDS_PER_MAILBOX;
        if (random.nextDouble() < FOLLOW_UP_CHANCE) {
            waiting[worker]++;
        }
    }

    private void steal(VictimSelector selector) {
        for (int i = workers - 1; i > 0; i--) {
            final int j = random.nextInt(i + 1);
            final int swap = order[i];
            order[i] = order[j];
            order[j] = swap;
        }
        Arrays.fill(chosen, 0);
        for (int i = 0; i < workers; i++) {
            final int thief = order[i];
            if (running[thief] == 0 && waiting[thief] == 0) {
                attempt(thief, selector);
            }
        }
    }

    private void attempt(int thief, VictimSelector selector) {
        final boolean localWork = nodeHasWork(thief);
        stamps.stamp(thief);
        final int victim = selector.selectVictim(thief, this);
        stamps.attempted(thief, victim);
        searching[thief] = true;
        attempts++;
        if (victim == VictimSelector.NONE) {
            return;
        }
        maxConvergence = Math.max(maxConvergence, ++chosen[victim]);
        if (waiting[victim] == 0) {
            return;
        }
        waiting[victim]--;
        start(thief);
        steals++;
        final int level = topology.sharedLevel(thief, victim);
        if (level <= l3Level) {
            sameL3++;
        }
        if (level <= nodeLevel) {
            sameNode++;
        }
        if (localWork) {
            stealsWithLocalWork++;
            if (level <= nodeLevel) {
                sameNodeWithLocalWork++;
            }
        }
    }

    /** Whether another worker of {@code thief}'s NUMA node has a mailbox waiting. */
    private boolean nodeHasWork(int thief) {
        final int size = topology.groupSize(thief, nodeLevel, workers);
        for (int i = 0; i < size; i++) {
            final int w = topology.groupMember(thief, nodeLevel, workers, i);
            if (w != thief && waiting[w] > 0) {
                return true;
            }
        }
        return false;
    }

    @Override
    public int workers() {
        return workers;
    }

    @Override
    public long lastStealAttemptNanos(int worker) {
        return stamps.lastAttemptNanos(worker);
    }

    @Override
    public int occupancy(int worker) {
        return waiting[worker];
    }

    @Override
    public int stealAttempts(int worker) {
        return stamps.attempts(worker);
    }

    @Override
    public int stealTarget(int worker) {
        return stamps.target(worker);
    }

    @Override
    public Topology topology() {
        return topology;
    }
}
