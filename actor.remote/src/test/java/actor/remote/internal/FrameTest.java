package actor.remote.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.remote.NodeAddress;
import java.util.Arrays;
import java.util.List;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * Every check of a received frame, one by one, with what it reports: each length and count against
 * the frame's end, the body's end, the kind, the sender's name and endpoint, and the same reader's
 * checks on a reference inside a message.
 */
class FrameTest {

    private static final String NAME = "b";
    private static final String ENDPOINT = "127.0.0.1:40002";
    /** Where frames sit in the buffer: not at 0, so that an offset mistaken for 0 shows. */
    private static final int AT = 7;

    private final Frame frame = new Frame();

    private static FrameBuilder header(byte kind) {
        return FrameBuilder.header(kind, 5, NAME, ENDPOINT);
    }

    private static byte[] validData() {
        return header(Wire.DATA).l(FrameBuilder.EPOCH).str("sink").i(2).message(11, new byte[] {1, 2, 3}).message(12, new byte[0]).bytes();
    }

    private static byte[] validStatus() {
        return header(Wire.STATUS).l(FrameBuilder.EPOCH).i(2).i(1).l(0).l(64).i(2).l(32).l(96).bytes();
    }

    private static byte[] validIdentify() {
        return header(Wire.IDENTIFY).l(77).str("sink").i(2).i(11).i(12).bytes();
    }

    private static byte[] validIdentity() {
        return header(Wire.IDENTITY).l(77).b(1).i(2).i(11).b(Wire.ACCEPTED).i(12).b(Wire.REFUSED_TYPE).str("a.Ping").bytes();
    }

    private boolean wrap(byte[] bytes) {
        final byte[] placed = new byte[AT + bytes.length + 16];
        Arrays.fill(placed, (byte) 0x55);
        System.arraycopy(bytes, 0, placed, AT, bytes.length);
        return frame.wrap(new UnsafeBuffer(placed), AT, bytes.length, 0);
    }

    private void assertMalformed(byte[] bytes, String expected) {
        final MalformedFrameException e = assertThrows(MalformedFrameException.class, () -> wrap(bytes));
        assertEquals(expected, e.getMessage());
    }

    @Test
    void eachKindAsANodeWritesItIsTakenWithItsFields() {
        assertTrue(wrap(validData()));
        assertEquals(Wire.DATA, frame.kind());
        assertEquals(5, frame.incarnation());
        assertEquals(new NodeAddress(NAME, ENDPOINT), frame.origin());
        assertEquals(4, frame.targetLength());
        assertEquals(2, frame.count());
        assertEquals(AT + 12 + 2 + 1 + 2 + ENDPOINT.length() + 8 + 2 + 4 + 4, frame.entriesAt());
        assertEquals(FrameBuilder.EPOCH, frame.epoch());
        assertTrue(wrap(validStatus()));
        assertEquals(2, frame.count());
        assertEquals(FrameBuilder.EPOCH, frame.epoch());
        assertTrue(wrap(validIdentify()));
        assertEquals(77, frame.requestId());
        assertEquals(2, frame.count());
        assertTrue(wrap(validIdentity()));
        assertTrue(frame.exported());
        assertEquals(6, frame.typeLength());
        assertTrue(wrap(header(Wire.STATUS).l(FrameBuilder.EPOCH).i(0).bytes()), "a STATUS of no entries, a heartbeat");
    }

    @Test
    void aDataFrameWithContextsIsCheckedContextByContext() {
        final FrameBuilder contextual = new FrameBuilder().b(Wire.DATA).b(Wire.VERSION).s(Wire.FLAG_CONTEXT).l(5).str(NAME)
                .str(ENDPOINT).l(FrameBuilder.EPOCH).str("sink").i(2);
        final int entries = contextual.bytes().length;
        assertTrue(wrap(contextual.str("00-trace").message(11, new byte[] {1, 2, 3}).str("").message(12, new byte[0]).bytes()));
        assertTrue(frame.contextual());
        assertEquals(2, frame.count());
        assertEquals(AT + entries, frame.entriesAt());
        assertFalse(wrap(validData()) && frame.contextual(), "a DATA without the flag has no contexts");
        final byte[] pastTheEnd = new FrameBuilder().b(Wire.DATA).b(Wire.VERSION).s(Wire.FLAG_CONTEXT).l(5).str(NAME)
                .str(ENDPOINT).l(FrameBuilder.EPOCH).str("sink").i(1).s(40).raw(new byte[10]).bytes();
        assertMalformed(pastTheEnd, "context length 40 past the frame's end (" + pastTheEnd.length + " bytes)");
    }

