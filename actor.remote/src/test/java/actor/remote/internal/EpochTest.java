package actor.remote.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.ActorError;
import actor.api.ActorRef;
import actor.remote.PeerState;
import actor.remote.RemoteConfig;
import actor.remote.internal.RawPeer.Ping;
import actor.testkit.ActorTestKit;
import actor.testkit.TestProbe;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The epochs that fence off what was sent before a receiver restarted or went silent
 * ({@link Wire}), in one JVM: a node drops, unread and unreported, a DATA addressed to an epoch
 * it no longer takes (the sender reports it: {@code FenceTest} runs that across JVMs), and draws
 * a new epoch for a peer it has not heard from for the peer timeout less two heartbeat intervals.
 * And the end of a node whose Aeron client closed under it: said once, every peer lost, every send
 * reported.
 */
@Timeout(60)
class EpochTest {

    @TempDir
    Path temporary;

    private static void awaitTrue(String what, Duration timeout, BooleanSupplier condition) throws InterruptedException {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("not within " + timeout + ": " + what);
            }
            Thread.sleep(5);
        }
    }

    private static String freeEndpoint() {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return "127.0.0.1:" + socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void dataAddressedToAnEpochTheNodeLeftIsDroppedUnreadAndASilentPeerIsFenced() throws InterruptedException {
        try (RawPeer peer = RawPeer.start(temporary, b -> b.heartbeatInterval(Duration.ofMillis(50))
                .peerTimeout(Duration.ofMillis(500)))) {
            final long rejected = peer.node.rejectedFrames();
            peer.send(peer.authentic(FrameBuilder.data(RawPeer.INCARNATION, RawPeer.NAME, peer.endpoint, peer.epoch() + 1,
                    RawPeer.PINGS).i(1).message(peer.typeId(Ping.class), peer.encode(new Ping(1, "another epoch"))).bytes()));
            assertEquals(List.of(), peer.deliveredUntilTheNodeGoesOn(), "dropped; the DATA after it, at the node's epoch, delivered");

            final long before = peer.epoch();
            final byte[] stale = peer.data(RawPeer.PINGS, new Ping(2, "sent before a silence"));
            Thread.sleep(700);
            assertNotEquals(before, peer.epoch(), "silent for more than 500 - 2 x 50 ms: a new epoch");
            peer.send(stale);
            assertEquals(List.of(), peer.deliveredUntilTheNodeGoesOn(), "what was sent before the fence is dropped");
            assertEquals(rejected, peer.node.rejectedFrames(), "not counted as rejected: its sender reports it");
            assertEquals(List.of(), peer.takeErrors(), "nor reported here");
        }
    }

    @Test
    void aNodeWhoseAeronClientClosesUnderItSaysSoLosesEveryPeerAndReportsEverySend() throws Exception {
        final String ea = freeEndpoint();
        final String eb = freeEndpoint();
        try (ActorTestKit ka = ActorTestKit.start(); ActorTestKit kb = ActorTestKit.start()) {
            final TestProbe<Object> sink = kb.probe();
            final Node b = Node.start(kb.system(), RemoteConfig.builder().name("b").endpoint(eb).aeronDirectory(temporary)
                    .peer("a", ea).build(), n -> n.export("sink", Ping.class, sink.ref()));
            final Node a = Node.start(ka.system(), RemoteConfig.builder().name("a").endpoint(ea).aeronDirectory(temporary)
                    .peer("b", eb).build(), n -> { });
            try {
                final ActorRef<Object> ref = a.lookup("b", "sink", Ping.class);
                ref.send(new Ping(1, "before"));
                assertEquals(new Ping(1, "before"), sink.expectMessage(Duration.ofSeconds(10)));
                awaitTrue("confirmed", Duration.ofSeconds(10), () -> a.acknowledgedMessages() == 1);

                a.aeron().close();
                awaitTrue("b lost", Duration.ofSeconds(5), () -> a.peerState("b") == PeerState.LOST);
                ref.send(new Ping(2, "after"));
                awaitTrue("reported", Duration.ofSeconds(5), () -> a.undeliveredMessages() == 1);
                final CompletableFuture<ActorRef<Object>> resolve = a.resolve("b", "sink", Ping.class, Duration.ofSeconds(10));
                final ExecutionException notFound = assertThrows(ExecutionException.class,
                        () -> resolve.get(5, TimeUnit.SECONDS));
                assertTrue(notFound.getCause().getMessage().contains("its Aeron client closed"), notFound.getCause().getMessage());

                final List<ActorError> errors = ka.takeErrors();
                final List<String> ends = errors.stream().filter(ActorError.RemoteFailure.class::isInstance)
                        .map(e -> ((ActorError.RemoteFailure) e).problem())
                        .filter(p -> p.startsWith("node 'a' can no longer send or receive")).toList();
                assertEquals(1, ends.size(), errors.toString());
                assertTrue(ends.get(0).endsWith("close the node and start it again"), ends.get(0));
                final ActorError.RemoteUndelivered undelivered = errors.stream().filter(ActorError.RemoteUndelivered.class::isInstance)
                        .map(ActorError.RemoteUndelivered.class::cast).findFirst().orElseThrow();
                assertEquals(List.of(new Ping(2, "after")), undelivered.messages());
                assertTrue(undelivered.reason().startsWith("node 'b' is lost: node 'a' can no longer send or receive: its Aeron"
                        + " client closed"), undelivered.reason());
            } finally {
                a.close();
                b.close();
            }
            kb.takeErrors();
        }
    }
}
