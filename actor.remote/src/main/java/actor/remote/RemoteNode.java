package actor.remote;

import actor.api.ActorError;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.remote.codec.UnsupportedMessageTypeException;
import actor.remote.internal.Node;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import org.agrona.UnsafeApi;

/**
 * A node of remote actors: an {@link ActorSystem} reachable over Aeron (UDP) at an endpoint, under a
 * name. Local actors are {@linkplain #export exported} under names; actors exported by peers are
 * {@linkplain #lookup looked up} as typed references, which local code sends to like to any actor.
 *
 * <pre>{@code
 * try (ActorSystem system = ActorSystem.start();
 *      RemoteNode node = RemoteNode.start(system, RemoteConfig.builder()
 *              .name("ping").endpoint("localhost:40001").peer("pong", "localhost:40002").build())) {
 *     node.export("pinger", Pong.class, pinger.ref());          // reachable as "pinger" on node "ping"
 *     ActorRef<Ping> ponger = node.lookup("pong", "ponger", Ping.class);
 *     ponger.send(new Ping(1));
 *     ...
 * }                                                              // the node closes before the system
 * }</pre>
 *
 * <p>Each reference from {@code lookup} is backed by a proxy actor of the local system: the messages
 * it gulps in one go are encoded (by the {@linkplain actor.remote.codec codecs}) into one batch,
 * sent as one Aeron message on the publication to the peer, and handed by the peer's receiving
 * agent, in order, to the exported actor.
 *
 * <p>Delivery semantics:
 * <ul>
 *   <li>Messages from one sender to one remote actor arrive in the order sent (per sender FIFO);
 *       nothing is ever sent twice (at most once).</li>
 *   <li>The peer confirms what it has handed to its actors; until then the node keeps each message.
 *       What is not known delivered is never dropped silently: when a peer is lost (silent past
 *       {@link RemoteConfig#peerTimeout()}, closed, restarted, or not connected within
 *       {@link RemoteConfig#connectTimeout()}) every message it has not confirmed is reported to the
 *       system's {@link actor.api.ErrorHandler} as an {@link ActorError.RemoteUndelivered}, and
 *       counted ({@link #undeliveredMessages()}). A peer that returns is sent to again: the node
 *       reconnects by itself, after a restart of either node or a stall of up to an hour.</li>
 *   <li>A message reported undelivered is not handed to an actor afterwards (one may have been
 *       before, its confirmation lost on the way): what was sent to a peer that restarted, or that
 *       has not heard from this node for nearly the peer timeout, is addressed to an epoch the peer
 *       has left, and dropped where it arrives; this needs the same peer timeout and heartbeat
 *       interval on both nodes (docs/remote.md, "Once reported, never delivered").</li>
 *   <li>If the node's Aeron client closes under it (a stall of more than an hour, an external
 *       driver that dropped it), the node reports it once ({@link ActorError.RemoteFailure}), every
 *       peer becomes {@link PeerState#LOST} for good, and every message sent is reported: close the
 *       node and start a new one.</li>
 *   <li>Back-pressure: when the peer does not keep up, a reference holds its batches, in order, up
 *       to {@link RemoteConfig#maxPendingMessages()} messages, and tries again; beyond that, messages
 *       are reported as above.</li>
 *   <li>Messages that arrive and cannot be delivered (no such export, a type the node does not
 *       know) are reported on the receiving node ({@link ActorError.RemoteFailure}).</li>
 *   <li>Trust: with a {@linkplain RemoteConfig.Builder#secret secret}, a node takes only frames
 *       authenticated with it; any other frame is dropped unused and counted
 *       ({@link #rejectedFrames()}), as are frames from nodes not on the
 *       {@linkplain RemoteConfig.Builder#allowPeers allow-list}. A node whose endpoint is not a
 *       loopback address needs a secret, or {@link RemoteConfig.Builder#insecure()}.</li>
 *   <li>A message may carry references to actors (record components {@code ActorRef<M>}, a
 *       request's reply-to): a local actor's travels as this node and a name it is exported under
 *       for as long as it lives (see {@link #exportedNames()}), a proxy's as the remote actor it
 *       stands for; the receiving node gets the proxy {@link #lookup} would return, or its own
 *       actor's reference. {@code M} is registered with the message. So
 *       {@code request.replyTo().send(reply)} answers across nodes, and
 *       {@link ActorSystem#ask ask} works against a reference from this node.</li>
 * </ul>
 *
 * <p>Close the node before its system ({@code try}-with-resources closes in reverse order): closing
 * sends what the references hold, waits up to {@link RemoteConfig#closeTimeout()} for the peers to
 * confirm it, reports the rest, tells the peers, and closes the publications, the subscription and
 * the embedded driver, deleting its directory. A node still open when the JVM exits is closed by a
 * shutdown hook; only a killed JVM (SIGKILL) leaves the driver's directory behind, under
 * {@code java.io.tmpdir} (or {@link RemoteConfig#aeronDirectory()}) as
 * {@code actor.remote-<name>-<endpoint>}, and the next node of that name and endpoint to start there
 * replaces it. The node holds a lock on the directory while it runs: a second node of the same name
 * and endpoint does not start.
 *
 * <p>A JVM running a node needs {@code --add-opens java.base/jdk.internal.misc=org.agrona} (module
 * path; {@code =ALL-UNNAMED} on the class path): Agrona reads {@code jdk.internal.misc.Unsafe}.
 * Without it {@link #start} throws an {@link IllegalStateException} that names the flag.
 *
 * <p>Threading: every method may be called from any thread.
 */
