package actor.remote.codec;

import actor.api.ActorRef;
import java.nio.ByteOrder;
import org.agrona.DirectBuffer;

/**
 * A cursor over one encoded message, for the built-in codec's decoders: each read takes the next
 * value and checks that it lies within the message. Little-endian, as the writers in
 * {@link RecordLayout}. One per decoded message, on the decoding thread only.
 */
final class WireReader {

    static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;

    private final DirectBuffer buffer;
    private final int limit;
    private int offset;

    WireReader(DirectBuffer buffer, int offset, int length) {
        this.buffer = buffer;
        this.offset = offset;
        this.limit = offset + length;
    }

    /** Bytes of the message not read yet. */
    int remaining() {
        return limit - offset;
    }

    private int take(int bytes) {
        final int at = offset;
        if (bytes > limit - at) {
            throw new IllegalArgumentException("the message ends " + (bytes - (limit - at))
                    + " byte(s) too early: a different schema, or corrupt bytes");
        }
        offset = at + bytes;
        return at;
    }

    boolean readBoolean() {
        final byte b = buffer.getByte(take(1));
        if (b != 0 && b != 1) {
            throw new IllegalArgumentException("a boolean (or presence) byte of " + b + ", not 0 or 1");
        }
        return b == 1;
    }

    byte readByte() {
        return buffer.getByte(take(1));
    }

    short readShort() {
        return buffer.getShort(take(2), ORDER);
    }

    char readChar() {
        return buffer.getChar(take(2), ORDER);
    }

    int readInt() {
        return buffer.getInt(take(4), ORDER);
    }

    long readLong() {
        return buffer.getLong(take(8), ORDER);
    }

    float readFloat() {
        return buffer.getFloat(take(4), ORDER);
    }

    double readDouble() {
        return buffer.getDouble(take(8), ORDER);
    }

    /**
     * A reference written as its length (an unsigned short) and the bytes of {@code refs}
     * ({@code RecordLayout.putRef}); an empty one, or one {@code refs} reads as null, is refused.
     */
    ActorRef<?> readRef(ActorRefCodec refs) {
        final int length = readShort() & 0xFFFF;
        if (length == 0) {
            throw new IllegalArgumentException("a reference to an actor of 0 bytes");
        }
        final ActorRef<?> ref = refs.decode(buffer, take(length), length);
        if (ref == null) {
            throw new IllegalArgumentException(refs + " read a reference to an actor as null");
        }
        return ref;
    }

    /** A string written as its byte length (-1 for null) and its chars in CESU-8 ({@code RecordLayout.putString}). */
    String readString() {
        final int length = readInt();
        if (length < 0) {
            if (length != -1) {
                throw new IllegalArgumentException("a string length of " + length);
            }
            return null;
        }
        int at = take(length);
        final int end = at + length;
        final char[] chars = new char[length];
        int n = 0;
        while (at < end) {
            final int b = buffer.getByte(at++) & 0xFF;
            if (b < 0x80) {
                chars[n++] = (char) b;
            } else if ((b & 0xE0) == 0xC0 && at < end) {
                chars[n++] = (char) ((b & 0x1F) << 6 | continuation(at++));
            } else if ((b & 0xF0) == 0xE0 && at + 1 < end) {
                chars[n++] = (char) ((b & 0x0F) << 12 | continuation(at++) << 6 | continuation(at++));
            } else {
                throw new IllegalArgumentException("a string's byte " + b + " at " + (at - 1) + " starts no char");
            }
        }
        return new String(chars, 0, n);
    }

    private int continuation(int at) {
        final int b = buffer.getByte(at) & 0xFF;
        if ((b & 0xC0) != 0x80) {
            throw new IllegalArgumentException("a string's byte " + b + " at " + at + " continues no char");
        }
        return b & 0x3F;
    }
}
