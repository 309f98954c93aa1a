package actor.remote.internal;

import actor.api.ActorError;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.ContextPropagator;
import actor.api.ErrorHandler;
import actor.remote.DriverMode;
import actor.remote.NodeAddress;
import actor.remote.PeerState;
import actor.remote.RemoteConfig;
import io.aeron.Aeron;
import io.aeron.Subscription;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.ManyToOneConcurrentLinkedQueue;

/**
 * A running node: the media driver (embedded or not), the Aeron client, the subscription at the
 * node's endpoint and a publication per peer, the receiving agent on its own thread, the exported
 * actors (those made for references sent in messages among them, {@link References}), the proxies
 * to remote ones, and the resolves under way. {@code actor.remote.RemoteNode} is its public face.
 *
 * <p>Threading: every method may be called from any thread. The maps are concurrent; the counters
 * are {@link LongAdder}s; {@link #closing} is volatile. Peers are learned and forgotten by the
 * agent only ({@link #learn}, {@link #forget}).
 */
public final class Node {

    private static final System.Logger LOG = System.getLogger("actor.remote");
    /**
     * How long the embedded driver and the node's Aeron client may go without hearing from each
     * other: Aeron's client liveness timeout (which the client also applies to its own duty cycle)
     * and the client's driver timeout, 10 s by default. Both live in this process, so a gap between
     * them is the whole process stalled (stopped, suspended, paused), not one of them dead; at
     * Aeron's defaults a stall of 10 s closed the client for good. Past this, it still does.
     */
    static final Duration STALL_TOLERANCE = Duration.ofHours(1);

    final RemoteConfig config;
    final ActorSystem system;
    final TypeRegistry registry;
    final long incarnation;
    /** How references to actors travel in messages; the generated exports. */
    final References references;
    /** The secret every frame is authenticated with (a copy of the configuration's), or null without one. */
    final byte[] secret;
    /** The flags of every frame this node sends: {@link Wire#FLAG_AUTHENTICATED} with a secret. */
    final short headerFlags;
    /**
     * The system's context propagator, or null: then this node's batches carry no context (no
     * {@link Wire#FLAG_CONTEXT}) and the contexts of received ones are skipped.
     */
    final ContextPropagator propagator;
    /** The DATA header of every batch this node sends, before the target's name: with {@link Wire#FLAG_CONTEXT} if {@link #propagator}. */
    final byte[] dataHeader;
    /** Batches offered by proxies, for the agent to keep until confirmed. */
    final ManyToOneConcurrentLinkedQueue<Sent> sent = new ManyToOneConcurrentLinkedQueue<>();
    /** Resolves asked by callers, for the agent to ask the peers; offered under {@code this} while the node is open. */
    final ManyToOneConcurrentLinkedQueue<Resolve> resolves = new ManyToOneConcurrentLinkedQueue<>();
    final Map<String, Peer> peers = new ConcurrentHashMap<>();
    /** Peers added by {@link #addPeer}, for the agent to take into its list; offered while the node is open. */
    final ManyToOneConcurrentLinkedQueue<Peer> addedPeers = new ManyToOneConcurrentLinkedQueue<>();
    /** Peers removed by {@link #removePeer}, for the agent to report, drop and close; offered while the node is open. */
    final ManyToOneConcurrentLinkedQueue<Peer> removedPeers = new ManyToOneConcurrentLinkedQueue<>();
    final Map<String, Export> exports = new ConcurrentHashMap<>();
    /** The families of names exported on demand ({@link #exportFactory}), by prefix. */
    private final Map<String, ExportFactory> exportFactories = new ConcurrentHashMap<>();
    final LongAdder sentMessages = new LongAdder();
    final LongAdder acknowledgedMessages = new LongAdder();
    final LongAdder undeliveredMessages = new LongAdder();
    final LongAdder receivedMessages = new LongAdder();
    /** Frames dropped unused (not authenticated, from a node not admitted, malformed...); written by the agent. */
    final LongAdder rejectedFrames = new LongAdder();
    /** The last error the Aeron client reported (its last, when it closes itself), for the agent to tell why. */
    volatile Throwable clientFailure;

