package actor.bench.pekko;

import actor.bench.remote.RemoteMessages.Ack;
import actor.bench.remote.RemoteMessages.Ping;
import actor.bench.remote.RemoteMessages.Pong;
import actor.bench.remote.RemoteMessages.Seq;
import actor.bench.remote.ServerProcess;
import actor.bench.suite.Benchmarks;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorRefResolver;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.dispatch.ThreadPoolConfig;

/**
 * The remote rows on Pekko typed actors: two systems with Artery remoting on loopback, its Aeron UDP
 * transport ({@code aeron-udp}, on the same Aeron 1.51.0 and Agrona 2.6.0 as actorkit's) with an
 * embedded media driver, and a serializer written for the messages ({@link RemoteBenchSerializer}),
 * in two configurations, each a variant of its own: {@value #DEFAULT_VARIANT}, Artery's defaults
 * otherwise, and {@value #TUNED_VARIANT}, Artery tuned for low latency on few cores ({@link #TUNED}).
 * The same workloads as actorkit's ({@code actor.bench.toolkit.Remote}), whatever the configuration:
 * the client starts the server JVM and its own system once and keeps them for every iteration; the
 * actors find each other by path ({@link ActorRefResolver}), as actorkit's by exported name. Both
 * ends run the same configuration: the server says which Artery settings it runs with (as read from
 * its system's configuration), and the client refuses to run against one whose differ from its own.
 */
public final class PekkoRemote {

    /** Artery's defaults (the row as it has always been). */
    public static final String DEFAULT_VARIANT = Benchmarks.PEKKO_VARIANT;
    /** Artery tuned ({@link #TUNED}). */
    public static final String TUNED_VARIANT = Benchmarks.ARTERY_TUNED_VARIANT;

    /**
     * The settings of {@value #TUNED_VARIANT}, on both ends, on top of the default variant's: what
     * Pekko's documentation and reference configuration recommend for low latency with few cores.
     * <ul>
     *   <li>{@code aeron.idle-cpu-level = 1} (default 5; "Fine-tuning CPU usage latency tradeoff"):
     *       the embedded media driver runs its conductor, sender and receiver on one thread
     *       ({@code ThreadingMode.SHARED}, where levels 2-7 give it two) and every Artery poller idles
     *       by sleeping 1 ms, where the default spins 4,500 times, yields and parks up to 130 us: less
     *       CPU taken from the actors when two JVMs share 2 cores, at the price of a reaction time of
     *       up to a millisecond when idle. The key is under {@code advanced.aeron} (Pekko reads no
     *       {@code advanced.idle-cpu-level}).</li>
     *   <li>{@code inbound-lanes = 1} (default 4) and {@code outbound-lanes = 1} (the default, set
     *       here to say so): "lowest latency can be achieved with inbound-lanes=1 and
     *       outbound-lanes=1 because multiple lanes introduce an asynchronous boundary".</li>
     *   <li>a remote dispatcher of 1 thread (default {@code parallelism-min = 2}, so 2 here): "in
     *       practice the pool size should be less than half of the number of cores" (Performance
     *       tuning, Lanes); 1 is the least there is on 2 cores.</li>
     * </ul>
     */
    public static final String TUNED = """
            pekko.remote.artery.advanced {
              aeron.idle-cpu-level = 1
              inbound-lanes = 1
              outbound-lanes = 1
            }
            pekko.remote.default-remote-dispatcher.fork-join-executor {
              parallelism-min = 1
              parallelism-max = 1
            }
            """;

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

    /**
     * The remote configuration of a system at {@code port} in {@code variant}: {@link #TUNED} on top
     * of the default variant's for {@value #TUNED_VARIANT}.
     *
     * @throws IllegalArgumentException if {@code variant} is neither of Pekko's remote variants
     */
    static Config remote(String variant, int port) throws Exception {
        final Config tuning = switch (variant) {
            case DEFAULT_VARIANT -> ConfigFactory.empty();
            case TUNED_VARIANT -> ConfigFactory.parseString(TUNED);
            default -> throw new IllegalArgumentException("Pekko's remote rows run " + DEFAULT_VARIANT + " or "
                    + TUNED_VARIANT + ", not " + variant);
        };
        return tuning.withFallback(remote(port));
    }

    /** The remote configuration of a system at {@code port}: Artery's defaults but for the transport and serializers. */
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

