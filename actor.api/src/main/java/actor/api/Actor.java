package actor.api;

import actor.api.spi.ActorExecutor;

/**
 * Base class of every actor.
 *
 * <p>An actor accepts one message type {@code M} (usually the common base class of its messages),
 * plus the builtin {@link PoisonPill}s. Sending any other type does not compile. The executor calls
 * {@link #receive(Message)} once per message, never on two threads at once, and in the order each
 * sender sent; the returned {@link Allocation} decides whether the actor keeps receiving.
 *
 * <pre>{@code
 * final class Counter extends Actor<Counter.Add> {
 *     static final class Add extends Message { final int n; Add(int n) { this.n = n; } }
 *     private long total;
 *     Counter(ActorSystem system) { super(system); }
 *     @Override protected Allocation receive(Add add) { total += add.n; return Allocation.NODELETE; }
 * }
 * }</pre>
 *
 * <p>Creating an actor registers it with a running system, which gives it a <em>ticket</em>: the
 * mailbox (one of the system's sharded queues) that holds all its messages. Tickets are handed out
 * round-robin. When a behaviour returns anything but {@link Allocation#NODELETE} the actor
 * terminates; sending to it afterwards throws {@link ActorTerminatedException}.
 *
 * <p>Threading: {@code send} may be called from any thread. A behaviour runs on a worker thread and
 * may create actors and send messages. Fields of a subclass need no synchronization as long as
 * only behaviours touch them after construction.
 *
 * @param <M> the message type this actor accepts
 */
public abstract class Actor<M extends Message> {

    static final int TERMINATED = -1;

    /*
     * Registration state. Written by the registering thread (constructor, ActorSystem.register) and
     * by the worker that terminates the actor, both with plain writes; read by senders on any
     * thread with plain reads.
     * NOTE: a sender racing with termination may read a stale live ticket; its message is then
     * queued and reported as undelivered by the executor (never run), so the race is benign.
     */
    private ActorSystem system;
    private ActorExecutor executor;
    private int ticket = TERMINATED;
    /** The mailbox of the latest registration; kept after termination for messages and re-registration. */
    private int home = TERMINATED;
    /** How the actor last terminated; null while it has never terminated. */
    private Allocation terminalStatus;

    /**
     * Creates the actor and registers it with {@code system}, which must be running.
     *
     * @throws NullPointerException      if {@code system} is null
     * @throws SystemNotRunningException if the system was never started, is stopping with no live
     *                                   actors left, or has stopped
     */
    protected Actor(ActorSystem system) {
        if (system == null) {
            throw new NullPointerException("system");
        }
        register(system);
    }

    /**
     * The behaviour: handles one message and says what becomes of this actor.
     *
     * @param message the message, never null
     * @return {@link Allocation#NODELETE} to keep receiving, anything else to terminate
     */
    protected abstract Allocation receive(M message);

    /**
     * The behaviour for the builtin poison pills. The default returns {@code pill.status()}, which
     * terminates this actor; override it to do something first (or to ignore a pill).
     *
     * @param pill one of {@link PoisonPill#DELETE}, {@link PoisonPill#DESTROY},
     *             {@link PoisonPill#FINISHED}
     * @return the status applied to this actor
     */
    protected Allocation onPoisonPill(PoisonPill pill) {
        return pill.status();
    }

    /**
     * Hook run by the executor when this actor terminates with {@link Allocation#DELETE} or
     * {@link Allocation#DESTROY}, on the worker thread that ran the last behaviour. The default does
     * nothing. An exception thrown here goes to the system's {@link ErrorHandler}; the actor is
     * terminated regardless.
     */
    protected void onDestroy() {
    }

    /**
     * Queues {@code message} for this actor and returns this actor, so sends can be cascaded:
     * {@code actor.send(a).send(b)}. Messages from one sender are received in the order sent.
     *
     * @throws NullPointerException     if {@code message} is null
     * @throws ActorTerminatedException if this actor has terminated; nothing is queued
     */
    public final Actor<M> send(M message) {
        if (message == null) {
            throw new NullPointerException("message");
        }
        post(message);
        return this;
    }

    /**
     * Queues a builtin poison pill for this actor; every actor accepts them.
     *
     * @throws NullPointerException     if {@code pill} is null
     * @throws ActorTerminatedException if this actor has terminated; nothing is queued
     */
    public final Actor<M> send(PoisonPill pill) {
        if (pill == null) {
            throw new NullPointerException("pill");
        }
        post(pill);
        return this;
    }

    private void post(Message message) {
        final ActorExecutor target = executor;
        final int mailbox = ticket;
        if (mailbox < 0 || target == null) {
            throw terminatedError(message);
        }
        target.send(mailbox, this, message);
    }

    /** The system this actor was last registered with, for creating further actors. */
    protected final ActorSystem system() {
        final ActorSystem current = system;
        if (current == null) {
            throw new IllegalStateException(this + " was deleted; it no longer belongs to a system");
        }
        return current;
    }

    /** True once a behaviour (or poison pill) terminated this actor and it was not registered again. */
    public final boolean isTerminated() {
        return ticket < 0;
    }

    /** The mailbox index this actor's messages go to (kept after termination, for diagnostics). */
    public final int ticket() {
        return home;
    }

    @Override
    public String toString() {
        return getClass().getName() + "#" + home;
    }

    final void register(ActorSystem target) {
        if (ticket >= 0) {
            throw new IllegalStateException(this + " is already registered and live; terminate it first");
        }
        if (terminalStatus == Allocation.DELETE) {
            throw new IllegalStateException(this + " was deleted (Allocation.DELETE) and cannot be "
                    + "registered again; create a new actor, or terminate with DESTROY to reuse it");
        }
        final ActorExecutor targetExecutor = target.executor();
        final int previousHome = system == target ? home : TERMINATED;
        final int assigned = targetExecutor.register(previousHome);
        system = target;
        executor = targetExecutor;
        home = assigned;
        terminalStatus = null;
        ticket = assigned;
    }

    /** Whether a message queued on {@code by} may still run on this actor. */
    final boolean isLiveOn(ActorExecutor by) {
        return ticket >= 0 && executor == by;
    }

    final void terminate(Allocation status) {
        ticket = TERMINATED;
        terminalStatus = status;
        if (status == Allocation.DELETE) {
            executor = null;
            system = null;
        }
    }

    final Allocation dispatch(Message message) {
        if (message.isPoisonPill()) {
            return onPoisonPill((PoisonPill) message);
        }
        @SuppressWarnings("unchecked") final M typed = (M) message;
        return receive(typed);
    }

    private ActorTerminatedException terminatedError(Message message) {
        final Allocation status = terminalStatus;
        return new ActorTerminatedException(getClass().getName(), home,
                status == null ? Allocation.FINISHED : status, message.getClass().getName());
    }
}
