package actor.api;

import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A system's registry of actors by {@link ServiceKey}, as Pekko's local receptionist: actors are
 * registered under typed keys, found by key, and subscribers get the set under a key each time it
 * changes. An actor that ends (a pill, a behaviour's status, the failure policy) leaves every key
 * it was registered under, and its subscriptions end. One per system: {@link ActorSystem#receptionist()}.
 *
 * <pre>{@code
 * system.receptionist().register(LEDGERS, ledger.ref());           // Pekko: Receptionist.register(key, ref)
 * Set<ActorRef<LedgerMsg>> now = system.receptionist().find(LEDGERS);
 * system.receptionist().subscribe(LEDGERS, ref());                 // a Listing now, and on every change
 * }</pre>
 *
 * <p>Registrations and subscriptions change under one lock, so every subscriber gets the listings
 * in the order of the changes; {@link #find} reads the current set without it. The ends are
 * learnt by death watch: the first registration or subscription of an actor makes an internal
 * actor that watches it (no one else can send to it), and that actor ends once every actor it
 * watches has ended. It counts among the system's live actors meanwhile, but never keeps a system
 * from stopping: it outlives the actors it watches only by the messages that tell it of their
 * ends, and ignores poison pills. A system that never uses its receptionist makes none of this.
 *
 * <p>Threading: every method may be called from any thread, behaviours included.
 */
public final class Receptionist {

    /**
     * The set of actors under a key, as a subscriber gets it: Pekko's {@code Receptionist.Listing}.
     *
     * @param key  the key
     * @param refs the actors registered under it, an immutable set
     * @param <M>  the message type of the key
     */
    public record Listing<M>(ServiceKey<M> key, Set<ActorRef<M>> refs) {

        /** @throws NullPointerException if an argument is null */
        public Listing {
            Objects.requireNonNull(key, "key");
            refs = Set.copyOf(Objects.requireNonNull(refs, "refs"));
        }
    }

    private final ActorSystem system;
    /** Guards every change: the entries' sets and subscribers, {@link #watched}, {@link #watcher}. */
    private final Object lock = new Object();
    /**
     * The keys with registrations or subscribers. Written under {@link #lock}; read by
     * {@link #find} without it (the map's own ordering publishes each entry).
     */
    private final ConcurrentHashMap<ServiceKey<?>, Entry<?>> entries = new ConcurrentHashMap<>();
    /** The actors registered or subscribed whose end is not known yet, by identity; under {@link #lock}. */
    private final Set<Actor<?>> watched = Collections.newSetFromMap(new IdentityHashMap<>());
    /** The actor that watches them; null while none is watched. Under {@link #lock}. */
    private Watcher watcher;

    Receptionist(ActorSystem system) {
        this.system = system;
    }

    /**
     * Registers {@code ref} under {@code key}, and subscribers get the new set. Registering it again
     * under the same key does nothing. It stays registered until it ends or is deregistered.
     *
     * @param <M> the message type of the key
     * @param key the key
     * @param ref the actor, a reference from {@link Actor#ref()}
     * @throws NullPointerException      if an argument is null
     * @throws IllegalArgumentException  if {@code ref} is not a reference to a local actor (a router,
     *                                   a remote actor), whose end could not be learnt
     * @throws SystemNotRunningException if the receptionist must start watching and the system no
     *                                   longer accepts actors
     */
    public <M> void register(ServiceKey<M> key, ActorRef<M> ref) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(ref, "ref");
        final Actor<?> actor = Actor.actorOf(ref);
        if (actor == null) {
            throw new IllegalArgumentException(ref + " is not a reference to a local actor (Actor.ref()); "
                    + "routers and remote references cannot be registered");
        }
        synchronized (lock) {
            watch(actor);
            final Entry<M> entry = entry(key);
            entry.change(add(entry.refs, ref));
        }
    }

    /**
     * Removes {@code ref} from {@code key}, and subscribers get the new set; nothing if it is not
     * registered under it. Its other keys stay.
     *
     * @param <M> the message type of the key
     * @param key the key
     * @param ref the actor
     * @throws NullPointerException if an argument is null
     */
    public <M> void deregister(ServiceKey<M> key, ActorRef<M> ref) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(ref, "ref");
        synchronized (lock) {
            final Entry<M> entry = existing(key);
            if (entry != null) {
                entry.change(remove(entry.refs, ref));
                dropIfUnused(entry);
            }
        }
    }

    /**
     * {@return the actors registered under {@code key} now, an immutable set (empty if none)} It
     * takes no lock: a registration that returned before this call began is in it.
     *
     * @param <M> the message type of the key
     * @param key the key
     * @throws NullPointerException if {@code key} is null
     */
    public <M> Set<ActorRef<M>> find(ServiceKey<M> key) {
        Objects.requireNonNull(key, "key");
        final Entry<M> entry = existing(key);
        return entry == null ? Set.of() : entry.refs;
    }

    /**
     * Subscribes {@code subscriber} to {@code key}: it gets the current {@link Listing} at once,
     * then a new one on every change, in the order of the changes. The subscription ends with
     * {@link #unsubscribe}, or when the subscriber ends: an actor's by death watch, any other
     * reference's when it is found {@linkplain ActorRef#isTerminated() terminated} at a change. No
     * listing is sent to a subscriber that has ended, so none is counted as a dead letter (one queued
     * just as it ends is reported as undelivered, as any message queued behind an end). Subscribing
     * again sends the current listing again and changes nothing else.
     *
     * @param <M>        the message type of the key
     * @param key        the key
     * @param subscriber gets the listings
     * @throws NullPointerException      if an argument is null
     * @throws SystemNotRunningException if the subscriber is an actor, the receptionist must start
     *                                   watching, and the system no longer accepts actors
     */
    public <M> void subscribe(ServiceKey<M> key, ActorRef<? super Listing<M>> subscriber) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(subscriber, "subscriber");
        final Actor<?> actor = Actor.actorOf(subscriber);
        synchronized (lock) {
            if (actor != null) {
                watch(actor);
            }
            final Entry<M> entry = entry(key);
            if (deliver(subscriber, new Listing<>(key, entry.refs))) {
                entry.subscribers.add(subscriber);
            } else {
                entry.subscribers.remove(subscriber);
                dropIfUnused(entry);
            }
        }
    }

    /**
     * Ends the subscription of {@code subscriber} to {@code key}: once this returns, it gets no
     * further listing of that key. Nothing if it has none.
     *
     * @param <M>        the message type of the key
     * @param key        the key
     * @param subscriber the subscriber
     * @throws NullPointerException if an argument is null
     */
    public <M> void unsubscribe(ServiceKey<M> key, ActorRef<? super Listing<M>> subscriber) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(subscriber, "subscriber");
        synchronized (lock) {
            final Entry<M> entry = existing(key);
            if (entry != null && entry.subscribers.remove(subscriber)) {
                dropIfUnused(entry);
            }
        }
    }

    @Override
    public String toString() {
        return "Receptionist[" + system + ", keys=" + entries.size() + "]";
    }

    /** Watches {@code actor} unless it is watched already; makes the watcher if there is none. Under {@link #lock}. */
    private void watch(Actor<?> actor) {
        if (watched.contains(actor)) {
            return;
        }
        if (watcher == null) {
            // NOTE: outside any spawn under way on this thread: the watcher serves the whole system,
            // so a failed spawn whose constructor registered must not end it.
            watcher = Spawning.outside(() -> new Watcher(system, this));
        }
        watched.add(actor);
        watcher.send(new Watch(actor));
    }

    /**
     * The watcher learnt that {@code actor} has ended: it leaves every key, its subscriptions end.
     * {@return FINISHED for the watcher if nothing is watched any more}
     */
    private Allocation ended(Actor<?> actor) {
        final ActorRef<?> ref = actor.ref();
        synchronized (lock) {
            watched.remove(actor);
            for (Iterator<Entry<?>> all = entries.values().iterator(); all.hasNext(); ) {
                final Entry<?> entry = all.next();
                entry.removeEnded(ref);
                if (entry.unused()) {
                    all.remove();
                }
            }
            if (!watched.isEmpty()) {
                return Allocation.NODELETE;
            }
            // NOTE: every Watch sent is for an actor in watched, and each one's notification comes
            // after it, so nothing more is queued for this watcher: the next watch makes a new one.
            watcher = null;
            return Allocation.FINISHED;
        }
    }

    /** The entry of {@code key}, made if there is none. Under {@link #lock}. */
    private <M> Entry<M> entry(ServiceKey<M> key) {
        final Entry<M> found = existing(key);
        if (found != null) {
            return found;
        }
        final Entry<M> made = new Entry<>(key);
        entries.put(key, made);
        return made;
    }

    @SuppressWarnings("unchecked")
    private <M> Entry<M> existing(ServiceKey<M> key) {
        // NOTE: the key's equality includes its message class, so the entry under it is an Entry<M>.
        return (Entry<M>) entries.get(key);
    }

    private void dropIfUnused(Entry<?> entry) {
        if (entry.unused()) {
            entries.remove(entry.key);
        }
    }

    private static <M> Set<ActorRef<M>> add(Set<ActorRef<M>> refs, ActorRef<M> ref) {
        if (refs.contains(ref)) {
            return refs;
        }
        final Set<ActorRef<M>> more = new HashSet<>(refs);
        more.add(ref);
        return Set.copyOf(more);
    }

    private static <M> Set<ActorRef<M>> remove(Set<ActorRef<M>> refs, Object ref) {
        if (!refs.contains(ref)) {
            return refs;
        }
        final Set<ActorRef<M>> fewer = new HashSet<>(refs);
        fewer.remove(ref);
        return Set.copyOf(fewer);
    }

    /**
     * Sends {@code listing} unless {@code subscriber} has ended; an actor's check and send are one
     * (no dead letter), and pass its {@link MailboxBound} (never refused). {@return false if it has ended}
     */
    private static <M> boolean deliver(ActorRef<? super Listing<M>> subscriber, Listing<M> listing) {
        final Actor<?> actor = Actor.actorOf(subscriber);
        if (actor != null) {
            return actor.notifyUnlessTerminated(listing);
        }
        if (subscriber.isTerminated()) {
            return false;
        }
        subscriber.send(listing);
        return true;
    }

    /** A key's registrations and subscribers. */
    private static final class Entry<M> {
        final ServiceKey<M> key;
        /**
         * The registered actors, an immutable set. Written under the receptionist's lock (volatile:
         * the store publishes the set); read by {@code find} without it.
         */
        volatile Set<ActorRef<M>> refs = Set.of();
        /** The subscribers, in the order they subscribed; under the receptionist's lock only. */
        final Set<ActorRef<? super Listing<M>>> subscribers = new LinkedHashSet<>();

        Entry(ServiceKey<M> key) {
            this.key = key;
        }

        /** Sets {@code now} as the registered actors and sends it to the subscribers if it changed. Under the lock. */
        void change(Set<ActorRef<M>> now) {
            if (now == refs) {
                return;
            }
            refs = now;
            final Listing<M> listing = new Listing<>(key, now);
            subscribers.removeIf(subscriber -> !deliver(subscriber, listing));
        }

        /** Removes the ended actor behind {@code ref}, as registered actor and as subscriber. Under the lock. */
        void removeEnded(ActorRef<?> ref) {
            subscribers.remove(ref);
            change(remove(refs, ref));
        }

        boolean unused() {
            return refs.isEmpty() && subscribers.isEmpty();
        }
    }

    /** What the watcher gets: a watch to start, or the end of a watched actor. */
    private sealed interface Signal permits Watch, Gone {
    }

    /** Watch {@code actor}. */
    private record Watch(Actor<?> actor) implements Signal {
    }

    /** The death-watch notification: {@code actor} has ended. */
    private record Gone(Actor<?> actor) implements Signal {
    }

    /** The internal actor that watches the registered and subscribed actors; unreachable from outside. */
    private static final class Watcher extends Actor<Signal> {
        private final Receptionist receptionist;

        Watcher(ActorSystem system, Receptionist receptionist) {
            super(system);
            this.receptionist = receptionist;
        }

        @Override
        protected Allocation receive(Signal signal) {
            if (signal instanceof Watch start) {
                watch(start.actor(), new Gone(start.actor()));
                return Allocation.NODELETE;
            }
            return receptionist.ended(((Gone) signal).actor());
        }

        /** Ignored: it ends once the actors it watches have ended, which a shutdown's pills see to. */
        @Override
        protected Allocation onPoisonPill(PoisonPill pill) {
            return Allocation.NODELETE;
        }
    }
}