    /**
     * The Artery settings a system with configuration {@code config} runs with, as Pekko reads them
     * (the keys of its {@code ArterySettings}, the pool size of its fork-join dispatchers), on one
     * line: what both ends of a row print and compare.
     */
    public static String settings(Config config) {
        final Config artery = config.getConfig("pekko.remote.artery");
        final Config remoteThreads = config.getConfig("pekko.remote.default-remote-dispatcher.fork-join-executor");
        final int threads = ThreadPoolConfig.scaledPoolSize(remoteThreads.getInt("parallelism-min"),
                remoteThreads.getDouble("parallelism-factor"), remoteThreads.getInt("parallelism-max"));
        return String.format(Locale.ROOT, "transport %s, idle-cpu-level %d, inbound-lanes %d, outbound-lanes %d,"
                        + " remote dispatcher of %d thread%s", artery.getString("transport"),
                artery.getInt("advanced.aeron.idle-cpu-level"), artery.getInt("advanced.inbound-lanes"),
                artery.getInt("advanced.outbound-lanes"), threads, threads == 1 ? "" : "s");
    }

    /**
     * The whole configuration a remote row's system of {@code variant} at {@code port} with
     * {@code workers} dispatcher threads starts with: what {@link #settings} reads on a running one.
     */
    public static Config effective(String variant, int port, int workers) throws Exception {
        return remote(variant, port).withFallback(PekkoSystems.config(workers));
    }

    private static String path(String system, int port, String actor) {
        return "pekko://" + system + "@127.0.0.1:" + port + "/user/" + actor;
    }

    /** The client's side, made once per JVM and variant: the server JVM, a system, the driving actors. */
    private static final class Client {
        private static final Map<String, Client> INSTANCES = new HashMap<>();

        final ActorRef<Object> pinger;
        final ActorRef<Object> sender;

        private Client(ActorRef<Object> pinger, ActorRef<Object> sender) {
            this.pinger = pinger;
            this.sender = sender;
        }

        static synchronized Client get(RunSpec spec) throws Exception {
            final String variant = spec.variant();
            Client client = INSTANCES.get(variant);
            if (client == null) {
                final int port = ServerProcess.freePort();
                final Config config = remote(variant, port);
                final int serverPort = ServerProcess.freePort();
                final ServerProcess server = ServerProcess.start("pekko", variant, serverPort, port);
                final PekkoSystems.Started<Client> started;
                try {
                    started = PekkoSystems.startWith(CLIENT, config, spec.workers(), context -> {
                        final ActorRefResolver resolver = ActorRefResolver.get(context.getSystem());
                        final ActorRef<Ping> ponger = resolver.resolveActorRef(path(SERVER, serverPort, "ponger"));
                        final ActorRef<Seq> sink = resolver.resolveActorRef(path(SERVER, serverPort, "sink"));
                        return new Client(context.spawn(pinger(ponger), "pinger"), context.spawn(sender(sink), "sender"));
                    });
                } catch (Exception | Error e) {
                    server.close();
                    throw e;
                }
                final String settings = settings(started.system().settings().config());
                if (!settings.equals(server.settings())) {
                    try {
                        PekkoSystems.terminate(started.system(), CLIENT);
                    } finally {
                        server.close();
                    }
                    throw new IllegalStateException("Pekko remote (" + variant + "): the client runs " + settings
                            + ", the server " + server.settings());
                }
                System.err.println("    Pekko remote (" + variant + "), both ends: " + settings);
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
                client = started.value();
                INSTANCES.put(variant, client);
            }
            return client;
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

    /** A running server: {@link #settings} says how its Artery runs; closing it terminates its system. */
    public interface Server extends AutoCloseable {
        /** {@return the server's Artery settings, as {@link PekkoRemote#settings} reads them on its system} */
        String settings();

        /** Terminates the server's system and waits until it has terminated. */
        @Override
        void close();
    }

    /**
     * The server of {@code variant}: a system with the ponger, which answers each ping to the client's
     * pinger, and the sink, which acknowledges each window to the client's sender (a message out of
     * order as {@code Ack(-1 - n)}).
     */
    public static Server serve(int port, int clientPort, String variant) throws Exception {
        final PekkoSystems.Started<Void> started = PekkoSystems.startWith(SERVER, remote(variant, port), 2,
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
        final String settings = settings(started.system().settings().config());
        return new Server() {
            @Override
            public String settings() {
                return settings;
            }

            @Override
            public void close() {
                try {
                    PekkoSystems.terminate(started.system(), SERVER);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while the server terminated", e);
                } catch (Exception e) {
                    throw new IllegalStateException("the server did not terminate", e);
                }
            }
        };
    }
}
