package actor.api.routing;

import actor.api.ActorRef;
import java.util.function.Function;

/**
 * How a router chooses the routee of each message. Pekko typed's
 * {@code withRoundRobinRouting()}, {@code withRandomRouting()} and
 * {@code withConsistentHashingRouting(virtualNodesFactor, mapping)}.
 *
 * <p>A strategy is immutable and may be shared by any number of routers; each router applies it
 * to its own routee set (a round-robin turn or a hash ring per router). Every choice is lock-free
 * and allocates nothing.
 *
 * @param <M> the messages it routes
 */
public final class Routing<M> {

    /** Points each routee owns on a consistent-hashing ring unless told otherwise. */
    public static final int DEFAULT_VIRTUAL_NODES = 100;
    /** The most points a routee may own on a consistent-hashing ring. */
    public static final int MAX_VIRTUAL_NODES = 10_000;

    private final String name;
    /** Makes the strategy's selector for a routee set (the router's copy, never changed). */
    private final Function<ActorRef<?>[], Selector<M>> selectors;

    private Routing(String name, Function<ActorRef<?>[], Selector<M>> selectors) {
        this.name = name;
        this.selectors = selectors;
    }

    /**
     * {@return round-robin routing} The routees take turns in their order: of every n messages a
     * router sends (n routees), each routee gets one, whichever threads send them.
     *
     * @param <M> the messages it routes
     */
    public static <M> Routing<M> roundRobin() {
        return new Routing<>("round-robin", routees -> new RoundRobinSelector<>(routees.length));
    }

    /**
     * {@return random routing} Each message goes to a routee drawn uniformly at random, by the
     * sending thread's {@link java.util.concurrent.ThreadLocalRandom}: no state shared between
     * senders.
     *
     * @param <M> the messages it routes
     */
    public static <M> Routing<M> random() {
        return new Routing<>("random", routees -> new RandomSelector<>(routees.length));
    }

    /**
     * {@return consistent hashing of {@code key}, with {@link #DEFAULT_VIRTUAL_NODES} points per routee}
     *
     * @param <M> the messages it routes
     * @param key the key of a message; see {@link #consistentHashing(int, Function)}
     * @throws NullPointerException if {@code key} is null
     */
    public static <M> Routing<M> consistentHashing(Function<? super M, ?> key) {
        return consistentHashing(DEFAULT_VIRTUAL_NODES, key);
    }

    /**
     * {@return consistent hashing of {@code key}} Messages whose keys are equal ({@code equals},
     * hence equal {@code hashCode()}) go to the same routee, so they are received in the order one
     * sender sent them. Each routee owns {@code virtualNodes} points on a ring of hashes; a
     * message goes to the owner of the first point at or after its key's hash. A routee's points
     * depend only on its own {@code hashCode()}, so over the same routees the choice is the same
     * in every router, and when a routee leaves the set only the keys it owned move (to the
     * others, about evenly): about 1/n of them. More virtual nodes spread the keys more evenly;
     * each costs 12 bytes per routee and a router's send is a binary search over them.
     *
     * <p>The key function runs on the sending thread, once per message; it should return a key
     * the message already holds (a {@code String}, an enum, a record component): a new object per
     * message, such as a {@code long} boxed beyond the {@code Integer} cache, would be the one
     * allocation of the send. A key's routee is stable for a given routee set within one JVM run;
     * across runs it depends on the keys' and the routees' hash codes ({@code String}s and records
     * of them hash the same in every run; actor references hash by identity).
     *
     * @param <M>          the messages it routes
     * @param virtualNodes points per routee, in {@code [1, MAX_VIRTUAL_NODES]}
     * @param key          the key of a message, never null; an exception it throws fails the send
     * @throws NullPointerException     if {@code key} is null
     * @throws IllegalArgumentException if {@code virtualNodes} is out of range
     */
    public static <M> Routing<M> consistentHashing(int virtualNodes, Function<? super M, ?> key) {
        if (key == null) {
            throw new NullPointerException("key");
        }
        if (virtualNodes < 1 || virtualNodes > MAX_VIRTUAL_NODES) {
            throw new IllegalArgumentException("virtualNodes = " + virtualNodes + ": must be in [1, "
                    + MAX_VIRTUAL_NODES + "]");
        }
        return new Routing<>("consistent-hashing(" + virtualNodes + " virtual nodes)",
                routees -> new HashRing<>(routees, virtualNodes, key));
    }

    /** {@return this strategy applied to {@code routees}, a non-empty array the caller never changes} */
    Selector<M> selectorFor(ActorRef<?>[] routees) {
        return selectors.apply(routees);
    }

    @Override
    public String toString() {
        return name;
    }
}
