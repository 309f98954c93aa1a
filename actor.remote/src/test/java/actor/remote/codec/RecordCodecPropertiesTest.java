package actor.remote.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import actor.api.ActorRef;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Round trips of the built-in codec over generated records: every component kind (primitives with
 * their special values, boxes and nulls, any Java string, enums, records nested three deep,
 * references to actors through a stand-in for a node's reference codec), and sequences of messages
 * of several types written one after another, as a batch is.
 */
class RecordCodecPropertiesTest {

    enum Colour { RED, GREEN, BLUE }

    record Primitives(boolean z, byte b, short s, char c, int i, long l, float f, double d) {
    }

    record Boxes(Boolean z, Byte b, Short s, Character c, Integer i, Long l, Float f, Double d) {
    }

    record Point(int x, int y) {
    }

    record Refs(String text, Colour colour, Point point) {
    }

    record Everything(Primitives primitives, Boxes boxes, Refs refs, String tail) {
    }

    record Empty() {
    }

    /** A request with references to actors: the reply-to and an observer, never null (the codec refuses a null one). */
    record Call(long id, ActorRef<Point> replyTo, Refs payload, ActorRef<Colour> observer) {
    }

    private static final RecordCodec CODEC = new RecordCodec();
    private static final TableRefCodec REFS = new TableRefCodec();
    /** The references calls carry: a few distinct ones, so that equal calls carry the very same. */
    private static final List<ActorRef<?>> ACTORS = List.of(m -> { }, m -> { }, m -> { }, m -> { });

    @Property(tries = 300)
    void everyRecordComesBackEqual(@ForAll("everything") Everything message) {
        assertEquals(message, roundTrip(message, Everything.class, 0));
    }

    @Property(tries = 100)
    void anOffsetInTheBufferChangesNothing(@ForAll("everything") Everything message, @ForAll("offsets") int offset) {
        assertEquals(message, roundTrip(message, Everything.class, offset));
    }

    @Property(tries = 200)
    void everyReferenceComesBackAsTheVeryReferenceWritten(@ForAll("calls") Call call, @ForAll("offsets") int offset) {
        final Call back = roundTrip(call, Call.class, offset);
        assertEquals(call, back);
        assertSame(call.replyTo(), back.replyTo());
        assertSame(call.observer(), back.observer());
    }

    @Property(tries = 200)
    void messagesWrittenOneAfterAnotherComeBackInOrder(@ForAll("mixed") @Size(max = 20) List<Object> messages) {
        final ExpandableArrayBuffer out = new ExpandableArrayBuffer(16);
        final List<int[]> spans = new ArrayList<>();
        int offset = 0;
        for (Object message : messages) {
            final int length = codecOf(message.getClass()).encode(message, out, offset);
            spans.add(new int[] {offset, length});
            offset += length;
        }
        final UnsafeBuffer in = new UnsafeBuffer(out.byteArray(), 0, offset);
        final List<Object> back = new ArrayList<>();
        for (int k = 0; k < messages.size(); k++) {
            back.add(codecOf(messages.get(k).getClass()).decode(in, spans.get(k)[0], spans.get(k)[1]));
        }
        assertEquals(messages, back);
    }

    @SuppressWarnings("unchecked")
    private static TypeCodec<Object> codecOf(Class<?> type) {
        return (TypeCodec<Object>) CODEC.codecFor(type, REFS);
    }

    private static <T> T roundTrip(T message, Class<T> type, int offset) {
        final TypeCodec<T> codec = CODEC.codecFor(type, REFS);
        final ExpandableArrayBuffer out = new ExpandableArrayBuffer(8);
        final int length = codec.encode(message, out, offset);
        final byte[] copy = new byte[offset + length + 3];
        out.getBytes(0, copy, 0, offset + length);
        return codec.decode(new UnsafeBuffer(copy), offset, length);
    }

    @Provide
    Arbitrary<Integer> offsets() {
        return Arbitraries.integers().between(0, 100);
    }

    @Provide
    Arbitrary<Everything> everything() {
        return Combinators.combine(primitives(), boxes(), refs(), strings()).as(Everything::new);
    }

    @Provide
    Arbitrary<List<Object>> mixed() {
        return Arbitraries.oneOf(everything(), refs(), points(), Arbitraries.of(Colour.class),
                Arbitraries.just(new Empty()), calls()).list();
    }

    @Provide
    @SuppressWarnings("unchecked")
    Arbitrary<Call> calls() {
        return Combinators.combine(Arbitraries.longs(), Arbitraries.of(ACTORS), refs(), Arbitraries.of(ACTORS))
                .as((id, replyTo, payload, observer) -> new Call(id, (ActorRef<Point>) replyTo, payload, (ActorRef<Colour>) observer));
    }

    private static Arbitrary<Primitives> primitives() {
        return Combinators.combine(Arbitraries.of(true, false), Arbitraries.bytes(), Arbitraries.shorts(),
                Arbitraries.chars().all(), Arbitraries.integers(), Arbitraries.longs(), floats(), doubles())
                .as(Primitives::new);
    }

    private static Arbitrary<Boxes> boxes() {
        return Combinators.combine(Arbitraries.of(true, false).injectNull(0.2), Arbitraries.bytes().injectNull(0.2),
                Arbitraries.shorts().injectNull(0.2), Arbitraries.chars().all().injectNull(0.2),
                Arbitraries.integers().injectNull(0.2), Arbitraries.longs().injectNull(0.2),
                floats().injectNull(0.2), doubles().injectNull(0.2)).as(Boxes::new);
    }

    private static Arbitrary<Refs> refs() {
        return Combinators.combine(strings(), Arbitraries.of(Colour.class).injectNull(0.2), points().injectNull(0.2))
                .as(Refs::new);
    }

    private static Arbitrary<Point> points() {
        return Combinators.combine(Arbitraries.integers(), Arbitraries.integers()).as(Point::new);
    }

    /** Any Java string, unpaired surrogates and U+0000 included, or null. */
    private static Arbitrary<String> strings() {
        return Arbitraries.strings().all().ofMaxLength(40).injectNull(0.1);
    }

    private static Arbitrary<Float> floats() {
        return Arbitraries.floats().withStandardSpecialValues().withSpecialValue(-0.0f);
    }

    private static Arbitrary<Double> doubles() {
        return Arbitraries.doubles().withStandardSpecialValues().withSpecialValue(-0.0);
    }
}
