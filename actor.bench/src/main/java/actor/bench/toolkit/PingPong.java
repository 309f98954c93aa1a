package actor.bench.toolkit;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.Message;
import actor.api.PoisonPill;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;

/** Savina ping-pong: {@code pingPongRoundTrips} round trips between two actors. */
public final class PingPong implements Workload {

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

        Ponger(ActorSystem system, Pinger pinger) {
            super(system);
            this.pinger = pinger;
        }

        @Override
        protected Allocation receive(Ball ball) {
            pinger.send(BALL);
            return Allocation.NODELETE;
        }
    }

    @Override
    public long run(RunSpec spec) {
        final ActorSystem system = Toolkit.start(spec);
        final Pinger pinger = new Pinger(system, spec.sizes().pingPongRoundTrips());
        pinger.ponger = new Ponger(system, pinger);
        final long start = System.nanoTime();
        pinger.send(SERVE);
        Toolkit.stop(system);
        return System.nanoTime() - start;
    }
}
