package actor.executor.internal;

import actor.api.ActorError;
import actor.api.ActorRef;
import actor.api.Cancellable;
import actor.api.ContextPropagator;
import actor.api.spi.ActorAccess;
import actor.api.spi.ActorExecutor.TimerKind;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.agrona.DeadlineTimerWheel;
import org.agrona.collections.Long2ObjectHashMap;

/**
 * Scheduled sends ({@code ActorSystem.scheduleOnce}, {@code schedulePeriodic}) on one timer thread
 * per system, started on first use: schedules come in through an {@link MpscLinkedQueue} (each
 * {@link Timer} its own node) from any thread, and the thread keeps them in an Agrona
 * {@link DeadlineTimerWheel} (ticks of about a millisecond), parking until the earliest pending
 * deadline, however far, or until a schedule due before then wakes it, and winding the wheel on to
 * that deadline when it wakes: a schedule due later (an ask's timeout, most often) queues without
 * waking it, and one cancelled before the thread next wakes never reaches the wheel (see
 * {@link #enqueue} and {@link #announcePark} for why none is late). It finds that deadline by a
 * scan of its schedules after each expiry, while they are at most {@link #SCANNED_SCHEDULES}; with
 * more it parks until the next tick, which is then likely to hold one anyway, and polls the ticks
 * one by one. A cancelled schedule
 * is dropped when its deadline comes. {@link #close()}, when the system has stopped, ends the
 * thread; nothing is sent after that.
 *
 * <p>A scheduled send ({@link #scheduleSend}) ends with its target: a send that finds the target
 * terminated is not made (no dead letter) and ends the schedule, a periodic one marking itself
 * cancelled, as Pekko cancels an actor's timers when it stops. The live periodic schedules are also
 * kept in a concurrent set ({@link #livePeriodic}), so a waiting stop can name them
 * ({@link #describePeriodic}) and a close can cancel them ({@link #cancelAll}): a periodic timer
 * never ends by itself.
 *
 * <p>An actor's keyed timer ({@link Keyed}, {@code actor.api.ActorTimers}) ends with its owner in
 * the same way, and is also cancelled at the owner's end ({@link Mailbox#ended}); its expiries
 * reach the owner's worker as signals, checked there against the owner's timers.
 *
 * <p>Threading: {@link #schedule}, {@link #scheduleSend}, {@link #close} and the periodic set's
 * methods from any thread; the wheel and the map are the timer thread's alone.
 */
final class Timers implements DeadlineTimerWheel.TimerHandler {

    /** The wheel's tick, a power of two: about a millisecond. */
    static final long TICK_NANOS = 1L << 20;
    /** Ticks per turn of the wheel, a power of two. */
    static final int TICKS_PER_WHEEL = 512;
    /** Longest park of the timer thread with nothing scheduled. */
    static final long IDLE_PARK_NANOS = TimeUnit.SECONDS.toNanos(1);
    /**
     * Most pending schedules for which the thread scans them for the earliest deadline after an
     * expiry. A thread that parked tick by tick with one schedule pending ten minutes ahead woke
     * about a thousand times a second and used 2.8-3.2% of a core (IdleCpuTest).
     */
    static final int SCANNED_SCHEDULES = 256;

    private static final VarHandle VH_PARKED_UNTIL;

