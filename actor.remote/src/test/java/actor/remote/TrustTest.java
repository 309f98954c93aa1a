package actor.remote;

import static actor.remote.Eventually.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.ActorError;
import actor.api.ActorRef;
import actor.testkit.ActorTestKit;
import actor.testkit.TestProbe;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nodes in one JVM over loopback UDP, each with its own system: two nodes with different secrets,
 * or one with a secret and one without, never deliver to each other, each side counting what it
 * rejects, while nodes with the same secret talk as ever; a node's allow-list keeps every other
 * node out (its frames, its lookups, references to its actors).
 */
class TrustTest {

    record Note(int n) {
    }

    record Introduction(int n, ActorRef<Note> friend) {
    }

    private static final byte[] SECRET = "the cluster secret, 32 bytes...".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] OTHER_SECRET = "another secret, as long as it..".getBytes(StandardCharsets.US_ASCII);

    @TempDir
    static Path temporary;

    private static RemoteConfig.Builder node(String name, String endpoint, byte[] secret) {
        final RemoteConfig.Builder builder = RemoteConfig.builder().name(name).endpoint(endpoint).aeronDirectory(temporary)
                .heartbeatInterval(Duration.ofMillis(20)).peerTimeout(Duration.ofMillis(300))
                .idleStrategy(() -> new BackoffIdleStrategy(1, 1, 1_000, 1_000_000));
        return secret == null ? builder : builder.secret(secret);
    }

    /** Node a (secret {@code sa}) and node b (secret {@code sb}) send five notes each to the other's sink; what arrives. */
    private static void exchange(byte[] sa, byte[] sb, boolean delivered) throws Exception {
        final String ea = Ports.freeEndpoint();
        final String eb = Ports.freeEndpoint();
        try (ActorTestKit ka = ActorTestKit.start(); ActorTestKit kb = ActorTestKit.start()) {
            final TestProbe<Note> sinkA = ka.probe();
            final TestProbe<Note> sinkB = kb.probe();
            final RemoteNode a = RemoteNode.start(ka.system(), node("a", ea, sa).peer("b", eb).build(),
                    n -> n.export("sink", Note.class, sinkA.ref()));
            final RemoteNode b = RemoteNode.start(kb.system(), node("b", eb, sb).peer("a", ea).build(),
                    n -> n.export("sink", Note.class, sinkB.ref()));
            final ActorRef<Note> toB = a.lookup("b", "sink", Note.class);
            final ActorRef<Note> toA = b.lookup("a", "sink", Note.class);
            for (int i = 0; i < 5; i++) {
                toB.send(new Note(i));
                toA.send(new Note(i));
            }
            if (delivered) {
                for (int i = 0; i < 5; i++) {
                    assertEquals(new Note(i), sinkA.expectMessage(Duration.ofSeconds(10)));
                    assertEquals(new Note(i), sinkB.expectMessage(Duration.ofSeconds(10)));
                }
                awaitTrue("confirmed", Duration.ofSeconds(10), () -> a.acknowledgedMessages() == 5 && b.acknowledgedMessages() == 5);
                assertEquals(0, a.rejectedFrames() + b.rejectedFrames());
            } else {
                awaitTrue("reported undelivered on both sides", Duration.ofSeconds(10),
                        () -> a.undeliveredMessages() == 5 && b.undeliveredMessages() == 5);
                sinkA.expectNoMessage(Duration.ofMillis(100));
                sinkB.expectNoMessage(Duration.ofMillis(1));
                assertEquals(0, a.receivedMessages() + b.receivedMessages());
                assertEquals(0, a.acknowledgedMessages() + b.acknowledgedMessages());
                assertTrue(a.rejectedFrames() > 0 && b.rejectedFrames() > 0, a.rejectedFrames() + " and " + b.rejectedFrames());
                assertEquals(List.of("a"), b.peers(), "nothing learned from what was rejected");
            }
            a.close();
            b.close();
            if (!delivered) {
                assertTrue(ka.takeErrors().stream().anyMatch(e -> e instanceof ActorError.RemoteFailure f
                        && f.problem().contains(" rejected, ")), "a's rejections reported");
                assertTrue(kb.takeErrors().stream().anyMatch(e -> e instanceof ActorError.RemoteFailure f
                        && f.problem().contains(" rejected, ")), "b's rejections reported");
            }
        }
    }

    @Test
    @Timeout(30)
    void nodesWithTheSameSecretTalk() throws Exception {
        exchange(SECRET, SECRET, true);
    }

    @Test
    @Timeout(30)
    void nodesWithDifferentSecretsNeverDeliverToEachOtherAndBothCountWhatTheyReject() throws Exception {
        exchange(SECRET, OTHER_SECRET, false);
    }

    @Test
    @Timeout(30)
    void aNodeWithASecretAndOneWithoutNeverDeliverToEachOther() throws Exception {
        exchange(SECRET, null, false);
    }

    @Test
    @Timeout(30)
    void anAllowListKeepsEveryOtherNodeOutOfItsFramesItsLookupsAndTheReferencesToItsActors() throws Exception {
        final String ex = Ports.freeEndpoint();
        final String ey = Ports.freeEndpoint();
        final String ez = Ports.freeEndpoint();
        try (ActorTestKit kx = ActorTestKit.start(); ActorTestKit ky = ActorTestKit.start(); ActorTestKit kz = ActorTestKit.start()) {
            final TestProbe<Note> sink = kx.probe();
            final TestProbe<Introduction> introductions = kx.probe();
            final RemoteNode x = RemoteNode.start(kx.system(), node("x", ex, SECRET).allowPeers("y").build(), n -> {
                n.export("sink", Note.class, sink.ref());
                n.export("introductions", Introduction.class, introductions.ref());
            });
            final RemoteNode y = RemoteNode.start(ky.system(), node("y", ey, SECRET).peer("x", ex).peer("z", ez).build());
            final RemoteNode z = RemoteNode.start(kz.system(), node("z", ez, SECRET).peer("x", ex).build(),
                    n -> n.export("sink", Note.class, kz.<Note>probe().ref()));
            z.lookup("x", "sink", Note.class).send(new Note(-1));
            y.lookup("x", "sink", Note.class).send(new Note(1));
            assertEquals(new Note(1), sink.expectMessage(Duration.ofSeconds(10)));
            awaitTrue("z's frames rejected", Duration.ofSeconds(10), () -> x.rejectedFrames() > 0);
            awaitTrue("z's note reported undelivered where it was sent", Duration.ofSeconds(10), () -> z.undeliveredMessages() == 1);
            sink.expectNoMessage(Duration.ofMillis(100));
            assertEquals(List.of("y"), x.peers(), "z never became a peer");

            final IllegalArgumentException lookup = assertThrows(IllegalArgumentException.class,
                    () -> x.lookup("z", "sink", Note.class));
            assertEquals("node 'z' is not allowed: it is not on the allow-list of node 'x' (RemoteConfig.Builder.allowPeers:"
                    + " [y]), so it never becomes a peer", lookup.getMessage());
            assertThrows(IllegalArgumentException.class, () -> x.resolve("z", "sink", Note.class, Duration.ofSeconds(1)));

            kx.takeErrors();
            y.lookup("x", "introductions", Introduction.class).send(new Introduction(2, y.lookup("z", "sink", Note.class)));
            awaitTrue("the introduction refused", Duration.ofSeconds(10), () -> kx.takeErrors().stream()
                    .filter(ActorError.RemoteFailure.class::isInstance).map(ActorError.RemoteFailure.class::cast)
                    .anyMatch(f -> f.failure() != null && f.failure().getMessage().equals("node 'z' at " + ez + " may not"
                            + " become a peer of node 'x': it is not on the allow-list (RemoteConfig.Builder.allowPeers: [y])")));
            introductions.expectNoMessage(Duration.ofMillis(100));
            assertEquals(List.of("y"), x.peers());
            z.close();
            y.close();
            x.close();
            // z's heartbeats are rejected until it closes: a summary of them may come after the last take.
            assertTrue(kx.takeErrors().stream().allMatch(e -> e instanceof ActorError.RemoteFailure f
                    && f.problem().contains("from a node not on the allow-list")));
            ky.takeErrors();
            kz.takeErrors();
        }
    }
}