    @Test
    void aFrameOfAnotherVersionIsNotReadPastItsVersion() {
        assertFalse(wrap(new byte[] {Wire.DATA, 1}));
        assertEquals(1, frame.version());
    }

    /** {@code bytes} with the authenticated flag set and {@code tagLength} bytes appended, wrapped as a frame with a tag. */
    private boolean wrapTagged(byte[] bytes, int tagLength) {
        final byte[] tagged = Arrays.copyOf(bytes, bytes.length + tagLength);
        tagged[Wire.FLAGS_OFFSET] |= Wire.FLAG_AUTHENTICATED;
        final byte[] placed = new byte[AT + tagged.length];
        System.arraycopy(tagged, 0, placed, AT, tagged.length);
        return frame.wrap(new UnsafeBuffer(placed), AT, tagged.length, FrameTag.LENGTH);
    }

    @Test
    void aFrameWithATagIsCheckedToWhereTheTagStartsAndItsFlagMustSaySo() {
        assertTrue(wrapTagged(validData(), FrameTag.LENGTH));
        assertEquals(2, frame.count());
        assertEquals("3 byte(s) after the end of a DATA (frame of " + (validData().length + 3) + " bytes)",
                assertThrows(MalformedFrameException.class, () -> wrapTagged(
                        new FrameBuilder().raw(validData()).b(0).b(0).b(0).bytes(), FrameTag.LENGTH)).getMessage());
        assertEquals("message count 2 (8 bytes each) past the frame's end (" + (validData().length - 5) + " bytes)",
                assertThrows(MalformedFrameException.class, () -> wrapTagged(Arrays.copyOf(validData(), validData().length - 5),
                        FrameTag.LENGTH)).getMessage(), "the tag's bytes are not read as the body's");
        assertEquals("the frame of 15 bytes is shorter than its tag (16 bytes)", assertThrows(MalformedFrameException.class,
                () -> frame.wrap(new UnsafeBuffer(new byte[15]), 0, 15, FrameTag.LENGTH)).getMessage());
        final byte[] unflagged = Arrays.copyOf(validStatus(), validStatus().length + FrameTag.LENGTH);
        assertEquals("a tag without the authenticated flag (flags 0)", assertThrows(MalformedFrameException.class,
                () -> frame.wrap(new UnsafeBuffer(unflagged), 0, unflagged.length, FrameTag.LENGTH)).getMessage());
        final byte[] flagged = validStatus();
        flagged[Wire.FLAGS_OFFSET] |= Wire.FLAG_AUTHENTICATED;
        assertEquals("the authenticated flag, and this node expects no tag (flags 2)", assertThrows(MalformedFrameException.class,
                () -> wrap(flagged)).getMessage());
        assertTrue(Frame.isTagged(new UnsafeBuffer(flagged), 0, flagged.length));
        assertFalse(Frame.isTagged(new UnsafeBuffer(validStatus()), 0, validStatus().length));
        assertFalse(Frame.isTagged(new UnsafeBuffer(flagged), 0, 3), "too short to have flags");
        flagged[Wire.VERSION_OFFSET] = 1;
        assertFalse(Frame.isTagged(new UnsafeBuffer(flagged), 0, flagged.length), "another version's flags mean nothing here");
    }

