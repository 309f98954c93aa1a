package actor.remote.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.ActorError;
import actor.api.ActorRef;
import actor.remote.ChildJvm;
import actor.remote.PeerProcess;
import actor.remote.PeerProcess.Seq;
import actor.remote.PeerState;
import actor.remote.RemoteConfig;
import actor.testkit.ActorTestKit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.agrona.ExpandableArrayBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three JVMs: node "a" (this one) and node "b" (a {@link PeerProcess} sink) share a secret and
 * exchange messages, while a stranger ({@link StrangerProcess}) without it floods both with frames
 * that, without authentication, would each change something: a DATA batch in a's name to b's sink,
 * STATUS frames that say a, or b, is closing, a STATUS in b's name that confirms everything a ever
 * sends b, an IDENTIFY of b's sink; each as it is, and with the authenticated flag and a made-up
 * tag. The stranger delivers nothing and forges nothing: b's sink gets exactly what a sent, in
 * order; a's counts are exact (every message confirmed, none reported, the peer never lost); both
 * nodes count the frames they rejected. And when b is killed mid-stream under a flood of forged
 * confirmations, a confirms nothing sent after the kill, and reports exactly what it did not confirm.
 */
class StrangerTest {

    private static final Duration LINE_TIMEOUT = Duration.ofSeconds(20);
    private static final byte[] SECRET = "the cluster secret, 32 bytes...".getBytes(StandardCharsets.US_ASCII);
    /** Incarnation the stranger's frames claim. */
    private static final long INCARNATION = 42;

    @TempDir
    static Path temporary;

