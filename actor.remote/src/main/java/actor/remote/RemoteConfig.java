package actor.remote;

import actor.remote.codec.MessageCodec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

/**
 * The immutable configuration of a {@code RemoteNode}, made by {@link #builder()}: the node's name
 * and endpoint, its peers, who it trusts, the media driver, and the limits of its delivery
 * semantics and of what it learns. The builder validates once, in {@link Builder#build()}; an
 * invalid value fails with an {@link IllegalArgumentException} naming the field and its allowed range.
 *
 * <pre>{@code
 * RemoteConfig config = RemoteConfig.builder()
 *         .name("ping").endpoint("10.0.0.1:40001")
 *         .peer("pong", "10.0.0.2:40002")
 *         .secret(Files.readAllBytes(Path.of("/etc/myapp/cluster.key")))   // the same on every node
 *         .build();
 * }</pre>
 *
 * <p>Trust: with a {@linkplain Builder#secret secret}, every frame a node sends carries a tag only
 * a holder of the secret can make, and a node takes no frame without a valid one (docs/remote.md,
 * "Trust and failure"). Without one, any process that can send to the endpoint is taken for any
 * node it names: so a node whose endpoint is not a loopback address needs a secret, or the explicit
 * {@link Builder#insecure()}.
 */
public final class RemoteConfig {

    /** Default Aeron stream id of every node's messages. */
    public static final int DEFAULT_STREAM_ID = 1001;
    /** Default length of one term of a publication's log: three such terms are mapped per peer and direction. */
    public static final int DEFAULT_TERM_LENGTH = 1 << 20;
    /** Shortest term length Aeron accepts. */
    public static final int MIN_TERM_LENGTH = 64 * 1024;
    /** Longest term length Aeron accepts. */
    public static final int MAX_TERM_LENGTH = 1 << 30;
    /** Default number of messages one remote reference holds while its peer cannot take them. */
    public static final int DEFAULT_MAX_PENDING_MESSAGES = 8192;
    /** Upper bound for {@link Builder#maxPendingMessages(int)}. */
    public static final int MAX_PENDING_MESSAGES = 1 << 24;
    /** Default wait before a reference holding messages tries its peer again. */
    public static final Duration DEFAULT_RETRY_INTERVAL = Duration.ofMillis(1);
    /** Default interval of the status messages each node sends each connected peer. */
    public static final Duration DEFAULT_HEARTBEAT_INTERVAL = Duration.ofMillis(100);
    /** Default silence after which a connected peer is declared lost. */
    public static final Duration DEFAULT_PEER_TIMEOUT = Duration.ofSeconds(5);
    /** Default time a peer gets to connect before the messages held for it are reported. */
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(5);
    /** Default time {@code RemoteNode.close()} waits for its peers to confirm what was sent. */
    public static final Duration DEFAULT_CLOSE_TIMEOUT = Duration.ofSeconds(2);
    /** Upper bound of every duration of the configuration. */
    public static final Duration MAX_DURATION = Duration.ofHours(1);
    /** Shortest {@linkplain Builder#secret secret}, in bytes. */
    public static final int MIN_SECRET_LENGTH = 16;
    /** Default number of peers a node learns (nodes that sent to it, or that references in messages name) beyond the configured ones. */
    public static final int DEFAULT_MAX_LEARNED_PEERS = 64;
    /** Upper bound for {@link Builder#maxLearnedPeers(int)}. */
    public static final int MAX_LEARNED_PEERS = 4096;
    /** Default time a learned peer stays lost, unused, before the node forgets it: six default peer timeouts. */
    public static final Duration DEFAULT_LEARNED_PEER_EXPIRY = Duration.ofSeconds(30);
    /**
     * Default idle strategy of the node's threads (its receiving agent and the embedded driver):
     * 10 spins, 5 yields, then parks from 1 µs doubling up to 1 ms. It never busy-spins: an idle
     * node costs about 8% of a core (both threads; measured), against 27% when the parks stop at
     * 100 µs, for the same round trips under traffic (about 150-200 µs on loopback here, the parks
     * staying short while messages keep coming). A message that reaches a node idle for a while
     * waits at most one park per thread on its way; supply a shorter maximum for lower latency after
     * quiet periods.
     */
    public static final Supplier<IdleStrategy> DEFAULT_IDLE_STRATEGY =
            () -> new BackoffIdleStrategy(10, 5, 1_000, 1_000_000);

