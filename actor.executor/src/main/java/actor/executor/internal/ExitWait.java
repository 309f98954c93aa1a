package actor.executor.internal;

import actor.api.ActorError;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A stop's wait for the workers to exit that never hangs silently: after the configured
 * {@code stopWarningAfter}, and then at doubling intervals of at most {@link #MAX_REPORT_PERIOD_NANOS},
 * it reports the live actors it is waiting for ({@link ActorError.StopWaiting}).
 *
 * <p>Threading: any thread; one instance per executor, no state of its own between calls.
 */
final class ExitWait {

    /** Longest interval between two reports of one wait. */
    static final long MAX_REPORT_PERIOD_NANOS = TimeUnit.MINUTES.toNanos(1);

    private final Termination termination;
    private final Mailbox[] mailboxes;
    private final Reporter reporter;
    private final long warnAfterNanos;

    ExitWait(Termination termination, Mailbox[] mailboxes, Reporter reporter, long warnAfterNanos) {
        this.termination = termination;
        this.mailboxes = mailboxes;
        this.reporter = reporter;
        this.warnAfterNanos = warnAfterNanos;
    }

    /** Waits without a time limit; an interrupt is kept and set again on return. */
    void await(String call) {
        boolean interrupted = false;
        final long start = System.nanoTime();
        long period = warnAfterNanos;
        long reportAt = period;
        while (true) {
            try {
                if (termination.awaitExit(Math.max(0, reportAt - (System.nanoTime() - start)))) {
                    break;
                }
            } catch (InterruptedException e) {
                interrupted = true;
                continue;
            }
            final long waited = System.nanoTime() - start;
            if (waited >= reportAt) {
                report(call, waited);
                period = Math.min(2 * period, MAX_REPORT_PERIOD_NANOS);
                reportAt += period;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
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

    private void report(String call, long waitedNanos) {
        final List<MailboxRegistration> live = LiveActors.snapshot(mailboxes);
        reporter.report(new ActorError.StopWaiting(call, Duration.ofNanos(waitedNanos), live.size(),
                LiveActors.describe(live)));
    }
}
