package actor.steal.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;

/**
 * The {@code workerQueues} table: {@code size()} references to queues, split into one contiguous
 * slice per worker. Worker {@code w} owns slots {@code [sliceStart(w), sliceEnd(w))}. Senders never
 * look at this table; workers read their own slice to find queues to gulp, and a thief permutes the
 * table with {@link #trySwap(int, int)}, which exchanges one slot of its slice with one of a
 * victim's.
 *
 * <h2>The swap, and why it is safe</h2>
 * The table's values are never null, so null serves as a lock on a slot. A swap
 * <ol>
 * <li>reads both slots, and gives up if the victim's reads null (another thief is mid-swap);</li>
 * <li>CASes its own slot from the value read to null, and gives up if that fails (its own slot was
 *     just stolen); nothing has changed yet;</li>
 * <li>CASes the victim's slot from the value read to its own old value; on failure it writes its
 *     own value back and gives up;</li>
 * <li>writes the victim's old value into its own slot.</li>
 * </ol>
 * <b>Invariant:</b> a slot that a thief set to null is next written only by that same thief. Only a
 * thief nulls a slot, only slots of its own slice, and every other write is a CAS whose expected
 * value is non-null (step 3 expects the non-null value read in step 1), so no one else can
 * overwrite a null. Hence the write-back of step 3's failure path and the write of step 4 cannot
 * clobber anyone. A failed swap wrote nothing (steps 1-2) or restored the single slot it changed
 * (step 3), so the table is as it was; a successful one exchanged exactly two values. Values are
 * distinct objects, so there is no ABA: a CAS that succeeds saw the very reference read in step 1.
 * The swap never loops, never blocks, and never retries: a failure means the work moved anyway.
 *
 * <p>Consequences, checked by the property tests: at quiescence the table is a permutation of the
 * initial values, no slot is null, and every slice keeps its size.
 *
 * <h2>Threading</h2>
 * Slots are read with acquire semantics and changed by CAS (volatile) or, for the thief's own
 * nulled slot, a release write. The owner of a slot never observes null in its own slice: only it
 * nulls its own slots, during its own swap.
 *
 * @param <E> the queue type
 */
public final class WorkerQueueTable<E> {

    private static final VarHandle VH_SLOTS = MethodHandles.arrayElementVarHandle(Object[].class);

    private final Object[] slots;
    private final int workers;

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
        return (int) ((long) w * slots.length / workers);
    }

    /** One past the last slot of worker {@code w}'s slice. */
    public int sliceEnd(int w) {
        return sliceStart(w + 1);
    }

    /**
     * The value in {@code slot} (acquire). Null only while a thief that owns {@code slot} is in the
     * middle of a swap; a worker reading its own slice never sees null.
     */
    @SuppressWarnings("unchecked")
    public E get(int slot) {
        return (E) VH_SLOTS.getAcquire(slots, slot);
    }

    /**
     * The thief's swap: exchanges the values of {@code thiefSlot} (in the caller's slice) and
     * {@code victimSlot} (in another worker's slice), or changes nothing. Never loops, never blocks.
     * Must be called only by the worker owning {@code thiefSlot}.
     *
     * @return true if the two values were exchanged
     */
    public boolean trySwap(int thiefSlot, int victimSlot) {
        final Object mine = VH_SLOTS.getAcquire(slots, thiefSlot);
        final Object theirs = VH_SLOTS.getAcquire(slots, victimSlot);
        if (theirs == null) {
            return false;
        }
        if (!VH_SLOTS.compareAndSet(slots, thiefSlot, mine, null)) {
            return false;
        }
        if (!VH_SLOTS.compareAndSet(slots, victimSlot, theirs, mine)) {
            // NOTE: by the invariant only this thread writes a slot it nulled, so restoring is safe.
            VH_SLOTS.setRelease(slots, thiefSlot, mine);
            return false;
        }
        // NOTE: same invariant; this release publishes the stolen value to later readers.
        VH_SLOTS.setRelease(slots, thiefSlot, theirs);
        return true;
    }
}
