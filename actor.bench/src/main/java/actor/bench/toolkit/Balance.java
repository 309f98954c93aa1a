package actor.bench.toolkit;

import actor.api.ActorSystem;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;
import java.util.function.IntPredicate;

/**
 * Balance-one and balance-multi: the executor workload, but every busy actor's ticket is placed in
 * the slices of the loaded workers only (worker 0, or every even worker), by creating actors and
 * finishing at once the "dummy" actors whose tickets fall on other workers
 * ({@link Toolkit#onWorker(ActorSystem, IntPredicate, java.util.function.Function)}). Only work
 * stealing can spread the load.
 */
public final class Balance implements Workload {

    private final IntPredicate loaded;

    private Balance(IntPredicate loaded) {
        this.loaded = loaded;
    }

    /** All the work on worker 0. */
    public static Balance one() {
        return new Balance(worker -> worker == 0);
    }

    /** The work on every other worker (0, 2, 4, ...). */
    public static Balance multi() {
        return new Balance(worker -> worker % 2 == 0);
    }

    @Override
    public long run(RunSpec spec) {
        final int group = spec.sizes().executorGroup();
        final int rounds = spec.sizes().balanceRounds();
        final int workers = spec.workers();
        int loadedWorkers = 0;
        for (int w = 0; w < workers; w++) {
            if (loaded.test(w)) {
                loadedWorkers++;
            }
        }
        final int busy = loadedWorkers * spec.sizes().balanceGroups() * group;
        final ActorSystem system = Toolkit.start(spec);
        final long start = System.nanoTime();
        final GroupMember[] all = new GroupMember[busy];
        for (int i = 0; i < busy; i++) {
            all[i] = Toolkit.onWorker(system, loaded, s -> new GroupMember(s, rounds, spec.sizes().balanceWork()));
        }
        GroupMember.formGroups(all, group);
        for (GroupMember member : all) {
            member.send(GroupMember.KICK);
        }
        Toolkit.stop(system);
        return System.nanoTime() - start;
    }
}