    private static String freeEndpoint() {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return "localhost:" + socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static RemoteConfig.Builder node(String name, String endpoint) {
        return RemoteConfig.builder().name(name).endpoint(endpoint).aeronDirectory(temporary).secret(SECRET)
                .heartbeatInterval(Duration.ofMillis(50)).peerTimeout(Duration.ofMillis(500));
    }

    /** Node "b", a sink with the secret, in a JVM of its own. */
    private static ChildJvm sink(String there, String here) throws IOException {
        return ChildJvm.start(temporary, "sink", List.of(ChildJvm.FLAG, "-D" + PeerProcess.SECRET_PROPERTY + "="
                + Base64.getEncoder().encodeToString(SECRET)), PeerProcess.class, "sink", "b", there, "a@" + here);
    }

    /** The stranger, sending each target its frames: {@code endpoint=hex,hex,...}. */
    private static ChildJvm stranger(String... targets) throws IOException {
        final List<String> args = new ArrayList<>(List.of(temporary.toString()));
        args.addAll(List.of(targets));
        return ChildJvm.start(temporary, "stranger", List.of(ChildJvm.FLAG), StrangerProcess.class, args.toArray(String[]::new));
    }

    private static FrameBuilder header(byte kind, int flags, String name, String endpoint) {
        return new FrameBuilder().b(kind).b(Wire.VERSION).s(flags).l(INCARNATION).str(name).str(endpoint);
    }

    /** {@code endpoint=} each frame in hex as it is, and with the authenticated flag and 16 random bytes for a tag. */
    private static String target(String endpoint, byte[]... frames) {
        final Random random = new Random(7);
        final List<String> hex = new ArrayList<>();
        for (byte[] frame : frames) {
            hex.add(HexFormat.of().formatHex(frame));
            final byte[] tag = new byte[FrameTag.LENGTH];
            random.nextBytes(tag);
            final byte[] tagged = new FrameBuilder().raw(frame).raw(tag).bytes();
            tagged[Wire.FLAGS_OFFSET] |= Wire.FLAG_AUTHENTICATED;
            hex.add(HexFormat.of().formatHex(tagged));
        }
        return endpoint + "=" + String.join(",", hex);
    }

    private static byte[] encoded(Node node, Object message) {
        final ExpandableArrayBuffer buffer = new ExpandableArrayBuffer(64);
        final int length = node.registry.entryFor(message).codec().encode(message, buffer, 0);
        final byte[] bytes = new byte[length];
        buffer.getBytes(0, bytes);
        return bytes;
    }

    private static void awaitTrue(String what, Duration timeout, BooleanSupplier condition) throws InterruptedException {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("not within " + timeout + ": " + what);
            }
            Thread.sleep(5);
        }
    }

    @Test
    @Timeout(60)
    void aStrangerWithoutTheSecretDeliversNothingAndForgesNothingBetweenTwoNodesThatHaveIt() throws Exception {
        final String here = freeEndpoint();
        final String there = freeEndpoint();
        final int messages = 10_000;
        try (ActorTestKit kit = ActorTestKit.start(); ChildJvm b = sink(there, here)) {
            final Node a = Node.start(kit.system(), node("a", here).peer("b", there).build(), n -> { });
            final ActorRef<Object> toSink = a.lookup("b", "sink", Seq.class);
            b.await("READY"::equals, LINE_TIMEOUT);
            awaitTrue("connected", LINE_TIMEOUT, () -> a.peerState("b") == PeerState.CONNECTED);
            final int seq = a.registry.entryOf(Seq.class).id();
            final String forB = target(there,
                    header(Wire.DATA, 0, "a", here).l(FrameBuilder.EPOCH).str("sink").i(2).message(seq, encoded(a, new Seq(0, 999_999)))
                            .message(seq, encoded(a, new Seq(1, 0))).bytes(),
                    header(Wire.STATUS, Wire.FLAG_CLOSING, "a", here).l(FrameBuilder.EPOCH).i(0).bytes(),
                    header(Wire.IDENTIFY, 0, "stranger", here).l(1).str("sink").i(1).i(seq).bytes());
            final String forA = target(here,
                    header(Wire.STATUS, Wire.FLAG_CLOSING, "b", there).l(FrameBuilder.EPOCH).i(0).bytes(),
                    header(Wire.STATUS, 0, "b", there).l(FrameBuilder.EPOCH).i(1).i(a.peers.get("b").publication.sessionId()).l(0).l(1L << 40).bytes());
            boolean everLost = false;
            try (ChildJvm stranger = stranger(forB, forA)) {
                stranger.await("READY"::equals, LINE_TIMEOUT);
                for (int n = 0; n < messages; n++) {
                    toSink.send(new Seq(0, n));
                    if (n % 20 == 19) {
                        Thread.sleep(1);
                        everLost |= a.peerState("b") != PeerState.CONNECTED;
                    }
                }
                awaitTrue("every message confirmed", LINE_TIMEOUT, () -> a.acknowledgedMessages() == messages);
                Thread.sleep(300);
                everLost |= a.peerState("b") != PeerState.CONNECTED;
                stranger.closeInput();
                final String sent = stranger.await(line -> line.startsWith("SENT"), LINE_TIMEOUT);
                assertTrue(Long.parseLong(sent.substring(5)) > 100, sent);
                assertEquals(0, stranger.exitValue(LINE_TIMEOUT));
            }
            assertEquals(LongStream.range(0, messages).mapToObj(n -> "GOT 0 " + n).toList(), b.take("GOT", messages, LINE_TIMEOUT),
                    "b's sink got exactly what a sent, in order");
            b.closeInput();
            final String rejected = b.await(line -> line.startsWith("REJECTED"), LINE_TIMEOUT);
            assertTrue(Long.parseLong(rejected.substring(9)) > 0, "b counted the stranger's frames: " + rejected);
            assertEquals(0, b.exitValue(LINE_TIMEOUT));
            assertFalse(b.seen().stream().anyMatch(line -> line.startsWith("ORDER") || line.startsWith("GOT 1")),
                    "nothing of the stranger's reached b's sink");
            assertFalse(everLost, "no spoofed close made a lose b");
            assertTrue(a.rejectedFrames() > 0, "a counted the stranger's frames");
            a.close();
            assertEquals(messages, a.sentMessages());
            assertEquals(messages, a.acknowledgedMessages());
            assertEquals(0, a.undeliveredMessages(), "nothing reported undelivered: no forged close, no forged confirmation");
            final List<ActorError> errors = kit.takeErrors();
            assertTrue(errors.stream().allMatch(e -> e instanceof ActorError.RemoteFailure f && f.problem().contains(" rejected")),
                    errors::toString);
        }
    }

    @Test
    @Timeout(60)
    void forgedConfirmationsDoNotTurnTheMessagesOfAKilledPeerIntoDeliveredOnes() throws Exception {
        final String here = freeEndpoint();
        final String there = freeEndpoint();
        try (ActorTestKit kit = ActorTestKit.start(); ChildJvm b = sink(there, here)) {
            final Node a = Node.start(kit.system(), node("a", here).peer("b", there).build(), n -> { });
            final ActorRef<Object> toSink = a.lookup("b", "sink", Seq.class);
            b.await("READY"::equals, LINE_TIMEOUT);
            awaitTrue("connected", LINE_TIMEOUT, () -> a.peerState("b") == PeerState.CONNECTED);
            final String forA = target(here,
                    header(Wire.STATUS, 0, "b", there).l(FrameBuilder.EPOCH).i(1).i(a.peers.get("b").publication.sessionId()).l(0).l(1L << 40).bytes());
            final AtomicLong sent = new AtomicLong();
            final AtomicBoolean stop = new AtomicBoolean();
            final Thread stream = new Thread(() -> {
                while (!stop.get()) {
                    for (int i = 0; i < 20; i++) {
                        toSink.send(new Seq(0, sent.getAndIncrement()));
                    }
                    try {
                        Thread.sleep(1);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
            }, "stream");
            final long sentBeforeTheKill;
            try (ChildJvm stranger = stranger(forA)) {
                stranger.await("READY"::equals, LINE_TIMEOUT);
                stream.start();
                b.await("GOT 0 2000"::equals, LINE_TIMEOUT);
                assertEquals(137, b.kill(), "SIGKILL");
                sentBeforeTheKill = sent.get();
                awaitTrue("b lost", Duration.ofSeconds(10), () -> a.peerState("b") == PeerState.LOST);
                Thread.sleep(100);
                stop.set(true);
                stream.join();
                stranger.closeInput();
                assertEquals(0, stranger.exitValue(LINE_TIMEOUT));
            }
            final long total = sent.get();
            awaitTrue("every message confirmed or reported", Duration.ofSeconds(10),
                    () -> a.acknowledgedMessages() + a.undeliveredMessages() == total);
            a.close();
            final long confirmed = a.acknowledgedMessages();
            assertTrue(total - sentBeforeTheKill > 1_000, "sent after the kill: " + (total - sentBeforeTheKill));
            assertTrue(confirmed <= sentBeforeTheKill, "a confirmed " + confirmed + " messages; " + sentBeforeTheKill
                    + " were sent before b was killed, " + total + " in all");
            assertTrue(a.rejectedFrames() > 0);
            final TreeSet<Long> reported = new TreeSet<>();
            for (ActorError error : kit.takeErrors()) {
                if (error instanceof ActorError.RemoteUndelivered undelivered) {
                    for (Object message : undelivered.messages()) {
                        assertTrue(reported.add(((Seq) message).n()), "reported twice: " + message);
                    }
                }
            }
            assertEquals(LongStream.range(confirmed, total).boxed().collect(Collectors.toCollection(TreeSet::new)), reported,
                    "exactly the messages after the last one b confirmed, each once");
        }
    }
}
