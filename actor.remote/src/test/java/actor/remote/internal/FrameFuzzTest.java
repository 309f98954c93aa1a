package actor.remote.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.ActorError;
import actor.api.ActorRef;
import actor.remote.internal.RawPeer.Ping;
import actor.remote.internal.RawPeer.Request;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Fuzzing what a node receives: random bytes, and frames of every kind as a node writes them, cut
 * short, lengthened, with a byte changed, or with a huge length or count written anywhere in them
 * (2^31 - 1, -2^31, -1, 65535...).
 *
 * <ul>
 *   <li>{@link #everyFrameIsTakenWholeOrRefusedWithTheDecodeErrorAndSizesNothing} feeds them to
 *       {@link Frame#wrap}, the check every received frame passes before the agent uses any of it
 *       (no media driver involved): it returns, having checked that everything it gives lies in the
 *       frame, or throws the {@link MalformedFrameException} that the agent reports, nothing else.
 *       Allocation: the check allocates nothing for a frame it takes and only the exception for one
 *       it refuses, measured with the thread's allocation counter: a length or count from the wire
 *       that sized an array (a count of 2^31 times anything, a length of 65535) would show as at
 *       least that many bytes. What the agent makes after the check (names, messages) is sized by
 *       lengths the check bounded by the frame's.</li>
 *   <li>{@link #aNodeDeliversNothingFromAMalformedFrameReportsItOnceAndGoesOn} sends them over UDP
 *       to a running node ({@link RawPeer}), each followed by a valid frame: the node reports each
 *       frame the check refuses exactly once as a malformed frame and delivers nothing from any
 *       frame it reports so, and counts it in {@code rejectedFrames}; it delivers nothing from a
 *       frame whose flags say it carries a tag (it has no secret), and counts it; nothing escapes
 *       its receiving agent (which the node would report as "the receiving agent failed"); and it
 *       delivers the valid frame after it.</li>
 * </ul>
 *
 * A fixed seed, so a run is repeatable; a failure's shrunk frame belongs in {@link FrameTest} or
 * {@link MalformedFramesTest} as an example.
 */
class FrameFuzzTest {

    private static final String SEED = "20260601";
    /** Lengths and counts that must size nothing, written over any 4 (or 2) bytes of a frame. */
    private static final List<Integer> HUGE = List.of(Integer.MAX_VALUE, Integer.MIN_VALUE, -1, 0xFFFF, 0x10000,
            1 << 30, 0x7FFF_FFF0, 9000);
    /** Allocation of one refused frame's check: the exception and its message, whatever the frame. */
    private static final long REFUSAL_BYTES = 4096;

    private static Path directory;
    private static RawPeer peer;

    private final Frame frame = new Frame();

    @BeforeContainer
    static void start() throws IOException, InterruptedException {
        warmUp();
        directory = Files.createTempDirectory("frame-fuzz");
        peer = RawPeer.start(directory);
    }

    @AfterContainer
    static void close() throws IOException {
        peer.close();
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }

    @Property(tries = 5_000, seed = SEED)
    void everyFrameIsTakenWholeOrRefusedWithTheDecodeErrorAndSizesNothing(@ForAll("frames") byte[] bytes) throws Throwable {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[5 + bytes.length + 5]);
        buffer.putBytes(5, bytes);
        final int end = 5 + bytes.length;
        final long allocated = leastAllocated(buffer, bytes.length);
        final boolean taken;
        try {
            taken = frame.wrap(buffer, 5, bytes.length, 0);
        } catch (MalformedFrameException refused) {
            assertTrue(allocated <= REFUSAL_BYTES, "refusing allocated " + allocated + " bytes: " + refused.getMessage());
            assertFalse(refused.getMessage().isEmpty());
            return;
        }
        assertEquals(0, allocated, "taking a frame allocates nothing");
        if (!taken) {
            assertTrue(bytes.length >= 2 && bytes[1] != Wire.VERSION, "only another version is not taken");
            return;
        }
        switch (frame.kind()) {
            case Wire.DATA -> {
                assertWithin(frame.targetAt(), frame.targetLength(), end);
                int at = frame.entriesAt();
                for (int i = 0; i < frame.count(); i++) {
                    if (frame.contextual()) {
                        assertWithin(at, 2, end);
                        final int contextLength = buffer.getShort(at, Wire.ORDER) & 0xFFFF;
                        assertWithin(at + 2, contextLength, end);
                        at += 2 + contextLength;
                    }
                    assertWithin(at, 8, end);
                    final int length = buffer.getInt(at + 4, Wire.ORDER);
                    assertWithin(at + 8, length, end);
                    at += 8 + length;
                }
                assertEquals(end, at);
            }
            case Wire.STATUS -> assertEquals(end, frame.entriesAt() + Wire.STATUS_ENTRY_LENGTH * frame.count());
            case Wire.IDENTIFY -> {
                assertWithin(frame.targetAt(), frame.targetLength(), end);
                assertEquals(end, frame.entriesAt() + 4 * frame.count());
            }
            case Wire.IDENTITY -> {
                assertWithin(frame.entriesAt(), 5 * frame.count(), end);
                assertEquals(end, frame.typeAt() + frame.typeLength());
            }
            default -> throw new AssertionError("a frame of kind " + frame.kind() + " was taken");
        }
        try {
            frame.origin();
        } catch (MalformedFrameException malformedOrigin) {
            assertTrue(malformedOrigin.getMessage().startsWith("the header's "), malformedOrigin.getMessage());
        }
    }

    /**
     * The least the check allocates over three runs on the same frame, which it takes or refuses
     * every time: what the JVM may allocate once on the thread (when it compiles or deoptimizes the
     * code around the check) is not the check's, and what the check allocates it allocates each run.
     */
    private long leastAllocated(UnsafeBuffer buffer, int length) throws Throwable {
        long least = Long.MAX_VALUE;
        int refusals = 0;
        for (int run = 0; run < 3; run++) {
            final long before = AllocatedBytes.ofThisThread();
            try {
                frame.wrap(buffer, 5, length, 0);
            } catch (MalformedFrameException refused) {
                refusals++;
            }
            least = Math.min(least, AllocatedBytes.ofThisThread() - before);
        }
        assertTrue(refusals == 0 || refusals == 3, "refused " + refusals + " times of 3");
        return least;
    }

    /**
     * Runs the check over a frame of each kind and a frame that fails at each of its refusals, and
     * reads the allocation counter many times, so that what the JVM makes on a first run (the string
     * literals, the string concatenations' call sites, the method handle's forms) is not counted
     * against the frames of the property.
     */
    private static void warmUp() {
        final FrameBuilder header = FrameBuilder.header(Wire.DATA, 1, "a", "localhost:1");
        final List<byte[]> frames = List.of(
                FrameBuilder.data(1, "a", "localhost:1", FrameBuilder.EPOCH, "t").i(1).message(1, new byte[2]).bytes(),
                FrameBuilder.header(Wire.STATUS, 1, "a", "localhost:1").l(FrameBuilder.EPOCH).i(0).bytes(),
                FrameBuilder.header(Wire.IDENTIFY, 1, "a", "localhost:1").l(1).str("t").i(1).i(5).bytes(),
                FrameBuilder.header(Wire.IDENTITY, 1, "a", "localhost:1").l(1).b(1).i(1).i(5).b(0).str("T").bytes(),
                new byte[] {Wire.DATA},
                new FrameBuilder().b(Wire.DATA).b(Wire.VERSION).s(0).l(1).s(500).bytes(),
                FrameBuilder.data(1, "a", "localhost:1", FrameBuilder.EPOCH, "t").i(-1).bytes(),
                FrameBuilder.data(1, "a", "localhost:1", FrameBuilder.EPOCH, "t").i(9).bytes(),
                FrameBuilder.data(1, "a", "localhost:1", FrameBuilder.EPOCH, "t").i(1).i(1).i(-1).bytes(),
                FrameBuilder.data(1, "a", "localhost:1", FrameBuilder.EPOCH, "t").i(1).i(1).i(90).bytes(),
                FrameBuilder.data(1, "a", "localhost:1", FrameBuilder.EPOCH, "t").i(0).b(0).bytes(),
                new FrameBuilder().b(Wire.DATA).b(Wire.VERSION).s(Wire.FLAG_CONTEXT).l(1).str("a").str("localhost:1")
                        .l(FrameBuilder.EPOCH).str("t").i(1).str("00-ab").message(1, new byte[2]).bytes(),
                new FrameBuilder().b(Wire.DATA).b(Wire.VERSION).s(Wire.FLAG_CONTEXT).l(1).str("a").str("localhost:1")
                        .l(FrameBuilder.EPOCH).str("t").i(1).s(500).i(1).i(0).bytes(),
                FrameBuilder.header((byte) 9, 1, "a", "localhost:1").bytes(),
                FrameBuilder.header(Wire.IDENTITY, 1, "a", "localhost:1").l(1).b(3).bytes(),
                FrameBuilder.header(Wire.IDENTITY, 1, "a", "localhost:1").l(1).b(1).i(1).i(5).b(9).bytes(),
                header.bytes());
        final Frame frame = new Frame();
        for (int i = 0; i < 10_000; i++) {
            try {
                AllocatedBytes.ofThisThread();
            } catch (Throwable unexpected) {
                throw new AssertionError(unexpected);
            }
        }
        for (byte[] bytes : frames) {
            try {
                frame.wrap(new UnsafeBuffer(bytes), 0, bytes.length, 0);
            } catch (MalformedFrameException refused) {
                assertFalse(refused.getMessage().isEmpty());
            }
        }
    }

    private static void assertWithin(int at, int length, int end) {
        assertTrue(at >= 5 && length >= 0 && at + length <= end, at + " + " + length + " past " + end);
    }

    @Property(tries = 1_000, seed = SEED)
    void aNodeDeliversNothingFromAMalformedFrameReportsItOnceAndGoesOn(@ForAll("frames") byte[] bytes) throws Exception {
        // A frame whose flags say a tag follows is rejected before the check, by a node without a secret.
        final boolean tagged = Frame.isTagged(new UnsafeBuffer(bytes), 0, bytes.length);
        boolean malformed;
        try {
            frame.wrap(new UnsafeBuffer(bytes), 0, bytes.length, 0);
            malformed = false;
        } catch (MalformedFrameException refused) {
            malformed = !tagged;
        }
        final long rejected = peer.node.rejectedFrames();
        peer.send(bytes);
        final List<Object> delivered = peer.deliveredUntilTheNodeGoesOn();
        final List<ActorError> errors = peer.takeErrors();
        long malformedReports = 0;
        for (ActorError error : errors) {
            final String problem = assertInstanceOf(ActorError.RemoteFailure.class, error).problem();
            assertFalse(problem.startsWith("the receiving agent failed") || problem.startsWith("the Aeron client failed"),
                    problem);
            if (problem.startsWith("a malformed frame from ")) {
                malformedReports++;
            }
        }
        if (malformed) {
            assertEquals(1, malformedReports, errors::toString);
        }
        if (malformedReports > 0 || tagged) {
            assertEquals(List.of(), delivered, "delivered from a frame reported malformed or rejected");
            assertEquals(rejected + 1, peer.node.rejectedFrames(), "the frame dropped is counted");
        }
    }

    @Provide
    Arbitrary<byte[]> frames() {
        final Arbitrary<byte[]> random = Arbitraries.bytes().array(byte[].class).ofMaxSize(120);
        final Arbitrary<byte[]> versioned = Combinators.combine(Arbitraries.of(Wire.DATA, Wire.STATUS, Wire.IDENTIFY,
                Wire.IDENTITY, (byte) 0, (byte) 9), random).as((kind, rest) -> {
                    final byte[] bytes = Arrays.copyOf(new byte[] {kind, Wire.VERSION}, 2 + rest.length);
                    System.arraycopy(rest, 0, bytes, 2, rest.length);
                    return bytes;
                });
        final Arbitrary<byte[]> valid = Arbitraries.oneOf(data(), status(), identify(), identity());
        return Arbitraries.frequencyOf(Tuple.of(1, random), Tuple.of(1, versioned), Tuple.of(2, valid),
                Tuple.of(6, valid.flatMap(FrameFuzzTest::mutated)),
                Tuple.of(2, valid.flatMap(FrameFuzzTest::mutated).flatMap(FrameFuzzTest::mutated)));
    }

    /** {@code frame} cut short, lengthened, with a byte changed, or with a huge length or count written in it. */
    private static Arbitrary<byte[]> mutated(byte[] frame) {
        final Arbitrary<Integer> at = Arbitraries.integers().between(0, Math.max(0, frame.length - 1));
        return Arbitraries.oneOf(
                at.map(length -> Arrays.copyOf(frame, length)),
                Arbitraries.bytes().array(byte[].class).ofMinSize(1).ofMaxSize(8).map(tail -> {
                    final byte[] longer = Arrays.copyOf(frame, frame.length + tail.length);
                    System.arraycopy(tail, 0, longer, frame.length, tail.length);
                    return longer;
                }),
                Combinators.combine(at, Arbitraries.bytes()).as((i, value) -> {
                    final byte[] changed = frame.clone();
                    if (changed.length > 0) {
                        changed[i] = value;
                    }
                    return changed;
                }),
                Combinators.combine(at, Arbitraries.of(HUGE), Arbitraries.of(2, 4)).as((i, value, width) -> {
                    final byte[] changed = frame.clone();
                    final UnsafeBuffer bytes = new UnsafeBuffer(changed);
                    if (width == 4 && i + 4 <= changed.length) {
                        bytes.putInt(i, value, Wire.ORDER);
                    } else if (i + 2 <= changed.length) {
                        bytes.putShort(i, (short) (int) value, Wire.ORDER);
                    }
                    return changed;
                }));
    }

    private static FrameBuilder header(byte kind, int flags) {
        return new FrameBuilder().b(kind).b(Wire.VERSION).s(flags).l(RawPeer.INCARNATION).str(RawPeer.NAME)
                .str(peer.endpoint);
    }

    /**
     * DATA to the ping sink, the request sink or no export, with up to three messages, each with a
     * sender's context (a node without a propagator skips it) when the flags say so.
     */
    private static Arbitrary<byte[]> data() {
        final Arbitrary<Object> ping = Combinators.combine(Arbitraries.integers(), Arbitraries.strings().ofMaxLength(12))
                .as(Ping::new);
        final Arbitrary<Object> request = Arbitraries.integers().map(n -> new Request(n, n % 2 == 0
                ? peer.delivered.ref() : replyTo()));
        return Combinators.combine(Arbitraries.of(RawPeer.PINGS, RawPeer.REQUESTS, "nobody"),
                Arbitraries.of(0, (int) Wire.FLAG_CONTEXT), Arbitraries.strings().ascii().ofMaxLength(60),
                Arbitraries.oneOf(ping, request).list().ofMaxSize(3)).as((target, flags, context, messages) -> {
                    final FrameBuilder frame = header(Wire.DATA, flags).l(peer.epoch()).str(target).i(messages.size());
                    for (Object message : messages) {
                        if (flags != 0) {
                            frame.str(context);
                        }
                        frame.message(peer.node.registry.entryFor(message).id(), peer.encode(message));
                    }
                    return frame.bytes();
                });
    }

    /** The proxy of an actor of the raw peer: written as that node, its endpoint and the actor's name. */
    private static ActorRef<Object> replyTo() {
        return peer.node.lookup(RawPeer.NAME, "replies", Ping.class);
    }

    private static Arbitrary<byte[]> status() {
        final Arbitrary<byte[]> entry = Combinators.combine(Arbitraries.integers(), Arbitraries.longs(), Arbitraries.longs())
                .as((session, join, position) -> new FrameBuilder().i(session).l(join).l(position).bytes());
        return Combinators.combine(Arbitraries.of(0, (int) Wire.FLAG_CLOSING), entry.list().ofMaxSize(3)).as((flags, entries) -> {
            final FrameBuilder frame = header(Wire.STATUS, flags).l(FrameBuilder.EPOCH).i(entries.size());
            entries.forEach(frame::raw);
            return frame.bytes();
        });
    }

    private static Arbitrary<byte[]> identify() {
        return Combinators.combine(Arbitraries.longs(), Arbitraries.of(RawPeer.PINGS, "nobody"),
                Arbitraries.integers().list().ofMaxSize(4)).as((id, target, types) -> {
                    final FrameBuilder frame = header(Wire.IDENTIFY, 0).l(id).str(target).i(types.size());
                    types.forEach(frame::i);
                    return frame.bytes();
                });
    }

    private static Arbitrary<byte[]> identity() {
        final Arbitrary<byte[]> verdict = Combinators.combine(Arbitraries.integers(), Arbitraries.of(Wire.ACCEPTED,
                Wire.UNKNOWN_TYPE, Wire.REFUSED_TYPE)).as((type, v) -> new FrameBuilder().i(type).b(v).bytes());
        return Combinators.combine(Arbitraries.longs(), Arbitraries.of(0, 1), verdict.list().ofMaxSize(3),
                Arbitraries.strings().alpha().ofMaxLength(20)).as((id, exported, verdicts, type) -> {
                    final FrameBuilder frame = header(Wire.IDENTITY, 0).l(id).b(exported).i(verdicts.size());
                    verdicts.forEach(frame::raw);
                    return frame.str(type).bytes();
                });
    }
}
