package actor.executor.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The timeouts of one actor's asks from its behaviour ({@link AskReply}): one schedule on the
 * system's timer wheel at a time, a watchdog shared by the actor's successive asks, instead of a
 * schedule and a clock read per ask. An actor asks one question at a time, each usually answered
 * long before its timeout; the watchdog looks at the ask open when it expires, every eighth of that
 * ask's timeout ({@link #CHECKS_PER_TIMEOUT}) while the actor keeps asking:
 *
 * <ul>
 * <li>an ask it sees open for the first time is due one timeout after that look (after its start,
 *     for the ask that woke an idle watchdog, whose start the asker stamped), so a timeout never
 *     comes early, and comes at most an eighth of it late (plus the wheel's tick of about 1 ms);</li>
 * <li>an ask open past its due time is timed out;</li>
 * <li>with no ask open, the watchdog goes idle, and the next ask wakes it.</li>
 * </ul>
 *
 * <p>So an answered ask costs its asker two volatile accesses and no clock read, and the timer
 * thread nothing: a series of asks with a 30 s timeout costs it one look every 3.75 s. An ask whose
 * timeout is shorter than eight times the pending look's interval gets an exact schedule of its own.
 *
 * <p>Threading: {@link #start} on the asker's worker, {@link #run} on the timer thread. They meet on
 * two volatile fields in a Dekker-style pair: {@code start} writes {@link #current}, then reads
 * {@link #period}; {@code run}, going idle, writes {@code period}, then reads {@code current}. So at
 * least one of them sees the other's write: either the asker sees the watchdog idle and wakes it,
 * or the timer thread sees the new ask and keeps looking; a CAS of {@code period} from idle lets
 * only one of them schedule. {@link #armedAsk} and {@link #armedAt} are written by the asker whose
 * CAS woke the watchdog (no look is then pending or running), before the schedule that publishes
 * them to the timer thread. {@link #seen} and {@link #dueAt} are the timer thread's own. The pair
 * is checked by jcstress ({@code AskTimeoutRaces}).
 */
final class AskTimeout implements Runnable {

    /** Looks per timeout: a timeout comes at most {@code 1 / CHECKS_PER_TIMEOUT} of it late. */
    static final int CHECKS_PER_TIMEOUT = 8;

    private static final VarHandle VH_PERIOD;

    static {
        try {
            VH_PERIOD = MethodHandles.lookup().findVarHandle(AskTimeout.class, "period", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** {@link #period} while the watchdog is idle. */
    private static final long IDLE = 0;

    /** How a look or an ask's own timeout is scheduled: on the system's timer wheel. */
    @FunctionalInterface
    interface Scheduler {
        /** Runs {@code action} on the timer thread after {@code delayNanos}. */
        void schedule(long delayNanos, Runnable action);
    }

    private final Scheduler scheduler;
    /** The actor's latest ask: written (volatile) by its worker at each ask, read by the timer thread. */
    private volatile AskReply current;
    /**
     * The interval of the pending look, {@link #IDLE} without one: CAS from idle by whichever of the
     * asker and the timer thread schedules; otherwise written by the timer thread (volatile).
     */
    @SuppressWarnings("unused")
    private volatile long period;
    /** The ask that woke the watchdog, and when it started: written by that asker before its schedule. */
    private AskReply armedAsk;
    private long armedAt;
    /** Timer thread: the open ask it last looked at, and when that ask is due. */
    private AskReply seen;
    private long dueAt;

    AskTimeout(Scheduler scheduler) {
        this.scheduler = scheduler;
    }

    /** The interval between looks for an ask of {@code timeoutNanos}: an eighth of it, at least a tick of the wheel. */
    static long periodFor(long timeoutNanos) {
        return Math.max(Timers.TICK_NANOS, timeoutNanos / CHECKS_PER_TIMEOUT);
    }

    /** The asker's worker: {@code ask} is open from now on; makes sure it is looked at in time. */
    void start(AskReply ask) {
        current = ask;
        final long pending = (long) VH_PERIOD.getVolatile(this);
        final long wanted = periodFor(ask.timeoutNanos);
        if (pending == IDLE) {
            if (VH_PERIOD.compareAndSet(this, IDLE, wanted)) {
                // NOTE: written after the CAS, which no look is pending or running to read them, and
                // published to the timer thread by the schedule; the stamp is no earlier than the start.
                armedAsk = ask;
                armedAt = System.nanoTime();
                scheduler.schedule(wanted, this);
            }
            // NOTE: a failed CAS means the timer thread, going idle, saw this ask and looks for it.
        } else if (wanted < pending) {
            scheduler.schedule(ask.timeoutNanos, ask::timeOut);
        }
    }

    /** Timer thread: the pending look is due. */
    @Override
    public void run() {
        final long now = System.nanoTime();
        final AskReply ask = current;
        if (ask != null && ask.isOpen()) {
            if (ask != seen) {
                seen = ask;
                dueAt = (ask == armedAsk ? armedAt : now) + ask.timeoutNanos;
            }
            final long left = dueAt - now;
            if (left > 0) {
                final long interval = periodFor(ask.timeoutNanos);
                VH_PERIOD.setVolatile(this, interval);
                scheduler.schedule(Math.min(interval, left), this);
                return;
            }
            ask.timeOut();
        }
        seen = null;
        VH_PERIOD.setVolatile(this, IDLE);
        final AskReply next = current;
        if (next != ask && next != null && next.isOpen()) {
            final long interval = periodFor(next.timeoutNanos);
            if (VH_PERIOD.compareAndSet(this, IDLE, interval)) {
                scheduler.schedule(interval, this);
            }
        }
    }
}