public final class RemoteNode implements AutoCloseable {

    /** The flag Agrona needs when it is on the module path (the automatic module {@code org.agrona}). */
    private static final String MODULE_PATH_FLAG = "--add-opens java.base/jdk.internal.misc=org.agrona";
    /** The flag Agrona needs when it is on the class path. */
    private static final String CLASS_PATH_FLAG = "--add-opens java.base/jdk.internal.misc=ALL-UNNAMED";

    /** Set once, by {@link #start}, before the node is used. */
    private Node node;
    private final ActorSystem system;
    private final RemoteConfig config;

    private RemoteNode(ActorSystem system, RemoteConfig config) {
        this.system = system;
        this.config = config;
    }

    /**
     * Starts a node on {@code system}: the embedded media driver (unless the configuration names
     * an external one), a publication per configured peer, the subscription at the node's endpoint,
     * and the receiving agent's thread. Messages may arrive as soon as it returns; to have exports in
     * place before anything arrives, use {@link #start(ActorSystem, RemoteConfig, Consumer)}.
     *
     * @param system the running system whose actors the node exports and on which its references live
     * @param config the node's configuration
     * @return the running node
     * @throws IllegalStateException if the system is not running, a running node of the same name
     *                               and endpoint holds the embedded driver's directory, or the JVM
     *                               lacks the flag Agrona needs (the message names it)
     * @throws RuntimeException      an Aeron exception if Aeron refuses the endpoint (it is in use, say)
     */
    public static RemoteNode start(ActorSystem system, RemoteConfig config) {
        return start(system, config, node -> { });
    }

