package actor.remote.internal;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The node-to-node format: every Aeron message starts with the sender's header, then a body of
 * its kind, then, between nodes that share a secret, the authentication tag. Little-endian.
 *
 * <pre>
 * header  kind:byte version:byte flags:short incarnation:long
 *         nameLength:short name:bytes endpointLength:short endpoint:bytes      (UTF-8)
 * DATA    epoch:long targetLength:short target:bytes count:int
 *         count x (typeId:int length:int bytes)        one batch for one exported actor, in send order
 *         count x (contextLength:short context:bytes typeId:int length:int bytes)   with {@link #FLAG_CONTEXT}
 * STATUS  epoch:long count:int
 *         count x (sessionId:int joinPosition:long position:long)
 * IDENTIFY requestId:long targetLength:short target:bytes count:int count x typeId:int
 * IDENTITY requestId:long exported:byte count:int count x (typeId:int verdict:byte)
 *          typeLength:short type:bytes                 the exported type's name, empty if not exported
 * tag     16 bytes, after the body, when the flags have {@link #FLAG_AUTHENTICATED} ({@link FrameTag})
 * </pre>
 *
 * Version 2 added the tag and its flag; version 3 the epochs. A node of an earlier version sees
 * frames of another version.
 *
 * A DATA frame from a node whose system has a {@link actor.api.ContextPropagator} has the
 * {@link #FLAG_CONTEXT} flag, and each of its messages is preceded by the sender's context as the
 * propagator wrote it ({@link actor.api.ContextPropagator#toWire}: US-ASCII, such as a W3C
 * {@code traceparent}; empty for none). A receiving node with a propagator sends the message on to
 * its actor in that context; one without skips it.
 *
 * A STATUS goes from a node to one peer, on the publication to it: for each image of that peer's
 * publications the node receives, the position it has delivered up to (every message before it
 * handed to its actor) and where the image joined the stream. It doubles as the heartbeat. The
 * {@link #FLAG_CLOSING} flag says the sender is closing. The incarnation tells a restarted node
 * from its previous run.
 *
 * <p>The epoch fences off what a sender sent before its receiver restarted or lost it. Each node
 * draws, for each peer, a random epoch (never 0): when it meets the peer (so anew when it
 * restarts), and again when it has not heard from the peer for nearly the peer timeout. Its STATUS
 * to the peer carries it; the peer writes the latest it got in each DATA it sends, and sends no DATA
 * before it has one. A DATA whose epoch is not the receiver's current one for its sender was sent
 * before the fence: it is dropped unread, and its sender, which learns the new epoch from the
 * receiver's next STATUS, reports it undelivered. An IDENTIFY asks a peer whether it exports a name for messages of the
 * types listed; the IDENTITY answers it, with a verdict per type ({@link #ACCEPTED},
 * {@link #UNKNOWN_TYPE}, {@link #REFUSED_TYPE}).
 *
 * <p>What another node sends is not trusted: a node with a secret checks each frame's tag before
 * anything else of it ({@link FrameTag}); {@link Frame} checks each frame received whole (every
 * length and count against the frame's end, nothing after the body, a known kind) before any of it
 * is used, and the sender's name and endpoint as the configuration's are (an endpoint is
 * {@code host:port}, nothing else, before it goes into {@link #publicationChannel}); a malformed
 * frame is reported and dropped.
 */
final class Wire {

    static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;
    static final byte DATA = 1;
    static final byte STATUS = 2;
    static final byte IDENTIFY = 3;
    static final byte IDENTITY = 4;
    /** IDENTITY verdict: the export takes messages of the type. */
    static final byte ACCEPTED = 0;
    /** IDENTITY verdict: the node has not registered the type (or another version of it). */
    static final byte UNKNOWN_TYPE = 1;
    /** IDENTITY verdict: the node knows the type, and the export does not take it. */
    static final byte REFUSED_TYPE = 2;
    static final byte VERSION = 3;
    /** STATUS flag: the sender is closing; what it has not confirmed will not be confirmed. */
    static final short FLAG_CLOSING = 1;
    /** Flag of every kind: a {@link FrameTag#LENGTH}-byte tag follows the body (the sender has a secret). */
    static final short FLAG_AUTHENTICATED = 2;
    /** On DATA: each message is preceded by its sender's context. */
    static final short FLAG_CONTEXT = 4;

    static final int KIND_OFFSET = 0;
    static final int VERSION_OFFSET = 1;
    static final int FLAGS_OFFSET = 2;
    static final int INCARNATION_OFFSET = 4;
    static final int NAME_OFFSET = 12;
    /** Bytes of the epoch that starts a DATA and a STATUS body. */
    static final int EPOCH_LENGTH = 8;
    /** Bytes of one STATUS entry. */
    static final int STATUS_ENTRY_LENGTH = 4 + 8 + 8;

    private Wire() {
    }

    /** The header of a message of {@code kind}, with {@code flags}, from the node {@code name} at {@code endpoint}. */
    static byte[] header(byte kind, short flags, long incarnation, String name, String endpoint) {
        final byte[] nameBytes = name.getBytes(StandardCharsets.UTF_8);
        final byte[] endpointBytes = endpoint.getBytes(StandardCharsets.UTF_8);
        final byte[] header = new byte[NAME_OFFSET + 2 + nameBytes.length + 2 + endpointBytes.length];
        final UnsafeBuffer out = new UnsafeBuffer(header);
        out.putByte(KIND_OFFSET, kind);
        out.putByte(VERSION_OFFSET, VERSION);
        out.putShort(FLAGS_OFFSET, flags, ORDER);
        out.putLong(INCARNATION_OFFSET, incarnation, ORDER);
        int at = putShortString(out, NAME_OFFSET, nameBytes);
        putShortString(out, at, endpointBytes);
        return header;
    }

    /** Writes a short-length-prefixed byte string; returns the offset after it. */
    static int putShortString(MutableDirectBuffer out, int offset, byte[] bytes) {
        out.putShort(offset, (short) bytes.length, ORDER);
        out.putBytes(offset + 2, bytes);
        return offset + 2 + bytes.length;
    }

    /** The channel of a publication to a peer's endpoint, with this node's term length. */
    static String publicationChannel(String endpoint, int termLength) {
        return "aeron:udp?endpoint=" + endpoint + "|term-length=" + termLength + "|sparse=true";
    }

    /** The channel of a node's subscription at its own endpoint. */
    static String subscriptionChannel(String endpoint) {
        return "aeron:udp?endpoint=" + endpoint;
    }
}
