package actor.remote.examples;

import actor.remote.codec.MessageCodec;
import actor.remote.codec.TypeCodec;
import actor.remote.examples.PingPong.Ping;
import java.nio.ByteOrder;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * An application's own wire format for one message type, provided as a service
 * ({@code provides actor.remote.codec.MessageCodec with ...} in {@code module-info.java}): a fixed
 * 12-byte layout, as an SBE message would have. Its default priority (0) puts it before the built-in
 * codec for {@link Ping}; every other type it leaves to the built-in one.
 */
public final class PingCodec implements MessageCodec {

    /** The codec; stateless. */
    public PingCodec() {
        // Public for ServiceLoader.
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> TypeCodec<T> codecFor(Class<T> type) {
        return type == Ping.class ? (TypeCodec<T>) PING : null;
    }

    private static final TypeCodec<Ping> PING = new TypeCodec<>() {
        @Override
        public String schema() {
            return "ping/1: n int32 @0, sentNanos int64 @4";
        }

        @Override
        public int encode(Ping ping, MutableDirectBuffer buffer, int offset) {
            buffer.putInt(offset, ping.n(), ByteOrder.LITTLE_ENDIAN);
            buffer.putLong(offset + 4, ping.sentNanos(), ByteOrder.LITTLE_ENDIAN);
            return 12;
        }

        @Override
        public Ping decode(DirectBuffer buffer, int offset, int length) {
            if (length != 12) {
                throw new IllegalArgumentException("a ping has 12 bytes, not " + length);
            }
            return new Ping(buffer.getInt(offset, ByteOrder.LITTLE_ENDIAN), buffer.getLong(offset + 4, ByteOrder.LITTLE_ENDIAN));
        }
    };
}
