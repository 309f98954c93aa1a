package actor.remote;

import static actor.remote.Eventually.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.ActorError;
import actor.api.ActorRef;
import actor.testkit.ActorTestKit;
import actor.testkit.TestProbe;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The peers a node learns are bounded: beyond the cap a new sender is refused (its frames counted
 * and reported, it never becomes a peer), and a learned peer lost and unused past the expiry is
 * forgotten (its publication closed, the references to its actors ended), which frees its place;
 * configured peers never expire, and the accounting stays exact.
 */
class LearnedPeersTest {

    record Note(int n) {
    }

    private static final Duration EXPIRY = Duration.ofMillis(400);

    @TempDir
    static Path temporary;

    private static RemoteConfig.Builder node(String name, String endpoint) {
        return RemoteConfig.builder().name(name).endpoint(endpoint).aeronDirectory(temporary)
                .heartbeatInterval(Duration.ofMillis(20)).peerTimeout(Duration.ofMillis(200))
                .connectTimeout(Duration.ofMillis(500)).learnedPeerExpiry(EXPIRY)
                .idleStrategy(() -> new BackoffIdleStrategy(1, 1, 1_000, 1_000_000));
    }

    @Test
    @Timeout(30)
    void beyondTheCapANewSenderIsRefusedUntilAForgottenPeerFreesItsPlace() throws Exception {
        final String ex = Ports.freeEndpoint();
        final String ey = Ports.freeEndpoint();
        final String ez = Ports.freeEndpoint();
        final String nobody = Ports.freeEndpoint();
        try (ActorTestKit kx = ActorTestKit.start(); ActorTestKit ky = ActorTestKit.start(); ActorTestKit kz = ActorTestKit.start()) {
            final TestProbe<Note> sink = kx.probe();
            final TestProbe<Note> sinkY = ky.probe();
            final RemoteNode x = RemoteNode.start(kx.system(), node("x", ex).peer("c", nobody).maxLearnedPeers(1).build(),
                    n -> n.export("sink", Note.class, sink.ref()));
            final RemoteNode y = RemoteNode.start(ky.system(), node("y", ey).peer("x", ex).build(),
                    n -> n.export("sink", Note.class, sinkY.ref()));
            y.lookup("x", "sink", Note.class).send(new Note(1));
            assertEquals(new Note(1), sink.expectMessage(Duration.ofSeconds(10)));
            assertEquals(List.of("c", "y"), x.peers(), "y learned: the one place under the cap");
            awaitTrue("c, where no node runs, lost", Duration.ofSeconds(10), () -> x.peerState("c") == PeerState.LOST);
            final long cLost = System.nanoTime();

            final RemoteNode z = RemoteNode.start(kz.system(), node("z", ez).peer("x", ex).build());
            final ActorRef<Note> zToX = z.lookup("x", "sink", Note.class);
            zToX.send(new Note(2));
            awaitTrue("z refused", Duration.ofSeconds(10), () -> kx.takeErrors().stream()
                    .filter(ActorError.RemoteFailure.class::isInstance).map(e -> ((ActorError.RemoteFailure) e).problem())
                    .anyMatch(p -> p.contains("(node 'z') rejected, from a node that would be a learned peer beyond the cap")));
            assertTrue(x.rejectedFrames() > 0);
            assertEquals(List.of("c", "y"), x.peers(), "z is not a peer");
            sink.expectNoMessage(Duration.ofMillis(50));

            final ActorRef<Note> xToY = x.lookup("y", "sink", Note.class);
            for (int i = 0; i < 5; i++) {
                xToY.send(new Note(100 + i));
                assertEquals(new Note(100 + i), sinkY.expectMessage(Duration.ofSeconds(10)));
            }
            awaitTrue("confirmed", Duration.ofSeconds(10), () -> x.acknowledgedMessages() == 5);
            y.close();
            awaitTrue("y lost", Duration.ofSeconds(10), () -> x.peerState("y") == PeerState.LOST);
            final long lost = System.nanoTime();
            awaitTrue("y forgotten, z learned in its place", Duration.ofSeconds(10), () -> x.peers().equals(List.of("c", "z")));
            assertTrue(System.nanoTime() - lost >= EXPIRY.toNanos() - 20_000_000L, "forgotten after the expiry");
            assertTrue(xToY.isTerminated(), "the reference to y's actor ended with y");
            assertThrows(IllegalArgumentException.class, () -> x.peerState("y"));
            awaitTrue("z's peer x is back", Duration.ofSeconds(10), () -> z.peerState("x") == PeerState.CONNECTED);
            zToX.send(new Note(3));
            assertEquals(new Note(3), sink.expectMessage(Duration.ofSeconds(10)), "z delivers once it has a place");
            Thread.sleep(Math.max(0, (cLost + 2 * EXPIRY.toNanos() - System.nanoTime()) / 1_000_000));
            assertEquals(PeerState.LOST, x.peerState("c"));
            assertTrue(x.peers().contains("c"), "a configured peer is never forgotten, lost as long as it may be");
            x.close();
            assertEquals(x.sentMessages(), x.acknowledgedMessages() + x.undeliveredMessages(), "sent = confirmed + reported");
            assertEquals(5, x.sentMessages());
            z.close();
            kx.takeErrors();
            ky.takeErrors();
            kz.takeErrors();
        }
    }

    @Test
    @Timeout(30)
    void aLearnedPeerStillSentToIsNotForgotten() throws Exception {
        final String ex = Ports.freeEndpoint();
        final String ey = Ports.freeEndpoint();
        try (ActorTestKit kx = ActorTestKit.start(); ActorTestKit ky = ActorTestKit.start()) {
            final RemoteNode x = RemoteNode.start(kx.system(), node("x", ex).build());
            final TestProbe<Note> sinkY = ky.probe();
            final RemoteNode y = RemoteNode.start(ky.system(), node("y", ey).peer("x", ex).build(),
                    n -> n.export("sink", Note.class, sinkY.ref()));
            y.lookup("x", "nobody", Note.class).send(new Note(0));
            awaitTrue("y learned", Duration.ofSeconds(10), () -> x.peers().equals(List.of("y")));
            final ActorRef<Note> xToY = x.lookup("y", "sink", Note.class);
            y.close();
            awaitTrue("y lost", Duration.ofSeconds(10), () -> x.peerState("y") == PeerState.LOST);
            final long end = System.nanoTime() + 3 * EXPIRY.toNanos();
            int sent = 0;
            while (System.nanoTime() - end < 0) {
                xToY.send(new Note(sent++));
                Thread.sleep(EXPIRY.toMillis() / 4);
            }
            assertEquals(List.of("y"), x.peers(), "still in use: every send to it reported, none forgotten");
            final int total = sent;
            awaitTrue("every send reported", Duration.ofSeconds(10), () -> x.undeliveredMessages() == total);
            awaitTrue("forgotten once unused", Duration.ofSeconds(10), () -> x.peers().isEmpty());
            x.close();
            assertEquals(0, x.sentMessages() + x.acknowledgedMessages(), "nothing taken by the publication to a lost peer");
            assertEquals(total, x.undeliveredMessages());
            assertEquals(total, kx.takeErrors().stream().filter(ActorError.RemoteUndelivered.class::isInstance).count());
            ky.takeErrors();
        }
    }
}
