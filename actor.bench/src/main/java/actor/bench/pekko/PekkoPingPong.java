package actor.bench.pekko;

import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;
import java.util.concurrent.CountDownLatch;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * Savina ping-pong: {@code pingPongRoundTrips} round trips of a message between two actors,
 * spawned beforehand; the run ends when the ping side has received the last Pong.
 */
public final class PekkoPingPong implements Workload {

    private static final String NAME = "PekkoPingPong";

    private sealed interface PingSide permits Start, Pong {
    }

    private enum Start implements PingSide { INSTANCE }

    private enum Pong implements PingSide { INSTANCE }

    /** Carries the ping actor's ref so that the pong actor needs no setup message; preallocated. */
    private static final class Ping {
        final ActorRef<PingSide> replyTo;

        Ping(ActorRef<PingSide> replyTo) {
            this.replyTo = replyTo;
        }
    }

    private static final Behavior<Ping> PONG = Behaviors.receive(Ping.class).onMessage(Ping.class, ping -> {
        ping.replyTo.tell(Pong.INSTANCE);
        return Behaviors.same();
    }).build();

    private static final class Pinger extends AbstractBehavior<PingSide> {
        private final ActorRef<Ping> pong;
        private final Ping ping;
        private final CountDownLatch done;
        private int remaining;

        Pinger(ActorContext<PingSide> context, ActorRef<Ping> pong, int roundTrips, CountDownLatch done) {
            super(context);
            this.pong = pong;
            this.ping = new Ping(context.getSelf());
            this.remaining = roundTrips;
            this.done = done;
        }

        @Override
        public Receive<PingSide> createReceive() {
            return newReceiveBuilder()
                    .onMessage(Pong.class, p -> onPong())
                    .onMessage(Start.class, start -> {
                        pong.tell(ping);
                        return this;
                    })
                    .build();
        }

        private Behavior<PingSide> onPong() {
            if (--remaining == 0) {
                done.countDown();
                return Behaviors.stopped();
            }
            pong.tell(ping);
            return this;
        }
    }

    @Override
    public long run(RunSpec spec) throws Exception {
        final int roundTrips = spec.sizes().pingPongRoundTrips();
        final CountDownLatch done = new CountDownLatch(1);
        final var started = PekkoSystems.startWith(NAME, spec, context -> {
            final ActorRef<Ping> pong = context.spawn(PONG, "pong");
            return context.spawn(Behaviors.<PingSide>setup(c -> new Pinger(c, pong, roundTrips, done)), "ping");
        });
        try {
            final ActorRef<PingSide> ping = started.value();
            final long t0 = System.nanoTime();
            ping.tell(Start.INSTANCE);
            PekkoSystems.await(done, NAME);
            return System.nanoTime() - t0;
        } finally {
            PekkoSystems.terminate(started.system(), NAME);
        }
    }
}
