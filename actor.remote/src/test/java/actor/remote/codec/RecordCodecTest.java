package actor.remote.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.ActorRef;
import java.util.List;
import java.util.Map;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/** What the built-in codec takes, what it refuses (and how it says so), its format and its checks on input. */
class RecordCodecTest {

    enum Suit { CLUBS, HEARTS }

    record Card(Suit suit, int rank) {
    }

    record WithList(int id, List<String> tags) {
    }

    record WithArray(int[] values) {
    }

    record WithObject(Object anything) {
    }

    record WithInterface(Runnable task) {
    }

    record Node(int value, Node next) {
    }

    record Outer(Inner inner) {
    }

    record Inner(Map<String, Integer> counts) {
    }

    record Text(String s) {
    }

    sealed interface Reply permits Done, Failed {
    }

    record Done(int n) implements Reply {
    }

    record Failed(String why) implements Reply {
    }

    record Request(int n, ActorRef<Reply> replyTo) {
    }

    record Envelope(Request request, ActorRef<? super Done> audit) {
    }

    record Wildcard(ActorRef<?> anyone) {
    }

    @SuppressWarnings("rawtypes")
    record Raw(ActorRef anyone) {
    }

    record Anything(ActorRef<Object> anyone) {
    }

    record Generic<T>(ActorRef<T> anyone) {
    }

    private final RecordCodec codec = new RecordCodec();

    @Test
    void takesRecordsAndEnumsAndNothingElse() {
        assertEquals("actor.remote.codec.RecordCodecTest$Card(suit:actor.remote.codec.RecordCodecTest$Suit{CLUBS,HEARTS},rank:int)",
                codec.codecFor(Card.class).schema());
        assertEquals("actor.remote.codec.RecordCodecTest$Suit{CLUBS,HEARTS}", codec.codecFor(Suit.class).schema());
        assertNull(codec.codecFor(String.class));
        assertNull(codec.codecFor(Runnable.class));
        assertNull(codec.codecFor(Object.class));
        assertEquals(RecordCodec.PRIORITY, codec.priority());
    }

    @Test
    void unsupportedComponentsAreNamedWithWhatWouldWork() {
        assertRefused(WithList.class, "record component actor.remote.codec.RecordCodecTest$WithList.tags has type "
                + "java.util.List<java.lang.String>, which the built-in codec does not encode");
        assertRefused(WithArray.class, "WithArray.values has type int[]");
        assertRefused(WithObject.class, "WithObject.anything has type java.lang.Object");
        assertRefused(WithInterface.class, "WithInterface.task has type java.lang.Runnable");
        assertRefused(Outer.class, "RecordCodecTest$Outer > actor.remote.codec.RecordCodecTest$Inner.counts has type "
                + "java.util.Map<java.lang.String, java.lang.Integer>");
        assertRefused(Node.class, "RecordCodecTest$Node contains actor.remote.codec.RecordCodecTest$Node again: "
                + "recursive records are not supported");
        assertTrue(assertThrows(UnsupportedMessageTypeException.class, () -> codec.codecFor(WithList.class)).getMessage()
                .contains("bring a MessageCodec (actor.remote.codec) for other types"));
    }

