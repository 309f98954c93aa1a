package actor.executor.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A copy queue: envelopes (actor, message) stored by value in one growable array, stride 2, so a
 * push allocates nothing once the array is large enough.
 *
 * <ul>
 * <li>{@link #push} appends at {@code tail}; a full array doubles (amortised O(1)).</li>
 * <li>{@link #pop} bumps {@code head} and nulls the two slots it leaves, so the queue never keeps a
 *     message or actor alive; when the last envelope is popped both indices return to zero, so
 *     there is never anything to shift or wrap.</li>
 * <li>{@link #drainTo} pops everything (one gulped batch, including envelopes pushed while it runs)
 *     and then applies the reclamation rule.</li>
 * </ul>
 *
 * <p><b>Reclamation.</b> A burst must not pin memory forever, and a steady load must not make the
 * array oscillate. Each drain records its batch size; after {@link #RECLAIM_WINDOW} drains, if the
 * largest batch of that window used less than half the capacity, the array is reallocated at the
 * smallest power of two holding that largest batch (never below the floor). Capacity therefore
 * ends within 2x of the recent high-water mark, and a load that stays under a size never causes a
 * regrowth. {@link #trim()} releases an idle queue's array immediately.
 *
 * <p>Threading: not thread-safe. A queue in a mailbox is used under the mailbox lock; a gulped
 * queue belongs to the worker draining it. The one exception is {@link #isEmptyRacy()}, an opaque
 * read any thread may do as a hint.
 */
public final class CopyQueue {

    /** Default and minimum capacity, in envelopes. */
    public static final int DEFAULT_FLOOR = 16;
    /**
     * Drains per reclamation decision. Long enough that a load whose batch sizes vary (one large
     * batch in nine, say) almost never sees a whole window of small ones, which would shrink the
     * array only for the next large batch to regrow it: with a window of 8, one large batch every
     * ninth drain cost 0.59 B/op (JMH {@code CopyQueueBenchmark.burstAfterEachWindow}, whose bursts
     * follow the window); with 64, such a load allocates nothing. An idle worker trims at once, so
     * a burst still does not pin memory.
     */
    public static final int RECLAIM_WINDOW = 64;

    private static final VarHandle VH_TAIL;

    static {
        try {
            VH_TAIL = MethodHandles.lookup().findVarHandle(CopyQueue.class, "tail", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final int floor;
    private Object[] slots;
    private int head;
    /** Written by the owner (plain or, in push, with the array store first); read racily via {@link #isEmptyRacy()}. */
    private int tail;
    private int windowHigh;
    private int windowDrains;

    public CopyQueue() {
        this(DEFAULT_FLOOR);
    }

    public CopyQueue(int floor) {
        if (floor < 1) {
            throw new IllegalArgumentException("floor = " + floor + ": must be at least 1");
        }
        this.floor = floor;
        this.slots = new Object[2 * floor];
    }

    /** Appends one envelope. */
    public void push(Object actor, Object message) {
        int t = tail;
        Object[] array = slots;
        if (2 * t == array.length) {
            array = grow();
            t = tail;
        }
        array[2 * t] = actor;
        array[2 * t + 1] = message;
        tail = t + 1;
    }

    /** Envelopes queued. */
    public int size() {
        return tail - head;
    }

    public boolean isEmpty() {
        return tail == head;
    }

    /**
     * Racy emptiness hint for threads that do not own the queue (a worker's test before it gulps, a
     * thief's scan). May be stale; owners always re-check under the mailbox lock.
     * NOTE: valid only for a queue sitting in a mailbox, whose head is always zero.
     */
    boolean isEmptyRacy() {
        return (int) VH_TAIL.getOpaque(this) == 0;
    }

    /** Racy size of a queue sitting in a mailbox (head is zero there); see {@link #isEmptyRacy()}. */
    int sizeRacy() {
        return (int) VH_TAIL.getOpaque(this);
    }

    /** Capacity, in envelopes. */
    public int capacity() {
        return slots.length / 2;
    }

    /** The actor of the oldest envelope; the queue must not be empty. */
    public Object headActor() {
        return slots[2 * head];
    }

    /** The message of the oldest envelope; the queue must not be empty. */
    public Object headMessage() {
        return slots[2 * head + 1];
    }

    /** Removes the oldest envelope; the queue must not be empty. */
    public void pop() {
        final int h = head;
        slots[2 * h] = null;
        slots[2 * h + 1] = null;
        if (h + 1 == tail) {
            head = 0;
            tail = 0;
        } else {
            head = h + 1;
        }
    }

    /**
     * Pops every envelope in order into {@code sink} (one gulped batch), then applies the
     * reclamation rule. {@code sink} may {@link #push} onto this very queue while it runs (a
     * behaviour sending to the mailbox whose batch is running, see {@code Worker#send}):
     * such envelopes are drained by the same call, in order, after those already queued.
     *
     * @return the number of envelopes drained
     */
    public int drainTo(EnvelopeSink sink) {
        int drained = 0;
        while (head < tail) {
            final Object[] array = slots;
            final int h = head;
            final Object actor = array[2 * h];
            final Object message = array[2 * h + 1];
            array[2 * h] = null;
            array[2 * h + 1] = null;
            head = h + 1;
            drained++;
            sink.accept(actor, message);
        }
        head = 0;
        tail = 0;
        reclaim(drained);
        return drained;
    }

    /**
     * Pops every envelope left (after a drain that a sink aborted, or at the final sweep) into
     * {@code sink}, without the reclamation rule, and leaves the queue empty with both indices at zero.
     */
    public void clearInto(EnvelopeSink sink) {
        final Object[] array = slots;
        final int end = tail;
        for (int h = head; h < end; h++) {
            final Object actor = array[2 * h];
            final Object message = array[2 * h + 1];
            array[2 * h] = null;
            array[2 * h + 1] = null;
            sink.accept(actor, message);
        }
        head = 0;
        tail = 0;
    }

    /** Releases an empty queue's array down to the floor (a worker going to sleep does this). */
    public void trim() {
        if (isEmpty() && slots.length > 2 * floor) {
            slots = new Object[2 * floor];
            windowHigh = 0;
            windowDrains = 0;
        }
    }

    private void reclaim(int batch) {
        if (batch > windowHigh) {
            windowHigh = batch;
        }
        if (++windowDrains < RECLAIM_WINDOW) {
            return;
        }
        final int capacity = capacity();
        if (capacity > floor && 2 * windowHigh < capacity) {
            final int target = Math.max(floor, ceilPowerOfTwo(windowHigh));
            if (target < capacity) {
                slots = new Object[2 * target];
            }
        }
        windowHigh = 0;
        windowDrains = 0;
    }

    private Object[] grow() {
        final Object[] old = slots;
        final int live = tail - head;
        final Object[] bigger = new Object[Math.max(old.length * 2, 2 * floor)];
        System.arraycopy(old, 2 * head, bigger, 0, 2 * live);
        slots = bigger;
        head = 0;
        tail = live;
        return bigger;
    }

    private static int ceilPowerOfTwo(int n) {
        return n <= 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
    }

    /** Test view: whether every slot outside {@code [head, tail)} is null. */
    boolean slotsOutsideLiveRangeAreNull() {
        for (int i = 0; i < slots.length; i++) {
            final int envelope = i / 2;
            if ((envelope < head || envelope >= tail) && slots[i] != null) {
                return false;
            }
        }
        return true;
    }

    /** Receives drained envelopes. */
    public interface EnvelopeSink {
        void accept(Object actor, Object message);
    }
}
