package actor.bench.locality;

import actor.steal.Topology;

/**
 * What one simulation measured, over its counted rounds.
 *
 * @param attempts              steal attempts: every selector call of an idle worker
 * @param steals                attempts that took a mailbox
 * @param sameL3                steals from a worker sharing the thief's L3 cache
 * @param sameNode              steals from a worker of the thief's NUMA node
 * @param stealsWithLocalWork   steals by a thief whose node had a waiting mailbox elsewhere when it chose
 * @param sameNodeWithLocalWork those that stayed in the node
 * @param busyWorkerRounds      worker-rounds spent running a mailbox
 * @param workerRounds          worker-rounds in all
 * @param maxConvergence        the most thieves that chose one victim in one round
 */
record SimulationResult(Topology topology, OccupancyPattern pattern, String selector, long attempts, long steals,
                        long sameL3, long sameNode, long stealsWithLocalWork, long sameNodeWithLocalWork,
                        long busyWorkerRounds, long workerRounds, int maxConvergence) {

    /** {@return the share of steals within the thief's L3 cache, 0 to 1} */
    double sameL3Share() {
        return share(sameL3, steals);
    }

    /** {@return the share of steals within the thief's NUMA node, 0 to 1} */
    double sameNodeShare() {
        return share(sameNode, steals);
    }

    /** {@return the share of steals within the thief's NUMA node, among steals by thieves whose node had work} */
    double sameNodeShareWithLocalWork() {
        return share(sameNodeWithLocalWork, stealsWithLocalWork);
    }

    /** {@return attempts per successful steal} */
    double attemptsPerSteal() {
        return steals == 0 ? Double.NaN : (double) attempts / steals;
    }

    /** {@return the share of worker-rounds spent running, 0 to 1} */
    double busyShare() {
        return share(busyWorkerRounds, workerRounds);
    }

    /** {@return the workers of the largest NUMA node: the convergence target is half of it} */
    int nodeSize() {
        final int level = topology.level(Topology.LevelKind.NUMA_NODE);
        final int top = topology.levels() - 1;
        int largest = 0;
        for (int p = 0; p < topology.cpus(); p = topology.groupEnd(p, level < 0 ? top : level)) {
            largest = Math.max(largest, topology.groupEnd(p, level < 0 ? top : level) - p);
        }
        return largest;
    }

    private static double share(long part, long whole) {
        return whole == 0 ? Double.NaN : (double) part / whole;
    }
}
