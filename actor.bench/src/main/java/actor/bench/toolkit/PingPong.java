package actor.bench.toolkit;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.Message;
import actor.api.PoisonPill;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Sizes;
import actor.bench.suite.Workload;
import java.util.function.ToIntFunction;

/**
 * Savina ping-pong: round trips of one ball between two actors. {@link #anyWorkers()} leaves the
 * two actors where the system puts them ({@code pingPongRoundTrips}); {@link #crossWorker()} puts
 * the pinger on worker 0 and the ponger on worker 1 ({@code pingPongCrossRoundTrips}); with one
 * worker both share it. Each side's mailbox holds at most one message, so no thief takes it; with
 * stealing on, a hand-off to the idle other worker may still pull the receiver's mailbox to the
 * sender ({@code Worker#send}), as Pekko's dispatcher queues a woken actor on the sending thread.
 * Without stealing (variant {@code none}) both stay where they were placed and every send crosses
 * workers.
 */
public final class PingPong implements Workload {

    private enum Placement { ANY, CROSS_WORKER }

    static final class Ball extends Message {
    }

    static final Ball BALL = new Ball();
    static final Ball SERVE = new Ball();

    static final class Pinger extends Actor<Ball> {
        private final int roundTrips;
        private Ponger ponger;
        private int returned;

        Pinger(ActorSystem system, int roundTrips) {
            super(system);
            this.roundTrips = roundTrips;
        }

        @Override
        protected Allocation receive(Ball ball) {
            if (ball != SERVE && ++returned == roundTrips) {
                ponger.send(PoisonPill.FINISHED);
                return Allocation.FINISHED;
            }
            ponger.send(BALL);
            return Allocation.NODELETE;
        }
    }

    static final class Ponger extends Actor<Ball> {
        private final Pinger pinger;
        /** Written by behaviours only; read by main after stop() (the workers have exited). */
        private int received;

        Ponger(ActorSystem system, Pinger pinger) {
            super(system);
            this.pinger = pinger;
        }

        @Override
        protected Allocation receive(Ball ball) {
            received++;
            pinger.send(BALL);
            return Allocation.NODELETE;
        }
    }

    private final String name;
    private final Placement placement;
    private final ToIntFunction<Sizes> roundTrips;

    private PingPong(String name, Placement placement, ToIntFunction<Sizes> roundTrips) {
        this.name = name;
        this.placement = placement;
        this.roundTrips = roundTrips;
    }

    /** Savina's ping-pong as it is: the system places both actors. */
    public static PingPong anyWorkers() {
        return new PingPong("ping-pong", Placement.ANY, Sizes::pingPongRoundTrips);
    }

    /** Ping-pong with the two actors on different workers. */
    public static PingPong crossWorker() {
        return new PingPong("ping-pong-cross", Placement.CROSS_WORKER, Sizes::pingPongCrossRoundTrips);
    }

    @Override
    public long run(RunSpec spec) {
        final int trips = roundTrips.applyAsInt(spec.sizes());
        final ActorSystem system = Toolkit.start(spec);
        final Pinger pinger;
        if (placement == Placement.CROSS_WORKER) {
            pinger = Toolkit.onWorker(system, 0, s -> new Pinger(s, trips));
            pinger.ponger = Toolkit.onWorker(system, Toolkit.clientWorker(system, 0), s -> new Ponger(s, pinger));
        } else {
            pinger = new Pinger(system, trips);
            pinger.ponger = new Ponger(system, pinger);
        }
        final long start = System.nanoTime();
        pinger.send(SERVE);
        Toolkit.stop(system);
        final long elapsed = System.nanoTime() - start;
        Toolkit.check(name, "balls returned", trips, pinger.returned);
        Toolkit.check(name, "balls received", trips, pinger.ponger.received);
        return elapsed;
    }
}
