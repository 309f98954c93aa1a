package actor.remote.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * The frame tag: the JDK's HMAC-SHA256 over the receiver's name, the session id and the frame,
 * truncated; accepted only for the frame, the receiver, the session and the secret it was made
 * for; allocation-free once made.
 */
class FrameTagTest {

    private static final byte[] SECRET = "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    private static final String RECEIVER = "b";
    private static final int SESSION = 0x1234_5678;

    private final FrameTag tag = new FrameTag(SECRET);
    private final byte[] receiver = FrameTag.context(RECEIVER);

    private static byte[] frame(int length, long seed) {
        final byte[] frame = new byte[length];
        new Random(seed).nextBytes(frame);
        return frame;
    }

    /** {@code frame} followed by its tag, as {@link FrameTag#sign} appends it. */
    private byte[] signed(FrameTag by, byte[] frame, String to, int session) {
        final ExpandableArrayBuffer buffer = new ExpandableArrayBuffer(8);
        buffer.putBytes(0, frame);
        final int length = by.sign(buffer, frame.length, FrameTag.context(to), session);
        assertEquals(frame.length + FrameTag.LENGTH, length);
        return Arrays.copyOf(buffer.byteArray(), length);
    }

    private boolean verify(byte[] signed) {
        return tag.verify(new UnsafeBuffer(signed), 0, signed.length, receiver, SESSION);
    }

    @Test
    void theTagIsTheJdksHmacSha256OverTheReceiverTheSessionAndTheFrameTruncated() throws Exception {
        for (int secretLength : new int[] {16, 32, 64, 65, 200}) {
            final byte[] secret = frame(secretLength, secretLength);
            final Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            for (int length : new int[] {0, 1, 55, 64, 1_400, 5_000}) {
                final byte[] frame = frame(length, length);
                mac.update(new byte[] {1, 0, 'b'});
                mac.update(new byte[] {0x78, 0x56, 0x34, 0x12});
                mac.update(frame);
                final byte[] expected = Arrays.copyOf(mac.doFinal(), FrameTag.LENGTH);
                final byte[] signed = signed(new FrameTag(secret), frame, RECEIVER, SESSION);
                assertArrayEquals(expected, Arrays.copyOfRange(signed, length, signed.length),
                        "secret of " + secretLength + " bytes, frame of " + length);
            }
        }
    }

    @Test
    void aGoodFrameIsAcceptedOnTheHeapAndOffIt() {
        final byte[] signed = signed(tag, frame(3_000, 1), RECEIVER, SESSION);
        assertTrue(verify(signed));
        final byte[] placed = new byte[7 + signed.length];
        System.arraycopy(signed, 0, placed, 7, signed.length);
        assertTrue(tag.verify(new UnsafeBuffer(placed, 3, placed.length - 3), 4, signed.length, receiver, SESSION),
                "at an offset in a buffer that wraps an array at an offset");
        final ByteBuffer direct = ByteBuffer.allocateDirect(signed.length + 5);
        final UnsafeBuffer offHeap = new UnsafeBuffer(direct);
        offHeap.putBytes(5, signed);
        assertTrue(tag.verify(offHeap, 5, signed.length, receiver, SESSION), "off the heap, as Aeron's term buffers are");
    }

    @Test
    void oneFlippedBitAnywhereIsRejected() {
        final byte[] signed = signed(tag, frame(60, 2), RECEIVER, SESSION);
        for (int bit = 0; bit < signed.length * 8; bit++) {
            final byte[] flipped = signed.clone();
            flipped[bit / 8] ^= (byte) (1 << (bit % 8));
            assertFalse(verify(flipped), "bit " + bit + " flipped");
        }
    }

    @Test
    void aTagOfAnotherSecretAnotherReceiverOrAnotherSessionIsRejected() {
        final byte[] frame = frame(100, 3);
        final byte[] otherSecret = SECRET.clone();
        otherSecret[0] ^= 1;
        assertFalse(verify(signed(new FrameTag(otherSecret), frame, RECEIVER, SESSION)), "another secret");
        assertFalse(verify(signed(tag, frame, "c", SESSION)), "made for node c, replayed to node b");
        assertFalse(verify(signed(tag, frame, RECEIVER, SESSION + 1)), "made for another session, replayed on this one");
        assertFalse(verify(Arrays.copyOf(frame, 100)), "no tag at all");
        assertFalse(verify(new byte[FrameTag.LENGTH - 1]), "shorter than a tag");
        assertTrue(verify(signed(tag, frame, RECEIVER, SESSION)));
    }

    @Test
    void signingAndVerifyingAllocateNothing() throws Throwable {
        final ExpandableArrayBuffer buffer = new ExpandableArrayBuffer(2_048);
        buffer.putBytes(0, frame(1_400, 4));
        final ByteBuffer direct = ByteBuffer.allocateDirect(2_048);
        final UnsafeBuffer offHeap = new UnsafeBuffer(direct);
        long least = Long.MAX_VALUE;
        for (int run = 0; run < 20; run++) {
            final long before = AllocatedBytes.ofThisThread();
            for (int i = 0; i < 1_000; i++) {
                final int length = tag.sign(buffer, 1_400, receiver, SESSION);
                offHeap.putBytes(0, buffer, 0, length);
                assertTrue(tag.verify(buffer, 0, length, receiver, SESSION));
                assertTrue(tag.verify(offHeap, 0, length, receiver, SESSION));
            }
            least = Math.min(least, AllocatedBytes.ofThisThread() - before);
        }
        assertEquals(0, least, "bytes allocated by 1,000 signatures and 2,000 checks");
    }
}
