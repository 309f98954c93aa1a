package actor.api.routing;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Round-robin: the i-th message routed through a routee set goes to routee {@code i mod n}, so
 * every routee gets the same number of messages, give or take one, whatever the senders' threads.
 */
final class RoundRobinSelector<M> implements Selector<M> {

    private static final VarHandle VH_NEXT;

    static {
        try {
            VH_NEXT = MethodHandles.lookup().findVarHandle(RoundRobinSelector.class, "next", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final int routees;
    /**
     * Messages routed so far. Written by every sender with an atomic getAndAdd, read only by it:
     * each message gets its own number, so no two senders take the same turn.
     */
    private long next;

    RoundRobinSelector(int routees) {
        this.routees = routees;
    }

    @Override
    public int select(M message) {
        return (int) Long.remainderUnsigned((long) VH_NEXT.getAndAdd(this, 1L), routees);
    }
}
