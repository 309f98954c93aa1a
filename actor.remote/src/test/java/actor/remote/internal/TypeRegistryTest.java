package actor.remote.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.ActorRef;
import actor.remote.codec.ActorRefCodec;
import actor.remote.codec.MessageCodec;
import actor.remote.codec.RecordCodec;
import actor.remote.codec.TypeCodec;
import actor.remote.codec.UnsupportedMessageTypeException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.junit.jupiter.api.Test;

/** Registration: sealed protocols expand, codecs are asked by priority and once per type, ids follow name and schema. */
class TypeRegistryTest {

    sealed interface Protocol permits Start, Stop, Nested {
    }

    record Start(int n) implements Protocol {
    }

    enum Stop implements Protocol { NOW, LATER { } }

    sealed interface Nested extends Protocol permits Deep {
    }

    record Deep(String s) implements Nested {
    }

    interface Open {
    }

    record Opened(int n) implements Open {
    }

    sealed interface WithClass permits Plain {
    }

    static final class Plain implements WithClass {
    }

    /** A request whose reply-to takes a sealed protocol, one of whose replies can ask back. */
    record Ask(int n, ActorRef<Answer> replyTo) {
    }

    sealed interface Answer permits Yes, No {
    }

    record Yes(int n) implements Answer {
    }

    record No(String why, ActorRef<Ask> retry) implements Answer {
    }

    record AskOpen(ActorRef<Open> replyTo) {
    }

    /** References are written by a node; registration only needs one to hand to the codecs. */
    private static final ActorRefCodec REFS = new ActorRefCodec() {
        @Override
        public int encode(ActorRef<?> ref, MutableDirectBuffer buffer, int offset) {
            throw new UnsupportedOperationException("not in these tests");
        }

        @Override
        public ActorRef<?> decode(DirectBuffer buffer, int offset, int length) {
            throw new UnsupportedOperationException("not in these tests");
        }
    };

    /** Takes {@link Start} only, as a constant 4-byte format, and counts how often it is asked. */
    static final class StartCodec implements MessageCodec {
        final AtomicInteger asked = new AtomicInteger();
        final int priority;

        StartCodec(int priority) {
            this.priority = priority;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> TypeCodec<T> codecFor(Class<T> type) {
            if (type != Start.class) {
                return null;
            }
            asked.incrementAndGet();
            return (TypeCodec<T>) new TypeCodec<Start>() {
                @Override
                public String schema() {
                    return "start-v1";
                }

                @Override
                public int encode(Start message, MutableDirectBuffer buffer, int offset) {
                    buffer.putInt(offset, message.n());
                    return 4;
                }

                @Override
                public Start decode(DirectBuffer buffer, int offset, int length) {
                    return new Start(buffer.getInt(offset));
                }
            };
        }

        @Override
        public int priority() {
            return priority;
        }
    }

    @Test
    void aSealedProtocolStandsForItsRecordsAndEnumsAtAnyDepth() {
        final TypeRegistry registry = new TypeRegistry(List.of(), REFS);
        assertEquals(List.of(Start.class, Stop.class, Deep.class), registry.register(Protocol.class));
        assertEquals(Start.class, registry.entryFor(new Start(1)).type());
        assertEquals(Stop.class, registry.entryFor(Stop.LATER).type(), "an enum constant with a body is its enum");
        final TypeRegistry.Entry deep = registry.entryFor(new Deep("x"));
        assertSame(deep, registry.entry(deep.id()));
        assertEquals(List.of(Deep.class), registry.register(Deep.class), "registering again changes nothing");
        assertSame(deep, registry.entryFor(new Deep("y")));
        assertNull(registry.entryFor("a string"));
        assertNull(registry.entry(deep.id() + 1));
    }

    @Test
    void theMessageTypesOfReferencesAreRegisteredWithTheTypeButNotListedAsIt() {
        final TypeRegistry registry = new TypeRegistry(List.of(), REFS);
        assertEquals(List.of(Ask.class), registry.register(Ask.class), "the types that stand for Ask");
        for (Object message : List.of(new Yes(1), new No("busy", null), new Ask(2, null))) {
            assertEquals(message.getClass(), registry.entryFor(message).type(), "registered: " + message);
        }
        assertEquals(List.of(Yes.class, No.class), registry.register(Answer.class), "already registered, listed as Answer's");
        final UnsupportedMessageTypeException open = assertThrows(UnsupportedMessageTypeException.class,
                () -> registry.register(AskOpen.class));
        assertTrue(open.getMessage().startsWith("no codec takes actor.remote.internal.TypeRegistryTest$Open (the message "
                + "type of a reference to an actor in actor.remote.internal.TypeRegistryTest$AskOpen)"), open.getMessage());
        assertNull(registry.entryFor(new AskOpen(null)), "nothing was registered by a failed registration");
    }

    @Test
    void typesNoCodecTakesAreRefusedByName() {
        final TypeRegistry registry = new TypeRegistry(List.of(), REFS);
        final UnsupportedMessageTypeException open = assertThrows(UnsupportedMessageTypeException.class,
                () -> registry.register(Open.class));
        assertTrue(open.getMessage().startsWith("no codec takes actor.remote.internal.TypeRegistryTest$Open: a message "
                + "type must be a record or an enum"), open.getMessage());
        final UnsupportedMessageTypeException plain = assertThrows(UnsupportedMessageTypeException.class,
                () -> registry.register(WithClass.class));
        assertTrue(plain.getMessage().contains("TypeRegistryTest$Plain (a permitted subtype of "
                + "actor.remote.internal.TypeRegistryTest$WithClass)"), plain.getMessage());
        assertNull(registry.entryFor(new Opened(1)), "nothing was registered by a failed registration");
    }

    @Test
    void codecsAreAskedByPriorityEachTypeOnce() {
        final StartCodec preferred = new StartCodec(0);
        final TypeRegistry registry = new TypeRegistry(List.of(preferred), REFS);
        assertEquals(2, registry.codecs().size(), "the configured codec and the built-in one found as a service");
        assertSame(preferred, registry.codecs().get(0));
        assertInstanceOf(RecordCodec.class, registry.codecs().get(1));
        registry.register(Protocol.class);
        registry.register(Start.class);
        for (int i = 0; i < 1000; i++) {
            assertEquals("start-v1", registry.entryFor(new Start(i)).codec().schema());
        }
        assertEquals(1, preferred.asked.get(), "one type codec per type, made at registration");

        final TypeRegistry builtInFirst = new TypeRegistry(List.of(new StartCodec(RecordCodec.PRIORITY - 1)), REFS);
        builtInFirst.register(Start.class);
        assertTrue(builtInFirst.entryFor(new Start(1)).codec().schema().contains("(n:int)"));
    }

    @Test
    void theWireIdFollowsTheNameAndTheSchema() {
        final TypeRegistry one = new TypeRegistry(List.of(), REFS);
        final TypeRegistry other = new TypeRegistry(List.of(), REFS);
        one.register(Protocol.class);
        other.register(Start.class);
        assertEquals(one.entryFor(new Start(1)).id(), other.entryFor(new Start(2)).id(), "two nodes agree without talking");
        final TypeRegistry custom = new TypeRegistry(List.of(new StartCodec(0)), REFS);
        custom.register(Start.class);
        assertNotEquals(one.entryFor(new Start(1)).id(), custom.entryFor(new Start(1)).id(),
                "another format of the same type is another id");
        assertNotEquals(TypeRegistry.idOf(Start.class, "a"), TypeRegistry.idOf(Deep.class, "a"));
    }
}