    private final ErrorHandler errorHandler;
    private final Map<String, Proxy> proxies = new ConcurrentHashMap<>();
    private final AtomicLong resolveIds = new AtomicLong();
    /** The embedded driver's directory, locked while the node runs; null with an external driver. */
    private final DriverDirectory driverDirectory;
    private final MediaDriver driver;
    private final Aeron aeron;
    /**
     * Set by {@link #start} before the agent's thread starts; read by {@link #close} and, on the
     * agent's thread, by {@link References#decode}.
     */
    NodeAgent agent;
    /** Closes the node if the JVM exits with it open; set by {@link #start}, removed by {@link #close}. */
    private Thread exitHook;
    /** As {@link #agent}. */
    private AgentRunner runner;
    private volatile boolean closing;
    /**
     * Problems Aeron reported while the node was starting, null once it has started: a start that
     * fails throws them (suppressed), one that succeeds reports them. Guarded by {@code this}.
     */
    private List<Throwable> startProblems = new ArrayList<>();

    private Node(ActorSystem system, RemoteConfig config) {
        this.config = config;
        this.system = system;
        this.errorHandler = system.config().errorHandler();
        this.incarnation = ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE);
        this.references = new References(this);
        this.registry = new TypeRegistry(config.codecs(), references);
        this.secret = config.secret();
        this.headerFlags = secret == null ? 0 : Wire.FLAG_AUTHENTICATED;
        this.propagator = system.config().contextPropagator().orElse(null);
        this.dataHeader = Wire.header(Wire.DATA, (short) (headerFlags | (propagator == null ? 0 : Wire.FLAG_CONTEXT)),
                incarnation, config.name(), config.endpoint());
        DriverDirectory directory = null;
        MediaDriver embedded = null;
        Aeron client = null;
        try {
            final String aeronDirectory;
            if (config.driverMode() == DriverMode.EMBEDDED) {
                final Path parent = config.aeronDirectory() != null ? config.aeronDirectory()
                        : Paths.get(System.getProperty("java.io.tmpdir"));
                directory = DriverDirectory.claim(parent, config.address());
                // Claimed: no running node uses the directory, so what it holds is stale and may go.
                embedded = MediaDriver.launch(new MediaDriver.Context()
                        .aeronDirectoryName(directory.aeron().toString())
                        .threadingMode(ThreadingMode.SHARED)
                        .sharedIdleStrategy(config.idleStrategy().get())
                        .sharedThreadFactory(daemonThreads("actor.remote-driver-" + config.name()))
                        .dirDeleteOnStart(true)
                        .dirDeleteOnShutdown(true)
                        .warnIfDirectoryExists(false)
                        .termBufferSparseFile(true)
                        .publicationTermBufferLength(config.termLength())
                        .clientLivenessTimeoutNs(STALL_TOLERANCE.toNanos())
                        .publicationUnblockTimeoutNs(STALL_TOLERANCE.plusSeconds(15).toNanos())
                        .ipcTermBufferLength(RemoteConfig.MIN_TERM_LENGTH)
                        .errorHandler(e -> failure("the embedded media driver failed", e)));
                aeronDirectory = embedded.aeronDirectoryName();
            } else {
                aeronDirectory = config.aeronDirectory().toString();
            }
            final Aeron.Context context = new Aeron.Context()
                    .aeronDirectoryName(aeronDirectory)
                    .clientName("actor.remote " + config.name())
                    .threadFactory(daemonThreads("actor.remote-client-" + config.name()))
                    .errorHandler(e -> {
                        clientFailure = e;
                        failure("the Aeron client failed", e);
                    });
            if (embedded != null) {
                context.driverTimeoutMs(STALL_TOLERANCE.toMillis());
            }
            client = Aeron.connect(context);
            final long now = System.nanoTime();
            for (NodeAddress address : config.peers()) {
                peers.put(address.name(), new Peer(address.name(), address.endpoint(),
                        client.addPublication(Wire.publicationChannel(address.endpoint(), config.termLength()),
                                config.streamId()), true, now));
            }
        } catch (RuntimeException | Error e) {
            closeQuietly(client, embedded, directory);
            synchronized (this) {
                startProblems.forEach(e::addSuppressed);
                startProblems = null;
            }
            throw e;
        }
        this.driverDirectory = directory;
        this.driver = embedded;
        this.aeron = client;
    }

    /**
     * Starts a node on {@code system}: the driver, the client and the publications, then
     * {@code setup} (which may export actors and look others up), and only then the subscription
     * and the receiving agent, so that nothing arrives before the exports of {@code setup} are in place.
     *
     * @throws IllegalStateException if the system is not running, or the endpoint cannot be bound
     */
    public static Node start(ActorSystem system, RemoteConfig config, Consumer<Node> setup) {
        Objects.requireNonNull(system, "system");
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(setup, "setup");
        if (!system.isRunning()) {
            throw new IllegalStateException(system + " is not running: start the node on a running system");
        }
        final Node node = new Node(system, config);
        try {
            setup.accept(node);
            final Subscription subscription = node.aeron.addSubscription(
                    Wire.subscriptionChannel(config.endpoint()), config.streamId());
            node.agent = new NodeAgent(node, subscription, List.copyOf(node.peers.values()));
            node.runner = new AgentRunner(config.idleStrategy().get(), e -> node.failure("the receiving agent failed", e),
                    null, node.agent);
        } catch (RuntimeException | Error e) {
            node.closing = true;
            node.proxies.values().forEach(Proxy::close);
            for (Resolve resolve = node.resolves.poll(); resolve != null; resolve = node.resolves.poll()) {
                resolve.notFound("node '" + config.name() + "' failed to start", e);
            }
            closeQuietly(node.aeron, node.driver, node.driverDirectory);
            synchronized (node) {
                node.startProblems.forEach(e::addSuppressed);
                node.startProblems = null;
            }
            throw e;
        }
        AgentRunner.startOnThread(node.runner, daemonThreads("actor.remote-" + config.name()));
        node.exitHook = new Thread(node::close, "actor.remote-" + config.name() + " at exit");
        Runtime.getRuntime().addShutdownHook(node.exitHook);
        node.started();
        return node;
    }

    private static ThreadFactory daemonThreads(String name) {
        return task -> {
            final Thread thread = new Thread(task, name);
            thread.setDaemon(true);
            return thread;
        };
    }

    /** Exports {@code ref} under {@code name} for messages of {@code type}. */
    @SuppressWarnings("unchecked")
    public void export(String name, Class<?> type, ActorRef<?> ref) {
        checkActorName(name);
        if (name.charAt(0) == References.GENERATED_PREFIX) {
            throw new IllegalArgumentException("actor name '" + name + "': names starting with '"
                    + References.GENERATED_PREFIX + "' are the node's own, for references sent in messages");
        }
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(ref, "actor");
        checkOpen();
        registry.register(type);
        final Export previous = exports.putIfAbsent(name, new Export(name, type, (ActorRef<Object>) ref, false));
        if (previous != null) {
            throw new IllegalStateException("an actor is already exported as '" + name + "' on node '" + config.name()
                    + "' (" + previous.ref() + "); unexport it first");
        }
    }

    /** Removes the export {@code name}; whether there was one. */
    public boolean unexport(String name) {
        return exports.remove(Objects.requireNonNull(name, "name")) != null;
    }

    /** A family of names exported on demand: every name that starts with {@code prefix}. */
    private record ExportFactory(String prefix, Class<?> type, Function<String, ? extends ActorRef<?>> factory) {
    }

    /**
     * Exports, on demand, every name that starts with {@code prefix}: the first message for such a
     * name not exported otherwise makes its export, to the actor {@code factory} returns for the rest
     * of the name (null: none, the message is reported as for a name not exported).
     */
    public synchronized void exportFactory(String prefix, Class<?> type, Function<String, ? extends ActorRef<?>> factory) {
        checkActorName(prefix);
        if (prefix.charAt(0) == References.GENERATED_PREFIX) {
            throw new IllegalArgumentException("prefix '" + prefix + "': names starting with '"
                    + References.GENERATED_PREFIX + "' are the node's own, for references sent in messages");
        }
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(factory, "factory");
        checkOpen();
        for (String other : exportFactories.keySet()) {
            if (other.startsWith(prefix) || prefix.startsWith(other)) {
                throw new IllegalStateException("prefix '" + prefix + "' overlaps prefix '" + other
                        + "', exported on demand already on node '" + config.name() + "'");
            }
        }
        registry.register(type);
        exportFactories.put(prefix, new ExportFactory(prefix, type, factory));
    }

    /**
     * The export of {@code name}: the one in place, or one made now by the factory whose prefix
     * {@code name} starts with (kept until its actor terminates, as a generated one); null if none.
     * Called by the agent.
     */
    @SuppressWarnings("unchecked")
    Export exportOf(String name) {
        final Export export = exports.get(name);
        if (export != null || exportFactories.isEmpty()) {
            return export;
        }
        for (ExportFactory family : exportFactories.values()) {
            if (name.length() > family.prefix().length() && name.startsWith(family.prefix())) {
                final ActorRef<?> ref = family.factory().apply(name.substring(family.prefix().length()));
                if (ref == null) {
                    return null;
                }
                final Export made = new Export(name, family.type(), (ActorRef<Object>) ref, true);
                final Export raced = exports.putIfAbsent(name, made);
                return raced != null ? raced : made;
            }
        }
        return null;
    }

    /** The exported names, generated ones included, sorted. */
    public List<String> exportedNames() {
        return exports.keySet().stream().sorted().toList();
    }

    /** The proxy to actor {@code name} on node {@code nodeName}, made on first use, after registering {@code type}. */
    public ActorRef<Object> lookup(String nodeName, String name, Class<?> type) {
        Objects.requireNonNull(nodeName, "node");
        checkActorName(name);
        Objects.requireNonNull(type, "type");
        checkOpen();
        final Peer peer = knownPeer(nodeName);
        registry.register(type);
        return proxy(peer, name);
    }

    private Peer knownPeer(String nodeName) {
        final Peer peer = peers.get(nodeName);
        if (peer == null && config.allowedPeers().isPresent() && !config.allowedPeers().get().contains(nodeName)) {
            throw new IllegalArgumentException("node '" + nodeName + "' is not allowed: it is not on the allow-list of node '"
                    + config.name() + "' (RemoteConfig.Builder.allowPeers: " + config.allowedPeers().get()
                    + "), so it never becomes a peer");
        }
        if (peer == null) {
            throw new IllegalArgumentException("unknown node '" + nodeName + "': not a peer of node '" + config.name()
                    + "' (configure it with RemoteConfig.Builder.peer, or wait until it has sent to this node); peers: "
                    + peers.keySet());
        }
        return peer;
    }

    /**
     * Asks peer {@code nodeName} whether it exports {@code name} for {@code type} (registered now);
     * the agent asks, and completes the future with the proxy or fails it.
     */
    public CompletableFuture<ActorRef<Object>> resolve(String nodeName, String name, Class<?> type, Duration timeout) {
        Objects.requireNonNull(nodeName, "node");
        checkActorName(name);
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero() || timeout.compareTo(RemoteConfig.MAX_DURATION) > 0) {
            throw new IllegalArgumentException("timeout = " + timeout + ": must be positive, at most " + RemoteConfig.MAX_DURATION);
        }
        checkOpen();
        final Peer peer = knownPeer(nodeName);
        final List<Class<?>> types = registry.register(type);
        final int[] ids = types.stream().mapToInt(t -> registry.entryOf(t).id()).toArray();
        final Resolve resolve = new Resolve(resolveIds.incrementAndGet(), peer, name, type, types, ids,
                System.nanoTime() + timeout.toNanos(), timeout.toString());
        synchronized (this) {
            // NOTE: offered while open, under the lock close() takes to set closing: the agent, which
            // runs until after that, takes every resolve offered, and fails those left when it closes.
            checkOpen();
            resolves.offer(resolve);
        }
        return resolve.future();
    }

    /** The proxy to actor {@code name} on {@code peer}: the running one, or a new one. */
    ActorRef<Object> proxy(Peer peer, String name) {
        return proxies.compute(peer.name + '/' + name, (key, existing) -> {
            if (existing != null && !existing.isTerminated()) {
                return existing;
            }
            if (existing != null) {
                references.proxyEnded(existing);
            }
            final Route route = new Route(peer, name);
            final Proxy made = new Proxy(this, route);
            references.proxyMade(made, route);
            return made;
        }).ref();
    }

    /** The state of peer {@code nodeName}. */
    public PeerState peerState(String nodeName) {
        final Peer peer = peers.get(Objects.requireNonNull(nodeName, "node"));
        if (peer == null) {
            throw new IllegalArgumentException("unknown node '" + nodeName + "'; peers: " + peers.keySet());
        }
        return peer.state();
    }

    /** The names of the peers, configured and learned. */
    public List<String> peerNames() {
        return peers.keySet().stream().sorted().toList();
    }

    /**
     * Makes node {@code name} at {@code endpoint} a peer, as a configured one: not counted among the
     * learned, never forgotten. Whether it was added (false: a peer already, at that endpoint).
     */
    public synchronized boolean addPeer(String name, String endpoint) {
        final NodeAddress address = new NodeAddress(name, endpoint);
        if (name.equals(config.name())) {
            throw new IllegalArgumentException("node '" + name + "' is this node: a node is not its own peer");
        }
        if (config.allowedPeers().isPresent() && !config.allowedPeers().get().contains(name)) {
            throw new IllegalArgumentException("node '" + name + "' is not allowed: it is not on the allow-list of node '"
                    + config.name() + "' (RemoteConfig.Builder.allowPeers: " + config.allowedPeers().get()
                    + "), so it never becomes a peer");
        }
        checkOpen();
        final Peer known = peers.get(name);
        if (known != null) {
            if (!known.endpoint.equals(address.endpoint())) {
                throw new IllegalArgumentException("node '" + name + "' is a peer at " + known.endpoint + ", not at "
                        + address.endpoint() + ": remove it first");
            }
            return false;
        }
        final Peer peer = new Peer(name, address.endpoint(), aeron.addPublication(
                Wire.publicationChannel(address.endpoint(), config.termLength()), config.streamId()), true, System.nanoTime());
        final Peer raced = peers.putIfAbsent(name, peer);
        if (raced != null) {
            // The agent learned it meanwhile, from a frame it sent: a peer already.
            peer.publication.close();
            return false;
        }
        // NOTE: offered while open, under the lock close() takes to set closing: the agent takes it
        // into its list before it closes, or its close() closes the publication with the client.
        addedPeers.offer(peer);
        return true;
    }

    /**
     * Removes peer {@code name}: lookups of it fail from now on; the agent reports what it had not
     * confirmed, ends the references to its actors and closes the publication. Whether it was a peer.
     */
    public synchronized boolean removePeer(String name) {
        Objects.requireNonNull(name, "name");
        checkOpen();
        final Peer peer = peers.remove(name);
        if (peer == null) {
            return false;
        }
        removedPeers.offer(peer);
        return true;
    }

    /**
     * Called by the agent on a message from a node it does not know: a publication back, for its
     * status messages. The peer {@link #addPeer} made meanwhile, if it raced.
     */
    Peer learn(String name, String endpoint, long nowNanos) {
        final Peer peer = new Peer(name, endpoint, aeron.addPublication(
                Wire.publicationChannel(endpoint, config.termLength()), config.streamId()), false, nowNanos);
        final Peer raced = peers.putIfAbsent(name, peer);
        if (raced != null) {
            peer.publication.close();
            return raced;
        }
        return peer;
    }

    /**
     * Called by the agent on a learned peer lost and unused past the expiry: it is no longer a peer,
     * the proxies to its actors end (what they hold is reported: the peer is lost), and its
     * publication closes. Everything sent to it was confirmed or reported when it was lost.
     */
    void forget(Peer peer) {
        drop(peer);
        LOG.log(System.Logger.Level.INFO, "node '" + config.name() + "' forgot learned peer '" + peer.name + "' at "
                + peer.endpoint + ", lost (" + peer.lostReason() + ") and unused for " + config.learnedPeerExpiry());
    }

    /** Called by the agent on a peer forgotten or removed: no longer a peer, its proxies ended, its publication closed. */
    void drop(Peer peer) {
        peers.remove(peer.name, peer);
        for (Map.Entry<String, Proxy> entry : proxies.entrySet()) {
            final Proxy proxy = entry.getValue();
            if (proxy.sendsTo(peer) && proxies.remove(entry.getKey(), proxy)) {
                references.proxyEnded(proxy);
                proxy.close();
            }
        }
        peer.publication.close();
    }

    /** Messages to {@code route} not known delivered: counted, reported to the system's error handler. */
    void undelivered(Route route, String reason, List<Object> messages) {
        undeliveredMessages.add(messages.size());
        report(new ActorError.RemoteUndelivered(route.peer.name, route.actor, reason, messages));
    }

    void undelivered(Route route, String reason, Object[] messages) {
        undelivered(route, reason, Arrays.asList(messages));
    }

    void failure(String problem, Throwable failure) {
        synchronized (this) {
            if (startProblems != null) {
                startProblems.add(new IllegalStateException(problem, failure));
                return;
            }
        }
        report(new ActorError.RemoteFailure(config.name(), problem, failure));
    }

    private void started() {
        final List<Throwable> early;
        synchronized (this) {
            early = startProblems;
            startProblems = null;
        }
        for (Throwable problem : early) {
            report(new ActorError.RemoteFailure(config.name(), problem.getMessage(), problem.getCause()));
        }
    }

    private void report(ActorError error) {
        try {
            errorHandler.handle(error);
        } catch (RuntimeException | LinkageError e) {
            LOG.log(System.Logger.Level.ERROR, "the error handler failed on " + error.describe(), e);
        }
    }

    /** This run's incarnation: random, non-zero, new each time a node starts. */
    public long incarnation() {
        return incarnation;
    }

    /** The Aeron client, for the tests that close it under the node. */
    Aeron aeron() {
        return aeron;
    }

    /** Messages taken by publications. */
    public long sentMessages() {
        return sentMessages.sum();
    }

    /** Messages whose delivery peers confirmed. */
    public long acknowledgedMessages() {
        return acknowledgedMessages.sum();
    }

    /** Messages reported not known delivered. */
    public long undeliveredMessages() {
        return undeliveredMessages.sum();
    }

    /** Messages received and handed to exported actors. */
    public long receivedMessages() {
        return receivedMessages.sum();
    }

    /** Frames received and dropped unused. */
    public long rejectedFrames() {
        return rejectedFrames.sum();
    }

    private void checkOpen() {
        if (closing) {
            throw new IllegalStateException("node '" + config.name() + "' is closed");
        }
    }

    private static void checkActorName(String name) {
        Objects.requireNonNull(name, "name");
        if (name.isEmpty() || name.length() > 255) {
            throw new IllegalArgumentException("actor name '" + name + "': must have 1 to 255 characters");
        }
    }

    /**
     * Closes the node: each proxy sends what it holds (or reports it) and ends; then waits at most
     * the close timeout for the peers to confirm what was sent, tells them this node is closing,
     * reports what stays unconfirmed, and closes the subscription, the publications, the client,
     * and the embedded driver with its directory. Idempotent. A node still open when the JVM exits
     * (the end of {@code main}, {@code System.exit}, SIGTERM) is closed by a shutdown hook.
     */
    public void close() {
        synchronized (this) {
            if (closing) {
                return;
            }
            closing = true;
        }
        if (Thread.currentThread() != exitHook) {
            try {
                Runtime.getRuntime().removeShutdownHook(exitHook);
            } catch (IllegalStateException exiting) {
                LOG.log(System.Logger.Level.DEBUG, "node '" + config.name() + "' closes while the JVM exits", exiting);
            }
        }
        final long deadline = System.nanoTime() + config.closeTimeout().toNanos();
        final List<Proxy> live = new ArrayList<>(proxies.values());
        for (Proxy proxy : live) {
            proxy.close();
        }
        awaitUntil(deadline, () -> live.stream().allMatch(Proxy::isTerminated) && sent.isEmpty() && agent.retainedMessages() == 0);
        runner.close();
        closeQuietly(aeron, driver, driverDirectory);
    }

    private static void awaitUntil(long deadlineNanos, BooleanSupplier done) {
        boolean interrupted = false;
        while (!done.getAsBoolean() && System.nanoTime() - deadlineNanos < 0) {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(Aeron client, MediaDriver embedded, DriverDirectory directory) {
        if (client != null) {
            client.close();
        }
        if (embedded != null) {
            embedded.close();
        }
        if (directory != null) {
            directory.delete();
        }
    }

    @Override
    public String toString() {
        return "node '" + config.name() + "' at " + config.endpoint();
    }
}
