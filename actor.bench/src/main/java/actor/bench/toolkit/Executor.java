package actor.bench.toolkit;

import actor.api.ActorSystem;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;

/**
 * Executor: {@code executorActors} actors in adjacent groups of {@code executorGroup}; every actor
 * sends to every member of its group, {@code executorRounds} rounds. Creation is measured.
 */
public final class Executor implements Workload {

    @Override
    public long run(RunSpec spec) {
        final int actors = spec.sizes().executorActors();
        final int rounds = spec.sizes().executorRounds();
        final ActorSystem system = Toolkit.start(spec);
        final long start = System.nanoTime();
        final GroupMember[] members = new GroupMember[actors];
        for (int i = 0; i < actors; i++) {
            members[i] = new GroupMember(system, rounds, 0);
        }
        GroupMember.formGroups(members, spec.sizes().executorGroup());
        for (GroupMember member : members) {
            member.send(GroupMember.KICK);
        }
        Toolkit.stop(system);
        return System.nanoTime() - start;
    }
}
