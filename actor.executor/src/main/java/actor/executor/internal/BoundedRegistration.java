package actor.executor.internal;

import actor.api.Actor;
import actor.api.MailboxBound;
import actor.api.spi.ActorExecutor;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * The registration of an actor with a {@link MailboxBound}: the bound, the count of its queued
 * messages, and the senders waiting for room. Only bounded actors have one; an unbounded actor's
 * registration is a plain {@link MailboxRegistration}, and nothing on its send or receive path
 * tests for this class.
 *
 * <p><b>How a bounded send differs, without a branch on the unbounded path.</b> Every send goes
 * through {@code registration.executor().send(registration, message)} ({@code Actor.send}), a call
 * the JIT already dispatches on the registration's class. This class answers {@link #executor()}
 * with its executor's {@link BoundedSends}, which reserves room (the count, below), then queues the
 * message under {@link #standIn}, a registration of the same actor and mailbox that is never
 * current. No behaviour receives a message under it directly: the worker finds the envelope where
 * the messages of ended actors go ({@link EnvelopeRunner}), as death watch's signals and keyed
 * timers' expiries; there it gives the room back ({@link #taken}) and runs the message as the
 * actor's, in the mailbox's order. Messages the executor queues under this registration itself (a
 * shutdown's pill, an await's resumption) are neither counted nor refused.
 *
 * <p><b>The count.</b> {@code queued} is incremented by a sender's CAS only while it is below the
 * capacity ({@link #tryReserve}), so it never exceeds it, and decremented by the worker when it
 * takes the envelope off the queue, before running it (held back by an await, it counts until it
 * runs). It is therefore at least the number of this actor's counted messages in its mailbox, and
 * equal whenever no send or take is under way.
 *
 * <p><b>Waiting senders</b> ({@link MailboxBound.OnFull#WAIT}) add themselves to {@code waiting},
 * then try to reserve, then park; the worker that takes a message decrements, then unparks whoever
 * is in {@code waiting}. Both pairs of accesses are volatile (a CAS or atomic add, and the queue's
 * own), so either the sender's reservation sees the room, or the worker sees the sender and unparks
 * it: no wake-up is lost, and the worker never blocks (no lock, no wait); jcstress:
 * {@code BoundedRoomRaces}.
 *
 * <p>Threading: {@code queued} by CAS and atomic add from any thread; {@code waiting} is a
 * concurrent queue.
 */
final class BoundedRegistration extends MailboxRegistration {

    private static final VarHandle VH_QUEUED;

    static {
        try {
            VH_QUEUED = MethodHandles.lookup().findVarHandle(BoundedRegistration.class, "queued", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The bound, as the actor was created with. */
    final MailboxBound bound;
    /** What this registration's {@link #executor()} is: the executor's bounded sends. */
    private final BoundedSends sends;
    /** What the counted messages are queued under. */
    final StandIn standIn;
    private final int capacity;
    /** Messages reserved and not yet taken by a worker; see the class comment. */
    @SuppressWarnings("unused")
    private volatile int queued;
    /** Senders waiting for room, made on the first wait. */
    private volatile ConcurrentLinkedQueue<Thread> waiting;

    BoundedRegistration(Actor<?> actor, Mailbox mailbox, MailboxBound bound, BoundedSends sends) {
        super(actor, mailbox);
        this.bound = bound;
        this.sends = sends;
        this.capacity = bound.capacity();
        this.standIn = new StandIn(this);
    }

    /** The bounded sends: {@code Actor.send} and {@code trySend} come through them. */
    @Override
    public ActorExecutor executor() {
        return sends;
    }

    @Override
    public MailboxBound bound() {
        return bound;
    }

    /** Takes room for one message if there is any; any thread. */
    boolean tryReserve() {
        int seen = (int) VH_QUEUED.getVolatile(this);
        while (seen < capacity) {
            final int witness = (int) VH_QUEUED.compareAndExchange(this, seen, seen + 1);
            if (witness == seen) {
                return true;
            }
            seen = witness;
        }
        return false;
    }

    /** Gives back the room of one reserved message that was not queued after all (the mailbox was closed). */
    void unreserve() {
        taken();
    }

    /**
     * The worker took one counted message off the queue: gives its room back and unparks the
     * senders waiting for room, if any. Never blocks.
     *
     * @return whether it found waiting senders (for the jcstress test of the wake-up)
     */
    boolean taken() {
        VH_QUEUED.getAndAdd(this, -1);
        final ConcurrentLinkedQueue<Thread> waiters = waiting;
        if (waiters == null || waiters.isEmpty()) {
            return false;
        }
        for (Thread waiter : waiters) {
            LockSupport.unpark(waiter);
        }
        return true;
    }

    /**
     * Adds {@code me} to the senders waiting for room: before its next {@link #tryReserve}, so a
     * worker that gives room back after that reservation failed sees it ({@link #taken}).
     *
     * @return the queue to take it out of again
     */
    ConcurrentLinkedQueue<Thread> enlist(Thread me) {
        final ConcurrentLinkedQueue<Thread> waiters = waiters();
        waiters.add(me);
        return waiters;
    }

    /**
     * Waits up to {@code timeoutNanos} until it can reserve room, and reserves it; a thread that is
     * not a worker only. Ends at once, keeping the interrupt status, if the thread is interrupted.
     *
     * @return true if it reserved room
     */
    boolean awaitRoom(long timeoutNanos) {
        final Thread me = Thread.currentThread();
        final long start = System.nanoTime();
        final ConcurrentLinkedQueue<Thread> waiters = enlist(me);
        try {
            while (true) {
                if (tryReserve()) {
                    return true;
                }
                final long left = timeoutNanos - (System.nanoTime() - start);
                if (left <= 0 || me.isInterrupted()) {
                    return false;
                }
                LockSupport.parkNanos(this, left);
            }
        } finally {
            waiters.remove(me);
        }
    }

    private ConcurrentLinkedQueue<Thread> waiters() {
        ConcurrentLinkedQueue<Thread> seen = waiting;
        if (seen == null) {
            synchronized (this) {
                seen = waiting;
                if (seen == null) {
                    seen = new ConcurrentLinkedQueue<>();
                    waiting = seen;
                }
            }
        }
        return seen;
    }

    /** Messages queued for the actor now (reserved and not yet taken); any thread, for reports. */
    int queued() {
        return (int) VH_QUEUED.getVolatile(this);
    }

    /**
     * What a bounded actor's counted messages are queued under: a registration of its actor and
     * mailbox that is never current, so the worker hands each envelope to
     * {@link EnvelopeRunner}'s path for envelopes no behaviour took, which gives the room back
     * and runs the message as the live registration's. Also the marker that an await's held-back
     * message after it is counted.
     */
    static final class StandIn extends MailboxRegistration {
        final BoundedRegistration live;

        StandIn(BoundedRegistration live) {
            super(live.actor(), live.mailbox);
            this.live = live;
        }
    }
}
