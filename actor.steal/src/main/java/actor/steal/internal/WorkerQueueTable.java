package actor.steal.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;

/**
 * The {@code workerQueues} table: {@code size()} references to queues, split into one contiguous
 * slice per worker. Worker {@code w} owns slots {@code [sliceStart(w), sliceEnd(w))}. Senders never
 * look at this table; workers read their own slice to find queues to gulp, and a thief permutes the
 * table with {@link #trySwap}, which exchanges one slot of its slice with one of a victim's.
 *
 * <h2>The swap, and why it is safe</h2>
 * Values are never null, so null serves as a lock on a slot ("held"). The thief passes the exact
 * values it evaluated, {@code mine} in its own slot and {@code theirs} in the victim's. A swap
 * <ol>
 * <li>CASes its own slot from {@code mine} to null, and gives up if that fails; nothing changed;</li>
 * <li>CASes the victim's slot from {@code theirs} to null; on failure it writes {@code mine} back
 *     and gives up;</li>
 * <li>asks the {@link Relocation} to move both values to their new workers; while both slots are
 *     held nobody else can move either value, so whatever the relocation records (such as each
 *     queue's owner) is written by one thread at a time, in the order the values move. If the
 *     relocation declines, both slots get their old values back and the swap fails;</li>
 * <li>writes {@code mine} into the victim's slot and {@code theirs} into its own (release).</li>
 * </ol>
 * <b>Invariant:</b> a slot set to null is next written only by the thief that nulled it. Only a
 * thief nulls a slot, and every other write is either that thief's own write-back or a CAS whose
 * expected value is non-null, so no one else can overwrite a null; the write-backs cannot clobber
 * anyone. A failed swap restored every slot it changed, so the table is as it was; a successful one
 * exchanged exactly the two values the thief evaluated. Values are distinct objects, so there is no
 * ABA: a CAS that succeeds saw the very reference the thief evaluated. The swap never loops, never
 * blocks, and never retries: a failure means the work moved anyway.
 *
 * <p>Consequences, checked by the property tests and jcstress: at quiescence the table is a
 * permutation of the initial values, no slot is null, every slice keeps its size, and what a
 * relocation records agrees with the table.
 *
 * <h2>Threading</h2>
 * Slots are read with acquire semantics and changed by CAS (volatile) or, for a thief's own held
 * slots, release writes. A reader may see null in any slot, its own slice included (a thief is
 * taking from it); a held slot's value is about to move, so readers skip it.
 *
 * @param <E> the queue type
 */
public final class WorkerQueueTable<E> {

    /**
     * Records where values go when a swap moves them. Called by the thief while both slots are held,
     * so no other thread can move {@code stolen} or {@code given} until it returns; must not touch
     * the table.
     *
     * @param <E> the queue type
     */
    @FunctionalInterface
    public interface Relocation<E> {
        /**
         * @param stolen the value moving from the victim's slice to the thief's
         * @param thief  the thief's worker index
         * @param given  the value moving from the thief's slice to the victim's
         * @param victim the victim's worker index
         * @return true to complete the swap; false to cancel it (nothing moves)
         */
        boolean relocate(E stolen, int thief, E given, int victim);
    }

    private static final VarHandle VH_SLOTS = MethodHandles.arrayElementVarHandle(Object[].class);

    private final Object[] slots;
    private final int workers;
    /** {@code bounds[w]} is the first slot of worker {@code w}'s slice, {@code bounds[workers]} the table's size. */
    private final int[] bounds;

    /**
     * A table holding {@code initial} in order, split among {@code workers} slices.
     *
     * @throws IllegalArgumentException if {@code workers < 1} or there are fewer values than workers
     * @throws NullPointerException     if {@code initial} or a value is null
     */
    public WorkerQueueTable(E[] initial, int workers) {
        Objects.requireNonNull(initial, "initial");
        if (workers < 1 || initial.length < workers) {
            throw new IllegalArgumentException("workers = " + workers + ": must be in [1, "
                    + initial.length + "] (at least one slot per worker)");
        }
        this.slots = new Object[initial.length];
        for (int i = 0; i < initial.length; i++) {
            slots[i] = Objects.requireNonNull(initial[i], "initial value");
        }
        this.workers = workers;
        // NOTE: computed once: a placement asks for its creator's slice on every actor creation,
        // and the 64-bit division would cost more than the rest of the ticket.
        this.bounds = new int[workers + 1];
        for (int w = 0; w <= workers; w++) {
            bounds[w] = (int) ((long) w * initial.length / workers);
        }
        VarHandle.releaseFence();
    }

    /** Number of slots (M). */
    public int size() {
        return slots.length;
    }

    /** Number of slices (N). */
    public int workers() {
        return workers;
    }

    /** First slot of worker {@code w}'s slice. */
    public int sliceStart(int w) {
        return bounds[w];
    }

    /** One past the last slot of worker {@code w}'s slice. */
    public int sliceEnd(int w) {
        return sliceStart(w + 1);
    }

    /** The worker whose slice contains {@code slot}. */
    public int workerOf(int slot) {
        return (int) (((long) slot + 1) * workers - 1) / slots.length;
    }

    /** The value in {@code slot} (acquire); null while a thief holds the slot during a swap. */
    @SuppressWarnings("unchecked")
    public E get(int slot) {
        return (E) VH_SLOTS.getAcquire(slots, slot);
    }

    /**
     * The thief's swap: exchanges {@code mine}, expected in {@code thiefSlot} (in the caller's
     * slice), with {@code theirs}, expected in {@code victimSlot} (in another worker's slice), or
     * changes nothing. Never loops, never blocks. Must be called only by the worker owning
     * {@code thiefSlot}.
     *
     * @return true if the two values were exchanged (and {@code relocation} accepted the move)
     */
    public boolean trySwap(int thiefSlot, E mine, int victimSlot, E theirs, Relocation<? super E> relocation) {
        if (mine == null || theirs == null) {
            return false;
        }
        if (!VH_SLOTS.compareAndSet(slots, thiefSlot, mine, null)) {
            return false;
        }
        if (!VH_SLOTS.compareAndSet(slots, victimSlot, theirs, null)) {
            // NOTE: by the invariant only this thread writes a slot it nulled, so restoring is safe.
            VH_SLOTS.setRelease(slots, thiefSlot, mine);
            return false;
        }
        final boolean moved = relocation.relocate(theirs, workerOf(thiefSlot), mine, workerOf(victimSlot));
        // NOTE: same invariant for both held slots; the releases publish whatever the relocation
        // wrote to every thread that later reads either slot.
        VH_SLOTS.setRelease(slots, victimSlot, moved ? mine : theirs);
        VH_SLOTS.setRelease(slots, thiefSlot, moved ? theirs : mine);
        return moved;
    }
}