    /**
     * As {@link #start(ActorSystem, RemoteConfig)}, running {@code setup} before the node starts
     * receiving: exports made there are in place before the first message arrives (one that arrives
     * for a name not exported is reported and dropped), and references looked up there may be sent
     * to at once (what they send is held until the peer connects).
     *
     * <pre>{@code
     * RemoteNode node = RemoteNode.start(system, config, n -> n.export("ponger", Ping.class, ponger.ref()));
     * }</pre>
     *
     * @param system the running system
     * @param config the node's configuration
     * @param setup  exports (and lookups) to make before anything is received; if it throws, the node
     *               is closed and the exception rethrown
     * @return the running node
     * @throws IllegalStateException if the system is not running, a running node of the same name
     *                               and endpoint holds the embedded driver's directory, or the JVM
     *                               lacks the flag Agrona needs (the message names it)
     * @throws RuntimeException      an Aeron exception if Aeron refuses the endpoint
     */
    public static RemoteNode start(ActorSystem system, RemoteConfig config, Consumer<? super RemoteNode> setup) {
        Objects.requireNonNull(setup, "setup");
        final RemoteNode remote = new RemoteNode(system, config);
        try {
            Node.start(system, config, node -> {
                remote.node = node;
                setup.accept(remote);
            });
        } catch (LinkageError e) {
            // Without the flag, the first Agrona class that reads jdk.internal.misc.Unsafe fails to
            // initialise (IllegalAccessError), and every later start meets it uninitialised
            // (NoClassDefFoundError): either way, name the flag.
            final Module agrona = UnsafeApi.class.getModule();
            if (Object.class.getModule().isExported("jdk.internal.misc", agrona)) {
                throw e;
            }
            throw new IllegalStateException("node '" + config.name() + "' cannot start: Agrona, under Aeron, reads"
                    + " jdk.internal.misc.Unsafe, which java.base does not export to "
                    + (agrona.isNamed() ? "module " + agrona.getName() : "the class path") + "; start the JVM with "
                    + MODULE_PATH_FLAG + " (Agrona on the module path) or " + CLASS_PATH_FLAG + " (on the class path)", e);
        }
        return remote;
    }

    /**
     * Makes {@code actor} reachable from other nodes as {@code name}: every message of a type in
     * {@code type} that a peer sends to {@code name} is sent to it. Registers {@code type}'s codecs
     * (for a sealed interface, those of its permitted records and enums).
     *
     * @param <M>   the message type
     * @param name  the name peers look it up by, 1 to 255 characters, not starting with {@code $}
     *              (the node's own names, for references sent in messages)
     * @param type  the messages it accepts from peers
     * @param actor where they go ({@code actor.ref()})
     * @throws UnsupportedMessageTypeException if a type in {@code type} cannot be encoded
     * @throws IllegalArgumentException        if {@code name} is malformed
     * @throws IllegalStateException           if {@code name} is exported already, or the node is closed
     */
    public <M> void export(String name, Class<M> type, ActorRef<? super M> actor) {
        node.export(name, type, actor);
    }

    /**
     * Makes {@code name} unreachable; messages that arrive for it afterwards are reported
     * ({@link ActorError.RemoteFailure}).
     *
     * @param name an exported name
     * @return whether it was exported
     */
    public boolean unexport(String name) {
        return node.unexport(name);
    }

    /**
     * Exports on demand every name that starts with {@code prefix}, for messages of {@code type}: the
     * first message that arrives for such a name, when nothing is exported under it, calls
     * {@code factory} with the rest of the name (after the prefix), and the actor it returns is
     * exported under the name until it {@linkplain ActorRef#isTerminated() terminates} (or
     * {@link #unexport}), then made again by the next message. For a family of actors created on
     * first use, one per identity, such as the sharded entities of a cluster. A name exported with
     * {@link #export} comes first.
     *
     * <pre>{@code
     * node.exportFactory("account:", AccountMsg.class, id -> new Account(system, id).ref());
     * // a peer's lookup(node, "account:acc-42", AccountMsg.class) reaches the account acc-42, made on its first message
     * }</pre>
     *
     * <p>The factory runs on the node's receiving thread, before the message is delivered (and when
     * a peer {@linkplain #resolve resolves} such a name): keep it short, never blocking. It may
     * return null: nothing is exported, and the message is reported as for any name not exported.
     *
     * @param <M>     the message type
     * @param prefix  the names' start, 1 to 255 characters, not starting with {@code $}, and neither
     *                the start of another factory's prefix nor started by one
     * @param type    the messages the actors accept from peers (registered now)
     * @param factory makes the actor for the rest of a name, or returns null
     * @throws UnsupportedMessageTypeException if a type in {@code type} cannot be encoded
     * @throws IllegalArgumentException        if {@code prefix} is malformed
     * @throws IllegalStateException           if {@code prefix} overlaps another factory's, or the node is closed
     */
    public <M> void exportFactory(String prefix, Class<M> type, Function<String, ? extends ActorRef<? super M>> factory) {
        node.exportFactory(prefix, type, factory);
    }

