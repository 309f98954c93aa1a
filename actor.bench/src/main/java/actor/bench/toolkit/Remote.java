package actor.bench.toolkit;

import actor.api.Actor;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.bench.remote.RemoteMessages.Ack;
import actor.bench.remote.RemoteMessages.Ping;
import actor.bench.remote.RemoteMessages.Pong;
import actor.bench.remote.RemoteMessages.Seq;
import actor.bench.remote.ServerProcess;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;
import actor.remote.RemoteConfig;
import actor.remote.RemoteNode;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The remote rows on actorkit: two nodes of {@code actor.remote} on loopback UDP, each with its
 * embedded media driver and default settings, and a shared secret, as a deployment beyond one host
 * must have: every frame is authenticated (an HMAC-SHA256 tag made and checked on each); with
 * {@code ./bench --jvm-arg -Dbench.remote.secret=off} the nodes run without one, as loopback
 * allows. The client (this JVM) starts the server JVM, its
 * system and node once, on the first iteration, and keeps them for the others: an iteration is a
 * run of the workload between long-lived actors. Both rows are timed from the first send to the
 * last answer.
 *
 * <ul>
 *   <li>{@link #pingPong()}: {@code remotePingPongRoundTrips} round trips of a {@link Ping} and its
 *       {@link Pong}, one at a time.</li>
 *   <li>{@link #throughput()}: {@code remoteMessages} {@link Seq}s one way, in windows of
 *       {@code remoteWindow}: the sink acknowledges the last of each window, and the sender keeps
 *       two windows in flight (Pekko drops what overflows its outbound queue, so both systems run
 *       the same flow control).</li>
 * </ul>
 */
public final class Remote {

    private static final String SERVER = "server";
    private static final String CLIENT = "client";
    /** How long a run may take before it is declared broken. */
    private static final long RUN_MINUTES = 2;
    /** {@code on} (default) or {@code off}: whether the nodes share {@link #SECRET}; the server JVM gets the client's. */
    private static final String SECRET_PROPERTY = "bench.remote.secret";
    /** The nodes' secret: fixed, as both JVMs need the same one and a loopback benchmark has nothing to protect. */
    private static final byte[] SECRET = "actorkit bench, remote rows: 32b".getBytes(StandardCharsets.US_ASCII);

    private Remote() {
    }

    /** {@return the remote ping-pong workload} */
    public static Workload pingPong() {
        return spec -> {
            final Client client = Client.get(spec);
            final int rounds = spec.sizes().remotePingPongRoundTrips();
            final CompletableFuture<Integer> done = new CompletableFuture<>();
            final long start = System.nanoTime();
            client.pinger.send(new Pinger.Go(rounds, done));
            final int returned = done.get(RUN_MINUTES, TimeUnit.MINUTES);
            final long elapsed = System.nanoTime() - start;
            Toolkit.check("remote-ping-pong", "pongs", rounds, returned);
            client.checkNothingReported();
            return elapsed;
        };
    }

    /** {@return the remote one-way throughput workload} */
    public static Workload throughput() {
        return spec -> {
            final Client client = Client.get(spec);
            final long total = spec.sizes().remoteMessages();
            final CompletableFuture<Long> done = new CompletableFuture<>();
            final long start = System.nanoTime();
            client.sender.send(new Sender.Go(total, spec.sizes().remoteWindow(), done));
            final long acknowledged = done.get(RUN_MINUTES, TimeUnit.MINUTES);
            final long elapsed = System.nanoTime() - start;
            Toolkit.check("remote-throughput", "messages acknowledged", total, acknowledged);
            client.checkNothingReported();
            return elapsed;
        };
    }

    /** The client's side, made once per JVM: the server JVM, a system and a node, the driving actors. */
    private static final class Client {
        private static Client instance;

        final ActorSystem system;
        final RemoteNode node;
        final Pinger pinger;
        final Sender sender;

        private Client(RunSpec spec) throws Exception {
            final int port = ServerProcess.freePort();
            final int serverPort = ServerProcess.freePort();
            final ServerProcess server = ServerProcess.start("actorkit", serverPort, port);
            this.system = ActorSystem.start(ActorSystemConfig.builder().name("remote-client").workers(spec.workers()).build());
            this.node = RemoteNode.start(system, config(CLIENT, port, SERVER, serverPort));
            // Exported after the start: the server sends to them only in answer to their messages.
            this.pinger = new Pinger(system, node.lookup(SERVER, "ponger", Ping.class));
            this.sender = new Sender(system, node.lookup(SERVER, "sink", Seq.class));
            node.export("pinger", Pong.class, pinger.ref());
            node.export("sender", Ack.class, sender.ref());
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                node.close();
                server.close();
                system.abort();
            }, "remote client shutdown"));
        }

        static synchronized Client get(RunSpec spec) throws Exception {
            if (instance == null) {
                instance = new Client(spec);
            }
            return instance;
        }

        /** Fails the run if anything was reported undelivered so far. */
        void checkNothingReported() {
            Toolkit.check("remote", "messages reported undelivered", 0, node.undeliveredMessages());
        }
    }

    /**
     * A node's configuration for the rows: defaults, except a hold that never reports (the rows'
     * flow control bounds it), and the secret unless {@value #SECRET_PROPERTY} is {@code off}.
     */
    private static RemoteConfig config(String name, int port, String peer, int peerPort) {
        final RemoteConfig.Builder builder = RemoteConfig.builder().name(name).endpoint("127.0.0.1:" + port)
                .peer(peer, "127.0.0.1:" + peerPort).maxPendingMessages(RemoteConfig.MAX_PENDING_MESSAGES);
        final String secret = System.getProperty(SECRET_PROPERTY, "on");
        if (!secret.equals("on") && !secret.equals("off")) {
            throw new IllegalArgumentException(SECRET_PROPERTY + " = '" + secret + "': must be on or off");
        }
        return (secret.equals("on") ? builder.secret(SECRET) : builder).build();
    }

    /** Plays one run of round trips on {@link Go}; accepts Go (local) and Pong (remote). */
    static final class Pinger extends Actor<Object> {
        /** Starts a run; local only, never encoded. */
        record Go(int rounds, CompletableFuture<Integer> done) {
        }

        private final ActorRef<Ping> ponger;
        private Go run;
        private int returned;

        Pinger(ActorSystem system, ActorRef<Ping> ponger) {
            super(system);
            this.ponger = ponger;
        }

        @Override
        protected Allocation receive(Object message) {
            if (message instanceof Go go) {
                run = go;
                returned = 0;
                ponger.send(new Ping(0));
            } else if (++returned == run.rounds()) {
                run.done().complete(returned);
            } else {
                ponger.send(new Ping(returned));
            }
            return Allocation.NODELETE;
        }
    }

    /** Streams one run of messages on {@link Go}, two windows in flight; accepts Go (local) and Ack (remote). */
    static final class Sender extends Actor<Object> {
        /** Starts a run; local only, never encoded. */
        record Go(long total, int window, CompletableFuture<Long> done) {
        }

        private final ActorRef<Seq> sink;
        private Go run;
        private long sent;

        Sender(ActorSystem system, ActorRef<Seq> sink) {
            super(system);
            this.sink = sink;
        }

        @Override
        protected Allocation receive(Object message) {
            if (message instanceof Go go) {
                run = go;
                sent = 0;
                sendWindow();
                sendWindow();
            } else if (message instanceof Ack ack) {
                if (ack.n() < 0) {
                    run.done().completeExceptionally(new IllegalStateException("remote-throughput: the sink saw message "
                            + (-1 - ack.n()) + " out of order"));
                } else if (ack.n() + 1 == run.total()) {
                    run.done().complete(ack.n() + 1);
                } else {
                    sendWindow();
                }
            }
            return Allocation.NODELETE;
        }

        private void sendWindow() {
            final long end = Math.min(run.total(), sent + run.window());
            for (long n = sent; n < end; n++) {
                sink.send(new Seq(n, n == end - 1));
            }
            sent = end;
        }
    }

    /**
     * The server: a node exporting the ponger, which answers each ping to the client's pinger, and
     * the sink, which acknowledges each window to the client's sender, or a message out of order
     * (as {@code Ack(-1 - n)}).
     */
    public static AutoCloseable serve(int port, int clientPort) {
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("remote-server").workers(2).build());
        final RemoteNode node = RemoteNode.start(system, config(SERVER, port, CLIENT, clientPort), n -> {
            final ActorRef<Pong> pinger = n.lookup(CLIENT, "pinger", Pong.class);
            final ActorRef<Ack> sender = n.lookup(CLIENT, "sender", Ack.class);
            n.export("ponger", Ping.class, new Actor<Ping>(system) {
                @Override
                protected Allocation receive(Ping ping) {
                    pinger.send(new Pong(ping.n()));
                    return Allocation.NODELETE;
                }
            }.ref());
            n.export("sink", Seq.class, new Actor<Seq>(system) {
                private long next;

                @Override
                protected Allocation receive(Seq seq) {
                    if (seq.n() == 0) {
                        next = 0;
                    }
                    if (seq.n() != next) {
                        sender.send(new Ack(-1 - seq.n()));
                    } else if (seq.ack()) {
                        sender.send(new Ack(seq.n()));
                    }
                    next = seq.n() + 1;
                    return Allocation.NODELETE;
                }
            }.ref());
        });
        return () -> {
            node.close();
            system.shutdown(Duration.ofSeconds(5));
        };
    }
}
