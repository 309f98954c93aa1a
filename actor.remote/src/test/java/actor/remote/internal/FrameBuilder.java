package actor.remote.internal;

import java.nio.charset.StandardCharsets;
import org.agrona.ExpandableArrayBuffer;

/**
 * Frames written by hand, field by field, little-endian as {@link Wire}: valid ones as a node writes
 * them, and malformed ones (any length, count or byte where the test wants it).
 */
final class FrameBuilder {

    /** An epoch for frames where its value does not matter (any but 0, which no node draws). */
    static final long EPOCH = 0x0E90C4L;

    private final ExpandableArrayBuffer buffer = new ExpandableArrayBuffer(64);
    private int length;

    /** A header of {@code kind}, this protocol's version, no flags. */
    static FrameBuilder header(byte kind, long incarnation, String name, String endpoint) {
        return new FrameBuilder().b(kind).b(Wire.VERSION).s(0).l(incarnation).str(name).str(endpoint);
    }

    /** A DATA frame's header, epoch and target, before its count. */
    static FrameBuilder data(long incarnation, String name, String endpoint, long epoch, String target) {
        return header(Wire.DATA, incarnation, name, endpoint).l(epoch).str(target);
    }

    FrameBuilder b(int value) {
        buffer.putByte(length, (byte) value);
        length += 1;
        return this;
    }

    FrameBuilder s(int value) {
        buffer.putShort(length, (short) value, Wire.ORDER);
        length += 2;
        return this;
    }

    FrameBuilder i(int value) {
        buffer.putInt(length, value, Wire.ORDER);
        length += 4;
        return this;
    }

    FrameBuilder l(long value) {
        buffer.putLong(length, value, Wire.ORDER);
        length += 8;
        return this;
    }

    /** UTF-8 bytes after their length as a short. */
    FrameBuilder str(String value) {
        final byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        return s(bytes.length).raw(bytes);
    }

    FrameBuilder raw(byte[] bytes) {
        buffer.putBytes(length, bytes);
        length += bytes.length;
        return this;
    }

    /** One DATA message: its type id, its length and its bytes. */
    FrameBuilder message(int typeId, byte[] payload) {
        return i(typeId).i(payload.length).raw(payload);
    }

    byte[] bytes() {
        final byte[] bytes = new byte[length];
        buffer.getBytes(0, bytes);
        return bytes;
    }
}