    private final NodeAddress address;
    private final List<NodeAddress> peers;
    private final DriverMode driverMode;
    private final Path aeronDirectory;
    private final int streamId;
    private final int termLength;
    private final Supplier<? extends IdleStrategy> idleStrategy;
    private final int maxPendingMessages;
    private final Duration retryInterval;
    private final Duration heartbeatInterval;
    private final Duration peerTimeout;
    private final Duration connectTimeout;
    private final Duration closeTimeout;
    private final List<MessageCodec> codecs;
    /** A copy of the builder's; null without one. */
    private final byte[] secret;
    private final boolean insecure;
    /** The names a node may have to become a peer, configured peers first; null: any name. */
    private final Set<String> allowedPeers;
    private final int maxLearnedPeers;
    private final Duration learnedPeerExpiry;

    private RemoteConfig(Builder b, NodeAddress address, Set<String> allowedPeers) {
        this.address = address;
        this.peers = List.copyOf(b.peers);
        this.driverMode = b.driverMode;
        this.aeronDirectory = b.aeronDirectory;
        this.streamId = b.streamId;
        this.termLength = b.termLength;
        this.idleStrategy = b.idleStrategy;
        this.maxPendingMessages = b.maxPendingMessages;
        this.retryInterval = b.retryInterval;
        this.heartbeatInterval = b.heartbeatInterval;
        this.peerTimeout = b.peerTimeout;
        this.connectTimeout = b.connectTimeout;
        this.closeTimeout = b.closeTimeout;
        this.codecs = List.copyOf(b.codecs);
        this.secret = b.secret == null ? null : b.secret.clone();
        this.insecure = b.insecure;
        this.allowedPeers = allowedPeers;
        this.maxLearnedPeers = b.maxLearnedPeers;
        this.learnedPeerExpiry = b.learnedPeerExpiry;
    }

    /** {@return a new builder holding every default} */
    public static Builder builder() {
        return new Builder();
    }

    /** {@return this node's name and endpoint} */
    public NodeAddress address() {
        return address;
    }

    /** {@return this node's name} */
    public String name() {
        return address.name();
    }

    /** {@return this node's UDP endpoint, {@code host:port}} */
    public String endpoint() {
        return address.endpoint();
    }

    /** {@return the configured peers, in the order given} */
    public List<NodeAddress> peers() {
        return peers;
    }

    /** {@return which media driver the node uses} */
    public DriverMode driverMode() {
        return driverMode;
    }

    /**
     * {@return for {@link DriverMode#EXTERNAL}, the external driver's directory; for
     * {@link DriverMode#EMBEDDED}, where the embedded driver's directory
     * ({@code actor.remote-<name>-<endpoint>}) is made (null: {@code java.io.tmpdir})}
     */
    public Path aeronDirectory() {
        return aeronDirectory;
    }

    /** {@return the Aeron stream id of the node's messages} */
    public int streamId() {
        return streamId;
    }

    /** {@return the term length of the node's publications, in bytes} */
    public int termLength() {
        return termLength;
    }

    /** {@return the factory of the idle strategies of the node's threads} */
    public Supplier<? extends IdleStrategy> idleStrategy() {
        return idleStrategy;
    }

    /** {@return how many messages one remote reference holds while its peer cannot take them} */
    public int maxPendingMessages() {
        return maxPendingMessages;
    }

    /** {@return the wait before a reference holding messages tries again} */
    public Duration retryInterval() {
        return retryInterval;
    }

    /** {@return the interval of the status messages to each connected peer} */
    public Duration heartbeatInterval() {
        return heartbeatInterval;
    }

    /** {@return the silence after which a connected peer is lost} */
    public Duration peerTimeout() {
        return peerTimeout;
    }

    /** {@return the time a peer gets to connect before the messages held for it are reported} */
    public Duration connectTimeout() {
        return connectTimeout;
    }

    /** {@return how long closing waits for peers to confirm what was sent} */
    public Duration closeTimeout() {
        return closeTimeout;
    }

    /**
     * {@return the codecs given to {@link Builder#codec}, in order} Those found with
     * {@link java.util.ServiceLoader} and the built-in one are added by the node.
     */
    public List<MessageCodec> codecs() {
        return codecs;
    }

    /** {@return a copy of the secret that authenticates every frame, or null without one} */
    public byte[] secret() {
        return secret == null ? null : secret.clone();
    }

    /** {@return whether the builder was told that the network is trusted ({@link Builder#insecure()})} */
    public boolean insecure() {
        return insecure;
    }