    private void assertRefused(Class<?> type, String expected) {
        final UnsupportedMessageTypeException e = assertThrows(UnsupportedMessageTypeException.class, () -> codec.codecFor(type));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @Test
    void aReferenceComponentNamesItsMessageTypeInTheSchemaAndAmongTheReferencedTypes() {
        final TypeCodec<Request> requests = codec.codecFor(Request.class, new TableRefCodec());
        assertEquals("actor.remote.codec.RecordCodecTest$Request(n:int,replyTo:ref<actor.remote.codec.RecordCodecTest$Reply>)",
                requests.schema());
        assertEquals(List.of(Reply.class), requests.referencedTypes());
        assertEquals(List.of(Reply.class, Done.class), codec.codecFor(Envelope.class, new TableRefCodec()).referencedTypes(),
                "a nested record's references, and the lower bound of a wildcard");
        assertEquals(List.of(), codec.codecFor(Card.class, new TableRefCodec()).referencedTypes());
    }

    @Test
    void aReferenceIsItsPresenceItsLengthAndTheNodesBytes() {
        final TableRefCodec refs = new TableRefCodec();
        final TypeCodec<Request> requests = codec.codecFor(Request.class, refs);
        final ActorRef<Reply> first = reply -> { };
        final ActorRef<Reply> second = reply -> { };
        final ExpandableArrayBuffer out = new ExpandableArrayBuffer(4);
        refs.encode(first, out, 0);
        assertEquals(4 + 1 + 2 + 4, requests.encode(new Request(7, second), out, 0));
        assertEquals(List.of(7, 0, 0, 0, 1, 4, 0, 1, 0, 0, 0), bytes(out, 11), "the second reference of the table");
        final UnsafeBuffer in = new UnsafeBuffer(out.byteArray());
        assertSame(second, requests.decode(in, 0, 11).replyTo());
    }

    @Test
    void aNullReferenceIsRefusedWhenEncodedAndWhenDecodedAndOtherNullsStay() {
        final TableRefCodec refs = new TableRefCodec();
        final ActorRef<Reply> replyTo = reply -> { };
        final ExpandableArrayBuffer out = new ExpandableArrayBuffer(4);
        final TypeCodec<Request> requests = codec.codecFor(Request.class, refs);
        assertEquals("record component actor.remote.codec.RecordCodecTest$Request.replyTo is null: a reference to an "
                + "actor in a message may not be null (the receiver could not reply to it)",
                assertThrows(NullPointerException.class, () -> requests.encode(new Request(8, null), out, 0)).getMessage());
        final TypeCodec<Envelope> envelopes = codec.codecFor(Envelope.class, refs);
        assertTrue(assertThrows(NullPointerException.class, () -> envelopes.encode(new Envelope(new Request(1, null), replyTo),
                out, 0)).getMessage().startsWith("record component actor.remote.codec.RecordCodecTest$Envelope > "
                + "actor.remote.codec.RecordCodecTest$Request.replyTo is null"));
        assertTrue(assertThrows(NullPointerException.class, () -> envelopes.encode(new Envelope(new Request(1, replyTo), null),
                out, 0)).getMessage().startsWith("record component actor.remote.codec.RecordCodecTest$Envelope.audit is null"));
        final int length = envelopes.encode(new Envelope(null, replyTo), out, 0);
        assertEquals(new Envelope(null, replyTo), envelopes.decode(new UnsafeBuffer(out.byteArray()), 0, length),
                "a nested record may still be null; only references may not");

        final UnsafeBuffer in = new UnsafeBuffer(new byte[16]);
        in.putInt(0, 8, WireReader.ORDER);
        assertEquals("record component actor.remote.codec.RecordCodecTest$Request.replyTo is null in the message: a "
                + "reference to an actor may not be null (written by another version, or corrupt bytes)",
                assertThrows(IllegalArgumentException.class, () -> requests.decode(in, 0, 5)).getMessage());
        in.putByte(4, (byte) 1);
        assertEquals("a reference to an actor of 0 bytes",
                assertThrows(IllegalArgumentException.class, () -> requests.decode(in, 0, 7)).getMessage());
        in.putShort(5, (short) 4, WireReader.ORDER);
        final ActorRefCodec nulls = new ActorRefCodec() {
            @Override
            public int encode(ActorRef<?> ref, MutableDirectBuffer buffer, int offset) {
                return 0;
            }

            @Override
            public ActorRef<?> decode(DirectBuffer buffer, int offset, int length) {
                return null;
            }

            @Override
            public String toString() {
                return "a codec of nulls";
            }
        };
        assertEquals("a codec of nulls read a reference to an actor as null", assertThrows(IllegalArgumentException.class,
                () -> codec.codecFor(Request.class, nulls).decode(in, 0, 11)).getMessage());
    }

    @Test
    void aReferenceWithoutAMessageTypeOrWithoutANodeIsRefused() {
        final String noType = "a reference must name the type of the messages it takes";
        for (Class<?> type : List.of(Wildcard.class, Raw.class, Anything.class, Generic.class)) {
            final UnsupportedMessageTypeException e = assertThrows(UnsupportedMessageTypeException.class,
                    () -> codec.codecFor(type, new TableRefCodec()));
            assertTrue(e.getMessage().contains(type.getSimpleName() + ".anyone has type ") && e.getMessage().contains(noType),
                    e.getMessage());
        }
        assertRefused(Request.class, "RecordCodecTest$Request.replyTo is a reference to an actor, which only a node's "
                + "codecs write");
    }

    @Test
    void theFormatIsLittleEndianComponentsInOrder() {
        final ExpandableArrayBuffer out = new ExpandableArrayBuffer(4);
        assertEquals(6, codec.codecFor(Card.class).encode(new Card(Suit.HEARTS, 0x01020304), out, 0));
        assertEquals(List.of(1, 0, 4, 3, 2, 1), bytes(out, 6));
        assertEquals(2, codec.codecFor(Suit.class).encode(Suit.HEARTS, out, 0));
        assertEquals(List.of(1, 0), bytes(out, 2));
        assertEquals(4 + 1 + 2 + 3, codec.codecFor(Text.class).encode(new Text("a\u00e9\ud800"), out, 0));
        assertEquals(List.of(6, 0, 0, 0, 0x61, 0xC3, 0xA9, 0xED, 0xA0, 0x80), bytes(out, 10));
        assertEquals(4, codec.codecFor(Text.class).encode(new Text(null), out, 0));
        assertEquals(List.of(0xFF, 0xFF, 0xFF, 0xFF), bytes(out, 4));
    }

    private static List<Integer> bytes(ExpandableArrayBuffer buffer, int length) {
        final Integer[] values = new Integer[length];
        for (int i = 0; i < length; i++) {
            values[i] = buffer.getByte(i) & 0xFF;
        }
        return List.of(values);
    }

    @Test
    void decodingChecksTheBytes() {
        final TypeCodec<Card> cards = codec.codecFor(Card.class);
        final ExpandableArrayBuffer out = new ExpandableArrayBuffer(16);
        final int length = cards.encode(new Card(Suit.CLUBS, 7), out, 0);
        final UnsafeBuffer in = new UnsafeBuffer(out.byteArray());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> cards.decode(in, 0, length - 1)).getMessage()
                .contains("ends 1 byte(s) too early"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> cards.decode(in, 0, length + 2)).getMessage()
                .contains("2 byte(s) left after"));
        out.putShort(0, (short) 5);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> cards.decode(in, 0, length)).getMessage()
                .contains("ordinal 5 of actor.remote.codec.RecordCodecTest$Suit, which has 2 constants"));
        final TypeCodec<Suit> suits = codec.codecFor(Suit.class);
        assertThrows(IllegalArgumentException.class, () -> suits.decode(in, 0, 2));
        assertThrows(IllegalArgumentException.class, () -> suits.decode(in, 0, 3));
        out.putInt(0, 2);
        out.putByte(4, (byte) 0xC3);
        out.putByte(5, (byte) 'x');
        assertTrue(assertThrows(IllegalArgumentException.class, () -> codec.codecFor(Text.class).decode(in, 0, 6))
                .getMessage().contains("continues no char"));
    }
}
