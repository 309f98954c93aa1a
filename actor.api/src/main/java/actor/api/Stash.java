package actor.api;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A bounded buffer in which an actor holds back the messages it cannot handle yet (while it waits
 * for a lock, a reply or a reload), and then handles them, in the order stashed, before any message
 * that arrives later. Pekko typed's {@code StashBuffer}: {@code Behaviors.withStash(capacity, ...)},
 * {@code stash(m)}, {@code unstashAll(behavior)}.
 *
 * <pre>{@code
 * private final Stash<Msg> stash = new Stash<>(this, 100);
 *
 * protected Allocation receive(Msg msg) {
 *     if (msg instanceof Loaded loaded) {
 *         prices = loaded.prices();
 *         return stash.unstashAll(this::receive);   // the stashed requests, in order, before newer ones
 *     }
 *     if (prices == null) {                          // still loading
 *         stash.stash(msg);
 *         return Allocation.NODELETE;
 *     }
 *     ...
 * }
 * }</pre>
 *
 * <p><b>Order.</b> {@link #unstashAll} runs the stashed messages through the behaviour it is given
 * inside the calling behaviour, one after the other, so they are handled before every message
 * still queued for the actor and before every message sent later, as with Pekko's
 * {@code unstashAll}. It handles the messages stashed when it was called; a behaviour it runs may
 * stash again (the actor went back to waiting), and those messages stay stashed, behind the ones
 * not yet handled, so their order is kept for the next {@code unstashAll}.
 *
 * <p><b>Overflow.</b> A full stash refuses the message: {@link #stash} throws
 * {@link StashOverflowException}, naming the capacity, and stores nothing (Pekko throws its
 * {@code StashOverflowException} too). Uncaught, the exception fails the behaviour like any other:
 * the {@link ErrorHandler} receives an {@link ActorError.BehaviourFailed} with the message the
 * behaviour was handling, and the {@link FailurePolicy} decides the actor's fate (by default it
 * terminates). To refuse politely instead (a "busy" reply), check {@link #isFull()} first.
 *
 * <p><b>Termination.</b> If a behaviour run by {@link #unstashAll} returns anything but
 * {@link Allocation#NODELETE}, unstashing stops there and every message still in the stash is a
 * dead letter of the owner: counted by {@link ActorSystem#deadLetters()} and reported as an
 * {@link ActorError.DeadLetter} with that status (also with
 * {@linkplain ActorSystemConfig.Builder#strictSends strict sends}: no sender is there to throw to);
 * the stash is then empty. A stash is a plain object the actor holds: when the actor terminates in
 * any other way (a poison pill, a failure), the toolkit does not look into it, so what it still
 * holds is dropped unreported; an actor that must account for it drains it first, for example in
 * {@link Actor#onPoisonPill} with {@code unstashAll}.
 *
 * <p><b>Cost.</b> An actor pays nothing for this class unless it holds one. A stash keeps its
 * messages in a ring buffer array made on the first {@link #stash}, at most 16 slots, and doubled
 * when full up to the capacity; it keeps that array, so in steady state stashing and unstashing
 * allocate nothing. Taken slots are nulled: a stash keeps no handled message alive.
 *
 * <p>Threading: not thread-safe, by design. Only the owner's behaviours (and continuations) use
 * it, one at a time, like the other fields of an actor; nothing checks this.
 *
 * @param <M> the messages it holds: the owner's message type or a subtype of it
 */
public final class Stash<M> {

    /** The largest capacity a stash accepts. */
    public static final int MAX_CAPACITY = 1 << 30;

    /** Slots of the first array, unless the capacity is smaller. */
    private static final int FIRST_LENGTH = 16;

    private static final Object[] NO_SLOTS = new Object[0];

    /**
     * Gate of {@link #unstashingOnThisThread()}: unstashAll calls under way on any thread, so that
     * an await pays one volatile read while none runs anywhere (as {@link Spawning} does for spawns).
     */
    private static final AtomicInteger UNSTASHING = new AtomicInteger();
    /** The unstashAll calls under way on this thread (nested ones included). */
    private static final ThreadLocal<int[]> DEPTH = ThreadLocal.withInitial(() -> new int[1]);

    private final Actor<?> owner;
    private final int capacity;
    /** The ring: {@code size} messages from {@code head}, wrapping at the end; empty slots are null. */
    private Object[] slots = NO_SLOTS;
    private int head;
    private int size;

    /**
     * Creates an empty stash for {@code owner}, typically as a field of the owner:
     * {@code new Stash<>(this, 100)}.
     *
     * @param owner    the actor whose behaviours use this stash; its dead letters receive what an
     *                 ending {@link #unstashAll} leaves
     * @param capacity the most messages it holds, in {@code [1, MAX_CAPACITY]}
     * @throws NullPointerException     if {@code owner} is null
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public Stash(Actor<? super M> owner, int capacity) {
        if (owner == null) {
            throw new NullPointerException("owner");
        }
        if (capacity < 1 || capacity > MAX_CAPACITY) {
            throw new IllegalArgumentException("capacity = " + capacity + ": must be in [1, " + MAX_CAPACITY + "]");
        }
        this.owner = owner;
        this.capacity = capacity;
    }

    /** {@return the most messages this stash holds} */
    public int capacity() {
        return capacity;
    }

    /** {@return how many messages it holds now} */
    public int size() {
        return size;
    }

    /** {@return whether it holds no message} */
    public boolean isEmpty() {
        return size == 0;
    }

    /** {@return whether it holds {@link #capacity()} messages, so {@link #stash} would refuse the next one} */
    public boolean isFull() {
        return size == capacity;
    }

    /**
     * Holds {@code message} back, behind the messages already stashed.
     *
     * @param message the message, typically the one the calling behaviour received
     * @throws NullPointerException    if {@code message} is null
     * @throws StashOverflowException if the stash is full; it stored nothing
     */
    public void stash(M message) {
        if (message == null) {
            throw new NullPointerException("message");
        }
        if (size == capacity) {
            throw new StashOverflowException(owner, capacity, message.getClass().getName());
        }
        if (size == slots.length) {
            grow();
        }
        int tail = head + size;
        if (tail >= slots.length) {
            tail -= slots.length;
        }
        slots[tail] = message;
        size++;
    }

    /**
     * Handles the messages stashed now, oldest first, each through {@code behaviour}, inside the
     * calling behaviour: before any message queued for the actor. Each message leaves the stash
     * before {@code behaviour} receives it. Call it from the owner's behaviour and return what it
     * returns: {@code return stash.unstashAll(this::receive);}.
     *
     * <p>Stops at the first status other than {@link Allocation#NODELETE} and returns it; every
     * message still stashed then is a dead letter of the owner with that status (see the class
     * comment), and the stash is empty. If {@code behaviour} throws, the exception propagates (it
     * fails the calling behaviour), the message it was handling is gone and the rest stay
     * stashed, in order. A behaviour run from here must not {@linkplain Actor#await await}: the
     * next stashed message would run before its continuation; it fails with
     * {@link IllegalStateException} instead.
     *
     * @param behaviour what handles each message: usually the owner's {@code receive}
     * @return {@link Allocation#NODELETE} if every message was handled and the actor goes on,
     *         else the status that ended it
     * @throws NullPointerException if {@code behaviour} is null, or returned null
     */
    public Allocation unstashAll(Function<? super M, Allocation> behaviour) {
        if (behaviour == null) {
            throw new NullPointerException("behaviour");
        }
        int batch = size;
        if (batch == 0) {
            return Allocation.NODELETE;
        }
        final int[] depth = enter();
        try {
            while (batch-- > 0 && size > 0) {
                final Allocation status = behaviour.apply(take());
                if (status != Allocation.NODELETE) {
                    if (status == null) {
                        throw new NullPointerException("the behaviour returned null; return an Allocation");
                    }
                    endWith(status);
                    return status;
                }
            }
            return Allocation.NODELETE;
        } finally {
            exit(depth);
        }
    }

    /**
     * Drops every stashed message, unreported: for an actor that has answered them otherwise or
     * decided they no longer matter.
     *
     * @return how many it dropped
     */
    public int clear() {
        final int dropped = size;
        Arrays.fill(slots, null);
        head = 0;
        size = 0;
        return dropped;
    }

    @Override
    public String toString() {
        return "Stash(" + size + "/" + capacity + " of " + owner + ")";
    }

    /** Whether a behaviour on this thread runs inside an {@link #unstashAll}: {@link Actor#await} refuses then. */
    static boolean unstashingOnThisThread() {
        return UNSTASHING.get() != 0 && DEPTH.get()[0] > 0;
    }

    private static int[] enter() {
        UNSTASHING.incrementAndGet();
        final int[] depth = DEPTH.get();
        depth[0]++;
        return depth;
    }

    private static void exit(int[] depth) {
        depth[0]--;
        UNSTASHING.decrementAndGet();
    }

    /** Takes the oldest message and nulls its slot. */
    @SuppressWarnings("unchecked")
    private M take() {
        final Object[] ring = slots;
        final M message = (M) ring[head];
        ring[head] = null;
        size--;
        head = size == 0 || head + 1 == ring.length ? 0 : head + 1;
        return message;
    }

    /** Reports what is left as dead letters of the owner, ending with {@code status}, oldest first. */
    private void endWith(Allocation status) {
        while (size > 0) {
            owner.deadLetter(take(), status);
        }
    }

    /** Doubles the ring, up to the capacity, keeping the order from slot 0. */
    private void grow() {
        final int length = (int) Math.min(capacity, Math.max(FIRST_LENGTH, 2L * slots.length));
        final Object[] grown = new Object[length];
        final int first = Math.min(size, slots.length - head);
        System.arraycopy(slots, head, grown, 0, first);
        System.arraycopy(slots, 0, grown, first, size - first);
        slots = grown;
        head = 0;
    }
}
