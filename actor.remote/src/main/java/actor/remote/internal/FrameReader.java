package actor.remote.internal;

import org.agrona.DirectBuffer;

/**
 * A cursor over bytes received from another node (a frame, or a reference to an actor inside one),
 * bounded by their end: each read checks that the field lies before the end, and each length or
 * count read is checked against the bytes left before it is returned, so nothing is read past the
 * end, and no length or count from the wire sizes anything larger than the bytes that carry it. A
 * read that does not fit throws a {@link MalformedFrameException} naming the field, the value and
 * the length of what is read. Little-endian, as {@link Wire}.
 *
 * <p>Reused ({@link #wrap}); the checks are int comparisons, and nothing is allocated unless the
 * bytes are malformed. Threading: the receiving agent's thread only.
 */
final class FrameReader {

    /** What the bytes are, for the messages: "frame", "reference". */
    private final String whole;
    private DirectBuffer buffer;
    private int start;
    private int at;
    private int end;

    FrameReader(String whole) {
        this.whole = whole;
    }

    /** Starts reading {@code length} bytes of {@code buffer} at {@code offset}. */
    FrameReader wrap(DirectBuffer buffer, int offset, int length) {
        this.buffer = buffer;
        this.start = offset;
        this.at = offset;
        this.end = offset + length;
        return this;
    }

    /** Where the next read starts. */
    int position() {
        return at;
    }

    byte readByte(String field) {
        return buffer.getByte(take(1, field, ""));
    }

    short readShort(String field) {
        return buffer.getShort(take(2, field, ""), Wire.ORDER);
    }

    int readInt(String field) {
        return buffer.getInt(take(4, field, ""), Wire.ORDER);
    }

    long readLong(String field) {
        return buffer.getLong(take(8, field, ""), Wire.ORDER);
    }

    /**
     * The length of {@code field}, written as an unsigned short before it, checked to fit before the
     * end; the field's bytes are then at {@link #position()}, not read yet.
     */
    int readLength(String field) {
        final int length = buffer.getShort(take(2, field, " length"), Wire.ORDER) & 0xFFFF;
        if (length > end - at) {
            throw past(field, " length ", length, "");
        }
        return length;
    }

    /** The length of {@code field}, written as an int before it, checked as {@link #readLength}. */
    int readIntLength(String field) {
        final int length = buffer.getInt(take(4, field, " length"), Wire.ORDER);
        if (length < 0) {
            throw new MalformedFrameException(field + " length " + length + ", negative");
        }
        if (length > end - at) {
            throw past(field, " length ", length, "");
        }
        return length;
    }

    /**
     * A count written as an int, of the entries of {@code entryBytes} bytes each (at least) that
     * follow it, checked to be non-negative and to fit before the end.
     */
    int readCount(String entry, int entryBytes) {
        final int count = buffer.getInt(take(4, entry, " count"), Wire.ORDER);
        if (count < 0) {
            throw new MalformedFrameException(entry + " count " + count + ", negative");
        }
        if (count > (end - at) / entryBytes) {
            throw past(entry, " count ", count, " (" + entryBytes + " bytes each)");
        }
        return count;
    }

    /** Passes over {@code bytes} bytes, a length or count times an entry's size checked before. */
    void skip(int bytes, String field) {
        take(bytes, field, "");
    }

    /** Checks that everything was read: a {@code what} has nothing after its last field. */
    void expectEnd(String what) {
        if (at != end) {
            throw new MalformedFrameException((end - at) + " byte(s) after the end of " + what + " ("
                    + whole + " of " + (end - start) + " bytes)");
        }
    }

    /**
     * The offset of the next {@code bytes} bytes, {@code field} and {@code suffix} naming them; the
     * message is made only when they do not fit, so that a sound frame costs no allocation.
     */
    private int take(int bytes, String field, String suffix) {
        final int from = at;
        if (bytes > end - from) {
            throw new MalformedFrameException("the " + whole + " ends before its " + field + suffix + " (" + whole + " of "
                    + (end - start) + " bytes, " + (end - from) + " left)");
        }
        at = from + bytes;
        return from;
    }

    private MalformedFrameException past(String field, String what, int value, String detail) {
        return new MalformedFrameException(field + what + value + detail + " past the " + whole + "'s end ("
                + (end - start) + " bytes)");
    }
}
