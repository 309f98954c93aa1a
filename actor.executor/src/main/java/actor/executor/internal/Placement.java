package actor.executor.internal;

import actor.api.Actor;
import actor.api.tuning.Hub;
import actor.api.tuning.PlacementPolicy;
import actor.steal.internal.WorkerQueueTable;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Where a new actor's mailbox (its ticket) is.
 *
 * <ul>
 * <li>Actors created outside the workers (by {@code main}, a test, an I/O thread) are spread: the
 *     i-th goes to worker {@code i mod N}, cycling through that worker's initial slice, so
 *     consecutive actors land on different workers and a small application uses every worker from
 *     the start.</li>
 * <li>Actors created by a behaviour stay near their creator ({@link PlacementPolicy#NEAR_CREATOR},
 *     the default): round-robin over the mailboxes currently in the running worker's slice, so a
 *     chain or tree of actors talking to their parents does not pay a cross-core hand-off per
 *     message; stealing spreads them when one worker has a backlog. With
 *     {@link PlacementPolicy#SPREAD} they are spread as if created outside.</li>
 * <li>A chain's links go nearer still: a new actor <em>joins</em> the mailbox whose batch is
 *     creating it if its creator's class is a chain's ({@link ChainShape}: the last behaviour of
 *     that class that created an actor also ended its own), unless a live actor other than its
 *     creator has joined that mailbox already. A chain (each actor creates the next, sends to it
 *     and ends) then stays in one mailbox from its second link on, and each send joins the running
 *     batch (copy queue: no lock; MPSC: taken by the same visit's next batch), with no gulp. A
 *     mailbox is what a thief moves as a whole, and a long behaviour holds up every actor of its
 *     mailbox, so no other actor goes there: a parent that lives on (a supervisor and its workers)
 *     keeps none of its children in its mailbox, since round-robin skips the creator's own; a
 *     mailbox holds at most two live actors that joined it; and of a chain link's fan-out only
 *     the first child joins.</li>
 * <li>Actors of a {@link Hub} class go to the worker that has received the fewest hubs so far (the
 *     lowest index on a tie), the k-th hub of a worker to the k-th mailbox of its initial slice, so
 *     hubs get workers, and mailboxes, of their own while there are enough.</li>
 * </ul>
 * With stealing on, the last mailbox of every initial slice of at least
 * {@link Policy.Tunables#minSliceWithSpareMailboxes} mailboxes is a <em>spare</em>: no ticket names
 * it, so a push finds a mailbox without actors to take in exchange ({@link HandOffMoves#tryPush}), and a
 * thief may give it without moving any actor to the victim. Ticket {@code t} starts in the slice of worker {@code floor(((t + 1) * N - 1) / M)}
 * ({@link WorkerQueueTable#workerOf}; {@code t * N / M} when N divides M, as with the default
 * sharding); stealing may move it later.
 *
 * <p>Threading: {@link #outsideTicket()} is called from any thread (one atomic increment), and so is
 * {@link #hubTicket()} (a scan and a CAS of the hub counts); {@link #localTicket} and
 * {@link #joining} only from the worker whose cursor, or running mailbox, they read.
 */
final class Placement {

    /** Whether a class is marked {@link Hub}, looked up once per class. */
    private static final ClassValue<Boolean> IS_HUB = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return type.isAnnotationPresent(Hub.class);
        }
    };

    /** Per actor class, whether it is a chain's ({@link ChainShape}). */
    private static final ClassValue<ChainShape> CHAIN_SHAPES = new ClassValue<>() {
        @Override
        protected ChainShape computeValue(Class<?> type) {
            return new ChainShape();
        }
    };

    /**
     * What the workers have seen of an actor class: whether the last of its behaviours that
     * created an actor also ended its own actor, as a chain's links do. Unknown (false) until such
     * a behaviour has ended, so a chain's first link places its child round-robin. A hint, written
     * and read racily by every worker (a stale value only places one actor round-robin, or joins
     * one that a fresh value would not have).
     */
    static final class ChainShape {
        private static final VarHandle VH_CHAIN_LINK;

        static {
            try {
                VH_CHAIN_LINK = MethodHandles.lookup().findVarHandle(ChainShape.class, "chainLink", boolean.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        /** Opaque reads and writes, from any worker. */
        private boolean chainLink;

        /** Records what a behaviour that created an actor did; writes only a change, so a steady chain only reads. */
        void learn(boolean endedItsActor) {
            if (isChainLink() != endedItsActor) {
                VH_CHAIN_LINK.setOpaque(this, endedItsActor);
            }
        }

        boolean isChainLink() {
            return (boolean) VH_CHAIN_LINK.getOpaque(this);
        }
    }

    /** The shape of {@code type}'s behaviours (one per class, shared by every system). */
    static ChainShape chainShape(Class<?> type) {
        return CHAIN_SHAPES.get(type);
    }

    private final WorkerQueueTable<Mailbox> table;
    private final PlacementPolicy policy;
    private final int workers;
    /** Per mailbox index: whether it is a spare, named by no ticket. */
    private final boolean[] spare;
    /** Hubs placed so far, per worker. */
    private final AtomicIntegerArray hubs;
    private final AtomicLong outsideCount = new AtomicLong();

    Placement(WorkerQueueTable<Mailbox> table, PlacementPolicy policy, boolean stealing) {
        this.table = table;
        this.policy = policy;
        this.workers = table.workers();
        this.hubs = new AtomicIntegerArray(workers);
        this.spare = new boolean[table.size()];
        if (stealing) {
            for (int w = 0; w < workers; w++) {
                if (table.sliceEnd(w) - table.sliceStart(w) >= Policy.TUNABLES.minSliceWithSpareMailboxes()) {
                    spare[table.sliceEnd(w) - 1] = true;
                }
            }
        }
    }

    /** Whether the mailbox of index {@code index} is a spare, which no ticket names. */
    boolean isSpare(int index) {
        return spare[index];
    }

    /** How many mailboxes of worker {@code worker}'s initial slice tickets name: all but its spare. */
    private int ticketed(int worker) {
        final int end = table.sliceEnd(worker);
        return end - table.sliceStart(worker) - (spare[end - 1] ? 1 : 0);
    }

    /**
     * The mailbox a new {@code actor} created by a behaviour on worker {@code creator} joins: the
     * one whose batch is running, if the policy is {@link PlacementPolicy#NEAR_CREATOR}, the actor
     * is no hub, the creator is a chain's link and no other live actor joined that mailbox
     * ({@link Worker#joinable}); else null, and the ticket is {@link #ticketFor}'s.
     */
    Mailbox joining(Actor<?> actor, Worker creator) {
        if (!Policy.CHAIN_JOIN || creator == null || policy != PlacementPolicy.NEAR_CREATOR
                || isHub(actor.getClass(), creator)) {
            return null;
        }
        return creator.joinable();
    }

    /** The ticket of a new {@code actor}, created by a behaviour on worker {@code creator}, or outside (null). */
    int ticketFor(Actor<?> actor, Worker creator) {
        if (isHub(actor.getClass(), creator)) {
            return hubTicket();
        }
        if (creator != null && policy == PlacementPolicy.NEAR_CREATOR) {
            return localTicket(creator);
        }
        return outsideTicket();
    }

    /**
     * Whether {@code type} is a hub class. A worker remembers the last class it found not to be
     * one, so a behaviour creating actors of one class skips the class-value lookup.
     */
    private static boolean isHub(Class<?> type, Worker creator) {
        if (!Policy.HUB) {
            return false;
        }
        if (creator == null) {
            return IS_HUB.get(type);
        }
        if (type == creator.plainClass) {
            return false;
        }
        final boolean hub = IS_HUB.get(type);
        if (!hub) {
            creator.plainClass = type;
        }
        return hub;
    }

    /** The ticket of the next hub: on the worker with the fewest hubs so far, the next mailbox of its slice. */
    int hubTicket() {
        while (true) {
            int worker = 0;
            int fewest = hubs.get(0);
            for (int w = 1; w < workers; w++) {
                final int placed = hubs.get(w);
                if (placed < fewest) {
                    fewest = placed;
                    worker = w;
                }
            }
            if (hubs.compareAndSet(worker, fewest, fewest + 1)) {
                return table.sliceStart(worker) + fewest % ticketed(worker);
            }
        }
    }

    /** The ticket of the next actor created outside the workers. */
    int outsideTicket() {
        final long i = outsideCount.getAndIncrement() & Long.MAX_VALUE;
        final int worker = (int) (i % workers);
        return table.sliceStart(worker) + (int) ((i / workers) % ticketed(worker));
    }

    /**
     * The ticket of the next actor created by a behaviour running on {@code worker}: the next
     * mailbox of its slice in turn, other than the creator's own (while the slice has another).
     */
    int localTicket(Worker worker) {
        final int start = table.sliceStart(worker.index);
        final int size = table.sliceEnd(worker.index) - start;
        final Mailbox creators = ticketed(worker.index) > 1 ? worker.visiting() : null;
        int cursor = worker.placementCursor;
        for (int tries = 0; tries < size; tries++) {
            final Mailbox mailbox = table.get(start + cursor);
            cursor = cursor + 1 == size ? 0 : cursor + 1;
            if (mailbox != null && mailbox != creators && !isSpare(mailbox.index)) {
                worker.placementCursor = cursor;
                return mailbox.index;
            }
        }
        // NOTE: every slot of the slice held by thieves at once, or holding spares; the initial
        // slice is as near as any.
        worker.placementCursor = cursor;
        return start + cursor % ticketed(worker.index);
    }
}
