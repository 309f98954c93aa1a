package actor.remote;

import static actor.remote.Eventually.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * rejects, while nodes with the same secret talk as ever.
 */
class TrustTest {

    record Note(int n) {
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
}
