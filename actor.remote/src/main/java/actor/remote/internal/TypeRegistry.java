package actor.remote.internal;

import actor.remote.codec.ActorRefCodec;
import actor.remote.codec.MessageCodec;
import actor.remote.codec.RecordCodec;
import actor.remote.codec.TypeCodec;
import actor.remote.codec.UnsupportedMessageTypeException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import org.agrona.collections.Int2ObjectHashMap;

/**
 * The message types one node can send and receive, each with its {@link TypeCodec} and its id on
 * the wire. A type is registered once (by an export, a lookup or a resolve), with the message types
 * of the references to actors its messages carry; a sealed interface that no codec takes stands for
 * its permitted subtypes, recursively.
 *
 * <p>A type's id is a 32-bit hash of its name and its codec's schema, so two nodes that register
 * the same type with the same format agree on it without talking, and a node with another version
 * of the type (another schema) sees an unknown id instead of misreading the bytes.
 *
 * <p>Threading: {@link #register} is synchronized; the lookups read immutable maps published
 * through volatile fields (copy on write), from any thread, without locks.
 */
public final class TypeRegistry {

    /** A registered type: its wire id and codec. */
    public record Entry(int id, Class<?> type, TypeCodec<Object> codec) {
    }

    private final List<MessageCodec> codecs;
    private final ActorRefCodec refs;
    /** Written under {@code this} (a new map each time); read by any thread. */
    private volatile Map<Class<?>, Entry> byClass = Map.of();
    /** Written under {@code this} (a new map each time, never changed after); read by the receiving agent. */
    private volatile Int2ObjectHashMap<Entry> byId = new Int2ObjectHashMap<>();

    /**
     * @param configured codecs given in the configuration; those found by {@link ServiceLoader} are
     *                   added (one instance per class), and all are asked by decreasing priority,
     *                   the configured ones first among equals
     * @param refs       how the node writes and reads references to actors, handed to every codec
     */
    public TypeRegistry(List<MessageCodec> configured, ActorRefCodec refs) {
        this.refs = refs;
        final List<MessageCodec> all = new ArrayList<>(configured);
        final Set<Class<?>> seen = new HashSet<>();
        for (MessageCodec codec : configured) {
            seen.add(codec.getClass());
        }
        for (MessageCodec found : ServiceLoader.load(MessageCodec.class, TypeRegistry.class.getClassLoader())) {
            if (seen.add(found.getClass())) {
                all.add(found);
            }
        }
        if (seen.add(RecordCodec.class)) {
            all.add(new RecordCodec());
        }
        all.sort(Comparator.comparingInt(MessageCodec::priority).reversed());
        this.codecs = List.copyOf(all);
    }

    /** {@return the codecs, in the order they are asked} */
    public List<MessageCodec> codecs() {
        return codecs;
    }

