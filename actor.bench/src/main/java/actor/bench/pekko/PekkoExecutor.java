package actor.bench.pekko;

import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * Executor: {@code executorActors} actors in adjacent groups of {@code executorGroup}; each
 * actor sends {@code executorRounds} rounds of one shared Ping to every member of its group
 * (itself included), a round after each group's worth of Pings received. Creation is timed;
 * the run ends when every actor has received all of its Pings.
 */
public final class PekkoExecutor implements Workload {

    private static final String NAME = "PekkoExecutor";

    private sealed interface Message permits Kick, Ping {
    }

    private enum Kick implements Message { INSTANCE }

    private enum Ping implements Message { INSTANCE }

    private enum Start { INSTANCE }

    private static final class Member extends AbstractBehavior<Message> {
        private final List<ActorRef<Message>> group;
        private final int rounds;
        private final CountDownLatch done;
        private int received;
        private int sent;

        Member(ActorContext<Message> context, List<ActorRef<Message>> group, int rounds, CountDownLatch done) {
            super(context);
            this.group = group;
            this.rounds = rounds;
            this.done = done;
        }

        @Override
        public Receive<Message> createReceive() {
            return newReceiveBuilder()
                    .onMessage(Ping.class, ping -> onPing())
                    .onMessage(Kick.class, kick -> sendRound())
                    .build();
        }

        private Behavior<Message> onPing() {
            final int size = group.size();
            if (++received == rounds * size) {
                done.countDown();
                return Behaviors.stopped();
            }
            if (received % size == 0 && sent < rounds) {
                return sendRound();
            }
            return this;
        }

        private Behavior<Message> sendRound() {
            for (int i = 0, size = group.size(); i < size; i++) {
                group.get(i).tell(Ping.INSTANCE);
            }
            sent++;
            return this;
        }
    }

    @Override
    public long run(RunSpec spec) throws Exception {
        final int actors = spec.sizes().executorActors();
        final int groupSize = spec.sizes().executorGroup();
        final int rounds = spec.sizes().executorRounds();
        final CountDownLatch done = new CountDownLatch(actors);
        final ActorSystem<Start> guardian = PekkoSystems.start(NAME, spec, Behaviors.setup(context ->
                Behaviors.receive(Start.class).onMessage(Start.class, start -> {
                    final List<ActorRef<Message>> all = new ArrayList<>(actors);
                    for (int first = 0; first < actors; first += groupSize) {
                        final int size = Math.min(groupSize, actors - first);
                        // Filled after its members are spawned: the Kicks below publish it to them.
                        final List<ActorRef<Message>> group = new ArrayList<>(size);
                        final Behavior<Message> member = Behaviors.setup(c -> new Member(c, group, rounds, done));
                        for (int i = 0; i < size; i++) {
                            group.add(context.spawnAnonymous(member));
                        }
                        all.addAll(group);
                    }
                    for (ActorRef<Message> ref : all) {
                        ref.tell(Kick.INSTANCE);
                    }
                    return Behaviors.empty();
                }).build()));
        return PekkoSystems.timeRun(NAME, guardian, Start.INSTANCE, done);
    }
}
