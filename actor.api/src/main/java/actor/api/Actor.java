package actor.api;

import actor.api.spi.ActorExecutor;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

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

    /** {@code ticket} of an actor that is not registered: never registered, or terminated. */
    static final int TERMINATED = -1;
    /** {@code ticket} while one {@code register} call owns the actor; every other one is refused. */
    static final int REGISTERING = -2;

    private static final VarHandle VH_TICKET;

    static {
        try {
            VH_TICKET = MethodHandles.lookup().findVarHandle(Actor.class, "ticket", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /*
     * Registration state. {@code ticket} is the publication point: register() and terminate() write
     * the other four fields first (plain) and {@code ticket} last (release); every reader loads
     * {@code ticket} first (acquire) and the others after it (plain), so it sees them at least as
     * new as the ticket it loaded.
     *
     * States of ticket: TERMINATED -> REGISTERING (CAS, by the one register() that wins) -> a
     * ticket >= 0 (release, by that register(); or TERMINATED again if refused) -> TERMINATED
     * (release, by the worker that ran the last behaviour). A thread writes the other fields only
     * while it alone owns the actor: the register() that holds REGISTERING, or the worker running
     * the live actor's last behaviour (no register() can start then). So the plain writes never race.
     */
    /** Writer: the registering thread; the terminating worker on DELETE (null). Readers: any (after ticket). */
    private ActorSystem system;
    /** Writer: the registering thread, or the terminating worker on DELETE; readers: senders and workers (after ticket). */
    private ActorExecutor executor;
    /**
     * The mailbox while live, or {@link #TERMINATED} / {@link #REGISTERING}. Accessed through
     * {@code VH_TICKET} only: CAS by registering threads, release stores by the owner of the
     * transition, acquire loads by everyone else.
     */
    private int ticket = TERMINATED;
    /**
     * The mailbox of the latest registration; kept after termination for messages and
     * re-registration. Writer: the registering thread; readers: any (after ticket).
     */
    private int home = TERMINATED;
    /**
     * How the actor last terminated; null while it has never terminated or is live. Writer: the
     * terminating worker (before its release of ticket) and the registering thread; readers: any
     * (after ticket).
     */
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
        // NOTE: publication point (reader side): the acquire load of ticket makes the executor
        // written before the ticket's release visible. A sender racing with termination may still
        // read a live ticket; its message is then queued and reported as undelivered by the
        // executor (never run), so that race is benign.
        final int mailbox = acquireTicket();
        final ActorExecutor target = executor;
        if (mailbox < 0 || target == null) {
            throw terminatedError(message);
        }
        target.send(mailbox, this, message);
    }

    /** The system this actor was last registered with, for creating further actors. */
    protected final ActorSystem system() {
        acquireTicket();
        final ActorSystem current = system;
        if (current == null) {
            throw new IllegalStateException(this + " was deleted; it no longer belongs to a system");
        }
        return current;
    }

    /**
     * True once a behaviour (or poison pill) terminated this actor and it was not registered again
     * (also while a {@link ActorSystem#register} of it is under way).
     */
    public final boolean isTerminated() {
        return acquireTicket() < 0;
    }

    /** The mailbox index this actor's messages go to (kept after termination, for diagnostics). */
    public final int ticket() {
        acquireTicket();
        return home;
    }

    @Override
    public String toString() {
        return getClass().getName() + "#" + home;
    }

    /**
     * Registers this actor with {@code target}. Exactly one of several concurrent calls wins the
     * CAS TERMINATED -> REGISTERING; the others see REGISTERING or a live ticket and are refused,
     * so the executor counts the actor once.
     */
    final void register(ActorSystem target) {
        int current = acquireTicket();
        while (true) {
            if (current != TERMINATED) {
                throw new IllegalStateException(this + " is already registered and live"
                        + (current == REGISTERING ? " (another thread is registering it)" : "")
                        + "; terminate it first");
            }
            if (terminalStatus == Allocation.DELETE) {
                // NOTE: DELETE after an acquired TERMINATED is final (no register gets past it), so
                // refusing here without the CAS is safe; any other status is checked after the CAS.
                throw deletedError();
            }
            final int witness = (int) VH_TICKET.compareAndExchange(this, TERMINATED, REGISTERING);
            if (witness == TERMINATED) {
                break;
            }
            current = witness;
        }
        // This thread owns the actor until its release store of ticket below. The CAS read the
        // TERMINATED released by terminate(), so terminalStatus is that termination's status (an
        // ABA through another register and termination since the check above is caught here).
        if (terminalStatus == Allocation.DELETE) {
            VH_TICKET.setRelease(this, TERMINATED);
            throw deletedError();
        }
        final ActorExecutor targetExecutor = target.executor();
        final int previousHome = system == target ? home : TERMINATED;
        final int assigned;
        try {
            assigned = targetExecutor.register(previousHome);
        } catch (RuntimeException | Error refused) {
            VH_TICKET.setRelease(this, TERMINATED);
            throw refused;
        }
        system = target;
        executor = targetExecutor;
        home = assigned;
        terminalStatus = null;
        // NOTE: publication point: the release store orders the four plain writes above before the
        // ticket; senders and workers read the ticket with acquire before reading them.
        VH_TICKET.setRelease(this, assigned);
    }

    /** Whether a message queued on {@code by} may still run on this actor. Called by workers. */
    final boolean isLiveOn(ActorExecutor by) {
        // NOTE: acquire first: a ticket published by a re-registration on another executor comes with
        // that executor, so a worker of the executor the actor left never sees (new ticket, old executor).
        return acquireTicket() >= 0 && executor == by;
    }

    /** Called by the worker that ran the actor's last behaviour, while the actor is live. */
    final void terminate(Allocation status) {
        terminalStatus = status;
        if (status == Allocation.DELETE) {
            executor = null;
            system = null;
        }
        // NOTE: publication point: a register that reads this TERMINATED (its CAS) sees the status,
        // so it refuses a deleted actor.
        VH_TICKET.setRelease(this, TERMINATED);
    }

    final Allocation dispatch(Message message) {
        if (message.isPoisonPill()) {
            return onPoisonPill((PoisonPill) message);
        }
        @SuppressWarnings("unchecked") final M typed = (M) message;
        return receive(typed);
    }

    /** The ticket, loaded with acquire: the fields written before its release store are visible after. */
    private int acquireTicket() {
        return (int) VH_TICKET.getAcquire(this);
    }

    private IllegalStateException deletedError() {
        return new IllegalStateException(this + " was deleted (Allocation.DELETE) and cannot be "
                + "registered again; create a new actor, or terminate with DESTROY to reuse it");
    }

    private ActorTerminatedException terminatedError(Message message) {
        acquireTicket();
        final Allocation status = terminalStatus;
        return new ActorTerminatedException(getClass().getName(), home,
                status == null ? Allocation.FINISHED : status, message.getClass().getName());
    }
}