    /**
     * Registers {@code root}, or its permitted subtypes if it is a sealed type no codec takes, and
     * the message types of the references its messages carry ({@link TypeCodec#referencedTypes()}),
     * in the same way.
     *
     * @return the types that stand for {@code root} (itself, or its permitted subtypes), already
     *         registered ones included, in the order met; the referenced types are registered, not listed
     * @throws UnsupportedMessageTypeException if a type has no codec, or its codec refuses it
     * @throws IllegalStateException           if two types' ids collide (rename one)
     */
    public synchronized List<Class<?>> register(Class<?> root) {
        final Map<Class<?>, Entry> classes = new HashMap<>(byClass);
        final Int2ObjectHashMap<Entry> ids = new Int2ObjectHashMap<>(byId);
        final Set<Class<?>> ofRoot = new LinkedHashSet<>();
        final Set<Class<?>> seen = new HashSet<>();
        // The root's own types first, all of them, then the referenced ones: a type met both ways is of the root.
        final Deque<Reached> todo = new ArrayDeque<>(List.of(new Reached(root, true, "")));
        final Deque<Reached> referencedTodo = new ArrayDeque<>();
        while (!todo.isEmpty() || !referencedTodo.isEmpty()) {
            final Reached next = todo.isEmpty() ? referencedTodo.poll() : todo.poll();
            final Class<?> type = next.type();
            if (classes.containsKey(type)) {
                if (next.ofRoot()) {
                    ofRoot.add(type);
                }
                continue;
            }
            if (!seen.add(type)) {
                continue;
            }
            final TypeCodec<Object> codec = codecFor(type);
            if (codec == null) {
                if (type.isSealed()) {
                    for (Class<?> subtype : type.getPermittedSubclasses()) {
                        (next.ofRoot() ? todo : referencedTodo).add(new Reached(subtype, next.ofRoot(),
                                " (a permitted subtype of " + type.getName() + ")"));
                    }
                    continue;
                }
                throw new UnsupportedMessageTypeException("no codec takes " + type.getName() + next.how()
                        + ": a message type must be a record "
                        + "or an enum (the built-in RecordCodec), a sealed interface of those, or a type a MessageCodec "
                        + "handles (" + codecs + ")");
            }
            for (Class<?> referenced : codec.referencedTypes()) {
                referencedTodo.add(new Reached(referenced, false, " (the message type of a reference to an actor in "
                        + type.getName() + ")"));
            }
            final Entry entry = new Entry(idOf(type, codec.schema()), type, codec);
            final Entry clash = ids.get(entry.id());
            if (clash != null) {
                throw new IllegalStateException("the wire ids of " + type.getName() + " and " + clash.type().getName()
                        + " collide (" + entry.id() + "); rename one of them");
            }
            classes.put(type, entry);
            ids.put(entry.id(), entry);
            if (next.ofRoot()) {
                ofRoot.add(type);
            }
        }
        byClass = Map.copyOf(classes);
        byId = ids;
        return List.copyOf(ofRoot);
    }

    /**
     * A type met while registering: whether it stands for the root (the root, or a permitted subtype
     * of one that does) and how it was reached, for the errors.
     */
    private record Reached(Class<?> type, boolean ofRoot, String how) {
    }

    @SuppressWarnings("unchecked")
    private TypeCodec<Object> codecFor(Class<?> type) {
        for (MessageCodec codec : codecs) {
            final TypeCodec<?> made = codec.codecFor(type, refs);
            if (made != null) {
                return (TypeCodec<Object>) made;
            }
        }
        return null;
    }

    /**
     * {@return the entry that encodes {@code message}: its class's, or that of the nearest
     * registered supertype (an enum constant with a body, a type a codec takes as a whole); null if
     * none}
     */
    public Entry entryFor(Object message) {
        final Class<?> type = message.getClass();
        final Entry direct = byClass.get(type);
        return direct != null ? direct : entryOfSupertype(type);
    }

    private synchronized Entry entryOfSupertype(Class<?> type) {
        final Deque<Class<?>> todo = new ArrayDeque<>();
        todo.add(type);
        while (!todo.isEmpty()) {
            final Class<?> next = todo.poll();
            final Entry entry = byClass.get(next);
            if (entry != null) {
                final Map<Class<?>, Entry> classes = new HashMap<>(byClass);
                classes.put(type, entry);
                byClass = Map.copyOf(classes);
                return entry;
            }
            if (next.getSuperclass() != null) {
                todo.add(next.getSuperclass());
            }
            todo.addAll(List.of(next.getInterfaces()));
        }
        return null;
    }

    /** {@return the entry registered for exactly {@code type}, or null} */
    public Entry entryOf(Class<?> type) {
        return byClass.get(type);
    }

    /** {@return the entry with wire id {@code id}, or null} */
    public Entry entry(int id) {
        return byId.get(id);
    }

    /** FNV-1a over the UTF-8 of name and schema, 64 bits folded to 32. */
    static int idOf(Class<?> type, String schema) {
        long hash = 0xcbf29ce484222325L;
        for (byte b : (type.getName() + '\n' + schema).getBytes(StandardCharsets.UTF_8)) {
            hash ^= b & 0xff;
            hash *= 0x100000001b3L;
        }
        return (int) (hash ^ (hash >>> 32));
    }
}