    /**
     * {@return the names of the nodes that may become peers (the configured peers and those of
     * {@link Builder#allowPeers}), or empty if any node may}
     */
    public Optional<Set<String>> allowedPeers() {
        return Optional.ofNullable(allowedPeers);
    }

    /** {@return how many peers the node learns beyond the configured ones} */
    public int maxLearnedPeers() {
        return maxLearnedPeers;
    }

    /** {@return how long a learned peer stays lost and unused before the node forgets it} */
    public Duration learnedPeerExpiry() {
        return learnedPeerExpiry;
    }

    @Override
    public String toString() {
        return "RemoteConfig[" + address + ", peers=" + peers + ", driver=" + driverMode
                + (aeronDirectory == null ? "" : " in " + aeronDirectory) + ", streamId=" + streamId
                + ", termLength=" + termLength + ", maxPendingMessages=" + maxPendingMessages
                + ", retryInterval=" + retryInterval + ", heartbeatInterval=" + heartbeatInterval
                + ", peerTimeout=" + peerTimeout + ", connectTimeout=" + connectTimeout
                + ", closeTimeout=" + closeTimeout
                + ", frames=" + (secret != null ? "authenticated" : insecure ? "unauthenticated (insecure)" : "unauthenticated (loopback)")
                + (allowedPeers == null ? "" : ", allowedPeers=" + allowedPeers) + ", maxLearnedPeers=" + maxLearnedPeers
                + ", learnedPeerExpiry=" + learnedPeerExpiry + "]";
    }

    /** Collects settings; {@link #build()} validates them. Not thread-safe. */
    public static final class Builder {
        private String name;
        private String endpoint;
        private final List<NodeAddress> peers = new ArrayList<>();
        private DriverMode driverMode = DriverMode.EMBEDDED;
        private Path aeronDirectory;
        private int streamId = DEFAULT_STREAM_ID;
        private int termLength = DEFAULT_TERM_LENGTH;
        private Supplier<? extends IdleStrategy> idleStrategy = DEFAULT_IDLE_STRATEGY;
        private int maxPendingMessages = DEFAULT_MAX_PENDING_MESSAGES;
        private Duration retryInterval = DEFAULT_RETRY_INTERVAL;
        private Duration heartbeatInterval = DEFAULT_HEARTBEAT_INTERVAL;
        private Duration peerTimeout = DEFAULT_PEER_TIMEOUT;
        private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
        private Duration closeTimeout = DEFAULT_CLOSE_TIMEOUT;
        private final List<MessageCodec> codecs = new ArrayList<>();
        private byte[] secret;
        private boolean insecure;
        /** Null until {@link #allowPeers} is called. */
        private Set<String> allowPeers;
        private int maxLearnedPeers = DEFAULT_MAX_LEARNED_PEERS;
        private Duration learnedPeerExpiry = DEFAULT_LEARNED_PEER_EXPIRY;

        private Builder() {
        }

        /**
         * The secret shared by the nodes that talk to each other: every frame this node sends then
         * carries an HMAC-SHA256 tag made with it (over the frame, the receiving node's name and the
         * Aeron session that carries it), and every frame it receives without a valid tag is
         * dropped unused and counted ({@code RemoteNode.rejectedFrames()}). So a process without the
         * secret delivers nothing, resolves nothing, and cannot speak for a node (close it, confirm
         * messages in its name). Frames are not encrypted: whoever sees the traffic reads the
         * messages. Nodes with different secrets, or one with and one without, never deliver to
         * each other. Required unless the endpoint is a loopback address or {@link #insecure()} is
         * set. Read it from where the deployment keeps it:
         * {@code secret(Files.readAllBytes(Path.of("/etc/myapp/cluster.key")))}.
         *
         * @param secret at least {@link #MIN_SECRET_LENGTH} bytes, random (e.g. {@code openssl rand 32});
         *               copied, and checked by {@link #build()}
         * @return this builder
         */
        public Builder secret(byte[] secret) {
            this.secret = Objects.requireNonNull(secret, "secret").clone();
            return this;
        }

        /**
         * Lets a node whose endpoint is not a loopback address run without a {@linkplain #secret
         * secret}, on a network where every host is trusted. What it gives up: any process that can
         * send UDP to the endpoint delivers to every exported actor, has {@code resolve} answered,
         * and is taken for whatever node it names (it can declare a peer closed, so that what was
         * sent to it is reported undelivered, or confirm messages that never arrived). Not needed,
         * and not allowed, with a secret.
         *
         * @return this builder
         */
        public Builder insecure() {
            this.insecure = true;
            return this;
        }

