package actor.remote.codec;

import actor.api.ActorRef;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import org.agrona.MutableDirectBuffer;

/**
 * The encoder and decoder of one record type, each a single method handle composed once from the
 * record's component accessors, its canonical constructor and one writer and reader per component
 * type; nothing is looked up per message.
 *
 * <p>The encoder has type {@code (MutableDirectBuffer, int offset, Object record) int}: it writes
 * the components in declaration order and returns the offset after them. The decoder has type
 * {@code (WireReader) Object}: it reads the components in the same order and calls the canonical
 * constructor. The format, little-endian: {@code boolean} and {@code byte} one byte, {@code short}
 * and {@code char} two, {@code int} and {@code float} four, {@code long} and {@code double} eight;
 * a {@code String} its byte length as an int (-1 for null) and its chars in CESU-8; an enum its ordinal as a
 * short (-1 for null); a boxed primitive or a nested record a presence byte (0 for null) and then
 * the value; a reference to an actor ({@code ActorRef<M>}) a presence byte, then its length as an
 * unsigned short and the bytes the node's {@link ActorRefCodec} wrote. A reference is never null:
 * the encoder throws a {@code NullPointerException} naming the component, and the decoder refuses
 * a presence byte of 0, an empty reference, and a null from the {@link ActorRefCodec}. The presence
 * byte is thus always 1; it stays so that nodes of earlier versions, which register the type under
 * the same schema and id, read and write the same bytes.
 */
final class RecordLayout {

    private static final ByteOrder ORDER = WireReader.ORDER;
    private static final Map<Class<?>, String> BOXES = Map.of(Boolean.class, "boolean", Byte.class, "byte",
            Short.class, "short", Character.class, "char", Integer.class, "int", Long.class, "long",
            Float.class, "float", Double.class, "double");
    private static final MethodHandle PUT_NULLABLE;
    private static final MethodHandle READ_NULLABLE;
    private static final MethodHandle READ_ENUM;
    private static final MethodHandle PUT_ENUM;
    private static final MethodHandle PUT_STRING;
    private static final MethodHandle READ_STRING;
    private static final MethodHandle PUT_REF;
    private static final MethodHandle READ_REF;

