package actor.remote;

import actor.api.Actor;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.Base64;

/**
 * The other JVM of the multi-process tests: one node, in one of four roles, talking to the test's
 * node. It prints what the test waits for on stdout ({@code READY}, {@code GOT sender n},
 * {@code SENT confirmed undelivered}) and ends when its stdin closes (or when it is killed); a sink
 * prints {@code REJECTED count} (its node's rejected frames) then. With the system property
 * {@value #SECRET_PROPERTY} (Base64), its node has that secret.
 *
 * <pre>
 * ponger name endpoint peer@endpoint            answers each Ping to "ponger" with a Pong to the peer's "pinger"
 * server name endpoint peer@endpoint            answers each Request to "server" with a Reply to its reply-to
 * sink   name endpoint peer@endpoint            prints GOT sender n for each Seq to "sink", and ORDER when one comes out of order
 * sender name endpoint peer@endpoint id count   sends count Seqs to the peer's "sink", closes, prints SENT
 * </pre>
 */
public final class PeerProcess {

    /** The system property that holds the node's secret, in Base64. */
    public static final String SECRET_PROPERTY = "peer.secret";

    /** A request to the ponger. */
    public record Ping(int n) {
    }

    /** The ponger's answer. */
    public record Pong(int n) {
    }

    /** The n-th message of one sender. */
    public record Seq(int sender, long n) {
    }

    /** A request that carries where its reply goes. */
    public record Request(long n, ActorRef<Reply> replyTo) {
    }

    /** The answer to request {@code n}. */
    public record Reply(long n) {
    }

    private PeerProcess() {
    }

    /** Answers each ping. */
    static final class Ponger extends Actor<Ping> {
        private final ActorRef<Pong> pinger;

        Ponger(ActorSystem system, ActorRef<Pong> pinger) {
            super(system);
            this.pinger = pinger;
        }

        @Override
        protected Allocation receive(Ping ping) {
            pinger.send(new Pong(ping.n()));
            return Allocation.NODELETE;
        }
    }

    /** Answers each request to its reply-to. */
    static final class Server extends Actor<Request> {
        Server(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Request request) {
            request.replyTo().send(new Reply(request.n()));
            return Allocation.NODELETE;
        }
    }

    /** Prints each sequence number it receives, and any that comes out of its sender's order. */
    static final class Sink extends Actor<Seq> {
        private final long[] next = new long[64];

        Sink(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Seq seq) {
            if (seq.n() != next[seq.sender()]) {
                System.out.println("ORDER " + seq.sender() + " expected " + next[seq.sender()] + " got " + seq.n());
            }
            next[seq.sender()] = seq.n() + 1;
            System.out.println("GOT " + seq.sender() + " " + seq.n());
            return Allocation.NODELETE;
        }
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        final String role = args[0];
        final NodeAddress peer = NodeAddress.parse(args[3]);
        final RemoteConfig.Builder builder = RemoteConfig.builder().name(args[1]).endpoint(args[2])
                .peer(peer.name(), peer.endpoint())
                .heartbeatInterval(Duration.ofMillis(100)).peerTimeout(Duration.ofSeconds(3))
                .maxPendingMessages(RemoteConfig.MAX_PENDING_MESSAGES).closeTimeout(Duration.ofSeconds(10));
        final String secret = System.getProperty(SECRET_PROPERTY);
        if (secret != null) {
            builder.secret(Base64.getDecoder().decode(secret));
        }
        final RemoteConfig config = builder.build();
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1).build());
        final RemoteNode node = RemoteNode.start(system, config);
        try {
            switch (role) {
                case "ponger" -> {
                    node.export("ponger", Ping.class, new Ponger(system, node.lookup(peer.name(), "pinger", Pong.class)).ref());
                    System.out.println("READY");
                    awaitEndOfInput();
                }
                case "server" -> {
                    node.export("server", Request.class, new Server(system).ref());
                    System.out.println("READY");
                    awaitEndOfInput();
                }
                case "sink" -> {
                    node.export("sink", Seq.class, new Sink(system).ref());
                    System.out.println("READY");
                    awaitEndOfInput();
                    System.out.println("REJECTED " + node.rejectedFrames());
                }
                case "sender" -> {
                    final int id = Integer.parseInt(args[4]);
                    final long count = Long.parseLong(args[5]);
                    final ActorRef<Seq> sink = node.lookup(peer.name(), "sink", Seq.class);
                    while (node.peerState(peer.name()) != PeerState.CONNECTED) {
                        Thread.sleep(5);
                    }
                    System.out.println("READY");
                    for (long n = 0; n < count; n++) {
                        sink.send(new Seq(id, n));
                    }
                    node.close();
                    System.out.println("SENT " + node.acknowledgedMessages() + " " + node.undeliveredMessages());
                }
                default -> throw new IllegalArgumentException("role " + role);
            }
        } finally {
            node.close();
            system.shutdown(Duration.ofSeconds(5));
        }
    }

    /** Returns when the test closes this process's stdin. */
    private static void awaitEndOfInput() throws IOException {
        System.in.transferTo(OutputStream.nullOutputStream());
    }
}