        /**
         * Restricts the nodes this one talks to: frames from a node not named here (nor configured
         * with {@link #peer}) are dropped unused and counted, and the node never becomes a peer
         * (no publication goes to it); {@code lookup} and {@code resolve} of it fail naming the
         * list, and a reference to one of its actors in a message is refused. With no names, only
         * the configured peers. By default any node may.
         *
         * @param names node names, as {@link NodeAddress} says; checked by {@link #build()}
         * @return this builder
         */
        public Builder allowPeers(String... names) {
            if (allowPeers == null) {
                allowPeers = new LinkedHashSet<>();
            }
            allowPeers.addAll(Arrays.asList(names));
            return this;
        }

        /**
         * How many peers the node learns beyond the configured ones (nodes that sent to it, and
         * nodes that references in messages name); a node met beyond that is refused, its frames
         * dropped and counted, until a learned peer is forgotten ({@link #learnedPeerExpiry}). 0 to
         * {@link #MAX_LEARNED_PEERS}; default {@link #DEFAULT_MAX_LEARNED_PEERS}.
         *
         * @param maxLearnedPeers the cap; checked in {@link #build()}
         * @return this builder
         */
        public Builder maxLearnedPeers(int maxLearnedPeers) {
            this.maxLearnedPeers = maxLearnedPeers;
            return this;
        }

        /**
         * How long a learned peer may stay lost with nothing sent to it before the node forgets it:
         * closes its publication, ends the references to its actors (sending to them then makes
         * dead letters) and frees its place under {@link #maxLearnedPeers}. Everything sent to it
         * was confirmed or reported when it was lost. It is learned again if it sends again.
         * Configured peers are never forgotten. 1 ms to {@link #MAX_DURATION}; default
         * {@link #DEFAULT_LEARNED_PEER_EXPIRY}.
         *
         * @param learnedPeerExpiry the time; checked in {@link #build()}
         * @return this builder
         */
        public Builder learnedPeerExpiry(Duration learnedPeerExpiry) {
            this.learnedPeerExpiry = Objects.requireNonNull(learnedPeerExpiry, "learnedPeerExpiry");
            return this;
        }

        /**
         * Adds a codec, asked before those found with {@link java.util.ServiceLoader} of the same
         * {@linkplain MessageCodec#priority() priority}; for codecs an application does not declare
         * as a service (in tests, say).
         *
         * @param codec the codec
         * @return this builder
         */
        public Builder codec(MessageCodec codec) {
            codecs.add(Objects.requireNonNull(codec, "codec"));
            return this;
        }

        /**
         * This node's name, by which its peers look up its actors (required).
         *
         * @param name 1 to {@value NodeAddress#MAX_NAME_LENGTH} letters, digits, {@code .}, {@code _}, {@code -}
         * @return this builder
         */
        public Builder name(String name) {
            this.name = Objects.requireNonNull(name, "name");
            return this;
        }

        /**
         * This node's UDP endpoint, {@code host:port}, where it receives (required). Peers send
         * there, so it must be an address they reach (on one machine: {@code localhost:40001}).
         * Checked by {@link #build()}: {@code host:port} and nothing else, as {@link NodeAddress} says.
         *
         * @param endpoint {@code host:port}
         * @return this builder
         */
        public Builder endpoint(String endpoint) {
            this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
            return this;
        }

        /**
         * Adds a peer this node sends to. A node that sends to this one without being configured
         * here becomes a peer too, at the endpoint it gives.
         *
         * @param name     the peer's node name
         * @param endpoint the peer's {@code host:port}, as {@link NodeAddress} says
         * @return this builder
         * @throws IllegalArgumentException if the name or the endpoint is malformed, naming which
         */
        public Builder peer(String name, String endpoint) {
            peers.add(new NodeAddress(name, endpoint));
            return this;
        }

        /**
         * Adds peers from an address list.
         *
         * @param addresses each {@code name@host:port}
         * @return this builder
         */
        public Builder peers(String... addresses) {
            for (String address : addresses) {
                peers.add(NodeAddress.parse(address));
            }
            return this;
        }

        /**
         * The media driver; default {@link DriverMode#EMBEDDED}.
         *
         * @param driverMode embedded or external
         * @return this builder
         */
        public Builder driverMode(DriverMode driverMode) {
            this.driverMode = Objects.requireNonNull(driverMode, "driverMode");
            return this;
        }

