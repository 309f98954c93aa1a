package actor.cluster;

import actor.api.Actor;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.Allocation;
import java.util.HashMap;
import java.util.Map;

/**
 * The tests' sharded entity: counts the additions it received, checks that each sender's come in
 * the order of their sequence numbers, and acknowledges each one with where it runs.
 */
public final class Counter extends Actor<Counter.Add> {

    /** The entity type, registered on every member of the tests' clusters. */
    public static final EntityType<Add> TYPE = EntityType.of("counter", Add.class);

    /**
     * An addition.
     *
     * @param from    the sender's name
     * @param seq     its sequence number, from 1, per sender
     * @param replyTo where the acknowledgement goes
     */
    public record Add(String from, long seq, ActorRef<Ack> replyTo) {
    }

    /**
     * What an addition made.
     *
     * @param entity     the entity's id
     * @param seq        the addition's sequence number
     * @param count      how many additions this instance of the entity has received
     * @param node       the node that hosts it
     * @param outOfOrder how many additions arrived out of their sender's order (0)
     */
    public record Ack(String entity, long seq, long count, String node, long outOfOrder) {
    }

    private final String id;
    private final String node;
    private final Map<String, Long> lastSeq = new HashMap<>();
    private long count;
    private long outOfOrder;

    Counter(ActorSystem system, String id, String node) {
        super(system);
        this.id = id;
        this.node = node;
    }

    /** {@return the factory of counters hosted on {@code node}} */
    static EntityFactory<Add> factory(String node) {
        return (system, id) -> new Counter(system, id, node);
    }

    @Override
    protected Allocation receive(Add add) {
        final Long last = lastSeq.put(add.from(), add.seq());
        if (last != null && add.seq() <= last) {
            outOfOrder++;
        }
        count++;
        add.replyTo().send(new Ack(id, add.seq(), count, node, outOfOrder));
        return Allocation.NODELETE;
    }
}
