package actor.remote.codec;

import actor.api.ActorRef;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * How a node writes and reads references to actors ({@link ActorRef}) inside messages, so that a
 * request can carry its reply-to. A node hands its own to {@link MessageCodec#codecFor(Class, ActorRefCodec)};
 * a type codec calls it for each reference it encodes or decodes.
 *
 * <p>A node writes a reference to one of its own actors as its name, its endpoint and a name under
 * which it exports the actor (made up on first use, once per actor), and a reference it looked up
 * (a proxy) as the remote actor's node, endpoint and exported name, so a reference passed on to a
 * third node still denotes the original actor. Reading turns the bytes into the reference the
 * reading node would get from a lookup of that actor (the same proxy), or into the local actor's
 * own reference when it is one of the reading node's actors.
 *
 * <p>Threading: {@link #encode} runs on the actor system's workers, several at once;
 * {@link #decode} on the node's receiving thread.
 */
public interface ActorRefCodec {

    /** Longest encoded reference, in bytes: its length travels as an unsigned short. */
    int MAX_LENGTH = 0xFFFF;

    /**
     * Writes {@code ref} at {@code offset}.
     *
     * @param ref    the reference, never null
     * @param buffer where to write; it grows as needed
     * @param offset where the reference starts
     * @return the number of bytes written, at most {@value #MAX_LENGTH}
     */
    int encode(ActorRef<?> ref, MutableDirectBuffer buffer, int offset);

    /**
     * Reads a reference written by {@link #encode} (on this node or another).
     *
     * @param buffer the received bytes; valid only during this call
     * @param offset where the reference starts
     * @param length its length, as {@link #encode} returned it
     * @return the reference, never null
     * @throws RuntimeException if the bytes are not a reference (a node's codec checks every length
     *                          against {@code length}, and the node's name and endpoint as its
     *                          configuration's), or denote an actor of this node that is no longer
     *                          exported; the node reports the message and goes on
     */
    ActorRef<?> decode(DirectBuffer buffer, int offset, int length);
}
