package actor.bench.pekko;

import actor.bench.remote.RemoteMessages.Ack;
import actor.bench.remote.RemoteMessages.Ping;
import actor.bench.remote.RemoteMessages.Pong;
import actor.bench.remote.RemoteMessages.Seq;
import java.io.NotSerializableException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.pekko.serialization.SerializerWithStringManifest;

/**
 * Pekko's serializer of the remote rows' messages: the same little-endian bytes as actorkit's
 * built-in codec writes for them (an int, or a long and a boolean), named by a one-letter
 * manifest. Bound to the messages in {@link PekkoRemote}'s configuration.
 */
public final class RemoteBenchSerializer extends SerializerWithStringManifest {

    /** Pekko's id of this serializer. */
    static final int IDENTIFIER = 7_311;

    @Override
    public int identifier() {
        return IDENTIFIER;
    }

    @Override
    public String manifest(Object message) {
        if (message instanceof Ping) {
            return "P";
        }
        if (message instanceof Pong) {
            return "O";
        }
        if (message instanceof Seq) {
            return "S";
        }
        if (message instanceof Ack) {
            return "A";
        }
        throw new IllegalArgumentException("not a remote bench message: " + message.getClass().getName());
    }

    @Override
    public byte[] toBinary(Object message) {
        if (message instanceof Ping ping) {
            return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(ping.n()).array();
        }
        if (message instanceof Pong pong) {
            return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(pong.n()).array();
        }
        if (message instanceof Seq seq) {
            return ByteBuffer.allocate(9).order(ByteOrder.LITTLE_ENDIAN).putLong(seq.n()).put((byte) (seq.ack() ? 1 : 0)).array();
        }
        if (message instanceof Ack ack) {
            return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(ack.n()).array();
        }
        throw new IllegalArgumentException("not a remote bench message: " + message.getClass().getName());
    }

    @Override
    public Object fromBinary(byte[] bytes, String manifest) throws NotSerializableException {
        final ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        return switch (manifest) {
            case "P" -> new Ping(in.getInt());
            case "O" -> new Pong(in.getInt());
            case "S" -> new Seq(in.getLong(), in.get() == 1);
            case "A" -> new Ack(in.getLong());
            default -> throw new NotSerializableException("unknown manifest " + manifest);
        };
    }
}