    @Test
    void theHeaderIsCheckedFieldByField() {
        assertMalformed(new byte[0], "the frame ends before its kind (frame of 0 bytes, 0 left)");
        assertMalformed(new byte[] {Wire.DATA}, "the frame ends before its version (frame of 1 bytes, 0 left)");
        assertMalformed(new FrameBuilder().b(Wire.DATA).b(Wire.VERSION).s(0).i(1).bytes(),
                "the frame ends before its incarnation (frame of 8 bytes, 4 left)");
        assertMalformed(new FrameBuilder().b(Wire.DATA).b(Wire.VERSION).s(0).l(5).b(1).bytes(),
                "the frame ends before its name length (frame of 13 bytes, 1 left)");
        final byte[] nameTooLong = new FrameBuilder().b(Wire.DATA).b(Wire.VERSION).s(0).l(5).s(9000).raw(new byte[298]).bytes();
        assertMalformed(nameTooLong, "name length 9000 past the frame's end (312 bytes)");
        assertMalformed(new FrameBuilder().b(Wire.DATA).b(Wire.VERSION).s(0).l(5).str(NAME).s(0xFFFF).bytes(),
                "endpoint length 65535 past the frame's end (17 bytes)");
        assertMalformed(new FrameBuilder().b(9).b(Wire.VERSION).s(0).l(5).str(NAME).str(ENDPOINT).bytes(),
                "kind 9, not DATA (1), STATUS (2), IDENTIFY (3) or IDENTITY (4)");
    }

    @Test
    void aDataBatchIsCheckedToItsLastMessageBeforeAnyIsUsed() {
        assertMalformed(header(Wire.DATA).l(FrameBuilder.EPOCH).s(40).raw(new byte[10]).bytes(), "target name length 40 past the frame's end (52 bytes)");
        final FrameBuilder target = header(Wire.DATA).l(FrameBuilder.EPOCH).str("sink");
        final int length = target.bytes().length;
        assertMalformed(header(Wire.DATA).l(FrameBuilder.EPOCH).str("sink").i(Integer.MAX_VALUE).bytes(),
                "message count 2147483647 (8 bytes each) past the frame's end (" + (length + 4) + " bytes)");
        assertMalformed(header(Wire.DATA).l(FrameBuilder.EPOCH).str("sink").i(-1).bytes(), "message count -1, negative");
        assertMalformed(header(Wire.DATA).l(FrameBuilder.EPOCH).str("sink").i(Integer.MIN_VALUE).raw(new byte[64]).bytes(),
                "message count -2147483648, negative");
        assertMalformed(header(Wire.DATA).l(FrameBuilder.EPOCH).str("sink").i(2).message(11, new byte[3]).i(12).i(5000).raw(new byte[3]).bytes(),
                "message length 5000 past the frame's end (" + (length + 4 + 11 + 8 + 3) + " bytes)");
        assertMalformed(header(Wire.DATA).l(FrameBuilder.EPOCH).str("sink").i(1).i(11).i(-8).raw(new byte[8]).bytes(), "message length -8, negative");
        assertMalformed(header(Wire.DATA).l(FrameBuilder.EPOCH).str("sink").i(2).message(11, new byte[3]).i(12).b(0).bytes(),
                "the frame ends before its message length (frame of " + (length + 4 + 11 + 5) + " bytes, 1 left)");
        assertMalformed(header(Wire.DATA).l(FrameBuilder.EPOCH).str("sink").i(1).message(11, new byte[3]).b(0).b(0).b(0).bytes(),
                "3 byte(s) after the end of a DATA (frame of " + (length + 4 + 11 + 3) + " bytes)");
    }

    @Test
    void anEpochIsEightBytesAndNever0() {
        assertMalformed(header(Wire.DATA).l(0).str("sink").i(0).bytes(), "an epoch of 0, which no node draws");
        assertMalformed(header(Wire.STATUS).l(0).i(0).bytes(), "an epoch of 0, which no node draws");
        final int status = header(Wire.STATUS).bytes().length;
        assertMalformed(header(Wire.STATUS).i(0).bytes(), "the frame ends before its epoch (frame of " + (status + 4)
                + " bytes, 4 left)");
    }

