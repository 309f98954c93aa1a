package actor.remote.codec;

import java.util.List;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * The encoder and decoder of one message type, made once by a {@link MessageCodec}. Used from
 * several threads at once: keep no mutable state (or keep it per thread).
 *
 * <p>An SBE codec wraps its generated flyweights over the buffer at the given offset: encoding is
 * {@code encoder.wrap(buffer, offset)}, setting the fields, and returning {@code encoder.encodedLength()};
 * decoding is {@code decoder.wrap(buffer, offset, blockLength, version)} and building the message.
 *
 * @param <T> the message type
 */
public interface TypeCodec<T> {

    /**
     * {@return a description of the wire format} Part of the type's identity on the wire, with the
     * type's name: two nodes exchange messages of a type only if their schemas are equal, so change
     * it whenever the format changes (the built-in codec lists the components and their types).
     */
    String schema();

    /**
     * Writes {@code message} at {@code offset}.
     *
     * @param message the message, never null
     * @param buffer  where to write: it grows as needed (an {@code ExpandableArrayBuffer})
     * @param offset  where the message starts
     * @return the number of bytes written
     */
    int encode(T message, MutableDirectBuffer buffer, int offset);

    /**
     * Reads a message written by {@link #encode} (on another node, with the same schema).
     *
     * @param buffer the received bytes; valid only during this call
     * @param offset where the message starts
     * @param length its length in bytes, as {@link #encode} returned it
     * @return the message
     * @throws RuntimeException if the bytes are not a message of this type; the node reports it and
     *                          goes on with the next message
     */
    T decode(DirectBuffer buffer, int offset, int length);

    /**
     * {@return the message types of the references to actors that this type's messages carry (the
     * {@code Reply} of a component {@code ActorRef<Reply> replyTo})} A node registers them with this
     * type, on both ends, so that a reply sent to such a reference can be encoded where it is sent
     * and decoded where it arrives. Default: none.
     */
    default List<Class<?>> referencedTypes() {
        return List.of();
    }
}
