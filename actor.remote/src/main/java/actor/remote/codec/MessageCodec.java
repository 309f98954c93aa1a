package actor.remote.codec;

/**
 * A source of {@link TypeCodec}s: the service through which applications bring their own wire
 * formats (SBE, Protocol Buffers, hand-written encoders...) for some of their message types.
 *
 * <p>A node finds codecs with {@link java.util.ServiceLoader}: a modular application declares
 * {@code provides actor.remote.codec.MessageCodec with com.example.MyCodec;} (on the class path, a
 * {@code META-INF/services/actor.remote.codec.MessageCodec} file), and codecs may also be given to
 * {@link actor.remote.RemoteConfig.Builder#codec}. For each message type it registers, the node
 * asks the codecs in order of decreasing {@link #priority()} and takes the first type codec returned;
 * the built-in {@link RecordCodec} comes last. A sealed interface that no codec takes is replaced by
 * its permitted subtypes, each asked for in turn.
 *
 * <p>Both ends of a conversation must register the same type with codecs of the same
 * {@link TypeCodec#schema() schema}: the type's name and schema identify it on the wire.
 */
public interface MessageCodec {

    /**
     * Makes the encoder and decoder of {@code type}, once, when a node registers the type.
     *
     * @param <T>  the message type
     * @param type a message type: a class, record, enum or interface
     * @return the type codec, or null if this codec does not handle {@code type}
     * @throws UnsupportedMessageTypeException if this codec handles types of this kind but not this
     *                                         one (for example a record with a component of a type it
     *                                         cannot encode), saying why
     */
    <T> TypeCodec<T> codecFor(Class<T> type);

    /**
     * Makes the encoder and decoder of {@code type}, whose messages may carry references to actors:
     * what a node calls. The default ignores {@code refs} and calls {@link #codecFor(Class)}; a
     * codec whose messages carry references overrides it, writes each through {@code refs}, and
     * names their message types in {@link TypeCodec#referencedTypes()}.
     *
     * @param <T>  the message type
     * @param type a message type
     * @param refs how the node writes and reads references to actors
     * @return the type codec, or null if this codec does not handle {@code type}
     * @throws UnsupportedMessageTypeException as {@link #codecFor(Class)}
     */
    default <T> TypeCodec<T> codecFor(Class<T> type, ActorRefCodec refs) {
        return codecFor(type);
    }

    /**
     * {@return the precedence of this codec among those that handle the same type: higher is asked
     * first} Default 0; the built-in {@link RecordCodec} has {@link RecordCodec#PRIORITY}.
     */
    default int priority() {
        return 0;
    }
}
