package actor.remote.examples;

import actor.api.Actor;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.remote.NodeAddress;
import actor.remote.RemoteConfig;
import actor.remote.RemoteNode;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ping-pong between two JVMs. Start the ponger, then the pinger:
 *
 * <pre>
 * java --add-opens java.base/jdk.internal.misc=org.agrona --module-path ... \
 *      --module actor.remote.examples/actor.remote.examples.PingPong pong localhost:40002 ping@localhost:40001
 * java --add-opens java.base/jdk.internal.misc=org.agrona --module-path ... \
 *      --module actor.remote.examples/actor.remote.examples.PingPong ping localhost:40001 pong@localhost:40002 5
 * </pre>
 *
 * The pinger sends a {@link Ping}, waits for the {@link Pong}, and so on, then says {@link Bye}, which
 * ends the ponger. {@code Ping} travels in the format of {@link PingCodec}, provided as a service;
 * the other messages in the built-in one.
 */
public final class PingPong {

    /** What the ponger accepts: a sealed protocol, registered in one go. */
    public sealed interface PongerMsg permits Ping, Bye {
    }

    /** The n-th ping, stamped when sent. */
    public record Ping(int n, long sentNanos) implements PongerMsg {
    }

    /** The end of the game. */
    public enum Bye implements PongerMsg { NOW }

    /** The answer to a ping, with its stamp. */
    public record Pong(int n, long sentNanos) {
    }

    private PingPong() {
    }

    /** Answers each ping; counts down at the goodbye. */
    static final class Ponger extends Actor<PongerMsg> {
        private final ActorRef<Pong> pinger;
        private final CountDownLatch bye;

        Ponger(ActorSystem system, ActorRef<Pong> pinger, CountDownLatch bye) {
            super(system);
            this.pinger = pinger;
            this.bye = bye;
        }

        @Override
        protected Allocation receive(PongerMsg message) {
            if (message instanceof Ping ping) {
                System.out.println("ping " + ping.n());
                pinger.send(new Pong(ping.n(), ping.sentNanos()));
                return Allocation.NODELETE;
            }
            System.out.println("bye");
            bye.countDown();
            return Allocation.FINISHED;
        }
    }

    /** Sends the next ping on each pong, until the last. */
    static final class Pinger extends Actor<Pong> {
        private final ActorRef<PongerMsg> ponger;
        private final long[] roundTripNanos;
        private final CountDownLatch done;

        Pinger(ActorSystem system, ActorRef<PongerMsg> ponger, int rounds, CountDownLatch done) {
            super(system);
            this.ponger = ponger;
            this.roundTripNanos = new long[rounds];
            this.done = done;
        }

        @Override
        protected Allocation receive(Pong pong) {
            final long roundTrip = System.nanoTime() - pong.sentNanos();
            roundTripNanos[pong.n() - 1] = roundTrip;
            System.out.println("pong " + pong.n() + " after " + roundTrip / 1000 + " us");
            if (pong.n() < roundTripNanos.length) {
                ponger.send(new Ping(pong.n() + 1, System.nanoTime()));
                return Allocation.NODELETE;
            }
            done.countDown();
            return Allocation.FINISHED;
        }

        long medianMicros() {
            final long[] sorted = roundTripNanos.clone();
            Arrays.sort(sorted);
            return sorted[sorted.length / 2] / 1000;
        }
    }

    /**
     * {@code pong <endpoint> <pinger's name@endpoint>} or {@code ping <endpoint> <ponger's name@endpoint> <rounds>}.
     *
     * @param args the role, this node's endpoint, the other node, and for the pinger the number of rounds
     * @throws InterruptedException if interrupted while waiting
     */
    public static void main(String[] args) throws InterruptedException {
        if (args.length < 3 || !(args[0].equals("pong") || args[0].equals("ping") && args.length == 4)) {
            System.err.println("usage: pong <endpoint> <name@endpoint> | ping <endpoint> <name@endpoint> <rounds>");
            System.exit(2);
        }
        final NodeAddress other = NodeAddress.parse(args[2]);
        final RemoteConfig config = RemoteConfig.builder().name(args[0]).endpoint(args[1])
                .peer(other.name(), other.endpoint()).connectTimeout(Duration.ofSeconds(30)).build();
        final ActorSystem system = ActorSystem.start(2);
        final int exit;
        try {
            exit = args[0].equals("pong") ? pong(system, config, other.name())
                    : ping(system, config, other.name(), Integer.parseInt(args[3]));
        } finally {
            system.shutdown(Duration.ofSeconds(5));
        }
        System.exit(exit);
    }

    /**
     * Exports the ponger before the node receives anything (a ping that came first would find no
     * ponger: it would be reported and dropped), and serves until the goodbye.
     */
    private static int pong(ActorSystem system, RemoteConfig config, String pingNode) throws InterruptedException {
        final CountDownLatch bye = new CountDownLatch(1);
        try (RemoteNode node = RemoteNode.start(system, config, n -> n.export("ponger", PongerMsg.class,
                new Ponger(system, n.lookup(pingNode, "pinger", Pong.class), bye).ref()))) {
            System.out.println("ponger ready on node " + node.name());
            return bye.await(10, TimeUnit.MINUTES) ? 0 : 1;
        }
    }

    /**
     * Plays {@code rounds} rounds, then says goodbye; closing the node waits for the ponger to
     * confirm it. The pinger is exported after the node started: nothing comes for it before its
     * first ping.
     */
    private static int ping(ActorSystem system, RemoteConfig config, String pongNode, int rounds) throws InterruptedException {
        try (RemoteNode node = RemoteNode.start(system, config)) {
            final ActorRef<PongerMsg> ponger = node.lookup(pongNode, "ponger", PongerMsg.class);
            final CountDownLatch done = new CountDownLatch(1);
            final Pinger pinger = new Pinger(system, ponger, rounds, done);
            node.export("pinger", Pong.class, pinger.ref());
            ponger.send(new Ping(1, System.nanoTime()));
            if (!done.await(60, TimeUnit.SECONDS)) {
                System.out.println("no answer from node " + pongNode + " within 60 s");
                return 1;
            }
            ponger.send(Bye.NOW);
            System.out.println(rounds + " round trips, median " + pinger.medianMicros() + " us");
            return 0;
        }
    }
}
