package actor.bench.pekko;

import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.LongAdder;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * Savina's dining philosophers, exactly as actorkit's workload does: an arbitrator that owns the
 * forks grants or denies; a denied philosopher asks again at once; one who ate gives the forks
 * back and sends itself a start until it has eaten {@code philosopherRounds} times, then leaves.
 * All are spawned beforehand and placed by Pekko; messages are allocated per send. The run ends
 * when every philosopher has left, and records its denials ({@code denials}).
 */
public final class PekkoPhilosopher implements Workload {

    private static final String NAME = "PekkoPhilosopher";

    private sealed interface ArbitratorMessage permits Hungry, Done, Leave {
    }

    private sealed interface DinerMessage permits Answer, Start {
    }

    private record Hungry(ActorRef<DinerMessage> diner, int seat) implements ArbitratorMessage {
    }

    private record Done(int seat) implements ArbitratorMessage {
    }

    private record Leave(long denied) implements ArbitratorMessage {
    }

    private record Answer(boolean granted) implements DinerMessage {
    }

    private enum Start implements DinerMessage { INSTANCE }

    /** What the arbitrator saw, handed to main when every philosopher has left. */
    private record Outcome(int left, long denials) {
    }

    private static final class Arbitrator extends AbstractBehavior<ArbitratorMessage> {
        private final boolean[] forkTaken;
        private final CompletableFuture<Outcome> done;
        private int left;
        private long denials;

        Arbitrator(ActorContext<ArbitratorMessage> context, int philosophers, CompletableFuture<Outcome> done) {
            super(context);
            this.forkTaken = new boolean[philosophers];
            this.done = done;
        }

        @Override
        public Receive<ArbitratorMessage> createReceive() {
            return newReceiveBuilder()
                    .onMessage(Hungry.class, this::onHungry)
                    .onMessage(Done.class, this::onDone)
                    .onMessage(Leave.class, this::onLeave)
                    .build();
        }

        private Behavior<ArbitratorMessage> onHungry(Hungry hungry) {
            final int rightFork = (hungry.seat() + 1) % forkTaken.length;
            final boolean granted = !forkTaken[hungry.seat()] && !forkTaken[rightFork];
            if (granted) {
                forkTaken[hungry.seat()] = true;
                forkTaken[rightFork] = true;
            }
            hungry.diner().tell(new Answer(granted));
            return this;
        }

        private Behavior<ArbitratorMessage> onDone(Done done) {
            forkTaken[done.seat()] = false;
            forkTaken[(done.seat() + 1) % forkTaken.length] = false;
            return this;
        }

        private Behavior<ArbitratorMessage> onLeave(Leave leave) {
            denials += leave.denied();
            if (++left < forkTaken.length) {
                return this;
            }
            done.complete(new Outcome(left, denials));
            return Behaviors.stopped();
        }
    }

    private static final class Diner extends AbstractBehavior<DinerMessage> {
        private final int seat;
        private final int rounds;
        private final ActorRef<ArbitratorMessage> arbitrator;
        private final ActorRef<DinerMessage> self;
        private final LongAdder eatenTotal;
        private int eaten;
        private long denied;

        Diner(ActorContext<DinerMessage> context, int seat, int rounds, ActorRef<ArbitratorMessage> arbitrator,
              LongAdder eatenTotal) {
            super(context);
            this.seat = seat;
            this.rounds = rounds;
            this.arbitrator = arbitrator;
            this.self = context.getSelf();
            this.eatenTotal = eatenTotal;
        }

        @Override
        public Receive<DinerMessage> createReceive() {
            return newReceiveBuilder()
                    .onMessage(Start.class, start -> hungry())
                    .onMessage(Answer.class, this::onAnswer)
                    .build();
        }

        private Behavior<DinerMessage> hungry() {
            arbitrator.tell(new Hungry(self, seat));
            return this;
        }

        private Behavior<DinerMessage> onAnswer(Answer answer) {
            if (!answer.granted()) {
                denied++;
                return hungry();
            }
            eaten++;
            arbitrator.tell(new Done(seat));
            if (eaten < rounds) {
                self.tell(Start.INSTANCE);
                return this;
            }
            eatenTotal.add(eaten);
            arbitrator.tell(new Leave(denied));
            return Behaviors.stopped();
        }
    }

    @Override
    public long run(RunSpec spec) throws Exception {
        final int count = spec.sizes().philosophers();
        final int rounds = spec.sizes().philosopherRounds();
        if (count < 2) {
            throw new IllegalArgumentException(NAME + ": philosophers = " + count + ": must be at least 2");
        }
        final CompletableFuture<Outcome> done = new CompletableFuture<>();
        final LongAdder eatenTotal = new LongAdder();
        final var started = PekkoSystems.startWith(NAME, spec, context -> {
            final ActorRef<ArbitratorMessage> arbitrator = context.spawn(
                    Behaviors.<ArbitratorMessage>setup(c -> new Arbitrator(c, count, done)), "arbitrator");
            final List<ActorRef<DinerMessage>> all = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                final int seat = i;
                all.add(context.spawn(Behaviors.<DinerMessage>setup(c -> new Diner(c, seat, rounds, arbitrator,
                        eatenTotal)), "philosopher-" + i));
            }
            return all;
        });
        final long elapsed;
        final Outcome outcome;
        try {
            final long t0 = System.nanoTime();
            for (ActorRef<DinerMessage> diner : started.value()) {
                diner.tell(Start.INSTANCE);
            }
            outcome = PekkoSystems.await(done, NAME);
            elapsed = System.nanoTime() - t0;
        } finally {
            PekkoSystems.terminate(started.system(), NAME);
        }
        PekkoSystems.check(NAME, "philosophers left", count, outcome.left());
        PekkoSystems.check(NAME, "rounds eaten", (long) count * rounds, eatenTotal.sum());
        spec.extras().put("denials", (double) outcome.denials());
        return elapsed;
    }
}
