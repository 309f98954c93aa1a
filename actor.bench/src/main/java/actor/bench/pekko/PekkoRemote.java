package actor.bench.pekko;

import actor.bench.remote.RemoteMessages.Ack;
import actor.bench.remote.RemoteMessages.Ping;
import actor.bench.remote.RemoteMessages.Pong;
import actor.bench.remote.RemoteMessages.Seq;
import actor.bench.remote.ServerProcess;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Files;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorRefResolver;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * The remote rows on Pekko typed actors: two systems with Artery remoting on loopback, its Aeron UDP
 * transport ({@code aeron-udp}, on the same Aeron 1.51.0 and Agrona 2.6.0 as actorkit's) with an
 * embedded media driver and Artery's defaults otherwise, and a serializer written for the messages
 * ({@link RemoteBenchSerializer}). The same workloads as actorkit's ({@code actor.bench.toolkit.Remote}):
 * the client starts the server JVM and its own system once and keeps them for every iteration; the
 * actors find each other by path ({@link ActorRefResolver}), as actorkit's by exported name.
 */
public final class PekkoRemote {

    private static final String SERVER = "server";
    private static final String CLIENT = "client";
    private static final long RUN_MINUTES = 2;
    /**
     * Artery's transport: {@code aeron-udp} by default, {@code tcp} with
     * {@code ./bench --jvm-arg -Dbench.pekko.transport=tcp}.
     */
    private static final String TRANSPORT_PROPERTY = "bench.pekko.transport";

    private PekkoRemote() {
    }

    /** {@return the remote ping-pong workload} */
    public static Workload pingPong() {
        return spec -> {
            final Client client = Client.get(spec);
            final int rounds = spec.sizes().remotePingPongRoundTrips();
            final CompletableFuture<Integer> done = new CompletableFuture<>();
            final long start = System.nanoTime();
            client.pinger.tell(new Go(rounds, done));
            final int returned = done.get(RUN_MINUTES, TimeUnit.MINUTES);
            final long elapsed = System.nanoTime() - start;
            PekkoSystems.check("remote-ping-pong", "pongs", rounds, returned);
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
            client.sender.tell(new Stream(total, spec.sizes().remoteWindow(), done));
            final long acknowledged = done.get(RUN_MINUTES, TimeUnit.MINUTES);
            final long elapsed = System.nanoTime() - start;
            PekkoSystems.check("remote-throughput", "messages acknowledged", total, acknowledged);
            return elapsed;
        };
    }

    /** Starts the pinger's run (a local message, never serialized). */
    private record Go(int rounds, CompletableFuture<Integer> done) {
    }

    /** Starts the sender's run (local). */
    private record Stream(long total, int window, CompletableFuture<Long> done) {
    }

    /** The remote configuration of a system at {@code port}. */
    private static Config remote(int port) throws Exception {
        final String aeronDir = Files.createTempDirectory("pekko-aeron-" + port + "-").toString();
        return ConfigFactory.parseString("""
                pekko.actor.provider = remote
                pekko.remote.warn-about-direct-use = off
                pekko.remote.warn-unsafe-watch-outside-cluster = off
                pekko.coordinated-shutdown.run-by-jvm-shutdown-hook = off
                pekko.remote.artery {
                  transport = %s
                  canonical.hostname = "127.0.0.1"
                  canonical.port = %d
                  advanced.aeron.aeron-dir = "%s"
                }
                pekko.actor.serializers.bench = "actor.bench.pekko.RemoteBenchSerializer"
                pekko.actor.serialization-bindings {
                  "actor.bench.remote.RemoteMessages$Ping" = bench
                  "actor.bench.remote.RemoteMessages$Pong" = bench
                  "actor.bench.remote.RemoteMessages$Seq" = bench
                  "actor.bench.remote.RemoteMessages$Ack" = bench
                }
                """.formatted(System.getProperty(TRANSPORT_PROPERTY, "aeron-udp"), port, aeronDir.replace("\\", "/")));
    }

    private static String path(String system, int port, String actor) {
        return "pekko://" + system + "@127.0.0.1:" + port + "/user/" + actor;
    }

    /** The client's side, made once per JVM: the server JVM, a system, the driving actors. */
    private static final class Client {
        private static Client instance;

        final ActorRef<Object> pinger;
        final ActorRef<Object> sender;

        private Client(ActorRef<Object> pinger, ActorRef<Object> sender) {
            this.pinger = pinger;
            this.sender = sender;
        }

        static synchronized Client get(RunSpec spec) throws Exception {
            if (instance == null) {
                final int port = ServerProcess.freePort();
                final int serverPort = ServerProcess.freePort();
                final ServerProcess server = ServerProcess.start("pekko", serverPort, port);
                final PekkoSystems.Started<Client> started = PekkoSystems.startWith(CLIENT, remote(port), spec.workers(),
                        context -> {
                            final ActorRefResolver resolver = ActorRefResolver.get(context.getSystem());
                            final ActorRef<Ping> ponger = resolver.resolveActorRef(path(SERVER, serverPort, "ponger"));
                            final ActorRef<Seq> sink = resolver.resolveActorRef(path(SERVER, serverPort, "sink"));
                            return new Client(context.spawn(pinger(ponger), "pinger"), context.spawn(sender(sink), "sender"));
                        });
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    try {
                        // Waits for Artery to stop, which deletes its Aeron directory.
                        PekkoSystems.terminate(started.system(), CLIENT);
                    } catch (Exception e) {
                        System.err.println("the remote client did not terminate: " + e);
                    } finally {
                        server.close();
                    }
                }, "remote client shutdown"));
                instance = started.value();
            }
            return instance;
        }
    }

    /** Plays one run of round trips on {@link Go}. */
    private static Behavior<Object> pinger(ActorRef<Ping> ponger) {
        return Behaviors.setup(context -> new Object() {
            Go run;
            int returned;

            Behavior<Object> behavior() {
                return Behaviors.receive(Object.class)
                        .onMessage(Go.class, go -> {
                            run = go;
                            returned = 0;
                            ponger.tell(new Ping(0));
                            return Behaviors.same();
                        })
                        .onMessage(Pong.class, pong -> {
                            if (++returned == run.rounds()) {
                                run.done().complete(returned);
                            } else {
                                ponger.tell(new Ping(returned));
                            }
                            return Behaviors.same();
                        })
                        .build();
            }
        }.behavior());
    }

    /** Streams one run of messages on {@link Stream}, two windows in flight. */
    private static Behavior<Object> sender(ActorRef<Seq> sink) {
        return Behaviors.setup(context -> new Object() {
            Stream run;
            long sent;

            void sendWindow() {
                final long end = Math.min(run.total(), sent + run.window());
                for (long n = sent; n < end; n++) {
                    sink.tell(new Seq(n, n == end - 1));
                }
                sent = end;
            }

            Behavior<Object> behavior() {
                return Behaviors.receive(Object.class)
                        .onMessage(Stream.class, stream -> {
                            run = stream;
                            sent = 0;
                            sendWindow();
                            sendWindow();
                            return Behaviors.same();
                        })
                        .onMessage(Ack.class, ack -> {
                            if (ack.n() < 0) {
                                run.done().completeExceptionally(new IllegalStateException(
                                        "remote-throughput: the sink saw message " + (-1 - ack.n()) + " out of order"));
                            } else if (ack.n() + 1 == run.total()) {
                                run.done().complete(ack.n() + 1);
                            } else {
                                sendWindow();
                            }
                            return Behaviors.same();
                        })
                        .build();
            }
        }.behavior());
    }

    /**
     * The server: a system with the ponger, which answers each ping to the client's pinger, and the
     * sink, which acknowledges each window to the client's sender (a message out of order as
     * {@code Ack(-1 - n)}).
     */
    public static AutoCloseable serve(int port, int clientPort) throws Exception {
        final PekkoSystems.Started<Void> started = PekkoSystems.startWith(SERVER, remote(port), 2,
                (ActorContext<Void> context) -> {
                    final ActorRefResolver resolver = ActorRefResolver.get(context.getSystem());
                    final ActorRef<Pong> pinger = resolver.resolveActorRef(path(CLIENT, clientPort, "pinger"));
                    final ActorRef<Ack> sender = resolver.resolveActorRef(path(CLIENT, clientPort, "sender"));
                    context.spawn(Behaviors.receive(Ping.class).onMessage(Ping.class, ping -> {
                        pinger.tell(new Pong(ping.n()));
                        return Behaviors.same();
                    }).build(), "ponger");
                    context.spawn(Behaviors.<Seq>setup(sink -> new Object() {
                        long next;

                        Behavior<Seq> behavior() {
                            return Behaviors.receive(Seq.class).onMessage(Seq.class, seq -> {
                                if (seq.n() == 0) {
                                    next = 0;
                                }
                                if (seq.n() != next) {
                                    sender.tell(new Ack(-1 - seq.n()));
                                } else if (seq.ack()) {
                                    sender.tell(new Ack(seq.n()));
                                }
                                next = seq.n() + 1;
                                return Behaviors.same();
                            }).build();
                        }
                    }.behavior()), "sink");
                    return null;
                });
        return () -> PekkoSystems.terminate(started.system(), SERVER);
    }
}
