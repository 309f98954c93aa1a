package actor.remote.internal;

import actor.remote.NodeAddress;
import org.agrona.DirectBuffer;

/**
 * One frame (one Aeron message) received from another node, checked whole before anything in it is
 * used: {@link #wrap} reads the header and the body of its kind ({@link Wire}) with a
 * {@link FrameReader}, every length and count against the end of the body (the frame's end, or
 * where its tag starts), every DATA message's length included, and nothing but the tag may follow
 * the body. A node with a secret has checked the tag before ({@link FrameTag}); the flags must say
 * that a tag follows exactly when one is expected. After it returns true, every offset, length and count
 * below lies within the frame, and the agent reads the frame at them without checking again; a
 * malformed frame throws a {@link MalformedFrameException} before any of it is used, so nothing of
 * it is delivered.
 *
 * <p>The check is int comparisons and reads, one pass over the frame (a DATA message's own bytes
 * are its codec's to check), and makes nothing: no length or count from the wire sizes anything
 * here, and what the agent makes afterwards (names, the messages) is sized by lengths checked here.
 * The origin's name and endpoint are checked as the configuration's are ({@link #origin()}) only
 * when the agent first meets a sender, where it makes them.
 *
 * <p>Threading: the receiving agent's; one per agent, reused.
 */
final class Frame {

    /** Bytes of a DATA message's type id and length. */
    private static final int MESSAGE_PREFIX_LENGTH = 8;
    /** Bytes of an IDENTITY verdict: a type id and the verdict. */
    private static final int VERDICT_LENGTH = 5;

    private final FrameReader reader = new FrameReader("frame");
    private DirectBuffer buffer;
    private byte kind;
    private byte version;
    private short flags;
    private long incarnation;
    private long epoch;
    private int nameAt;
    private int nameLength;
    private int endpointAt;
    private int endpointLength;
    private long requestId;
    private boolean exported;
    private int targetAt;
    private int targetLength;
    private int count;
    private int entriesAt;
    private int typeAt;
    private int typeLength;

    /**
     * Checks the {@code length} bytes of {@code buffer} at {@code offset} as a frame whose last
     * {@code tagLength} bytes are its tag (0: a frame without one).
     *
     * @return true if it is a frame of this protocol, now checked; false if it is of another
     *         {@linkplain #version() version}, of which nothing past the version was read
     * @throws MalformedFrameException if it is of this version and does not follow the format
     */
    boolean wrap(DirectBuffer buffer, int offset, int length, int tagLength) {
        this.buffer = buffer;
        if (length < tagLength) {
            throw new MalformedFrameException("the frame of " + length + " bytes is shorter than its tag (" + tagLength
                    + " bytes)");
        }
        final FrameReader in = reader.wrap(buffer, offset, length - tagLength);
        kind = in.readByte("kind");
        version = in.readByte("version");
        if (version != Wire.VERSION) {
            return false;
        }
        flags = in.readShort("flags");
        if ((flags & Wire.FLAG_AUTHENTICATED) != 0 != (tagLength != 0)) {
            throw new MalformedFrameException(tagLength != 0 ? "a tag without the authenticated flag (flags " + flags + ")"
                    : "the authenticated flag, and this node expects no tag (flags " + flags + ")");
        }
        incarnation = in.readLong("incarnation");
        nameLength = in.readLength("name");
        nameAt = in.position();
        in.skip(nameLength, "name");
        endpointLength = in.readLength("endpoint");
        endpointAt = in.position();
        in.skip(endpointLength, "endpoint");
        switch (kind) {
            case Wire.DATA -> data(in);
            case Wire.STATUS -> status(in);
            case Wire.IDENTIFY -> identify(in);
            case Wire.IDENTITY -> identity(in);
            default -> throw new MalformedFrameException("kind " + kind + ", not DATA (" + Wire.DATA + "), STATUS ("
                    + Wire.STATUS + "), IDENTIFY (" + Wire.IDENTIFY + ") or IDENTITY (" + Wire.IDENTITY + ")");
        }
        return true;
    }

    /**
     * {@code epoch targetLength target count count x ([contextLength context] typeId length bytes)}:
     * each message's length (and context's, with {@link Wire#FLAG_CONTEXT}) checked in turn.
     */
    private void data(FrameReader in) {
        epoch(in);
        target(in);
        final boolean contextual = contextual();
        count = in.readCount("message", contextual ? MESSAGE_PREFIX_LENGTH + 2 : MESSAGE_PREFIX_LENGTH);
        entriesAt = in.position();
        for (int i = 0; i < count; i++) {
            if (contextual) {
                in.skip(in.readLength("context"), "context");
            }
            in.readInt("message type id");
            in.skip(in.readIntLength("message"), "message");
        }
        in.expectEnd("a DATA");
    }

    /** {@code epoch count count x (sessionId joinPosition position)}. */
    private void status(FrameReader in) {
        epoch(in);
        count = in.readCount("status entry", Wire.STATUS_ENTRY_LENGTH);
        entriesAt = in.position();
        in.skip(count * Wire.STATUS_ENTRY_LENGTH, "status entries");
        in.expectEnd("a STATUS");
    }