    static {
        try {
            VH_PARKED_UNTIL = MethodHandles.lookup().findVarHandle(Timers.class, "parkedUntil", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** {@link #parkedUntil} while the timer thread is not parked (or about to park). */
    private static final long AWAKE = Long.MIN_VALUE;

    private final String name;
    private final Reporter reporter;
    private final ActorAccess access;
    /**
     * Periodic schedules not yet known to have ended: added by the scheduling thread, removed by the
     * timer thread when it drops one; read by a waiting stop (cancelled ones are skipped). A
     * concurrent set: its adds and removes are safely published to every reader.
     */
    private final Set<Timer> periodic = ConcurrentHashMap.newKeySet();
    /**
     * When the parked timer thread wakes by itself ({@link #AWAKE} if it is not parked): a schedule
     * due earlier must wake it. Written by the timer thread, read by schedulers.
     */
    @SuppressWarnings("unused")
    private volatile long parkedUntil = AWAKE;
    /** New schedules: offered by schedulers, taken by the timer thread (the queue's own rules). */
    private final MpscLinkedQueue.Counted<Timer> incoming = new MpscLinkedQueue.Counted<>();
    private final Long2ObjectHashMap<Timer> byId = new Long2ObjectHashMap<>();
    /** Periodic schedules that fired during a poll, scheduled again after it. */
    private final ArrayDeque<Timer> rescheduled = new ArrayDeque<>();
    private DeadlineTimerWheel wheel;
    /** No pending deadline is earlier (the timer thread's own); {@link Long#MIN_VALUE} when unknown. */
    private long earliest = Long.MAX_VALUE;
    /** Started by the first schedule; guarded by {@code this}. */
    private Thread thread;
    private volatile boolean closed;

    /** @param access how a scheduled send reaches its target; null where nothing calls {@link #scheduleSend} */
    Timers(String systemName, Reporter reporter, ActorAccess access) {
        this.name = systemName + "-timers";
        this.reporter = reporter;
        this.access = access;
    }

    /**
     * One schedule: its next deadline, its period (0: once) and what it runs ({@code action}; a
     * {@link Send} runs its send instead); also its own node in the queue of new schedules.
     */
    static class Timer extends MpscLinkedQueue.Node implements Cancellable {
        private static final VarHandle VH_CANCELLED;

        static {
            try {
                VH_CANCELLED = MethodHandles.lookup().findVarHandle(Timer.class, "cancelled", boolean.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        final long periodNanos;
        /** What it runs; null for a {@link Send}, which sends instead. */
        final Runnable action;
        /** The timer thread's own. */
        long deadline;
        /** Written (volatile, CAS) by a cancelling thread, or by the timer thread when the schedule ends. */
        private volatile boolean cancelled;
        private volatile boolean fired;

        Timer(long deadline, long periodNanos, Runnable action) {
            this.deadline = deadline;
            this.periodNanos = periodNanos;
            this.action = action;
        }

        @Override
        public boolean cancel() {
            return !(periodNanos == 0 && fired) && VH_CANCELLED.compareAndSet(this, false, true);
        }

        @Override
        public boolean isCancelled() {
            return cancelled;
        }

        /** Timer thread: runs the action once; false ends the schedule. */
        boolean fire() {
            action.run();
            return true;
        }

        /** Timer thread: the deadline after this one of a periodic schedule, which expired at {@code now}. */
        long nextDeadline(long now) {
            return deadline + periodNanos;
        }

        /** For reports: what the schedule sends to. */
        String target() {
            return "a scheduled action";
        }

        /** Timer thread: the schedule ended by itself; a periodic one reports itself cancelled. */
        final void end() {
            cancelled = true;
        }
    }

    /**
     * A scheduled send to an actor, which ends with its target. On a system with a propagator, each
     * send runs in the context of the thread that scheduled it ({@link ContextPropagator#attach}),
     * so it captures that context as the scheduler's own send would have.
     */
    static final class Send extends Timer {
        private final ActorAccess access;
        private final ActorRef<?> to;
        private final Object message;
        /** The system's propagator, or null; then {@link #context} is null too. */
        private final ContextPropagator propagator;
        private final Object context;

        Send(long deadline, long periodNanos, ActorAccess access, ActorRef<?> to, Object message,
             ContextPropagator propagator, Object context) {
            super(deadline, periodNanos, null);
            this.access = access;
            this.to = to;
            this.message = message;
            this.propagator = propagator;
            this.context = context;
        }

        @Override
        boolean fire() {
            if (propagator == null) {
                return access.sendUnlessTerminated(to, message);
            }
            final Object attached = propagator.attach(context);
            try {
                return access.sendUnlessTerminated(to, message);
            } finally {
                propagator.detach(attached);
            }
        }

        @Override
        String target() {
            return access.targetName(to);
        }
    }

    /**
     * A keyed timer of an actor: each expiry queues this very object in the owner's mailbox, under
     * a stand-in registration of the owner that is never current, so no behaviour receives it and
     * the worker finds it where the messages of ended actors go ({@link EnvelopeRunner}): there,
     * and only there, it is checked against the owner's timers ({@link ActorAccess#timerMessage}),
     * so a delivered message pays nothing for keyed timers. It ends with its owner, as a
     * {@link Send} does, without a dead letter. Immutable but for the schedule's own state.
     */
    static final class Keyed extends Timer {
        final MailboxRegistration owner;
        /** The owner's timer behind this one, opaque here; handed back to {@link ActorAccess#timerMessage}. */
        final Object tick;
        /**
         * The context of the behaviour that started the timer, in which each expiry's message runs
         * ({@link actor.api.ContextPropagator}); null on a system without a propagator.
         */
        final Object context;
        private final MailboxRegistration standIn;
        private final ActorAccess access;
        private final TimerKind kind;

        Keyed(long deadline, long periodNanos, TimerKind kind, ActorAccess access, MailboxRegistration owner, Object tick,
              Object context) {
            super(deadline, periodNanos, null);
            this.kind = kind;
            this.context = context;
            this.access = access;
            this.owner = owner;
            this.tick = tick;
            this.standIn = new MailboxRegistration(owner.actor(), owner.mailbox);
        }

        @Override
        boolean fire() {
            if (!access.isCurrent(owner)) {
                return false;
            }
            // NOTE: an owner that ends after the check gets the signal behind its end; the worker
            // drops it there (its owner is not current), unreported. Publication point: the
            // mailbox's send publishes this object and its tick (made by the owner's worker, which
            // published it to this thread through the queue of new schedules) to the worker that
            // handles it.
            ShardedExecutor.of(owner).post(standIn, this);
            return true;
        }

        @Override
        long nextDeadline(long now) {
            return kind == TimerKind.FIXED_DELAY ? now + periodNanos : deadline + periodNanos;
        }

        @Override
        String target() {
            return owner.actor().getClass().getName();
        }

        @Override
        public String toString() {
            return "ActorTimers." + kind;
        }
    }

    /**
     * Queues a schedule, starting the timer thread the first time, and wakes it if it is parked
     * until after the schedule is due.
     */
    Cancellable schedule(long delayNanos, long periodNanos, Runnable action) {
        return start(new Timer(deadline(delayNanos), periodNanos, action));
    }

    /**
     * As {@link #schedule}, for a send of {@code message} to {@code target} that ends with the target,
     * made in {@code context} with {@code propagator} (both null on a system without one).
     */
    Cancellable scheduleSend(long delayNanos, long periodNanos, ActorRef<?> target, Object message,
                             ContextPropagator propagator, Object context) {
        return start(new Send(deadline(delayNanos), periodNanos, access, target, message, propagator, context));
    }

    /**
     * As {@link #schedule}, for a keyed timer of the actor of {@code owner} ({@link Keyed}), whose
     * messages run in {@code context} (null on a system without a propagator).
     */
    Cancellable scheduleKeyed(long delayNanos, long periodNanos, TimerKind kind, MailboxRegistration owner, Object tick,
                              Object context) {
        return start(new Keyed(deadline(delayNanos), periodNanos, kind, access, owner, tick, context));
    }

    private static long deadline(long delayNanos) {
        final long now = System.nanoTime();
        return delayNanos > Long.MAX_VALUE / 2 ? now + Long.MAX_VALUE / 2 : now + delayNanos;
    }

    /**
     * As {@link #schedule}, for the executor's own periodic work (the mailbox-length alarm): not
     * listed among the periodic schedules that a waiting stop names and a quiet close cancels, as
     * it sends nothing to any actor and ends with this timer thread.
     */
    Cancellable scheduleInternal(long delayNanos, long periodNanos, Runnable action) {
        return start(new Timer(deadline(delayNanos), periodNanos, action), false);
    }

    private Cancellable start(Timer timer) {
        return start(timer, true);
    }

    private Cancellable start(Timer timer, boolean listed) {
        if (listed && timer.periodNanos > 0) {
            periodic.add(timer);
        }
        final Thread running = started();
        if (enqueue(timer)) {
            LockSupport.unpark(running);
        }
        return timer;
    }

    /** Any thread: the periodic schedules still live, a snapshot. */
    List<Timer> livePeriodic() {
        final List<Timer> live = new ArrayList<>();
        for (Timer timer : periodic) {
            if (!timer.isCancelled()) {
                live.add(timer);
            }
        }
        return live;
    }

    /**
     * {@code timers} grouped by target class, most numerous first, e.g.
     * {@code "2 x to com.example.Ticker, 1 x to com.example.Poller"}; "none" without any.
     */
    static String describePeriodic(List<Timer> timers) {
        if (timers.isEmpty()) {
            return "none";
        }
        final Map<String, Integer> byTarget = new LinkedHashMap<>();
        for (Timer timer : timers) {
            byTarget.merge(timer.target(), 1, Integer::sum);
        }
        final List<Map.Entry<String, Integer>> groups = new ArrayList<>(byTarget.entrySet());
        groups.sort(Map.Entry.<String, Integer>comparingByValue().reversed());
        final StringBuilder out = new StringBuilder();
        for (Map.Entry<String, Integer> group : groups) {
            out.append(out.length() == 0 ? "" : ", ").append(group.getValue()).append(" x to ").append(group.getKey());
        }
        return out.toString();
    }

    /** Any thread: cancels {@code timers}; each is dropped when its deadline comes. */
    static void cancelAll(List<Timer> timers) {
        for (Timer timer : timers) {
            timer.cancel();
        }
    }

    /**
     * Any thread: queues {@code timer} and says whether the timer thread must be woken for it: it is
     * parked (or about to park) until after the timer's deadline. With {@link #announcePark}, a
     * Dekker-style pair: the queue's offer (an atomic add, then an atomic exchange) precedes the
     * read of {@link #parkedUntil}, and the timer thread's write of it precedes its read of the
     * queue's counts, so either the thread sees this timer before it parks, or this sees the
     * deadline it parks until (jcstress:
     * {@code TimerWakeRaces}). A schedule due later is added when the thread wakes by itself, before
     * it is due.
     */
    boolean enqueue(Timer timer) {
        incoming.offer(timer);
        return timer.deadline < (long) VH_PARKED_UNTIL.getVolatile(this);
    }

    /**
     * Timer thread: announces that it parks until {@code wakeAt}, then re-checks the queue.
     *
     * @return true if it may park; false (and awake again) if a schedule came in meanwhile
     */
    boolean announcePark(long wakeAt) {
        VH_PARKED_UNTIL.setVolatile(this, wakeAt);
        if (!incoming.isEmpty()) {
            VH_PARKED_UNTIL.setOpaque(this, AWAKE);
            return false;
        }
        return true;
    }

    /** Timer thread: parks until {@code wakeAt}, a schedule due earlier, or {@link #close()}. */
    private void parkUntil(long wakeAt) {
        if (announcePark(wakeAt)) {
            LockSupport.parkNanos(this, Math.max(1, wakeAt - System.nanoTime()));
            // NOTE: a scheduler that still reads the deadline unparks needlessly; the permit it
            // leaves only makes the next park return at once.
            VH_PARKED_UNTIL.setOpaque(this, AWAKE);
        }
    }

    /** Ends the timer thread; schedules not yet due are dropped. */
    void close() {
        closed = true;
        final Thread running;
        synchronized (this) {
            running = thread;
        }
        if (running != null) {
            LockSupport.unpark(running);
        }
    }

    private synchronized Thread started() {
        if (thread == null) {
            wheel = new DeadlineTimerWheel(TimeUnit.NANOSECONDS, System.nanoTime(), TICK_NANOS, TICKS_PER_WHEEL);
            thread = new TimerThread(this::run, name);
            thread.setDaemon(true);
            thread.start();
        }
        return thread;
    }

    /**
     * The timer thread, known by its class: a send from it to a full {@code MailboxBound.waiting}
     * actor never waits ({@link BoundedSends}), as a worker's does not.
     */
    static final class TimerThread extends Thread {
        TimerThread(Runnable body, String name) {
            super(body, name);
        }
    }

    private void run() {
        final DeadlineTimerWheel timers;
        synchronized (this) {
            timers = wheel;
        }
        while (!closed) {
            Timer next;
            while ((next = incoming.poll()) != null) {
                if (!next.isCancelled()) {
                    add(timers, next);
                } else {
                    periodic.remove(next);
                }
            }
            // The queue would otherwise hold the schedule taken last, and through it its target,
            // until the next schedule comes in.
            incoming.forgetTaken();
            final long now = System.nanoTime();
            if (timers.timerCount() == 0) {
                timers.resetStartTime(now);
                earliest = Long.MAX_VALUE;
                parkUntil(now + IDLE_PARK_NANOS);
                continue;
            }
            if (earliest != Long.MIN_VALUE) {
                // NOTE: no pending deadline falls in the ticks skipped; a schedule of a later turn
                // in their spokes is met when the cursor next reaches its spoke, before it is due.
                // Polled one by one, the ticks of a long park cost a cold spoke each.
                timers.currentTickTime(Math.min(now, earliest));
            }
            int expired = 0;
            while (timers.currentTickTime() <= now && !closed) {
                expired += timers.poll(now, this, Integer.MAX_VALUE);
                // NOTE: scheduled during the poll, a periodic timer that is late (its next deadline
                // already past) would land in the spoke being polled, behind the poll's cursor: the
                // tick then advances and it waits a whole turn of the wheel, again and again.
                while ((next = rescheduled.poll()) != null) {
                    add(timers, next);
                }
            }
            if (expired > 0) {
                earliest = earliestPending();
            }
            parkUntil(Math.max(timers.currentTickTime(), earliest));
        }
    }

    private void add(DeadlineTimerWheel timers, Timer timer) {
        byId.put(timers.scheduleTimer(timer.deadline), timer);
        if (timer.deadline < earliest) {
            earliest = timer.deadline;
        }
    }

    /** The earliest deadline still pending, or {@link Long#MIN_VALUE} if there are too many to scan. */
    private long earliestPending() {
        if (byId.size() > SCANNED_SCHEDULES) {
            return Long.MIN_VALUE;
        }
        long min = Long.MAX_VALUE;
        for (Timer timer : byId.values()) {
            if (timer.deadline < min) {
                min = timer.deadline;
            }
        }
        return min;
    }

    @Override
    public boolean onTimerExpiry(TimeUnit timeUnit, long now, long timerId) {
        final Timer timer = byId.remove(timerId);
        if (timer == null || closed) {
            return true;
        }
        if (timer.isCancelled()) {
            periodic.remove(timer);
            return true;
        }
        if (timer.periodNanos == 0) {
            timer.fired = true;
        }
        boolean goesOn = true;
        try {
            goesOn = timer.fire();
        } catch (RuntimeException e) {
            reporter.report(new ActorError.ScheduledSendFailed(e));
        }
        if (timer.periodNanos > 0) {
            if (!goesOn) {
                timer.end();
            }
            if (timer.isCancelled()) {
                periodic.remove(timer);
            } else {
                timer.deadline = timer.nextDeadline(now);
                rescheduled.add(timer);
            }
        }
        return true;
    }
}
