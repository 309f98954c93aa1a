package actor.executor.internal;

import actor.api.ActorRef;
import actor.api.spi.ActorAccess;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

/**
 * The reply-to of one ask from a behaviour ({@code Actor.ask}): the first message sent to it
 * resumes the asking actor, suspended until then, through its {@link Suspension}, as a completed
 * stage would; so does the ask's timeout ({@link AskTimeout}), with a {@link TimeoutException}.
 * Whichever comes first wins the CAS of {@link #state}; a reply after that is a dead letter of the
 * ask. One small object per ask, and nothing else: no future, no callback, no temporary actor, no
 * clock read, no timer of its own unless its timeout is much shorter than its asker's previous
 * ones.
 *
 * <p>Threading: {@link #send} from any thread, {@link #timeOut} from the timer thread,
 * {@link #abandon} from the asker's worker; they race on {@link #state} only (CAS). The other fields
 * are final.
 */
final class AskReply implements ActorRef<Object> {

    private static final VarHandle VH_STATE;

    static {
        try {
            VH_STATE = MethodHandles.lookup().findVarHandle(AskReply.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final int OPEN = 0;
    private static final int REPLIED = 1;
    private static final int TIMED_OUT = 2;
    private static final int ABANDONED = 3;
    /** The longest timeout it keeps (about 73 years): clock readings plus it never overflow. */
    static final long LONGEST_TIMEOUT_NANOS = Long.MAX_VALUE / 4;

    private final Suspension suspension;
    private final ActorAccess access;
    private final ActorRef<?> target;
    /** How long it waits for the reply, at most {@link #LONGEST_TIMEOUT_NANOS}. */
    final long timeoutNanos;
    /** OPEN until a reply, the timeout or an abandon wins the CAS; then final. */
    @SuppressWarnings("unused")
    private volatile int state;

    AskReply(Suspension suspension, ActorAccess access, ActorRef<?> target, long timeoutNanos) {
        this.suspension = suspension;
        this.access = access;
        this.target = target;
        this.timeoutNanos = Math.min(timeoutNanos, LONGEST_TIMEOUT_NANOS);
    }

    /** The reply: resumes the asker if it is the first; otherwise a dead letter of the ended ask. */
    @Override
    public void send(Object message) {
        if (message == null) {
            throw new NullPointerException("message");
        }
        if (VH_STATE.compareAndSet(this, OPEN, REPLIED)) {
            suspension.accept(message, null);
        } else {
            access.lateReply(suspension.actor(), message);
        }
    }

    /** Whether the ask has ended: a reply came, it timed out, or it was abandoned. */
    @Override
    public boolean isTerminated() {
        return state != OPEN;
    }

    /** Whether neither a reply nor the timeout has come (nor an abandon). */
    boolean isOpen() {
        return state == OPEN;
    }

    /** Timer thread: the deadline passed; resumes the asker with a {@link TimeoutException} unless a reply came first. */
    void timeOut() {
        if (VH_STATE.compareAndSet(this, OPEN, TIMED_OUT)) {
            suspension.accept(null, new TimeoutException("no reply from " + target + " within "
                    + Duration.ofNanos(timeoutNanos)));
        }
    }

    /**
     * The asker's worker: the request could not be built or sent. Ends the ask unless a reply came
     * meanwhile (the request function handed the reference on, and it was answered).
     *
     * @return true if the ask ended here: the caller undoes the suspension
     */
    boolean abandon() {
        return VH_STATE.compareAndSet(this, OPEN, ABANDONED);
    }

    @Override
    public String toString() {
        return "ActorRef[reply to an ask of " + suspension.actor() + "]";
    }
}