    /**
     * {@return the names exported, sorted: those of {@link #export}, and those the node made for the
     * references to its actors it sent in messages (starting with {@code $}), until those actors terminate}
     */
    public List<String> exportedNames() {
        return node.exportedNames();
    }

    /**
     * A reference to the actor exported as {@code name} on node {@code node}, for messages of
     * {@code type} (its codecs are registered now). Every lookup of the same actor returns an equal
     * reference, backed by the same proxy, so order holds across them. The peer is not asked: a
     * name it does not export is reported there when messages arrive ({@link ActorError.RemoteFailure}),
     * and they count as delivered here; {@link #resolve} asks first.
     *
     * @param <M>  the message type
     * @param node a peer's name: configured, or a node that has sent to this one
     * @param name the name the actor is exported under there
     * @param type the messages to send it
     * @return the reference
     * @throws IllegalArgumentException        if {@code node} is not a peer
     * @throws UnsupportedMessageTypeException if a type in {@code type} cannot be encoded
     * @throws IllegalStateException           if the node is closed
     */
    @SuppressWarnings("unchecked")
    public <M> ActorRef<M> lookup(String node, String name, Class<M> type) {
        return (ActorRef<M>) (ActorRef<?>) this.node.lookup(node, name, type);
    }

    /**
     * Asks node {@code node} whether it exports {@code name} for messages of {@code type}, as Pekko's
     * {@code actorSelection(...).resolveOne(timeout)}: the future completes with the reference
     * {@link #lookup} returns once the peer answers that it does, and fails with an
     * {@link ActorNotFoundException} saying why when it answers that it does not (no such name; an
     * actor exported for a type that does not cover {@code type}; a type the peer has not
     * registered), when no answer comes within {@code timeout} (the cause is then a
     * {@link java.util.concurrent.TimeoutException}), or when this node closes first. The question
     * goes once the peer is connected, and again every heartbeat interval until answered. The future
     * completes on CompletableFuture's default asynchronous executor, never on the node's receiving
     * thread.
     *
     * <pre>{@code
     * node.resolve("pong", "ponger", Ping.class, Duration.ofSeconds(5))
     *     .thenAccept(ponger -> ponger.send(new Ping(1)));
     * }</pre>
     *
     * <p>The answer is as of when the peer gave it: the actor may be unexported afterwards. From the
     * setup of {@link #start(ActorSystem, RemoteConfig, Consumer)} ask, but do not wait: nothing is
     * received until the setup returns.
     *
     * @param <M>     the message type
     * @param node    a peer's name: configured, or a node that has sent to this one
     * @param name    the name the actor is exported under there
     * @param type    the messages to send it (for a sealed interface, each of its records and enums
     *                must be taken)
     * @param timeout how long to wait for the answer, positive, at most {@link RemoteConfig#MAX_DURATION}
     * @return the reference, or the failure
     * @throws IllegalArgumentException        if {@code node} is not a peer, or the timeout is out of range
     * @throws UnsupportedMessageTypeException if a type in {@code type} cannot be encoded
     * @throws IllegalStateException           if the node is closed
     */
    @SuppressWarnings("unchecked")
    public <M> CompletableFuture<ActorRef<M>> resolve(String node, String name, Class<M> type, Duration timeout) {
        return (CompletableFuture<ActorRef<M>>) (CompletableFuture<?>) this.node.resolve(node, name, type, timeout);
    }

    /**
     * {@return what this node knows of peer {@code node}}
     *
     * @param node a peer's name
     * @throws IllegalArgumentException if {@code node} is not a peer
     */
    public PeerState peerState(String node) {
        return this.node.peerState(node);
    }

