package actor.bench.pekko;

import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * Savina big: each of {@code bigActors} actors, spawned beforehand, pings a random other actor
 * and waits for its Pong, {@code bigPings} times, then reports to a sink; the run ends when the
 * sink has every actor's report.
 */
public final class PekkoBig implements Workload {

    private static final String NAME = "PekkoBig";

    /** Fixes every actor's sequence of targets, so that all runs do the same work. */
    private static final long SEED = 0x5EED_B16L;

    private sealed interface BigMessage permits Start, Ping, Pong, Exit {
    }

    private enum Start implements BigMessage { INSTANCE }

    private enum Pong implements BigMessage { INSTANCE }

    private enum Exit implements BigMessage { INSTANCE }

    /** Preallocated once per actor and reused for all of its pings. */
    private static final class Ping implements BigMessage {
        final ActorRef<BigMessage> sender;

        Ping(ActorRef<BigMessage> sender) {
            this.sender = sender;
        }
    }

    private enum Done { INSTANCE }

    private static final class Member extends AbstractBehavior<BigMessage> {
        private final List<ActorRef<BigMessage>> all;
        private final int index;
        private final ActorRef<Done> sink;
        private final int pings;
        private final Ping ping;
        private final SplittableRandom random;
        private int pongs;

        Member(ActorContext<BigMessage> context, List<ActorRef<BigMessage>> all, int index, ActorRef<Done> sink,
               int pings) {
            super(context);
            this.all = all;
            this.index = index;
            this.sink = sink;
            this.pings = pings;
            this.ping = new Ping(context.getSelf());
            this.random = new SplittableRandom(SEED + index);
        }

        @Override
        public Receive<BigMessage> createReceive() {
            return newReceiveBuilder()
                    .onMessage(Ping.class, this::onPing)
                    .onMessage(Pong.class, pong -> onPong())
                    .onMessage(Start.class, start -> sendPing())
                    .onMessage(Exit.class, exit -> Behaviors.stopped())
                    .build();
        }

        private Behavior<BigMessage> onPing(Ping received) {
            received.sender.tell(Pong.INSTANCE);
            return this;
        }

        private Behavior<BigMessage> onPong() {
            if (++pongs == pings) {
                sink.tell(Done.INSTANCE);
                return this;
            }
            return sendPing();
        }

        private Behavior<BigMessage> sendPing() {
            int target = random.nextInt(all.size() - 1);
            if (target >= index) {
                target++;
            }
            all.get(target).tell(ping);
            return this;
        }
    }

    private static final class Sink extends AbstractBehavior<Done> {
        private final List<ActorRef<BigMessage>> all;
        private final CountDownLatch done;
        private int reports;

        Sink(ActorContext<Done> context, List<ActorRef<BigMessage>> all, CountDownLatch done) {
            super(context);
            this.all = all;
            this.done = done;
        }

        @Override
        public Receive<Done> createReceive() {
            return newReceiveBuilder().onMessage(Done.class, report -> onDone()).build();
        }

        private Behavior<Done> onDone() {
            if (++reports < all.size()) {
                return this;
            }
            done.countDown();
            for (ActorRef<BigMessage> member : all) {
                member.tell(Exit.INSTANCE);
            }
            return Behaviors.stopped();
        }
    }

    @Override
    public long run(RunSpec spec) throws Exception {
        final int actors = spec.sizes().bigActors();
        final int pings = spec.sizes().bigPings();
        if (actors < 2) {
            throw new IllegalArgumentException(NAME + ": bigActors = " + actors + ": must be at least 2");
        }
        final CountDownLatch done = new CountDownLatch(1);
        final var started = PekkoSystems.startWith(NAME, spec, context -> {
            // Still being filled while the actors start; the Starts, sent after, publish it to them.
            final List<ActorRef<BigMessage>> all = new ArrayList<>(actors);
            final ActorRef<Done> sink = context.spawn(Behaviors.<Done>setup(c -> new Sink(c, all, done)), "sink");
            for (int i = 0; i < actors; i++) {
                final int index = i;
                all.add(context.spawnAnonymous(Behaviors.<BigMessage>setup(c -> new Member(c, all, index, sink, pings))));
            }
            return all;
        });
        try {
            final List<ActorRef<BigMessage>> all = started.value();
            final long t0 = System.nanoTime();
            for (ActorRef<BigMessage> member : all) {
                member.tell(Start.INSTANCE);
            }
            PekkoSystems.await(done, NAME);
            return System.nanoTime() - t0;
        } finally {
            PekkoSystems.terminate(started.system(), NAME);
        }
    }
}
