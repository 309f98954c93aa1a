package actor.remote.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.ActorError;
import actor.remote.internal.RawPeer.Ping;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node with a secret, fed frames over UDP by a {@link RawPeer} that has the secret and by
 * strangers that do not: a frame without a valid tag (none, another secret's, one made for another
 * session or another node) delivers nothing, is answered nothing, is counted, and is reported
 * throttled; a session is bound to the node of its first frame.
 */
@Timeout(60)
class AuthenticationTest {

    private static final byte[] SECRET = "the cluster secret, 32 bytes...".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] OTHER_SECRET = "another secret, as long as it..".getBytes(StandardCharsets.US_ASCII);

    @TempDir
    static Path temporary;
    private static RawPeer peer;

    @BeforeAll
    static void start() throws InterruptedException {
        peer = RawPeer.start(temporary, b -> b.secret(SECRET));
    }

    @AfterAll
    static void close() {
        peer.close();
    }

    @BeforeEach
    void noErrorsLeft() throws InterruptedException {
        assertEquals(List.of(), reportsAfterTheInterval());
    }

    /** The reports made until a report interval has passed since now: the summaries of what came before included. */
    private static List<String> reportsAfterTheInterval() throws InterruptedException {
        Thread.sleep(Rejections.REPORT_INTERVAL_NANOS / 1_000_000 + 200);
        return peer.takeErrors().stream().map(e -> assertInstanceOf(ActorError.RemoteFailure.class, e).problem()).toList();
    }

    /** The frames the reports account for: one for each first report, the count of each summary. */
    private static long counted(List<String> reports) {
        long counted = 0;
        for (String report : reports) {
            counted += report.startsWith("a frame from session") ? 1 : Long.parseLong(report.substring(0, report.indexOf(' ')));
        }
        return counted;
    }

    /** Waits until the node has counted {@code count} rejected frames in all. */
    private static void awaitRejected(long count) throws InterruptedException {
        final long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (peer.node.rejectedFrames() < count) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("rejected " + peer.node.rejectedFrames() + " frames, not " + count);
            }
            Thread.sleep(1);
        }
    }

    @Test
    void framesWithoutAValidTagDeliverNothingAreAnsweredNothingAndAreCountedAndReportedOnce() throws InterruptedException {
        final RawPeer.Session stranger = peer.newSession();
        final long before = peer.node.rejectedFrames();
        final byte[] data = peer.data(RawPeer.PINGS, new Ping(1, "forged"));
        stranger.send(data);
        stranger.send(stranger.signed(data, OTHER_SECRET));
        stranger.send(stranger.signed(FrameBuilder.header(Wire.IDENTIFY, RawPeer.INCARNATION, "stranger", peer.endpoint)
                .l(7).str(RawPeer.PINGS).i(1).i(peer.typeId(Ping.class)).bytes(), OTHER_SECRET));
        stranger.send(stranger.signed(FrameBuilder.header(Wire.STATUS, RawPeer.INCARNATION, RawPeer.NAME, peer.endpoint).l(FrameBuilder.EPOCH)
                .i(0).bytes(), OTHER_SECRET));
        stranger.send(new byte[] {1, 2, 3});
        awaitRejected(before + 5);
        peer.expectTheNodeGoesOn();
        assertEquals(before + 5, peer.node.rejectedFrames());
        final List<String> reports = reportsAfterTheInterval();
        assertEquals(2, reports.size(), reports::toString);
        final String reason = "without a valid authentication tag (the sender does not have the secret of this node, or the"
                + " frame was changed or replayed on its way)";
        assertEquals("a frame from session " + stranger.sessionId() + " rejected, " + reason + ": dropped (such frames are"
                + " counted in rejectedFrames, and reported at most once a second)", reports.get(0));
        assertTrue(reports.get(1).matches("4 more frame\\(s\\) rejected in the last \\d+ ms, " + reason.replace("(", "\\(")
                .replace(")", "\\)") + ", the last from session " + stranger.sessionId() + ": dropped"), reports.get(1));
        assertEquals(List.of(RawPeer.NAME), peer.node.peerNames(), "the stranger was not learned, nor answered");
    }

    @Test
    void aFrameReplayedOnAnotherSessionOrToAnotherNodeIsRejected() throws InterruptedException {
        final long before = peer.node.rejectedFrames();
        final byte[] captured = peer.authentic(peer.data(RawPeer.PINGS, new Ping(2, "captured")));
        final RawPeer.Session replayer = peer.newSession();
        replayer.send(captured);
        replayer.send(RawPeer.signed(peer.data(RawPeer.PINGS, new Ping(3, "made for node c")), SECRET, "c",
                replayer.sessionId()));
        awaitRejected(before + 2);
        assertEquals(List.of(), peer.deliveredUntilTheNodeGoesOn());
        assertEquals(2, counted(reportsAfterTheInterval()));
        peer.send(captured);
        assertEquals(new Ping(2, "captured"), peer.delivered.expectMessage(Duration.ofSeconds(10)),
                "the same frame, on the session it was made for");
    }

    @Test
    void aSessionIsBoundToTheNodeOfItsFirstFrameAndANewIncarnationRebindsIt() throws InterruptedException {
        final long before = peer.node.rejectedFrames();
        peer.send(peer.authentic(FrameBuilder.data(RawPeer.INCARNATION, "impostor", peer.endpoint, peer.epoch(), RawPeer.PINGS).i(1)
                .message(peer.typeId(Ping.class), peer.encode(new Ping(4, "as another node"))).bytes()));
        peer.send(peer.authentic(FrameBuilder.header(Wire.STATUS, RawPeer.INCARNATION, "impostor", peer.endpoint).l(FrameBuilder.EPOCH).i(0).bytes()));
        awaitRejected(before + 2);
        assertEquals(List.of(), peer.deliveredUntilTheNodeGoesOn());
        final List<String> reports = reportsAfterTheInterval();
        assertTrue(reports.get(0).startsWith("a frame from session " + peer.sessionId() + " (node 'raw') rejected, claiming"
                + " another node than the first frame of its session"), reports.get(0));
        assertEquals(2, counted(reports));
        assertFalse(peer.node.peerNames().contains("impostor"));

        final long restarted = RawPeer.INCARNATION + 1;
        peer.send(peer.authentic(FrameBuilder.data(restarted, RawPeer.NAME, peer.endpoint, peer.epoch(), RawPeer.PINGS).i(1)
                .message(peer.typeId(Ping.class), peer.encode(new Ping(5, "from the next incarnation"))).bytes()));
        assertEquals(new Ping(5, "from the next incarnation"), peer.delivered.expectMessage(Duration.ofSeconds(10)),
                "the same node, restarted on the same publication");
        peer.expectTheNodeGoesOn();
        assertEquals(before + 2, peer.node.rejectedFrames());
    }

    @Test
    void tenThousandForgedFramesAreEachCountedAndReportedAFewTimes() throws InterruptedException {
        final RawPeer.Session stranger = peer.newSession();
        final long before = peer.node.rejectedFrames();
        final long start = System.nanoTime();
        final byte[] forged = stranger.signed(peer.data(RawPeer.PINGS, new Ping(6, "flood")), OTHER_SECRET);
        for (int i = 0; i < 10_000; i++) {
            stranger.send(forged);
        }
        awaitRejected(before + 10_000);
        assertEquals(List.of(), peer.deliveredUntilTheNodeGoesOn());
        final List<String> reports = reportsAfterTheInterval();
        final long seconds = (System.nanoTime() - start) / 1_000_000_000L;
        assertEquals(before + 10_000, peer.node.rejectedFrames());
        assertTrue(reports.size() >= 2 && reports.size() <= seconds + 2, reports.size() + " reports in " + seconds + " s");
        assertEquals(10_000, counted(reports), "the reports count every frame: " + reports);
    }
}