    /**
     * Makes node {@code name} at {@code endpoint} a peer, as if the configuration named it
     * ({@link RemoteConfig.Builder#peer}): {@link #lookup} and {@link #resolve} reach it from now on,
     * and it is never forgotten; it does not count among the learned peers
     * ({@link RemoteConfig#maxLearnedPeers()}). For peers known only at run time, from a membership
     * service. The trust options hold as for every peer: the {@linkplain RemoteConfig.Builder#allowPeers
     * allow-list} must name it, and with a {@linkplain RemoteConfig.Builder#secret secret} every
     * frame to and from it is authenticated with it.
     *
     * @param name     the peer's name, as {@link NodeAddress} takes it
     * @param endpoint its {@code host:port}, as {@link NodeAddress} takes it
     * @return whether it was added; false if it is a peer already at that endpoint (configured, added,
     *         or learned from a message it sent)
     * @throws IllegalArgumentException if the name or endpoint is malformed, the name is this node's,
     *                                  it is not on the allow-list, or it is a peer at another endpoint
     *                                  (remove it first)
     * @throws IllegalStateException    if the node is closed
     */
    public boolean addPeer(String name, String endpoint) {
        return node.addPeer(name, endpoint);
    }

    /**
     * Removes peer {@code name} (configured, added or learned): {@link #lookup} and {@link #resolve}
     * of it throw from now on; what was sent to it and not confirmed is reported at once
     * ({@link ActorError.RemoteUndelivered}, "it was removed from the peers"), the references to its
     * actors terminate (a send to one is a dead letter), its resolves fail, and its publication
     * closes. A message it sends later makes it a learned peer again, if it may become one. For a
     * membership service that knows a node is gone before the peer timeout would tell.
     *
     * @param name a peer's name
     * @return whether it was a peer
     * @throws IllegalStateException if the node is closed
     */
    public boolean removePeer(String name) {
        return node.removePeer(name);
    }

    /**
     * {@return this run's incarnation: a random non-zero number, new each time a node starts} Every
     * frame carries it, so a peer tells a node that restarted under the same name from the run it
     * knew; a membership service can use it in the identity of a member.
     */
    public long incarnation() {
        return node.incarnation();
    }

    /**
     * {@return the names of the peers, configured or learned from the messages received, in order}
     * Learned peers are bounded ({@link RemoteConfig#maxLearnedPeers()}) and forgotten once lost and
     * unused for {@link RemoteConfig#learnedPeerExpiry()}.
     */
    public List<String> peers() {
        return node.peerNames();
    }

    /** {@return the messages sent on publications to peers (taken by Aeron)} */
    public long sentMessages() {
        return node.sentMessages();
    }

    /** {@return the messages sent whose delivery the peers confirmed} */
    public long acknowledgedMessages() {
        return node.acknowledgedMessages();
    }

    /** {@return the messages reported as not known delivered ({@link ActorError.RemoteUndelivered})} */
    public long undeliveredMessages() {
        return node.undeliveredMessages();
    }

    /** {@return the messages received from peers and handed to exported actors} */
    public long receivedMessages() {
        return node.receivedMessages();
    }

    /**
     * {@return the frames received and dropped unused} A frame without a valid authentication tag
     * (with a {@linkplain RemoteConfig.Builder#secret secret}), with one and no secret here, from a
     * node not on the {@linkplain RemoteConfig.Builder#allowPeers allow-list} or beyond the
     * {@linkplain RemoteConfig.Builder#maxLearnedPeers cap} on learned peers, claiming another node
     * than its session's first frame, malformed, or of another protocol version. Each is reported
     * too ({@link ActorError.RemoteFailure}): malformed ones each, the others at most once a second
     * per reason, with their count.
     */
    public long rejectedFrames() {
        return node.rejectedFrames();
    }

    /** {@return this node's name} */
    public String name() {
        return config.name();
    }

    /** {@return this node's configuration} */
    public RemoteConfig config() {
        return config;
    }

    /** {@return the system the node is bound to} */
    public ActorSystem system() {
        return system;
    }

    /**
     * Closes the node (see the class comment); idempotent. References looked up on it terminate:
     * sending to them afterwards makes dead letters of the system.
     */
    @Override
    public void close() {
        node.close();
    }

    @Override
    public String toString() {
        return "RemoteNode[" + config.address() + "]";
    }
}
