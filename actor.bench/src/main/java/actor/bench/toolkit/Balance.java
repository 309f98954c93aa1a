package actor.bench.toolkit;

import actor.api.ActorSystem;
import actor.api.PoisonPill;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * Balance-one and balance-multi: the executor workload, but every busy actor's ticket is placed in
 * the slices of the loaded workers only (worker 0, or every even worker), by creating actors in
 * ticket order and finishing at once the "dummy" actors whose tickets fall on other workers. Only
 * work stealing can spread the load.
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
        final int mailboxes = system.config().mailboxes();
        final long start = System.nanoTime();
        final List<GroupMember> members = new ArrayList<>(busy);
        while (members.size() < busy) {
            final GroupMember actor = new GroupMember(system, rounds, spec.sizes().balanceWork());
            final int worker = (int) ((long) actor.ticket() * workers / mailboxes);
            if (loaded.test(worker)) {
                members.add(actor);
            } else {
                actor.send(PoisonPill.FINISHED);
            }
        }
        final GroupMember[] all = members.toArray(GroupMember[]::new);
        GroupMember.formGroups(all, group);
        for (GroupMember member : all) {
            member.send(GroupMember.KICK);
        }
        Toolkit.stop(system);
        return System.nanoTime() - start;
    }
}
