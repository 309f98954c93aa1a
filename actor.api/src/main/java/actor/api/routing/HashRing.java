package actor.api.routing;

import actor.api.ActorRef;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Consistent hashing: each routee owns {@code virtualNodes} points on a ring of 64-bit hashes, and
 * a message goes to the owner of the first point at or after its key's hash (wrapping around). A
 * routee's points depend only on its {@code hashCode()} and the point's number, never on the other
 * routees, so rings over two routee sets that differ by one routee send every key that routee does
 * not own to the same routee: removing (or adding) one of n routees moves about 1/n of the keys,
 * those of that routee. Two routees whose points coincide (equal hash codes) keep the point of the
 * one listed first, which keeps that rule when either is removed.
 *
 * <p>Immutable once built; {@link #select} is a hash and a binary search.
 *
 * @param <M> the messages it routes
 */
final class HashRing<M> implements Selector<M> {

    /** The most points a ring holds: routees times virtual nodes. */
    static final int MAX_POINTS = 1 << 22;

    private final Function<? super M, ?> key;
    /** The points, ascending (signed order). */
    private final long[] points;
    /** {@code owners[i]}: the index of the routee that owns {@code points[i]}. */
    private final int[] owners;

    HashRing(ActorRef<?>[] routees, int virtualNodes, Function<? super M, ?> key) {
        final long total = (long) routees.length * virtualNodes;
        if (total > MAX_POINTS) {
            throw new IllegalArgumentException("routees x virtualNodes = " + routees.length + " x " + virtualNodes
                    + " = " + total + ": must be at most " + MAX_POINTS);
        }
        final TreeMap<Long, Integer> ring = new TreeMap<>();
        for (int r = 0; r < routees.length; r++) {
            final long routee = (long) routees[r].hashCode() << 32;
            for (int v = 0; v < virtualNodes; v++) {
                ring.putIfAbsent(mix(routee | v), r);
            }
        }
        this.key = key;
        this.points = new long[ring.size()];
        this.owners = new int[ring.size()];
        int i = 0;
        for (Map.Entry<Long, Integer> point : ring.entrySet()) {
            points[i] = point.getKey();
            owners[i] = point.getValue();
            i++;
        }
    }

    @Override
    public int select(M message) {
        final Object k = key.apply(message);
        if (k == null) {
            throw new NullPointerException("the key of a " + message.getClass().getName() + " is null");
        }
        final int found = Arrays.binarySearch(points, mix(k.hashCode()));
        final int at = found >= 0 ? found : -found - 1;
        return owners[at == points.length ? 0 : at];
    }

    /** SplitMix64's finalizer: a bijection of the longs that spreads nearby inputs over the ring. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
