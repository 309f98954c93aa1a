package actor.api.routing;

import actor.api.ActorRef;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.List;

/**
 * A group router: an {@link ActorRef} that sends each message to one of the references it was
 * given, chosen by its {@link Routing}. Pekko typed's {@code Routers.group(serviceKey)}, with
 * the routees listed instead of found through the receptionist.
 *
 * <pre>{@code
 * ActorRef<Job> workers = Router.group(List.of(a.ref(), b.ref(), c.ref()), Routing.roundRobin());
 * workers.send(new Job(1));                           // to a, then b, then c, then a ...
 * }</pre>
 *
 * <p><b>Terminated routees.</b> A router drops from its set a routee it finds
 * {@linkplain ActorRef#isTerminated() terminated} when it routes a message to it, and routes
 * that message among the rest (Pekko's group router drops the routees that are gone too); the
 * strategy then applies to the smaller set (consistent hashing moves only the keys of the routees
 * dropped). A routee that terminates while a message is routed to it gets that message as any
 * send to it: a dead letter. Once every routee has terminated, the router keeps its last set and
 * each message goes to the routee the strategy chooses, so it is that routee's dead letter
 * (counted and reported; {@link actor.api.ActorTerminatedException} with strict sends), and
 * {@link #isTerminated()} is true. A group never ends its routees: it does not own them.
 *
 * <p><b>Cost.</b> The send path is allocation-free by construction: an acquire read of the routee
 * set, the strategy's choice (an atomic increment, a thread-local random number, or the key
 * function, a hash and a binary search), an acquire read of the chosen routee's state, and its
 * send. Only dropping a terminated routee allocates: a new, smaller set.
 *
 * <p>Threading: any thread may send through a router, concurrently; no lock is taken.
 *
 * @param <M> the messages it routes
 */
public final class Router<M> implements ActorRef<M> {

    private static final VarHandle VH_ROUTEES;

    static {
        try {
            VH_ROUTEES = MethodHandles.lookup().findVarHandle(Router.class, "routees", Routees.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Routing<? super M> routing;
    /**
     * The routee set, immutable. Written by the constructor and by senders that drop terminated
     * routees (compare-and-set, so one of several concurrent drops wins and the others retry on
     * its set); read by every sender with acquire.
     */
    private Routees<M> routees;

    private Router(Routing<? super M> routing, ActorRef<M>[] routees) {
        this.routing = routing;
        this.routees = new Routees<>(routees, routing.selectorFor(routees));
    }

    /**
     * {@return a router over {@code routees}, in their order, choosing with {@code routing}} A
     * reference listed twice is routed to twice as often by round-robin and random routing.
     *
     * @param <M>     the messages it routes
     * @param routees the references to route to; the list is copied
     * @param routing how each message's routee is chosen
     * @throws NullPointerException     if an argument or a routee is null
     * @throws IllegalArgumentException if {@code routees} is empty, or too large for the
     *                                  consistent-hashing ring
     */
    public static <M> Router<M> group(List<? extends ActorRef<M>> routees, Routing<? super M> routing) {
        if (routees == null) {
            throw new NullPointerException("routees");
        }
        if (routing == null) {
            throw new NullPointerException("routing");
        }
        if (routees.isEmpty()) {
            throw new IllegalArgumentException("routees is empty: a router needs at least one routee");
        }
        @SuppressWarnings("unchecked") final ActorRef<M>[] copy = (ActorRef<M>[]) new ActorRef<?>[routees.size()];
        for (int i = 0; i < copy.length; i++) {
            copy[i] = routees.get(i);
            if (copy[i] == null) {
                throw new NullPointerException("routees[" + i + "]");
            }
        }
        return new Router<>(routing, copy);
    }

    /**
     * Sends {@code message} to the routee the strategy chooses, dropping the terminated routees it
     * comes across (see the class comment).
     *
     * @param message the message
     * @throws NullPointerException if {@code message} is null, or its consistent-hashing key is
     */
    @Override
    public void send(M message) {
        routeeFor(message).send(message);
    }

    /**
     * Sends {@code message} to the routee the strategy chooses, as {@link #send} does, with that
     * routee's {@link ActorRef#trySend}: false if its {@link actor.api.MailboxBound} is reached (the
     * message is not offered to another routee: the strategy chose this one).
     *
     * @param message the message
     * @return true if the routee took it
     * @throws NullPointerException if {@code message} is null, or its consistent-hashing key is
     */
    @Override
    public boolean trySend(M message) {
        return routeeFor(message).trySend(message);
    }

    /** The routee for {@code message}: the strategy's choice among the live ones, or a terminated one if all are. */
    private ActorRef<M> routeeFor(M message) {
        if (message == null) {
            throw new NullPointerException("message");
        }
        Routees<M> now = acquireRoutees();
        while (true) {
            final ActorRef<M> routee = now.refs[now.selector.select(message)];
            if (!routee.isTerminated()) {
                return routee;
            }
            final Routees<M> live = now.withoutTerminated(routing);
            if (live == null) {
                return routee;
            }
            // NOTE: publication point: the CAS publishes the new set (final fields, built before);
            // a sender that loses takes the winner's set, which lacks at least the routees it saw end.
            @SuppressWarnings("unchecked") final Routees<M> witness =
                    (Routees<M>) VH_ROUTEES.compareAndExchange(this, now, live);
            now = witness == now ? live : witness;
        }
    }

    /**
     * {@return whether every routee of its set has terminated} Then each message sent through it
     * is a dead letter. As for any reference, the answer may be stale by the time it is used.
     */
    @Override
    public boolean isTerminated() {
        for (ActorRef<M> routee : acquireRoutees().refs) {
            if (!routee.isTerminated()) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@return the routees it routes to now, in their order} Those given, less those it has found
     * terminated so far; it may include routees that have terminated since.
     */
    public List<ActorRef<M>> routees() {
        return List.of(acquireRoutees().refs);
    }

    @Override
    public String toString() {
        return "Router[" + routing + " over " + acquireRoutees().refs.length + " routee(s)]";
    }

    @SuppressWarnings("unchecked")
    private Routees<M> acquireRoutees() {
        return (Routees<M>) VH_ROUTEES.getAcquire(this);
    }

    /** A routee set and the strategy applied to it. Immutable. */
    private static final class Routees<M> {
        final ActorRef<M>[] refs;
        final Selector<? super M> selector;

        Routees(ActorRef<M>[] refs, Selector<? super M> selector) {
            this.refs = refs;
            this.selector = selector;
        }

        /** {@return this set without the routees terminated now, in the same order; null if none is live} */
        Routees<M> withoutTerminated(Routing<? super M> routing) {
            int live = 0;
            for (ActorRef<M> routee : refs) {
                if (!routee.isTerminated()) {
                    live++;
                }
            }
            if (live == 0) {
                return null;
            }
            @SuppressWarnings("unchecked") final ActorRef<M>[] kept = (ActorRef<M>[]) new ActorRef<?>[live];
            int k = 0;
            for (ActorRef<M> routee : refs) {
                // NOTE: benign race: a routee may end between the two passes; it is then left out
                // (the array trimmed below), or dropped by a later send.
                if (k < live && !routee.isTerminated()) {
                    kept[k++] = routee;
                }
            }
            if (k == 0) {
                return null;
            }
            final ActorRef<M>[] set = k == live ? kept : Arrays.copyOf(kept, k);
            return new Routees<>(set, routing.selectorFor(set));
        }
    }
}