        /**
         * For {@link DriverMode#EXTERNAL} (required then), the running driver's directory; for
         * {@link DriverMode#EMBEDDED}, the directory in which the embedded driver's own directory,
         * {@code actor.remote-<name>-<endpoint>}, is made (default {@code java.io.tmpdir};
         * {@code /dev/shm} keeps the log buffers in memory on Linux).
         *
         * @param aeronDirectory the directory
         * @return this builder
         */
        public Builder aeronDirectory(Path aeronDirectory) {
            this.aeronDirectory = Objects.requireNonNull(aeronDirectory, "aeronDirectory");
            return this;
        }

        /**
         * The Aeron stream id of the node's messages; every node that talks to this one must use
         * the same. Default {@link #DEFAULT_STREAM_ID}.
         *
         * @param streamId any int but 0
         * @return this builder
         */
        public Builder streamId(int streamId) {
            this.streamId = streamId;
            return this;
        }

        /**
         * The term length of the node's publications: a power of two from {@link #MIN_TERM_LENGTH}
         * to {@link #MAX_TERM_LENGTH}; default {@link #DEFAULT_TERM_LENGTH}. Half a term may be in
         * flight to a peer; the longest Aeron message is an eighth of it.
         *
         * @param termLength bytes; checked in {@link #build()}
         * @return this builder
         */
        public Builder termLength(int termLength) {
            this.termLength = termLength;
            return this;
        }

        /**
         * The idle strategy of the node's threads, one instance per thread; default
         * {@link #DEFAULT_IDLE_STRATEGY}.
         *
         * @param idleStrategy called once per thread
         * @return this builder
         */
        public Builder idleStrategy(Supplier<? extends IdleStrategy> idleStrategy) {
            this.idleStrategy = Objects.requireNonNull(idleStrategy, "idleStrategy");
            return this;
        }

        /**
         * How many messages one remote reference holds, in order, while its peer cannot take them
         * (Aeron back-pressure, or a peer not connected yet); messages beyond are reported
         * undelivered at once. 0 to {@link #MAX_PENDING_MESSAGES}; default
         * {@link #DEFAULT_MAX_PENDING_MESSAGES}.
         *
         * @param maxPendingMessages the bound; checked in {@link #build()}
         * @return this builder
         */
        public Builder maxPendingMessages(int maxPendingMessages) {
            this.maxPendingMessages = maxPendingMessages;
            return this;
        }

        /**
         * How long a reference holding messages waits before it tries its peer again, when nothing
         * else makes it try; 1 ms to 1 s, default {@link #DEFAULT_RETRY_INTERVAL}.
         *
         * @param retryInterval the wait; checked in {@link #build()}
         * @return this builder
         */
        public Builder retryInterval(Duration retryInterval) {
            this.retryInterval = Objects.requireNonNull(retryInterval, "retryInterval");
            return this;
        }

        /**
         * The interval of the status messages (what was received, and that this node is alive) to
         * each connected peer; 1 ms to {@link #MAX_DURATION}, at most a third of the peer
         * timeout; default {@link #DEFAULT_HEARTBEAT_INTERVAL}.
         *
         * @param heartbeatInterval the interval; checked in {@link #build()}
         * @return this builder
         */
        public Builder heartbeatInterval(Duration heartbeatInterval) {
            this.heartbeatInterval = Objects.requireNonNull(heartbeatInterval, "heartbeatInterval");
            return this;
        }

        /**
         * How long a connected peer may stay silent before it is declared lost: every message
         * sent to it and not confirmed is then reported undelivered. At least three heartbeat
         * intervals, at most {@link #MAX_DURATION}; default {@link #DEFAULT_PEER_TIMEOUT}.
         *
         * @param peerTimeout the silence; checked in {@link #build()}
         * @return this builder
         */
        public Builder peerTimeout(Duration peerTimeout) {
            this.peerTimeout = Objects.requireNonNull(peerTimeout, "peerTimeout");
            return this;
        }

        /**
         * How long a peer that has not connected (yet, or since it was lost) gets before the
         * messages held for it are reported undelivered; 1 ms to {@link #MAX_DURATION}, default
         * {@link #DEFAULT_CONNECT_TIMEOUT}.
         *
         * @param connectTimeout the wait; checked in {@link #build()}
         * @return this builder
         */
        public Builder connectTimeout(Duration connectTimeout) {
            this.connectTimeout = Objects.requireNonNull(connectTimeout, "connectTimeout");
            return this;
        }

