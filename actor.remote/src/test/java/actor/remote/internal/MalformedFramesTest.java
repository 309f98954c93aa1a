package actor.remote.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.ActorError;
import actor.remote.internal.RawPeer.Ping;
import actor.remote.internal.RawPeer.Request;
import io.aeron.exceptions.RegistrationException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A running node fed malformed frames over UDP by a {@link RawPeer}: each is reported once, as what
 * is wrong with it ("the Aeron client failed" and "the receiving agent failed" never), nothing of it
 * is delivered or used, and the node delivers the next valid frame. Frames that name another node
 * than the raw peer come on sessions of their own: the raw peer's session is bound to it.
 */
@Timeout(60)
class MalformedFramesTest {

    @TempDir
    static Path temporary;
    private static RawPeer peer;
    /** Incarnations no frame used before: the node reads a new sender's header in full. */
    private static final AtomicLong incarnations = new AtomicLong(1_000);

    @BeforeAll
    static void start() throws InterruptedException {
        peer = RawPeer.start(temporary);
        assertEquals(List.of(), peer.takeErrors());
    }

    @AfterAll
    static void close() {
        peer.close();
    }

    /** Sends {@code frame}, then a valid one, and checks what the node reported in between: one problem, returned. */
    private static ActorError.RemoteFailure reportedOnce(byte[] frame) throws InterruptedException {
        peer.send(frame);
        return reportedOnceAfter();
    }

    /**
     * As {@link #reportedOnce(byte[])}, {@code frame} sent on {@code session}: the node polls the
     * sessions in no set order, so it waits for the report first.
     */
    private static ActorError.RemoteFailure reportedOnce(RawPeer.Session session, byte[] frame) throws InterruptedException {
        session.send(frame);
        final long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        final List<ActorError> errors = new ArrayList<>();
        while (errors.isEmpty() && System.nanoTime() - deadline < 0) {
            Thread.sleep(1);
            errors.addAll(peer.takeErrors());
        }
        peer.expectTheNodeGoesOn();
        errors.addAll(peer.takeErrors());
        assertEquals(1, errors.size(), errors::toString);
        return assertInstanceOf(ActorError.RemoteFailure.class, errors.get(0));
    }

    private static ActorError.RemoteFailure reportedOnceAfter() throws InterruptedException {
        peer.expectTheNodeGoesOn();
        final List<ActorError> errors = peer.takeErrors();
        assertEquals(1, errors.size(), errors::toString);
        return assertInstanceOf(ActorError.RemoteFailure.class, errors.get(0));
    }

    /** Checks that {@code frame} is reported as a malformed frame, with {@code problem}, and dropped. */
    private static void assertDropped(byte[] frame, String problem) throws InterruptedException {
        assertMalformed(reportedOnce(frame).problem(), peer.sessionId(), problem);
    }

    /** As {@link #assertDropped(byte[], String)}, {@code frame} sent on {@code session}. */
    private static void assertDropped(RawPeer.Session session, byte[] frame, String problem) throws InterruptedException {
        assertMalformed(reportedOnce(session, frame).problem(), session.sessionId(), problem);
    }

    private static void assertMalformed(String reported, int sessionId, String problem) {
        assertTrue(reported.startsWith("a malformed frame from ") && reported.contains("session " + sessionId
                + ": " + problem + "; dropped"), reported);
    }

    private static FrameBuilder header(byte kind) {
        return FrameBuilder.header(kind, RawPeer.INCARNATION, RawPeer.NAME, peer.endpoint);
    }

    @Test
    void aHeaderLengthPastTheFramesEndIsReportedAsSuch() throws InterruptedException {
        final byte[] name = new FrameBuilder().b(Wire.DATA).b(Wire.VERSION).s(0).l(incarnations.incrementAndGet())
                .s(9000).raw(new byte[298]).bytes();
        assertDropped(name, "name length 9000 past the frame's end (312 bytes)");
        final byte[] endpoint = new FrameBuilder().b(Wire.STATUS).b(Wire.VERSION).s(0).l(incarnations.incrementAndGet())
                .str("stranger").s(0xFFFF).i(0).bytes();
        assertDropped(endpoint, "endpoint length 65535 past the frame's end (28 bytes)");
        assertFalse(peer.node.peerNames().contains("stranger"));
    }

