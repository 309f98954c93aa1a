package actor.executor.internal;

import actor.api.ActorError;
import actor.api.spi.ActorAccess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Waits for the workers to exit that never hang silently. A stop's wait reports the live actors it
 * is waiting for ({@link ActorError.StopWaiting}: the live actors, and the live periodic timers that
 * keep sending to them) after the configured {@code stopWarningAfter}, and
 * then at doubling intervals of at most {@link #MAX_REPORT_PERIOD_NANOS}; an abort's wait gives up
 * after that delay, reports the workers stuck in a behaviour ({@link ActorError.WorkersStuck}) and
 * leaves them behind ({@link Termination#leftBehind}).
 *
 * <p>Threading: any thread; one instance per executor, no state of its own between calls.
 */
final class ExitWait {

    /** Longest interval between two looks at whether the system is quiet. */
    static final long QUIET_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    /** Stack frames a report of a stuck worker shows. */
    static final int STUCK_FRAMES = 6;
    /** Longest interval between two reports of one wait. */
    static final long MAX_REPORT_PERIOD_NANOS = TimeUnit.MINUTES.toNanos(1);

    private final Termination termination;
    private final Mailbox[] mailboxes;
    private final ActorAccess access;
    private final Timers timers;
    private final Reporter reporter;
    private final long warnAfterNanos;

    ExitWait(Termination termination, Mailbox[] mailboxes, ActorAccess access, Timers timers, Reporter reporter,
             long warnAfterNanos) {
        this.termination = termination;
        this.mailboxes = mailboxes;
        this.access = access;
        this.timers = timers;
        this.reporter = reporter;
        this.warnAfterNanos = warnAfterNanos;
    }

    /** Waits without a time limit; an interrupt is kept and set again on return. */
    void await(String call) {
        awaitUnlessQuiet(call, null, 0, null);
    }

    /**
     * Waits as {@link #await(String)} does, but gives up once the system has stayed quiet for
     * {@code quietNanos}: {@code activity} (sampled every {@link #QUIET_POLL_NANOS} at most) is
     * negative while anything runs or is queued, and otherwise a count that changes whenever a
     * batch runs, so an unchanged count means nothing has happened since. Once it has waited
     * {@code quietNanos} without the workers exiting it runs {@code onceWaitedQuietTime} (once).
     *
     * @param activity            null to wait without a quiet limit
     * @param onceWaitedQuietTime null for nothing
     * @return true if the workers exited; false if the system stayed quiet that long
     */
    boolean awaitUnlessQuiet(String call, LongSupplier activity, long quietNanos, Runnable onceWaitedQuietTime) {
        boolean interrupted = false;
        final long start = System.nanoTime();
        long period = warnAfterNanos;
        long reportAt = period;
        long lastActivity = -1;
        long quietSince = 0;
        Runnable atQuietTime = onceWaitedQuietTime;
        try {
            while (true) {
                long wait = reportAt - (System.nanoTime() - start);
                if (activity != null) {
                    wait = Math.min(wait, QUIET_POLL_NANOS);
                }
                try {
                    if (termination.awaitExit(Math.max(0, wait))) {
                        return true;
                    }
                } catch (InterruptedException e) {
                    interrupted = true;
                    continue;
                }
                final long waited = System.nanoTime() - start;
                if (atQuietTime != null && waited >= quietNanos) {
                    atQuietTime.run();
                    atQuietTime = null;
                }
                if (activity != null) {
                    final long now = activity.getAsLong();
                    if (now < 0 || now != lastActivity) {
                        lastActivity = now;
                        quietSince = waited;
                    } else if (waited - quietSince >= quietNanos) {
                        return false;
                    }
                }
                if (waited >= reportAt) {
                    report(call, waited);
                    period = Math.min(2 * period, MAX_REPORT_PERIOD_NANOS);
                    reportAt += period;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Waits at most {@code timeoutNanos}, reporting as {@link #await(String)} does meanwhile. */
    boolean await(String call, long timeoutNanos) throws InterruptedException {
        final long start = System.nanoTime();
        long period = warnAfterNanos;
        long reportAt = period;
        while (true) {
            final long elapsed = System.nanoTime() - start;
            final long wait = Math.min(timeoutNanos - elapsed, reportAt - elapsed);
            if (termination.awaitExit(Math.max(0, wait))) {
                return true;
            }
            final long waited = System.nanoTime() - start;
            if (waited >= timeoutNanos) {
                return false;
            }
            if (waited >= reportAt) {
                report(call, waited);
                period = Math.min(2 * period, MAX_REPORT_PERIOD_NANOS);
                reportAt += period;
            }
        }
    }

    /**
     * After an abort: waits for the workers to leave their behaviours, at most the configured
     * warning delay, without giving in to interrupts (the interrupt is set again on return); then
     * reports the workers' and spare carriers' threads still running ({@link ActorError.WorkersStuck})
     * and returns.
     */
    void awaitAfterAbort() {
        boolean interrupted = false;
        final long start = System.nanoTime();
        while (true) {
            final long left = warnAfterNanos - (System.nanoTime() - start);
            try {
                if (termination.awaitExit(Math.max(0, left))) {
                    break;
                }
                if (left <= 0) {
                    reportStuck(termination.allThreads());
                    termination.leftBehind();
                    break;
                }
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void reportStuck(List<Thread> threads) {
        final List<String> stuck = new ArrayList<>();
        for (Thread thread : threads) {
            if (thread.isAlive()) {
                final StackTraceElement[] frames = thread.getStackTrace();
                final StringBuilder where = new StringBuilder(thread.getName());
                for (int i = 0; i < Math.min(STUCK_FRAMES, frames.length); i++) {
                    where.append(i == 0 ? " at " : " < ").append(frames[i]);
                }
                stuck.add(where.toString());
            }
        }
        if (!stuck.isEmpty()) {
            reporter.report(new ActorError.WorkersStuck(stuck));
        }
    }

    private void report(String call, long waitedNanos) {
        final List<MailboxRegistration> live = LiveActors.snapshot(mailboxes, access);
        final List<Timers.Timer> periodic = timers.livePeriodic();
        reporter.report(new ActorError.StopWaiting(call, Duration.ofNanos(waitedNanos), live.size(),
                LiveActors.describe(live, access), periodic.size(), Timers.describePeriodic(periodic)));
    }
}
