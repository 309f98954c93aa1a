package actor.remote.codec;

import java.lang.invoke.MethodHandle;
import java.util.List;
import java.util.Objects;
import java.util.StringJoiner;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * The built-in codec: records whose components are primitives, their boxes, {@code String}s, enums,
 * references to actors ({@code ActorRef<M>}, written by the node's {@link ActorRefCodec}) and such
 * records again (nested to any depth, but not recursive), and enums. Components may be null where
 * their type allows it, except references to actors: a record whose {@code ActorRef} component is
 * null is refused when it is encoded (a {@code NullPointerException} naming the component, which a
 * node reports as the message undelivered, {@code ActorError.RemoteUndelivered}, on the sending
 * side), and a null reference on the wire is refused when it is decoded, so a handler never finds
 * null where a reference is declared. Each record's encoder and decoder are composed once, when the
 * type is registered, from its component accessors and canonical constructor (method handles,
 * no reflection per message).
 *
 * <p>The format: the components in declaration order, little-endian, with no names or type tags
 * (the {@linkplain TypeCodec#schema() schema}, which lists the component names and types, tells a
 * type's versions apart). Strings are written in CESU-8 (UTF-8 applied to each UTF-16 char), so
 * every Java string comes back equal, unpaired surrogates included. An enum message is its ordinal
 * as a short.
 *
 * <p>Access: a public record in an exported package needs nothing more; any other record's
 * package must be open to {@code actor.remote} ({@code opens com.example.messages to actor.remote;}),
 * as it always is on the class path. Anything else (a collection, an array, a component of any
 * other interface type, a recursive record) fails at registration with an {@link UnsupportedMessageTypeException}
 * that names the component; bring a {@link MessageCodec} for such types.
 */
public final class RecordCodec implements MessageCodec {

    /** This codec's {@linkplain MessageCodec#priority() priority}: below every codec that keeps the default. */
    public static final int PRIORITY = -1000;

    /** The codec; it holds no state, so any instance will do. */
    public RecordCodec() {
        // Public for ServiceLoader.
    }

    /**
     * {@inheritDoc} A record with a component of type {@code ActorRef} is refused here: only a node,
     * through {@link #codecFor(Class, ActorRefCodec)}, writes references.
     */
    @Override
    public <T> TypeCodec<T> codecFor(Class<T> type) {
        return make(type, null);
    }

    /**
     * {@inheritDoc} A component of type {@code ActorRef<M>} is written through {@code refs}, and
     * {@code M} is among the type codec's {@linkplain TypeCodec#referencedTypes() referenced types}.
     */
    @Override
    public <T> TypeCodec<T> codecFor(Class<T> type, ActorRefCodec refs) {
        return make(type, Objects.requireNonNull(refs, "refs"));
    }

    @SuppressWarnings("unchecked")
    private static <T> TypeCodec<T> make(Class<T> type, ActorRefCodec refs) {
        if (type.isEnum()) {
            return (TypeCodec<T>) new EnumTypeCodec<>((Class<? extends Enum<?>>) type);
        }
        if (type.isRecord()) {
            return new RecordTypeCodec<>(RecordLayout.of(type, refs));
        }
        return null;
    }

    @Override
    public int priority() {
        return PRIORITY;
    }

    @Override
    public String toString() {
        return "RecordCodec";
    }

    /** A record message: the layout's composed handles. */
    private static final class RecordTypeCodec<T> implements TypeCodec<T> {
        private final String schema;
        private final MethodHandle encoder;
        private final MethodHandle decoder;
        private final List<Class<?>> referencedTypes;

        RecordTypeCodec(RecordLayout layout) {
            this.schema = layout.schema;
            this.encoder = layout.encoder;
            this.decoder = layout.decoder;
            this.referencedTypes = layout.referencedTypes;
        }

        @Override
        public String schema() {
            return schema;
        }

        @Override
        public List<Class<?>> referencedTypes() {
            return referencedTypes;
        }

        @Override
        public int encode(T message, MutableDirectBuffer buffer, int offset) {
            try {
                return (int) encoder.invokeExact(buffer, offset, (Object) message) - offset;
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable t) {
                throw new IllegalStateException("encoding " + message.getClass().getName() + " failed", t);
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        public T decode(DirectBuffer buffer, int offset, int length) {
            final WireReader reader = new WireReader(buffer, offset, length);
            final Object message;
            try {
                message = (Object) decoder.invokeExact(reader);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable t) {
                throw new IllegalStateException("decoding a " + schema + " failed", t);
            }
            if (reader.remaining() != 0) {
                throw new IllegalArgumentException(reader.remaining() + " byte(s) left after a " + schema
                        + ": a different schema, or corrupt bytes");
            }
            return (T) message;
        }
    }

    /** An enum message: its ordinal as a short. */
    private static final class EnumTypeCodec<E extends Enum<E>> implements TypeCodec<E> {
        private final E[] constants;
        private final String schema;

        @SuppressWarnings("unchecked")
        EnumTypeCodec(Class<? extends Enum<?>> type) {
            this.constants = (E[]) type.getEnumConstants();
            if (constants.length > Short.MAX_VALUE) {
                throw new UnsupportedMessageTypeException("enum " + type.getName() + " has more than "
                        + Short.MAX_VALUE + " constants");
            }
            final StringJoiner names = new StringJoiner(",", type.getName() + "{", "}");
            for (E constant : constants) {
                names.add(constant.name());
            }
            this.schema = names.toString();
        }

        @Override
        public String schema() {
            return schema;
        }

        @Override
        public int encode(E message, MutableDirectBuffer buffer, int offset) {
            buffer.putShort(offset, (short) message.ordinal(), WireReader.ORDER);
            return 2;
        }

        @Override
        public E decode(DirectBuffer buffer, int offset, int length) {
            final int ordinal = length == 2 ? buffer.getShort(offset, WireReader.ORDER) : -1;
            if (ordinal < 0 || ordinal >= constants.length) {
                throw new IllegalArgumentException("not a " + schema + ": " + length + " byte(s)"
                        + (length == 2 ? ", ordinal " + ordinal : ""));
            }
            return constants[ordinal];
        }
    }
}
