package actor.executor.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The timeouts of one actor's asks from its behaviour ({@link AskReply}): one schedule on the
 * system's timer wheel at a time, shared by the actor's successive asks, instead of a schedule per
 * ask. An actor asks one question at a time, each usually answered long before its timeout, so
 * when the schedule expires it looks at the ask open now: it times that ask out if its deadline has
 * passed, schedules itself again for that deadline if not, and goes idle if no ask is open. An ask
 * thus costs the timer thread nothing while a schedule is pending for an earlier one; a series of
 * asks with a 30 s timeout costs it one expiry every 30 s. An ask whose deadline comes before the
 * pending schedule's (a shorter timeout than the previous ask's) gets a schedule of its own.
 *
 * <p>Threading: {@link #start} on the asker's worker, {@link #run} on the timer thread. They meet on
 * two volatile fields in a Dekker-style pair: {@code start} writes {@link #current}, then reads
 * {@link #scheduledAt}; {@code run} writes {@code scheduledAt} (idle), then reads {@code current}.
 * So at least one of them sees the other's write: either the asker sees the schedule idle and
 * schedules it, or the timer thread sees the new ask and schedules for it; a CAS of
 * {@code scheduledAt} from idle lets only one of them do so.
 */
final class AskTimeout implements Runnable {

    private static final VarHandle VH_SCHEDULED_AT;

    static {
        try {
            VH_SCHEDULED_AT = MethodHandles.lookup().findVarHandle(AskTimeout.class, "scheduledAt", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** {@link #scheduledAt} while no schedule is pending. */
    private static final long IDLE = Long.MIN_VALUE;

    private final Timers timers;
    /** The actor's latest ask: written (volatile) by its worker at each ask, read by the timer thread. */
    private volatile AskReply current;
    /**
     * When the pending schedule expires ({@link #IDLE} without one): CAS from idle by whichever of
     * the asker and the timer thread schedules; otherwise written by the timer thread (volatile).
     */
    @SuppressWarnings("unused")
    private volatile long scheduledAt = IDLE;

    AskTimeout(Timers timers) {
        this.timers = timers;
    }

    /** The asker's worker: {@code ask} is open from now on; makes sure a schedule expires by its deadline. */
    void start(AskReply ask) {
        current = ask;
        final long at = (long) VH_SCHEDULED_AT.getVolatile(this);
        if (at == IDLE) {
            if (VH_SCHEDULED_AT.compareAndSet(this, IDLE, ask.deadline)) {
                schedule(ask.deadline);
            }
            // NOTE: a failed CAS means the timer thread, going idle, saw this ask and scheduled for it.
        } else if (ask.deadline - at < 0) {
            timers.schedule(Math.max(0, ask.deadline - System.nanoTime()), 0, ask::timeOut);
        }
    }

    /** Timer thread: the pending schedule expired. */
    @Override
    public void run() {
        final AskReply ask = current;
        if (ask != null && ask.isOpen()) {
            if (ask.deadline - System.nanoTime() > 0) {
                VH_SCHEDULED_AT.setVolatile(this, ask.deadline);
                schedule(ask.deadline);
                return;
            }
            ask.timeOut();
        }
        VH_SCHEDULED_AT.setVolatile(this, IDLE);
        final AskReply next = current;
        if (next != ask && next != null && next.isOpen() && VH_SCHEDULED_AT.compareAndSet(this, IDLE, next.deadline)) {
            schedule(next.deadline);
        }
    }

    private void schedule(long deadline) {
        timers.schedule(Math.max(0, deadline - System.nanoTime()), 0, this);
    }
}