        /**
         * How long {@code RemoteNode.close()} waits for the peers to confirm the messages already
         * sent before it reports the rest undelivered; zero to one minute, default
         * {@link #DEFAULT_CLOSE_TIMEOUT}.
         *
         * @param closeTimeout the wait; checked in {@link #build()}
         * @return this builder
         */
        public Builder closeTimeout(Duration closeTimeout) {
            this.closeTimeout = Objects.requireNonNull(closeTimeout, "closeTimeout");
            return this;
        }

        /**
         * {@return the configuration}
         *
         * @throws IllegalArgumentException if a value is missing or out of range, naming the field
         */
        public RemoteConfig build() {
            if (name == null) {
                throw new IllegalArgumentException("name: required (this node's name)");
            }
            if (endpoint == null) {
                throw new IllegalArgumentException("endpoint: required (this node's host:port)");
            }
            final NodeAddress address = new NodeAddress(name, endpoint);
            final Set<String> names = new HashSet<>();
            names.add(name);
            for (NodeAddress peer : peers) {
                if (!names.add(peer.name())) {
                    throw new IllegalArgumentException("peers: node name '" + peer.name() + "' appears twice"
                            + (peer.name().equals(name) ? " (it is this node's name)" : ""));
                }
            }
            if (driverMode == DriverMode.EXTERNAL && aeronDirectory == null) {
                throw new IllegalArgumentException("aeronDirectory: required with DriverMode.EXTERNAL (the driver's directory)");
            }
            if (streamId == 0) {
                throw new IllegalArgumentException("streamId = 0: must not be 0");
            }
            if (termLength < MIN_TERM_LENGTH || termLength > MAX_TERM_LENGTH || Integer.bitCount(termLength) != 1) {
                throw new IllegalArgumentException("termLength = " + termLength + ": must be a power of two in ["
                        + MIN_TERM_LENGTH + ", " + MAX_TERM_LENGTH + "]");
            }
            if (maxPendingMessages < 0 || maxPendingMessages > MAX_PENDING_MESSAGES) {
                throw new IllegalArgumentException("maxPendingMessages = " + maxPendingMessages + ": must be in [0, "
                        + MAX_PENDING_MESSAGES + "]");
            }
            checkRange("retryInterval", retryInterval, Duration.ofMillis(1), Duration.ofSeconds(1));
            checkRange("heartbeatInterval", heartbeatInterval, Duration.ofMillis(1), MAX_DURATION);
            checkRange("peerTimeout", peerTimeout, heartbeatInterval.multipliedBy(3), MAX_DURATION);
            checkRange("connectTimeout", connectTimeout, Duration.ofMillis(1), MAX_DURATION);
            checkRange("closeTimeout", closeTimeout, Duration.ZERO, Duration.ofMinutes(1));
            if (secret != null && secret.length < MIN_SECRET_LENGTH) {
                throw new IllegalArgumentException("secret: " + secret.length + " bytes; at least " + MIN_SECRET_LENGTH
                        + " required (MIN_SECRET_LENGTH)");
            }
            if (secret != null && insecure) {
                throw new IllegalArgumentException("insecure: set with a secret; a node with a secret authenticates every"
                        + " frame, so choose one");
            }
            if (secret == null && !insecure && !address.isLoopback()) {
                throw new IllegalArgumentException("secret: required, the endpoint '" + endpoint + "' is not a loopback"
                        + " address: give every node the same secret (RemoteConfig.Builder.secret), or declare the network"
                        + " trusted (RemoteConfig.Builder.insecure())");
            }
            Set<String> allowed = null;
            if (allowPeers != null) {
                allowed = new LinkedHashSet<>();
                for (NodeAddress peer : peers) {
                    allowed.add(peer.name());
                }
                for (String allowedName : allowPeers) {
                    NodeAddress.checkName("allowPeers: node name", allowedName);
                    allowed.add(allowedName);
                }
                allowed = Collections.unmodifiableSet(allowed);
            }
            if (maxLearnedPeers < 0 || maxLearnedPeers > MAX_LEARNED_PEERS) {
                throw new IllegalArgumentException("maxLearnedPeers = " + maxLearnedPeers + ": must be in [0, "
                        + MAX_LEARNED_PEERS + "]");
            }
            checkRange("learnedPeerExpiry", learnedPeerExpiry, Duration.ofMillis(1), MAX_DURATION);
            return new RemoteConfig(this, address, allowed);
        }

        private static void checkRange(String field, Duration value, Duration min, Duration max) {
            if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
                throw new IllegalArgumentException(field + " = " + value + ": must be in [" + min + ", " + max + "]");
            }
        }
    }
}
