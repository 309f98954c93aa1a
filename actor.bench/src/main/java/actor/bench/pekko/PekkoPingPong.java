package actor.bench.pekko;

import actor.bench.suite.RunSpec;
import actor.bench.suite.Sizes;
import actor.bench.suite.Workload;
import java.util.concurrent.CompletableFuture;
import java.util.function.ToIntFunction;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * Savina ping-pong: round trips of a message between two actors, spawned beforehand; the run ends
 * when the ping side has received the last Pong. {@link #anyWorkers()} runs
 * {@code pingPongRoundTrips}, {@link #crossWorker()} {@code pingPongCrossRoundTrips}: the same
 * workload, since Pekko places its actors itself (actorkit's cross-worker variant pins the two
 * actors to different workers).
 */
public final class PekkoPingPong implements Workload {

    private final String name;
    private final ToIntFunction<Sizes> roundTrips;

    private PekkoPingPong(String name, ToIntFunction<Sizes> roundTrips) {
        this.name = name;
        this.roundTrips = roundTrips;
    }

    /** Savina's ping-pong. */
    public static PekkoPingPong anyWorkers() {
        return new PekkoPingPong("PekkoPingPong", Sizes::pingPongRoundTrips);
    }

    /** The peer of actorkit's cross-worker ping-pong: the same workload with its own size. */
    public static PekkoPingPong crossWorker() {
        return new PekkoPingPong("PekkoPingPongCross", Sizes::pingPongCrossRoundTrips);
    }

    private sealed interface PingSide permits Start, Pong {
    }

    private enum Start implements PingSide { INSTANCE }

    private enum Pong implements PingSide { INSTANCE }

    /**
     * Carries the ping actor's ref so that the pong actor needs no setup message; preallocated.
     * NOTE: {@code served} is a plain field written by the pong actor only while it holds the
     * ball; its tell back to the ping side publishes it.
     */
    private static final class Ping {
        final ActorRef<PingSide> replyTo;
        int served;

        Ping(ActorRef<PingSide> replyTo) {
            this.replyTo = replyTo;
        }
    }

    private static final Behavior<Ping> PONG = Behaviors.receive(Ping.class).onMessage(Ping.class, ping -> {
        ping.served++;
        ping.replyTo.tell(Pong.INSTANCE);
        return Behaviors.same();
    }).build();

    private static final class Pinger extends AbstractBehavior<PingSide> {
        private final ActorRef<Ping> pong;
        private final Ping ping;
        private final CompletableFuture<Integer> done;
        private int remaining;

        Pinger(ActorContext<PingSide> context, ActorRef<Ping> pong, int roundTrips,
               CompletableFuture<Integer> done) {
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
                done.complete(ping.served);
                return Behaviors.stopped();
            }
            pong.tell(ping);
            return this;
        }
    }

    @Override
    public long run(RunSpec spec) throws Exception {
        final int trips = roundTrips.applyAsInt(spec.sizes());
        final CompletableFuture<Integer> done = new CompletableFuture<>();
        final var started = PekkoSystems.startWith(name, spec, context -> {
            final ActorRef<Ping> pong = context.spawn(PONG, "pong");
            return context.spawn(Behaviors.<PingSide>setup(c -> new Pinger(c, pong, trips, done)), "ping");
        });
        final long elapsed;
        final int served;
        try {
            final ActorRef<PingSide> ping = started.value();
            final long t0 = System.nanoTime();
            ping.tell(Start.INSTANCE);
            served = PekkoSystems.await(done, name);
            elapsed = System.nanoTime() - t0;
        } finally {
            PekkoSystems.terminate(started.system(), name);
        }
        PekkoSystems.check(name, "balls served", trips, served);
        return elapsed;
    }
}