    static {
        final MethodHandles.Lookup lookup = MethodHandles.lookup();
        try {
            PUT_NULLABLE = lookup.findStatic(RecordLayout.class, "putNullable", MethodType.methodType(int.class,
                    MethodHandle.class, MutableDirectBuffer.class, int.class, Object.class));
            READ_NULLABLE = lookup.findStatic(RecordLayout.class, "readNullable",
                    MethodType.methodType(Object.class, MethodHandle.class, WireReader.class));
            READ_ENUM = lookup.findStatic(RecordLayout.class, "readEnum",
                    MethodType.methodType(Enum.class, Enum[].class, WireReader.class));
            PUT_ENUM = lookup.findStatic(RecordLayout.class, "putEnum",
                    MethodType.methodType(int.class, MutableDirectBuffer.class, int.class, Enum.class));
            PUT_STRING = lookup.findStatic(RecordLayout.class, "putString",
                    MethodType.methodType(int.class, MutableDirectBuffer.class, int.class, String.class));
            READ_STRING = lookup.findVirtual(WireReader.class, "readString", MethodType.methodType(String.class));
            PUT_REF = lookup.findStatic(RecordLayout.class, "putRef", MethodType.methodType(int.class,
                    String.class, ActorRefCodec.class, MutableDirectBuffer.class, int.class, ActorRef.class));
            READ_REF = lookup.findStatic(RecordLayout.class, "readRef",
                    MethodType.methodType(ActorRef.class, String.class, ActorRefCodec.class, WireReader.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final String schema;
    /** {@code (MutableDirectBuffer, int, Object) int}: writes the record, returns the offset after it. */
    final MethodHandle encoder;
    /** {@code (WireReader) Object}: reads a record. */
    final MethodHandle decoder;
    /** The message types of the references the record carries, nested records' included, in the order met. */
    final List<Class<?>> referencedTypes;

    private RecordLayout(String schema, MethodHandle encoder, MethodHandle decoder, List<Class<?>> referencedTypes) {
        this.schema = schema;
        this.encoder = encoder;
        this.decoder = decoder;
        this.referencedTypes = referencedTypes;
    }

    /**
     * The layout of {@code record}.
     *
     * @throws UnsupportedMessageTypeException if a component's type is not supported, the record
     *                                         contains itself, or it is not accessible
     */
    static RecordLayout of(Class<?> record, ActorRefCodec refs) {
        return of(record, new Making(refs, new ArrayDeque<>(), new LinkedHashSet<>()));
    }

    /**
     * What the making of one layout carries down into its nested records: how references are
     * written (null: they are refused), the records being made (to refuse recursion), and the
     * message types of the references met.
     */
    private record Making(ActorRefCodec refs, Deque<Class<?>> path, Set<Class<?>> referenced) {
    }

    private static RecordLayout of(Class<?> record, Making making) {
        final Deque<Class<?>> path = making.path();
        if (path.contains(record)) {
            throw new UnsupportedMessageTypeException(pathOf(path) + " contains " + record.getName()
                    + " again: recursive records are not supported by the built-in codec; bring a MessageCodec for them");
        }
        path.push(record);
        final MethodHandles.Lookup lookup = lookupFor(record);
        final RecordComponent[] components = record.getRecordComponents();
        final Class<?>[] types = new Class<?>[components.length];
        final StringJoiner schema = new StringJoiner(",", "(", ")");
        MethodHandle encoder = MethodHandles.dropArguments(MethodHandles.dropArguments(
                MethodHandles.identity(int.class), 0, MutableDirectBuffer.class), 2, Object.class);
        final Part[] parts = new Part[components.length];
        for (int i = 0; i < components.length; i++) {
            final RecordComponent component = components[i];
            types[i] = component.getType();
            parts[i] = part(component, making);
            schema.add(component.getName() + ":" + parts[i].schema);
            final MethodHandle accessor;
            try {
                accessor = lookup.unreflect(component.getAccessor()).asType(MethodType.methodType(types[i], Object.class));
            } catch (IllegalAccessException e) {
                throw inaccessible(record, e);
            }
            // write(b, o, r) = writer(b, previous(b, o, r), accessor(r)): the components in order.
            final MethodHandle write = MethodHandles.filterArguments(parts[i].writer, 2, accessor);
            final MethodHandle afterPrevious = MethodHandles.permuteArguments(write, MethodType.methodType(int.class,
                    int.class, MutableDirectBuffer.class, int.class, Object.class), 1, 0, 3);
            encoder = MethodHandles.foldArguments(afterPrevious, encoder);
        }
        final MethodHandle constructor;
        try {
            final Constructor<?> canonical = record.getDeclaredConstructor(types);
            constructor = lookup.unreflectConstructor(canonical);
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw inaccessible(record, e);
        }
        // Fold the readers from the last component to the first, so that the first one runs first:
        // each fold reads one value and passes it on, with the reader, to the rest.
        MethodHandle decoder = MethodHandles.dropArguments(constructor, components.length, WireReader.class);
        for (int i = components.length - 1; i >= 0; i--) {
            decoder = MethodHandles.foldArguments(decoder, i, parts[i].reader);
        }
        path.pop();
        return new RecordLayout(record.getName() + schema, encoder,
                decoder.asType(MethodType.methodType(Object.class, WireReader.class)), List.copyOf(making.referenced()));
    }

    /** How one component is written and read: writer {@code (MutableDirectBuffer, int, T) int}, reader {@code (WireReader) T}. */
    private record Part(String schema, MethodHandle writer, MethodHandle reader) {
    }

    private static Part part(RecordComponent component, Making making) {
        final Deque<Class<?>> path = making.path();
        final Class<?> type = component.getType();
        try {
            if (type.isPrimitive()) {
                return primitive(type);
            }
            final String boxed = BOXES.get(type);
            if (boxed != null) {
                final Part value = primitive(primitiveOf(type));
                return new Part(boxed + "?", nullableWriter(value.writer, type), nullableReader(value.reader, type));
            }
            if (type == String.class) {
                return new Part("string", PUT_STRING, READ_STRING);
            }
            if (type.isEnum()) {
                final Enum<?>[] constants = (Enum<?>[]) type.getEnumConstants();
                if (constants.length > Short.MAX_VALUE) {
                    throw new UnsupportedMessageTypeException(pathOf(path) + "." + component.getName() + ": enum "
                            + type.getName() + " has more than " + Short.MAX_VALUE + " constants");
                }
                final StringJoiner names = new StringJoiner(",", type.getName() + "{", "}");
                for (Enum<?> constant : constants) {
                    names.add(constant.name());
                }
                return new Part(names.toString(), PUT_ENUM.asType(MethodType.methodType(int.class,
                        MutableDirectBuffer.class, int.class, type)),
                        MethodHandles.insertArguments(READ_ENUM, 0, (Object) constants)
                                .asType(MethodType.methodType(type, WireReader.class)));
            }
            if (type == ActorRef.class) {
                return reference(component, making);
            }
            if (type.isRecord()) {
                final RecordLayout nested = of(type, making);
                return new Part(nested.schema + "?", nullableWriter(nested.encoder, type), nullableReader(nested.decoder, type));
            }
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw new IllegalStateException("the built-in codec's own writers are missing", e);
        }
        throw new UnsupportedMessageTypeException("record component " + pathOf(path) + "." + component.getName()
                + " has type " + component.getGenericType().getTypeName() + ", which the built-in codec does not encode. "
                + "It encodes records whose components are primitives, their boxes, String, enums, references to "
                + "actors (ActorRef<M>) and such records (nested, not recursive), and enums; bring a MessageCodec "
                + "(actor.remote.codec) for other types");
    }

    /**
     * A reference to an actor: a presence byte, then its length as an unsigned short and the bytes
     * of the node's {@link ActorRefCodec}; never null. Its message type, the type argument, joins
     * the referenced types and the schema.
     */
    private static Part reference(RecordComponent component, Making making) {
        final String where = "record component " + pathOf(making.path()) + "." + component.getName();
        final Class<?> messages = messageTypeOf(component.getGenericType());
        if (messages == null) {
            throw new UnsupportedMessageTypeException(where + " has type " + component.getGenericType().getTypeName()
                    + ": a reference must name the type of the messages it takes (ActorRef<Reply>, ActorRef<? super "
                    + "Reply>), a class or an interface other than Object, which the node registers with the record");
        }
        if (making.refs() == null) {
            throw new UnsupportedMessageTypeException(where + " is a reference to an actor, which only a node's codecs "
                    + "write (RecordCodec.codecFor(type, refs), called when a node registers the type)");
        }
        making.referenced().add(messages);
        return new Part("ref<" + messages.getName() + ">", MethodHandles.insertArguments(PUT_REF, 0, where, making.refs()),
                MethodHandles.insertArguments(READ_REF, 0, where, making.refs()));
    }

    /**
     * The message type of a component of type {@code ActorRef<...>}: its type argument, the bound of a
     * wildcard (the lower one if any), the raw class of a parameterized type; null if that is not a
     * class other than Object (a type variable, {@code ?}, a raw {@code ActorRef}).
     */
    private static Class<?> messageTypeOf(Type generic) {
        if (!(generic instanceof ParameterizedType parameterized)) {
            return null;
        }
        Type argument = parameterized.getActualTypeArguments()[0];
        if (argument instanceof WildcardType wildcard) {
            argument = wildcard.getLowerBounds().length > 0 ? wildcard.getLowerBounds()[0] : wildcard.getUpperBounds()[0];
        }
        if (argument instanceof ParameterizedType argumentParameterized) {
            argument = argumentParameterized.getRawType();
        }
        return argument instanceof Class<?> type && type != Object.class ? type : null;
    }

    private static Class<?> primitiveOf(Class<?> box) {
        return MethodType.methodType(box).unwrap().returnType();
    }

    private static Part primitive(Class<?> type) throws NoSuchMethodException, IllegalAccessException {
        final String name = type.getName();
        final String capitalized = Character.toUpperCase(name.charAt(0)) + name.substring(1);
        final MethodHandles.Lookup lookup = MethodHandles.lookup();
        return new Part(name,
                lookup.findStatic(RecordLayout.class, "put" + capitalized,
                        MethodType.methodType(int.class, MutableDirectBuffer.class, int.class, type)),
                lookup.findVirtual(WireReader.class, "read" + capitalized, MethodType.methodType(type)));
    }

    /** A writer {@code (b, o, T) int} of a value that may be null: a presence byte, then the value if any. */
    private static MethodHandle nullableWriter(MethodHandle present, Class<?> type) {
        return MethodHandles.insertArguments(PUT_NULLABLE, 0,
                present.asType(MethodType.methodType(int.class, MutableDirectBuffer.class, int.class, Object.class)))
                .asType(MethodType.methodType(int.class, MutableDirectBuffer.class, int.class, type));
    }

    /** A reader {@code (WireReader) T} of what {@link #nullableWriter} wrote. */
    private static MethodHandle nullableReader(MethodHandle present, Class<?> type) {
        return MethodHandles.insertArguments(READ_NULLABLE, 0,
                present.asType(MethodType.methodType(Object.class, WireReader.class)))
                .asType(MethodType.methodType(type, WireReader.class));
    }

    /**
     * A lookup that may use {@code type}'s accessors and canonical constructor: the public one for a
     * public record in a package exported to this module, else a private one, which needs the
     * package open to {@code actor.remote} (always so on the class path).
     */
    private static MethodHandles.Lookup lookupFor(Class<?> type) {
        final Module self = RecordLayout.class.getModule();
        self.addReads(type.getModule());
        if (Modifier.isPublic(type.getModifiers()) && isPublicallyNested(type)
                && type.getModule().isExported(type.getPackageName(), self)) {
            return MethodHandles.lookup();
        }
        try {
            return MethodHandles.privateLookupIn(type, MethodHandles.lookup());
        } catch (IllegalAccessException e) {
            throw inaccessible(type, e);
        }
    }

    private static boolean isPublicallyNested(Class<?> type) {
        for (Class<?> outer = type.getEnclosingClass(); outer != null; outer = outer.getEnclosingClass()) {
            if (!Modifier.isPublic(outer.getModifiers())) {
                return false;
            }
        }
        return true;
    }

    private static UnsupportedMessageTypeException inaccessible(Class<?> type, Exception cause) {
        final UnsupportedMessageTypeException e = new UnsupportedMessageTypeException("the built-in codec cannot reach "
                + type.getName() + "'s accessors and canonical constructor: make it a public record in an exported "
                + "package, or open its package to actor.remote (opens " + type.getPackageName() + " to actor.remote;)");
        e.initCause(cause);
        return e;
    }

    private static String pathOf(Deque<Class<?>> path) {
        final StringJoiner joined = new StringJoiner(" > ");
        path.descendingIterator().forEachRemaining(type -> joined.add(type.getName()));
        return joined.toString();
    }

    static int putNullable(MethodHandle present, MutableDirectBuffer buffer, int offset, Object value) throws Throwable {
        if (value == null) {
            buffer.putByte(offset, (byte) 0);
            return offset + 1;
        }
        buffer.putByte(offset, (byte) 1);
        return (int) present.invokeExact(buffer, offset + 1, value);
    }

    static Object readNullable(MethodHandle present, WireReader reader) throws Throwable {
        return reader.readBoolean() ? (Object) present.invokeExact(reader) : null;
    }

    /** Writes the reference {@code component} holds: a presence byte, always 1, its length and its bytes. */
    static int putRef(String component, ActorRefCodec refs, MutableDirectBuffer buffer, int offset, ActorRef<?> ref) {
        if (ref == null) {
            throw new NullPointerException(component + " is null: a reference to an actor in a message may not "
                    + "be null (the receiver could not reply to it)");
        }
        buffer.putByte(offset, (byte) 1);
        final int length = refs.encode(ref, buffer, offset + 3);
        if (length < 0 || length > ActorRefCodec.MAX_LENGTH) {
            throw new IllegalStateException("a reference of " + length + " bytes: at most " + ActorRefCodec.MAX_LENGTH);
        }
        buffer.putShort(offset + 1, (short) length, ORDER);
        return offset + 3 + length;
    }

    /** Reads the reference of {@code component}; refuses a null one. */
    static ActorRef<?> readRef(String component, ActorRefCodec refs, WireReader reader) {
        if (!reader.readBoolean()) {
            throw new IllegalArgumentException(component + " is null in the message: a reference to an actor may not "
                    + "be null (written by another version, or corrupt bytes)");
        }
        return reader.readRef(refs);
    }

    static int putEnum(MutableDirectBuffer buffer, int offset, Enum<?> value) {
        buffer.putShort(offset, value == null ? -1 : (short) value.ordinal(), ORDER);
        return offset + 2;
    }

    static Enum<?> readEnum(Enum<?>[] constants, WireReader reader) {
        final short ordinal = reader.readShort();
        if (ordinal == -1) {
            return null;
        }
        if (ordinal < 0 || ordinal >= constants.length) {
            throw new IllegalArgumentException("ordinal " + ordinal + " of " + constants.getClass().getComponentType().getName()
                    + ", which has " + constants.length + " constants");
        }
        return constants[ordinal];
    }

    /**
     * A string as its byte length (an int, -1 for null) and its chars in CESU-8: UTF-8 applied to
     * each UTF-16 char on its own, so every Java string comes back equal, unpaired surrogates
     * included (plain UTF-8 would turn those into '?').
     */
    static int putString(MutableDirectBuffer buffer, int offset, String value) {
        if (value == null) {
            buffer.putInt(offset, -1, ORDER);
            return offset + 4;
        }
        final int length = value.length();
        if (buffer.isExpandable()) {
            buffer.checkLimit(offset + 4 + 3 * length);
        }
        int at = offset + 4;
        for (int i = 0; i < length; i++) {
            final char c = value.charAt(i);
            if (c < 0x80) {
                buffer.putByte(at++, (byte) c);
            } else if (c < 0x800) {
                buffer.putByte(at++, (byte) (0xC0 | c >> 6));
                buffer.putByte(at++, (byte) (0x80 | c & 0x3F));
            } else {
                buffer.putByte(at++, (byte) (0xE0 | c >> 12));
                buffer.putByte(at++, (byte) (0x80 | c >> 6 & 0x3F));
                buffer.putByte(at++, (byte) (0x80 | c & 0x3F));
            }
        }
        buffer.putInt(offset, at - offset - 4, ORDER);
        return at;
    }

    static int putBoolean(MutableDirectBuffer buffer, int offset, boolean value) {
        buffer.putByte(offset, value ? (byte) 1 : (byte) 0);
        return offset + 1;
    }

    static int putByte(MutableDirectBuffer buffer, int offset, byte value) {
        buffer.putByte(offset, value);
        return offset + 1;
    }

    static int putShort(MutableDirectBuffer buffer, int offset, short value) {
        buffer.putShort(offset, value, ORDER);
        return offset + 2;
    }

    static int putChar(MutableDirectBuffer buffer, int offset, char value) {
        buffer.putChar(offset, value, ORDER);
        return offset + 2;
    }

    static int putInt(MutableDirectBuffer buffer, int offset, int value) {
        buffer.putInt(offset, value, ORDER);
        return offset + 4;
    }

    static int putLong(MutableDirectBuffer buffer, int offset, long value) {
        buffer.putLong(offset, value, ORDER);
        return offset + 8;
    }

    static int putFloat(MutableDirectBuffer buffer, int offset, float value) {
        buffer.putFloat(offset, value, ORDER);
        return offset + 4;
    }

    static int putDouble(MutableDirectBuffer buffer, int offset, double value) {
        buffer.putDouble(offset, value, ORDER);
        return offset + 8;
    }
}