    /** FrameFuzzTest's shrunk counterexample without the checks: a DATA header with an empty name and endpoint, and no body. */
    @Test
    void aBareHeaderWithAnEmptyNameAndEndpointIsReportedNotHandedToAeron() throws InterruptedException {
        assertDropped(new byte[] {1, Wire.VERSION, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
                "the frame ends before its epoch (frame of 16 bytes, 0 left)");
    }

    @Test
    void anEndpointThatIsMoreThanHostPortNeverReachesAChannel() throws InterruptedException {
        final RawPeer.Session stranger = peer.newSession();
        final String uriParameters = "127.0.0.1:41003|mtu=8192|ttl=9|linger=0|tags=777";
        assertDropped(stranger, FrameBuilder.header(Wire.STATUS, incarnations.incrementAndGet(), "stranger", uriParameters)
                .l(FrameBuilder.EPOCH).i(0).bytes(), "the header's endpoint = '" + uriParameters + "': the port must be a number in [1, 65535]");
        assertDropped(stranger, FrameBuilder.header(Wire.STATUS, incarnations.incrementAndGet(), "stranger", "evil?x=1:4")
                .l(FrameBuilder.EPOCH).i(0).bytes(), "the header's endpoint = 'evil?x=1:4': the host must be a DNS name, an IPv4 address, or an IPv6 "
                        + "address in brackets ([v6 address]:port)");
        assertDropped(stranger, FrameBuilder.header(Wire.STATUS, incarnations.incrementAndGet(), "a b", peer.endpoint)
                .l(FrameBuilder.EPOCH).i(0).bytes(), "the header's name = 'a b': only letters, digits, '.', '_' and '-' are allowed");
        assertEquals(List.of(RawPeer.NAME), peer.node.peerNames(), "no peer, and so no publication, for any of them");
    }

    @Test
    void countsPastTheFramesEndSizeNothingAndReadNothing() throws InterruptedException {
        final int data = header(Wire.DATA).l(FrameBuilder.EPOCH).str(RawPeer.PINGS).bytes().length + 4;
        assertDropped(header(Wire.DATA).l(FrameBuilder.EPOCH).str(RawPeer.PINGS).i(Integer.MAX_VALUE).bytes(),
                "message count 2147483647 (8 bytes each) past the frame's end (" + data + " bytes)");
        final int status = header(Wire.STATUS).l(FrameBuilder.EPOCH).bytes().length + 4;
        assertDropped(header(Wire.STATUS).l(FrameBuilder.EPOCH).i(Integer.MAX_VALUE).bytes(),
                "status entry count 2147483647 (20 bytes each) past the frame's end (" + status + " bytes)");
        assertDropped(header(Wire.STATUS).l(FrameBuilder.EPOCH).i(-1).bytes(), "status entry count -1, negative");
        final int identify = header(Wire.IDENTIFY).l(1).str(RawPeer.PINGS).bytes().length + 4;
        assertDropped(header(Wire.IDENTIFY).l(1).str(RawPeer.PINGS).i(Integer.MAX_VALUE).bytes(),
                "type id count 2147483647 (4 bytes each) past the frame's end (" + identify + " bytes)");
        final int identity = header(Wire.IDENTITY).l(1).b(1).bytes().length + 4 + 2;
        assertDropped(header(Wire.IDENTITY).l(1).b(1).i(Integer.MAX_VALUE).s(0).bytes(),
                "verdict count 2147483647 (5 bytes each) past the frame's end (" + identity + " bytes)");
    }

    @Test
    void aBatchWithOneBadLengthDeliversNoneOfItsMessages() throws InterruptedException {
        final int ping = peer.typeId(Ping.class);
        final byte[] frame = peer.dataHeader(RawPeer.PINGS).i(2)
                .message(ping, peer.encode(new Ping(-1, "before the bad one"))).i(ping).i(5000).raw(new byte[4]).bytes();
        assertDropped(frame, "message length 5000 past the frame's end (" + frame.length + " bytes)");
        final byte[] good = peer.data(RawPeer.PINGS, new Ping(-2, "before the extra byte"));
        assertDropped(new FrameBuilder().raw(good).b(0).bytes(), "1 byte(s) after the end of a DATA (frame of "
                + (good.length + 1) + " bytes)");
    }

    @Test
    void aFrameOfAnUnknownKindIsReported() throws InterruptedException {
        assertDropped(new FrameBuilder().b(9).b(Wire.VERSION).s(0).l(RawPeer.INCARNATION).str(RawPeer.NAME)
                .str(peer.endpoint).bytes(), "kind 9, not DATA (1), STATUS (2), IDENTIFY (3) or IDENTITY (4)");
    }

    @Test
    void anIdentifyWhoseAnswerWouldNotFitOneMessageIsReportedAndNotAnswered() throws InterruptedException {
        final int types = 2_100;
        final FrameBuilder identify = header(Wire.IDENTIFY).l(1).str(RawPeer.PINGS).i(types);
        for (int i = 0; i < types; i++) {
            identify.i(i);
        }
        final String reported = reportedOnce(identify.bytes()).problem();
        assertTrue(reported.startsWith("an IDENTIFY from node 'raw' asks about 2100 types: the answer, ")
                && reported.endsWith(" bytes, would be longer than the longest message (8192 bytes); not answered"), reported);
    }

    @Test
    void aSenderThatCannotBeSentToIsReportedAndItsFrameDropped() throws InterruptedException {
        final long incarnation = incarnations.incrementAndGet();
        final RawPeer.Session nowhere = peer.newSession();
        final ActorError.RemoteFailure failure = reportedOnce(nowhere, FrameBuilder.header(Wire.STATUS, incarnation, "nowhere",
                "nosuch.invalid:4000").l(FrameBuilder.EPOCH).i(0).bytes());
        assertEquals("node 'nowhere' at nosuch.invalid:4000 (session " + nowhere.sessionId() + ") cannot be sent to, no "
                + "publication to it could be added: its messages are ignored", failure.problem());
        assertInstanceOf(RegistrationException.class, failure.failure());
        assertFalse(peer.node.peerNames().contains("nowhere"));
    }

    /** A Request's bytes with {@code reference} as its reply-to's bytes. */
    private static byte[] request(int n, byte[] reference) {
        return new FrameBuilder().i(n).b(1).s(reference.length).raw(reference).bytes();
    }

    private static byte[] requestFrame(byte[] request) {
        return peer.dataHeader(RawPeer.REQUESTS).i(1)
                .message(peer.typeId(Request.class), request).bytes();
    }

    /** Checks that the one request of {@code frame} was reported undelivered, its decoding failing with {@code problem}. */
    private static void assertRequestRefused(byte[] frame, String problem) throws InterruptedException {
        final ActorError.RemoteFailure failure = reportedOnce(frame);
        assertEquals("1 of 1 message(s) from node 'raw' to actor 'requests' not delivered: decoding or sending a "
                + Request.class.getName() + " failed", failure.problem());
        assertNotNull(failure.failure());
        assertEquals(problem, failure.failure().getMessage());
    }

    @Test
    void aReferenceIsCheckedAsAFrameIsAndItsEndpointNeverReachesAChannel() throws InterruptedException {
        final byte[] valid = new FrameBuilder().str("third").str("127.0.0.1:41003").str("replies").bytes();
        peer.send(requestFrame(request(1, valid)));
        assertEquals(1, assertInstanceOf(Request.class, peer.delivered.expectMessage(Duration.ofSeconds(10))).n(),
                "a sound reference, and its message, pass");
        assertTrue(peer.node.peerNames().contains("third"));
        final String uriParameters = "127.0.0.1:41003|mtu=8192";
        assertRequestRefused(requestFrame(request(2, new FrameBuilder().str("fourth").str(uriParameters).str("replies").bytes())),
                "a reference's endpoint = '" + uriParameters + "': the port must be a number in [1, 65535]");
        assertRequestRefused(requestFrame(request(3, new FrameBuilder().s(500).raw(new byte[20]).bytes())),
                "node name length 500 past the reference's end (22 bytes)");
        assertRequestRefused(requestFrame(request(4, new FrameBuilder().str("fourth").str("localhost:1").s(9).bytes())),
                "actor name length 9 past the reference's end (23 bytes)");
        assertRequestRefused(requestFrame(request(5, new FrameBuilder().raw(valid).b(0).bytes())),
                "1 byte(s) after the end of the reference (reference of " + (valid.length + 1) + " bytes)");
        assertFalse(peer.node.peerNames().contains("fourth"));
    }

    @Test
    void aNullReferenceIsReportedUndeliveredWhereItIsSentAndRefusedWhereItArrives() throws InterruptedException {
        final Request nullReplyTo = new Request(6, null);
        peer.node.lookup(RawPeer.NAME, RawPeer.REQUESTS, Request.class).send(nullReplyTo);
        final long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        List<ActorError> errors = peer.takeErrors();
        while (errors.isEmpty() && System.nanoTime() - deadline < 0) {
            Thread.sleep(5);
            errors = peer.takeErrors();
        }
        assertEquals(1, errors.size(), errors::toString);
        final ActorError.RemoteUndelivered undelivered = assertInstanceOf(ActorError.RemoteUndelivered.class, errors.get(0));
        assertEquals(List.of(nullReplyTo), undelivered.messages());
        assertEquals("encoding failed: java.lang.NullPointerException: record component " + Request.class.getName()
                + ".replyTo is null: a reference to an actor in a message may not be null (the receiver could not reply "
                + "to it)", undelivered.reason());
        assertEquals(1, peer.node.undeliveredMessages());

        assertRequestRefused(requestFrame(new FrameBuilder().i(7).b(0).bytes()), "record component " + Request.class.getName()
                + ".replyTo is null in the message: a reference to an actor may not be null (written by another version, "
                + "or corrupt bytes)");
        assertRequestRefused(requestFrame(new FrameBuilder().i(8).b(1).s(0).bytes()), "a reference to an actor of 0 bytes");
    }
}
