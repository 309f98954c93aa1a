package actor.remote.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import actor.api.ActorError;
import actor.api.ActorRef;
import actor.remote.DriverMode;
import actor.remote.RemoteConfig;
import actor.testkit.ActorTestKit;
import actor.testkit.TestProbe;
import io.aeron.Aeron;
import io.aeron.Publication;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A node under test, exporting one probe as a {@link Ping} sink and as a {@link Request} sink, so
 * that whatever it delivers arrives there in the order it was delivered, and a peer that is no node:
 * a raw Aeron publication to the node's endpoint, on the same media driver (launched here), that
 * sends frames written by hand. The raw peer's own valid frames say they come from node
 * {@value #NAME} at an endpoint where nothing listens; when the node has a secret, they carry the
 * tag it makes ({@link #authentic}). {@link #newSession()} adds another publication, on a session
 * of its own. Its DATA carries the epoch the node drew for it ({@link #epoch()}), which it reads from
 * the node (it cannot hear the node's STATUS): it introduces itself with a STATUS first, as a node
 * does, so that the node knows it before its first DATA; and the node is made never to forget it.
 */
final class RawPeer implements AutoCloseable {

    static final String NAME = "raw";
    static final long INCARNATION = 0x5EED;
    static final String PINGS = "pings";
    static final String REQUESTS = "requests";

    record Ping(int n, String text) {
    }

    record Request(int n, ActorRef<? super Ping> replyTo) {
    }

    final ActorTestKit kit;
    final Node node;
    /** Every message the node delivers, to either export. */
    final TestProbe<Object> delivered;
    /** Where the raw peer says it is. */
    final String endpoint = freeEndpoint();
    private final MediaDriver driver;
    private final Aeron aeron;
    private final String channel;
    private final Session session;
    private final ExpandableArrayBuffer encoded = new ExpandableArrayBuffer(64);
    private int markers;

    /** A raw publication to the node: one Aeron session. */
    final class Session {
        private final Publication publication;
        private final UnsafeBuffer view = new UnsafeBuffer(new byte[0]);

        private Session(Publication publication) throws InterruptedException {
            this.publication = publication;
            final long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (!publication.isConnected()) {
                if (System.nanoTime() - deadline > 0) {
                    throw new AssertionError("the raw publication did not connect to the node within 10 s");
                }
                Thread.sleep(1);
            }
        }

        /** The session the node sees these frames on. */
        int sessionId() {
            return publication.sessionId();
        }

        /** Offers {@code frame} until the publication takes it. */
        void send(byte[] frame) throws InterruptedException {
            view.wrap(frame);
            final long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            long result;
            while ((result = publication.offer(view, 0, frame.length)) < 0) {
                if (System.nanoTime() - deadline > 0) {
                    throw new AssertionError("the raw publication did not take a frame of " + frame.length
                            + " bytes within 10 s: " + Publication.errorString(result));
                }
                Thread.sleep(1);
            }
        }

        /** {@code frame} with the authenticated flag and the tag {@code secret} makes for the node on this session. */
        byte[] signed(byte[] frame, byte[] secret) {
            return RawPeer.signed(frame, secret, node.config.name(), sessionId());
        }
    }

    private RawPeer(Path directory, UnaryOperator<RemoteConfig.Builder> configure) throws InterruptedException {
        driver = MediaDriver.launch(new MediaDriver.Context().aeronDirectoryName(directory.resolve("driver").toString())
                .threadingMode(ThreadingMode.SHARED).sharedIdleStrategy(new BackoffIdleStrategy(1, 1, 1_000, 100_000))
                .termBufferSparseFile(true).dirDeleteOnStart(true).dirDeleteOnShutdown(true));
        aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(driver.aeronDirectoryName()));
        kit = ActorTestKit.start();
        delivered = kit.probe();
        final String nodeEndpoint = freeEndpoint();
        node = Node.start(kit.system(), configure.apply(RemoteConfig.builder().name("node").endpoint(nodeEndpoint)
                .learnedPeerExpiry(RemoteConfig.MAX_DURATION).driverMode(DriverMode.EXTERNAL).aeronDirectory(Path.of(driver.aeronDirectoryName()))
                .termLength(RemoteConfig.MIN_TERM_LENGTH).idleStrategy(() -> new BackoffIdleStrategy(1, 1, 1_000, 100_000)))
                .build(), n -> {
                    n.export(PINGS, Ping.class, delivered.ref());
                    n.export(REQUESTS, Request.class, delivered.ref());
                });
        channel = "aeron:udp?endpoint=" + nodeEndpoint + "|term-length=1048576|sparse=true";
        session = new Session(aeron.addPublication(channel, RemoteConfig.DEFAULT_STREAM_ID));
    }

    /** Starts the driver, the node and the raw publication, connected, and the node knowing the raw peer. */
    static RawPeer start(Path directory) throws InterruptedException {
        return start(directory, UnaryOperator.identity());
    }

    /** As {@link #start(Path)}, the node's configuration changed by {@code configure} (a secret, say). */
    static RawPeer start(Path directory, UnaryOperator<RemoteConfig.Builder> configure) throws InterruptedException {
        final RawPeer peer = new RawPeer(directory, configure);
        peer.send(peer.authentic(FrameBuilder.header(Wire.STATUS, INCARNATION, NAME, peer.endpoint).l(FrameBuilder.EPOCH).i(0)
                .bytes()));
        final long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!peer.node.peers.containsKey(NAME)) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("the node did not learn the raw peer from its STATUS within 10 s");
            }
            Thread.sleep(1);
        }
        peer.expectTheNodeGoesOn();
        return peer;
    }

    /** A new raw publication to the node, on a session of its own, connected. */
    Session newSession() throws InterruptedException {
        return new Session(aeron.addExclusivePublication(channel, RemoteConfig.DEFAULT_STREAM_ID));
    }

    /** The session the node sees the raw peer's frames on. */
    int sessionId() {
        return session.sessionId();
    }

    /** Offers {@code frame} on the raw peer's session until the publication takes it. */
    void send(byte[] frame) throws InterruptedException {
        session.send(frame);
    }

    /** {@code frame} as the node takes it from the raw peer's session: with the tag of the node's secret, if it has one. */
    byte[] authentic(byte[] frame) {
        final byte[] secret = node.secret;
        return secret == null ? frame : session.signed(frame, secret);
    }

    /**
     * {@code frame} with the authenticated flag set and the tag {@code secret} makes for node
     * {@code receiver} on session {@code sessionId} appended.
     */
    static byte[] signed(byte[] frame, byte[] secret, String receiver, int sessionId) {
        final ExpandableArrayBuffer buffer = new ExpandableArrayBuffer(frame.length + FrameTag.LENGTH);
        buffer.putBytes(0, frame);
        buffer.putShort(Wire.FLAGS_OFFSET, (short) (buffer.getShort(Wire.FLAGS_OFFSET, Wire.ORDER) | Wire.FLAG_AUTHENTICATED),
                Wire.ORDER);
        final int length = new FrameTag(secret).sign(buffer, frame.length, FrameTag.context(receiver), sessionId);
        final byte[] signed = new byte[length];
        buffer.getBytes(0, signed);
        return signed;
    }

    /** The epoch the node takes the raw peer's DATA at now. */
    long epoch() {
        return node.peers.get(NAME).receiveEpoch;
    }

    /** A DATA frame's header, the node's epoch for the raw peer and {@code target}, before its count. */
    FrameBuilder dataHeader(String target) {
        return FrameBuilder.data(INCARNATION, NAME, endpoint, epoch(), target);
    }

    /** A valid DATA frame from the raw peer to {@code target} with {@code messages}, encoded by the node's codecs. */
    byte[] data(String target, Object... messages) {
        final FrameBuilder frame = dataHeader(target).i(messages.length);
        for (Object message : messages) {
            frame.message(node.registry.entryFor(message).id(), encode(message));
        }
        return frame.bytes();
    }

    /** {@code message} encoded by the node's codec of its type. */
    byte[] encode(Object message) {
        final int length = node.registry.entryFor(message).codec().encode(message, encoded, 0);
        final byte[] bytes = new byte[length];
        encoded.getBytes(0, bytes);
        return bytes;
    }

    /** The type id of {@code type} on the node. */
    int typeId(Class<?> type) {
        return node.registry.entryOf(type).id();
    }

    /**
     * Sends a valid ping after whatever was sent before, and returns once the node has delivered it:
     * the node went on. Fails if the node delivered anything else first.
     */
    void expectTheNodeGoesOn() throws InterruptedException {
        assertEquals(List.of(), deliveredUntilTheNodeGoesOn(), "what the node delivered before the valid frame");
    }

    /** Sends a valid ping after whatever was sent before; what the node delivered before it, once it has delivered it. */
    List<Object> deliveredUntilTheNodeGoesOn() throws InterruptedException {
        final Ping marker = new Ping(++markers, "the valid frame after");
        send(authentic(data(PINGS, marker)));
        final List<Object> before = new ArrayList<>();
        for (Object next = delivered.expectMessage(Duration.ofSeconds(10)); !next.equals(marker);
                next = delivered.expectMessage(Duration.ofSeconds(10))) {
            before.add(next);
        }
        return before;
    }

    /** The problems the node reported since the last call. */
    List<ActorError> takeErrors() {
        return kit.takeErrors();
    }

    @Override
    public void close() {
        node.close();
        aeron.close();
        driver.close();
        kit.close();
    }

    private static String freeEndpoint() {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return "127.0.0.1:" + socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