    /** {@code requestId targetLength target count count x typeId}. */
    private void identify(FrameReader in) {
        requestId = in.readLong("request id");
        target(in);
        count = in.readCount("type id", 4);
        entriesAt = in.position();
        in.skip(count * 4, "type ids");
        in.expectEnd("an IDENTIFY");
    }

    /** {@code requestId exported count count x (typeId verdict) typeLength type}. */
    private void identity(FrameReader in) {
        requestId = in.readLong("request id");
        final byte exportedByte = in.readByte("exported flag");
        if (exportedByte != 0 && exportedByte != 1) {
            throw new MalformedFrameException("an exported flag of " + exportedByte + ", not 0 or 1");
        }
        exported = exportedByte == 1;
        count = in.readCount("verdict", VERDICT_LENGTH);
        entriesAt = in.position();
        for (int i = 0; i < count; i++) {
            in.readInt("verdict's type id");
            final byte verdict = in.readByte("verdict");
            if (verdict != Wire.ACCEPTED && verdict != Wire.UNKNOWN_TYPE && verdict != Wire.REFUSED_TYPE) {
                throw new MalformedFrameException("a verdict of " + verdict + ", not " + Wire.ACCEPTED + ", "
                        + Wire.UNKNOWN_TYPE + " or " + Wire.REFUSED_TYPE);
            }
        }
        typeLength = in.readLength("type name");
        typeAt = in.position();
        in.skip(typeLength, "type name");
        in.expectEnd("an IDENTITY");
    }

    /** An epoch, never 0 ({@link Wire}). */
    private void epoch(FrameReader in) {
        epoch = in.readLong("epoch");
        if (epoch == 0) {
            throw new MalformedFrameException("an epoch of 0, which no node draws");
        }
    }

    private void target(FrameReader in) {
        targetLength = in.readLength("target name");
        targetAt = in.position();
        in.skip(targetLength, "target name");
    }

    /**
     * Whether the {@code length} bytes at {@code offset} say, in a header of this version, that a
     * tag follows the body: the frame of a node with a secret. Reads the version and the flags only.
     */
    static boolean isTagged(DirectBuffer buffer, int offset, int length) {
        return length >= Wire.INCARNATION_OFFSET && buffer.getByte(offset + Wire.VERSION_OFFSET) == Wire.VERSION
                && (buffer.getShort(offset + Wire.FLAGS_OFFSET, Wire.ORDER) & Wire.FLAG_AUTHENTICATED) != 0;
    }

    /** Whether the sender's name, in the header, is {@code name} (UTF-8). */
    boolean isNamed(byte[] name) {
        if (name.length != nameLength) {
            return false;
        }
        for (int i = 0; i < nameLength; i++) {
            if (buffer.getByte(nameAt + i) != name[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * The sender's name and endpoint, checked as the configuration's are (so that an endpoint from
     * the wire is host:port and nothing else before it goes into a channel URI).
     *
     * @throws MalformedFrameException if either is malformed
     */
    NodeAddress origin() {
        return address("the header's ", buffer.getStringWithoutLengthUtf8(nameAt, nameLength),
                buffer.getStringWithoutLengthUtf8(endpointAt, endpointLength));
    }

    /**
     * {@code name} and {@code endpoint}, read from {@code where} in a frame, as a node address.
     *
     * @throws MalformedFrameException if either is malformed, the message starting with {@code where}
     */
    static NodeAddress address(String where, String name, String endpoint) {
        try {
            return new NodeAddress(name, endpoint);
        } catch (IllegalArgumentException malformed) {
            throw new MalformedFrameException(where + malformed.getMessage());
        }
    }

    byte kind() {
        return kind;
    }

    /** The protocol version, the second byte: {@link #wrap} checks the rest only if it is {@link Wire#VERSION}. */
    byte version() {
        return version;
    }

    /** DATA: whether each message is preceded by its sender's context ({@link Wire#FLAG_CONTEXT}). */
    boolean contextual() {
        return (flags & Wire.FLAG_CONTEXT) != 0;
    }

    short flags() {
        return flags;
    }

    long incarnation() {
        return incarnation;
    }

    /**
     * DATA: the epoch its sender addressed it to (the receiver's epoch for the sender, as the
     * sender last learned it); STATUS: the sender's epoch for the receiver, which the receiver's
     * DATA must carry from now on.
     */
    long epoch() {
        return epoch;
    }

    /** IDENTIFY and IDENTITY: the id of the resolve asked and answered. */
    long requestId() {
        return requestId;
    }

    /** IDENTITY: whether the name asked for is exported. */
    boolean exported() {
        return exported;
    }

    /** DATA and IDENTIFY: where the exported name the frame is for starts. */
    int targetAt() {
        return targetAt;
    }

    int targetLength() {
        return targetLength;
    }

    /** DATA: messages; STATUS: entries; IDENTIFY: type ids; IDENTITY: verdicts. */
    int count() {
        return count;
    }

    /** Where the first of the {@link #count()} entries starts. */
    int entriesAt() {
        return entriesAt;
    }

    /** IDENTITY: where the exported type's name starts. */
    int typeAt() {
        return typeAt;
    }

    int typeLength() {
        return typeLength;
    }
}
