package actor.remote.internal;

import java.nio.charset.StandardCharsets;
import java.security.DigestException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The authentication tag of a frame: HMAC-SHA256 (RFC 2104) keyed with the nodes' shared secret,
 * over the receiving node's name, the Aeron session id of the publication that carries the frame,
 * and the frame's bytes, truncated to {@value #LENGTH} bytes and appended to the frame:
 *
 * <pre>
 * tag = HMAC-SHA256(secret, receiverNameLength:short receiverName:bytes sessionId:int frame)[0, 16)
 * </pre>
 *
 * <ul>
 *   <li>The frame's bytes, header included: a changed bit anywhere changes the tag, so the sender's
 *       name and incarnation, the flags (a STATUS's closing flag), the confirmations and the
 *       messages are what a holder of the secret wrote.</li>
 *   <li>The receiver's name: a frame captured on its way to one node and replayed to another fails
 *       there.</li>
 *   <li>The session id, which the receiver takes from Aeron's header of the frame
 *       ({@code Header.sessionId()}), not from the frame: a captured frame replayed on a
 *       publication of the replayer's own (another session) fails.</li>
 *   <li>Truncated to 16 bytes, 128 bits (RFC 2104 section 5 recommends keeping at least half the
 *       hash and no less than 80 bits): a forger without the secret must guess a tag, online, one
 *       frame at a time, each guess counted where it is refused; the other 16 bytes would buy
 *       nothing against that, and cost on every batch.</li>
 * </ul>
 *
 * <p>Made on {@link MessageDigest} rather than {@code javax.crypto.Mac}: on JDK 17,
 * {@code Mac.doFinal(out, offset)} allocates (the provider returns a new array, 48 bytes a call,
 * measured), and this allocates nothing once made. {@code FrameTagTest} checks every tag against
 * {@code Mac.getInstance("HmacSHA256")}. The receiver compares tags with
 * {@link MessageDigest#isEqual}, in time independent of where they differ.
 *
 * <p>Threading: one per thread that builds or checks frames (each proxy, the receiving agent); not
 * thread-safe.
 */
final class FrameTag {

    /** Bytes of the tag appended to each frame. */
    static final int LENGTH = 16;
    private static final int BLOCK_LENGTH = 64;
    private static final int DIGEST_LENGTH = 32;
    /** Bytes copied at a time from a buffer that is not on the heap (the term buffers). */
    private static final int CHUNK_LENGTH = 1024;

    private final MessageDigest sha256;
    private final byte[] innerPad = new byte[BLOCK_LENGTH];
    private final byte[] outerPad = new byte[BLOCK_LENGTH];
    private final byte[] inner = new byte[DIGEST_LENGTH];
    private final byte[] digest = new byte[DIGEST_LENGTH];
    private final byte[] expected = new byte[LENGTH];
    private final byte[] received = new byte[LENGTH];
    private final byte[] chunk = new byte[CHUNK_LENGTH];
    private final byte[] session = new byte[4];
    private final UnsafeBuffer sessionView = new UnsafeBuffer(session);

    /** A tag keyed with {@code secret}, at least {@code RemoteConfig.MIN_SECRET_LENGTH} bytes (the configuration checks). */
    FrameTag(byte[] secret) {
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256, which every JDK has, is missing", e);
        }
        final byte[] key = secret.length > BLOCK_LENGTH ? sha256.digest(secret) : secret;
        for (int i = 0; i < BLOCK_LENGTH; i++) {
            final byte k = i < key.length ? key[i] : 0;
            innerPad[i] = (byte) (k ^ 0x36);
            outerPad[i] = (byte) (k ^ 0x5c);
        }
    }

    /** The receiver part of the context of the frames to node {@code receiver}: its name after its length. */
    static byte[] context(String receiver) {
        final byte[] name = receiver.getBytes(StandardCharsets.UTF_8);
        final byte[] context = new byte[2 + name.length];
        Wire.putShortString(new UnsafeBuffer(context), 0, name);
        return context;
    }

    /**
     * Appends to the {@code length} bytes of the frame in {@code frame} (from 0) its tag for the node
     * whose {@link #context} is {@code receiver}, on session {@code sessionId}.
     *
     * @return the length of the frame with its tag
     */
    int sign(ExpandableArrayBuffer frame, int length, byte[] receiver, int sessionId) {
        start(receiver, sessionId);
        sha256.update(frame.byteArray(), 0, length);
        finish();
        frame.putBytes(length, digest, 0, LENGTH);
        return length + LENGTH;
    }

    /**
     * As {@link #sign(ExpandableArrayBuffer, int, byte[], int)}, for a frame in {@code frame} from 0,
     * which has room for the tag after its {@code length} bytes.
     */
    int sign(byte[] frame, int length, byte[] receiver, int sessionId) {
        start(receiver, sessionId);
        sha256.update(frame, 0, length);
        finish();
        System.arraycopy(digest, 0, frame, length, LENGTH);
        return length + LENGTH;
    }

    /**
     * Whether the last {@value #LENGTH} of the {@code length} bytes at {@code offset} are the tag of
     * those before them, for this node ({@code receiver}, its {@link #context}) on session
     * {@code sessionId}. Reads nothing else of the frame; false for fewer than {@value #LENGTH} bytes.
     */
    boolean verify(DirectBuffer buffer, int offset, int length, byte[] receiver, int sessionId) {
        if (length < LENGTH) {
            return false;
        }
        final int signed = length - LENGTH;
        start(receiver, sessionId);
        final byte[] array = buffer.byteArray();
        if (array != null) {
            sha256.update(array, buffer.wrapAdjustment() + offset, signed);
        } else {
            for (int at = 0; at < signed; at += CHUNK_LENGTH) {
                final int bytes = Math.min(CHUNK_LENGTH, signed - at);
                buffer.getBytes(offset + at, chunk, 0, bytes);
                sha256.update(chunk, 0, bytes);
            }
        }
        finish();
        System.arraycopy(digest, 0, expected, 0, LENGTH);
        buffer.getBytes(offset + signed, received, 0, LENGTH);
        return MessageDigest.isEqual(expected, received);
    }

    private void start(byte[] receiver, int sessionId) {
        sessionView.putInt(0, sessionId, Wire.ORDER);
        sha256.update(innerPad);
        sha256.update(receiver);
        sha256.update(session);
    }

    /** The HMAC's outer hash into {@link #digest}; the digest is reset for the next tag. */
    private void finish() {
        try {
            sha256.digest(inner, 0, DIGEST_LENGTH);
            sha256.update(outerPad);
            sha256.update(inner);
            sha256.digest(digest, 0, DIGEST_LENGTH);
        } catch (DigestException e) {
            throw new IllegalStateException("SHA-256 refused a buffer of its own digest's length", e);
        }
    }
}
