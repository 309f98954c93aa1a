package actor.api.routing;

import actor.api.Actor;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.ActorTerminatedException;
import actor.api.OwnedRef;
import actor.api.PoisonPill;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A pool router: spawns {@code size} actors of one class and routes the messages sent to it over
 * them, as a {@link Router} does. Pekko typed's {@code Routers.pool(size, behavior)}.
 *
 * <pre>{@code
 * Pool<Job> workers = Pool.spawn(system, 4, Worker::new, Routing.roundRobin());   // Worker(ActorSystem)
 * workers.send(new Job(1));
 * workers.send(PoisonPill.FINISHED);                  // each worker ends after the jobs it has
 * }</pre>
 *
 * <p>The pool owns its routees: a {@linkplain #send(PoisonPill) poison pill} sent to it goes to
 * every routee, behind the messages already queued for it, so each ends once it has handled them.
 * A routee that terminates is dropped from the routing as a group router drops it (Pekko's pool
 * does too) and not replaced; once all have terminated the pool {@linkplain #isTerminated() is
 * terminated} and its messages are dead letters.
 *
 * <p>Threading: as {@link Router}: any thread may send, concurrently, with no lock and no
 * allocation per send.
 *
 * @param <M> the messages it routes
 */
public final class Pool<M> implements OwnedRef<M> {

    /** The most routees a pool spawns. */
    public static final int MAX_SIZE = 1 << 16;

    private final List<Actor<M>> actors;
    private final Router<M> router;

    private Pool(List<Actor<M>> actors, Routing<? super M> routing) {
        this.actors = actors;
        final List<ActorRef<M>> refs = new ArrayList<>(actors.size());
        for (Actor<M> actor : actors) {
            refs.add(actor.ref());
        }
        this.router = Router.group(refs, routing);
    }

    /**
     * Spawns {@code size} routees on {@code system}, each with {@link ActorSystem#spawn}, and
     * returns the pool that routes to them. If a constructor throws, the routees already spawned
     * are ended (a {@link PoisonPill#FINISHED} each) and the exception propagates.
     *
     * @param <M>     the messages it routes
     * @param system  the running system to spawn them on
     * @param size    how many routees, in {@code [1, MAX_SIZE]}
     * @param factory builds one routee on the system it is given, typically a constructor
     *                reference ({@code Worker::new})
     * @param routing how each message's routee is chosen
     * @return the pool
     * @throws NullPointerException      if an argument is null, or {@code factory} returns null
     * @throws IllegalArgumentException  if {@code size} is out of range, or too large for the
     *                                   consistent-hashing ring
     * @throws actor.api.SystemNotRunningException if {@code system} is not running
     */
    public static <M> Pool<M> spawn(ActorSystem system, int size, Function<? super ActorSystem, ? extends Actor<M>> factory,
                                    Routing<? super M> routing) {
        if (system == null) {
            throw new NullPointerException("system");
        }
        if (factory == null) {
            throw new NullPointerException("factory");
        }
        if (routing == null) {
            throw new NullPointerException("routing");
        }
        if (size < 1 || size > MAX_SIZE) {
            throw new IllegalArgumentException("size = " + size + ": must be in [1, " + MAX_SIZE + "]");
        }
        final List<Actor<M>> spawned = new ArrayList<>(size);
        try {
            for (int i = 0; i < size; i++) {
                spawned.add(system.spawn(factory));
            }
            return new Pool<>(List.copyOf(spawned), routing);
        } catch (RuntimeException | Error failure) {
            for (Actor<M> actor : spawned) {
                end(actor, PoisonPill.FINISHED);
            }
            throw failure;
        }
    }

    /**
     * Sends {@code message} to the routee the strategy chooses, as {@link Router#send} does.
     *
     * @param message the message
     * @throws NullPointerException if {@code message} is null, or its consistent-hashing key is
     */
    @Override
    public void send(M message) {
        router.send(message);
    }

    /** As {@link Router#trySend}: false if the chosen routee's {@link actor.api.MailboxBound} is reached. */
    @Override
    public boolean trySend(M message) {
        return router.trySend(message);
    }

    /**
     * Sends {@code pill} to every routee that has not terminated, behind the messages already
     * queued for it: each ends (as {@link Actor#onPoisonPill} decides) once it has handled them.
     * Messages sent through the pool after the pill may reach a routee after it, and are then its
     * dead letters (or undelivered, if queued before it ended).
     *
     * @param pill one of {@link PoisonPill#DELETE}, {@link PoisonPill#DESTROY}, {@link PoisonPill#FINISHED}
     * @throws NullPointerException if {@code pill} is null
     */
    @Override
    public void send(PoisonPill pill) {
        if (pill == null) {
            throw new NullPointerException("pill");
        }
        for (Actor<M> actor : actors) {
            end(actor, pill);
        }
    }

    /** {@return whether every routee has terminated} */
    @Override
    public boolean isTerminated() {
        for (Actor<M> actor : actors) {
            if (!actor.isTerminated()) {
                return false;
            }
        }
        return true;
    }

    /** {@return the routees it routes to now, as {@link Router#routees()}} */
    public List<ActorRef<M>> routees() {
        return router.routees();
    }

    @Override
    public String toString() {
        return "Pool[" + actors.size() + " x " + actors.get(0).getClass().getName() + ", " + router + "]";
    }

    /** Pills {@code actor} unless it has terminated already. */
    private static void end(Actor<?> actor, PoisonPill pill) {
        try {
            if (!actor.isTerminated()) {
                actor.send(pill);
            }
        } catch (ActorTerminatedException endedMeanwhile) {
            // NOTE: with strict sends, a routee that ended between the check and the send throws;
            // it has ended, which is all the pill asks, so there is nothing to report.
        }
    }
}
