package actor.bench.toolkit;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.Message;
import actor.api.PoisonPill;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;
import java.util.SplittableRandom;

/**
 * Savina big: {@code bigActors} actors each ping a random other actor and wait for its pong,
 * {@code bigPings} times; a sink learns when each is done and then stops them all.
 */
public final class Big implements Workload {

    abstract static sealed class BigMsg extends Message permits Ping, Pong {
    }

    /** Each actor owns one ping and reuses it: it has at most one outstanding. */
    static final class Ping extends BigMsg {
        final Peer from;

        Ping(Peer from) {
            this.from = from;
        }
    }

    static final class Pong extends BigMsg {
    }

    static final class Done extends Message {
    }

    static final Pong PONG = new Pong();
    static final Pong START = new Pong();
    static final Done DONE = new Done();

    static final class Peer extends Actor<BigMsg> {
        private final Ping ping = new Ping(this);
        private final SplittableRandom random;
        private final int pings;
        private Peer[] peers;
        private Sink sink;
        private int pongs;

        Peer(ActorSystem system, int index, int pings) {
            super(system);
            this.random = new SplittableRandom(index);
            this.pings = pings;
        }

        @Override
        protected Allocation receive(BigMsg msg) {
            if (msg instanceof Ping p) {
                p.from.send(PONG);
            } else if (msg == START || ++pongs < pings) {
                sendPing();
            } else {
                sink.send(DONE);
            }
            return Allocation.NODELETE;
        }

        private void sendPing() {
            int other = random.nextInt(peers.length - 1);
            if (peers[other] == this) {
                other = peers.length - 1;
            }
            peers[other].send(ping);
        }
    }

    static final class Sink extends Actor<Done> {
        private final Peer[] peers;
        private int done;

        Sink(ActorSystem system, Peer[] peers) {
            super(system);
            this.peers = peers;
        }

        @Override
        protected Allocation receive(Done msg) {
            if (++done < peers.length) {
                return Allocation.NODELETE;
            }
            for (Peer peer : peers) {
                peer.send(PoisonPill.FINISHED);
            }
            return Allocation.FINISHED;
        }
    }

    @Override
    public long run(RunSpec spec) {
        final int count = spec.sizes().bigActors();
        final ActorSystem system = Toolkit.start(spec);
        final Peer[] peers = new Peer[count];
        for (int i = 0; i < count; i++) {
            peers[i] = new Peer(system, i, spec.sizes().bigPings());
        }
        final Sink sink = new Sink(system, peers);
        for (Peer peer : peers) {
            peer.peers = peers;
            peer.sink = sink;
        }
        final long start = System.nanoTime();
        for (Peer peer : peers) {
            peer.send(START);
        }
        Toolkit.stop(system);
        return System.nanoTime() - start;
    }
}