    @Test
    void statusIdentifyAndIdentityAreCheckedToTheirEnd() {
        final int status = header(Wire.STATUS).l(FrameBuilder.EPOCH).bytes().length;
        assertMalformed(header(Wire.STATUS).l(FrameBuilder.EPOCH).i(Integer.MAX_VALUE).l(0).bytes(),
                "status entry count 2147483647 (20 bytes each) past the frame's end (" + (status + 12) + " bytes)");
        assertMalformed(header(Wire.STATUS).l(FrameBuilder.EPOCH).i(-20).bytes(), "status entry count -20, negative");
        assertMalformed(header(Wire.STATUS).l(FrameBuilder.EPOCH).i(1).i(1).l(0).l(64).i(9).bytes(),
                "4 byte(s) after the end of a STATUS (frame of " + (status + 28) + " bytes)");
        final int identify = header(Wire.IDENTIFY).bytes().length;
        assertMalformed(header(Wire.IDENTIFY).l(1).s(300).bytes(), "target name length 300 past the frame's end ("
                + (identify + 10) + " bytes)");
        assertMalformed(header(Wire.IDENTIFY).l(1).str("sink").i(1 << 30).i(11).bytes(),
                "type id count 1073741824 (4 bytes each) past the frame's end (" + (identify + 22) + " bytes)");
        assertMalformed(header(Wire.IDENTIFY).i(1).bytes(), "the frame ends before its request id (frame of "
                + (identify + 4) + " bytes, 4 left)");
        final int identity = header(Wire.IDENTITY).bytes().length;
        assertMalformed(header(Wire.IDENTITY).l(1).b(2).i(0).str("").bytes(), "an exported flag of 2, not 0 or 1");
        assertMalformed(header(Wire.IDENTITY).l(1).b(1).i(0x7FFF_FFF0).str("").bytes(),
                "verdict count 2147483632 (5 bytes each) past the frame's end (" + (identity + 15) + " bytes)");
        assertMalformed(header(Wire.IDENTITY).l(1).b(1).i(1).i(11).b(7).str("").bytes(), "a verdict of 7, not 0, 1 or 2");
        assertMalformed(header(Wire.IDENTITY).l(1).b(1).i(0).s(80).bytes(), "type name length 80 past the frame's end ("
                + (identity + 15) + " bytes)");
    }

    @Test
    void everyFrameCutShortOrLengthenedIsRefused() {
        for (byte[] valid : List.of(validData(), validStatus(), validIdentify(), validIdentity())) {
            for (int length = 0; length < valid.length; length++) {
                final byte[] cut = Arrays.copyOf(valid, length);
                assertThrows(MalformedFrameException.class, () -> wrap(cut), "cut to " + length + " bytes");
            }
            final byte[] longer = Arrays.copyOf(valid, valid.length + 1);
            assertThrows(MalformedFrameException.class, () -> wrap(longer));
        }
    }

    @Test
    void theSendersEndpointAndNameAreHostPortAndANodeName() {
        assertTrue(wrap(FrameBuilder.header(Wire.STATUS, 5, NAME, "127.0.0.1:41003|mtu=8192|ttl=9|linger=0|tags=777").l(FrameBuilder.EPOCH)
                .i(0).bytes()), "the frame's structure is sound");
        assertEquals("the header's endpoint = '127.0.0.1:41003|mtu=8192|ttl=9|linger=0|tags=777': the port must be a "
                + "number in [1, 65535]", assertThrows(MalformedFrameException.class, frame::origin).getMessage());
        assertTrue(wrap(FrameBuilder.header(Wire.STATUS, 5, NAME, "evil?x=1:4").l(FrameBuilder.EPOCH).i(0).bytes()));
        assertTrue(assertThrows(MalformedFrameException.class, frame::origin).getMessage()
                .startsWith("the header's endpoint = 'evil?x=1:4': the host must be"));
        assertTrue(wrap(FrameBuilder.header(Wire.STATUS, 5, "", ENDPOINT).l(FrameBuilder.EPOCH).i(0).bytes()));
        assertEquals("the header's name = '': must have 1 to 64 characters",
                assertThrows(MalformedFrameException.class, frame::origin).getMessage());
    }

    @Test
    void theReaderChecksAReferenceAgainstItsOwnEnd() {
        final FrameReader reader = new FrameReader("reference");
        final byte[] bytes = new FrameBuilder().s(200).raw(new byte[10]).bytes();
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64]);
        buffer.putBytes(3, bytes);
        final MalformedFrameException e = assertThrows(MalformedFrameException.class,
                () -> reader.wrap(buffer, 3, bytes.length).readLength("node name"));
        assertEquals("node name length 200 past the reference's end (12 bytes)", e.getMessage());
        reader.wrap(buffer, 3, 2);
        reader.readShort("node name length");
        assertEquals(5, reader.position());
        assertEquals("the reference ends before its endpoint length (reference of 2 bytes, 0 left)",
                assertThrows(MalformedFrameException.class, () -> reader.readLength("endpoint")).getMessage());
    }
}
