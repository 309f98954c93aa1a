package actor.remote.codec;

import actor.api.ActorRef;
import java.util.ArrayList;
import java.util.List;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * A stand-in for a node's reference codec, for codec tests: a reference is written as its index in
 * a table (an int), and read back as the very reference; a node is not needed.
 */
final class TableRefCodec implements ActorRefCodec {

    private final List<ActorRef<?>> table = new ArrayList<>();

    @Override
    public synchronized int encode(ActorRef<?> ref, MutableDirectBuffer buffer, int offset) {
        int index = table.indexOf(ref);
        if (index < 0) {
            index = table.size();
            table.add(ref);
        }
        buffer.putInt(offset, index, WireReader.ORDER);
        return 4;
    }

    @Override
    public synchronized ActorRef<?> decode(DirectBuffer buffer, int offset, int length) {
        if (length != 4) {
            throw new IllegalArgumentException("a table reference has 4 bytes, not " + length);
        }
        return table.get(buffer.getInt(offset, WireReader.ORDER));
    }
}
