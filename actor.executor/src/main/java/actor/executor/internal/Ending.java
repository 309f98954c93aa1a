package actor.executor.internal;

import actor.api.ActorError;
import actor.api.ActorSystemConfig;
import actor.api.PoisonPill;
import actor.api.spi.ActorAccess;
import actor.api.spi.Registration;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/**
 * The two ways of ending a system that act on its live actors, after the executor has requested
 * the stop: {@link #shutdown(long)}, which pills every live actor and aborts after a bound, and
 * {@link #close()}, a stop that pills the live actors once the system has gone quiet (nothing
 * running, nothing queued) for the configured {@code closeWhenQuietFor}, and aborts if it goes quiet
 * again with actors live. Pills go behind what is already queued, so that work runs first. A periodic
 * timer never ends by itself, so a system it sends to never goes quiet: once close() has waited
 * {@code closeWhenQuietFor}, it cancels the periodic timers still live and reports them, and the
 * quiet rule then applies; a close held up by nothing but periodic timers returns within about
 * twice {@code closeWhenQuietFor}. ({@link #shutdown} needs no such rule: it has a bound, and each
 * timer ends with its target.)
 *
 * <p>Threading: the calling thread (never a worker: the executor refuses those calls there).
 */
final class Ending {

    /** How often a shutdown looks for actors created since its last pills. */
    static final long SHUTDOWN_SWEEP_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    private final ActorSystemConfig config;
    private final Termination termination;
    private final ExitWait exitWait;
    private final Timers timers;
    private final Reporter reporter;
    private final Mailbox[] mailboxes;
    private final ActorAccess access;
    private final Worker[] workers;
    private final Carriers carriers;
    private final BiConsumer<Registration, Object> send;
    private final Runnable abort;

    Ending(ActorSystemConfig config, Termination termination, ExitWait exitWait, Timers timers, Reporter reporter,
           Mailbox[] mailboxes, ActorAccess access, Worker[] workers, Carriers carriers, BiConsumer<Registration, Object> send,
           Runnable abort) {
        this.config = config;
        this.termination = termination;
        this.exitWait = exitWait;
        this.timers = timers;
        this.reporter = reporter;
        this.mailboxes = mailboxes;
        this.access = access;
        this.workers = workers;
        this.carriers = carriers;
        this.send = send;
        this.abort = abort;
    }

    /**
     * Pills every live actor, again each {@link #SHUTDOWN_SWEEP_NANOS} for those created meanwhile,
     * until the exit or the bound; then aborts (also when interrupted).
     *
     * @return true if the workers exited in time
     */
    boolean shutdown(long timeoutNanos) throws InterruptedException {
        final Set<Registration> pilled = Collections.newSetFromMap(new IdentityHashMap<>());
        final long start = System.nanoTime();
        try {
            while (true) {
                pillLive(pilled);
                final long left = timeoutNanos - (System.nanoTime() - start);
                if (termination.awaitExit(Math.max(0, Math.min(left, SHUTDOWN_SWEEP_NANOS)))) {
                    termination.rethrowFatal(config.name());
                    return true;
                }
                if (left <= 0) {
                    abort.run();
                    return false;
                }
            }
        } catch (InterruptedException e) {
            abort.run();
            throw e;
        }
    }

    /**
     * Waits as a stop does, ending the periodic timers still live after the quiet time and the live
     * actors of a system gone quiet ({@link ActorError.ClosedQuietSystem}).
     */
    void close() {
        final long quietNanos = config.closeWhenQuietFor().toNanos();
        if (!exitWait.awaitUnlessQuiet("close()", this::activity, quietNanos, this::cancelPeriodicTimers)) {
            final List<MailboxRegistration> live = LiveActors.snapshot(mailboxes, access);
            reporter.report(new ActorError.ClosedQuietSystem(config.closeWhenQuietFor(), live.size(),
                    LiveActors.describe(live, access)));
            pillLive(Collections.newSetFromMap(new IdentityHashMap<>()));
            if (!exitWait.awaitUnlessQuiet("close()", this::activity, quietNanos, this::cancelPeriodicTimers)) {
                abort.run();
            }
        }
        termination.rethrowFatal(config.name());
    }

    /** Cancels the periodic timers still live, reporting them ({@link ActorError.PeriodicTimersCancelled}). */
    private void cancelPeriodicTimers() {
        final List<Timers.Timer> periodic = timers.livePeriodic();
        if (!periodic.isEmpty()) {
            Timers.cancelAll(periodic);
            reporter.report(new ActorError.PeriodicTimersCancelled(config.closeWhenQuietFor(), periodic.size(),
                    Timers.describePeriodic(periodic)));
        }
    }

    /** Sends {@link PoisonPill#FINISHED} to every live actor not in {@code pilled}, and adds it there. */
    private void pillLive(Set<Registration> pilled) {
        for (MailboxRegistration live : LiveActors.snapshot(mailboxes, access)) {
            if (pilled.add(live)) {
                send.accept(live, PoisonPill.FINISHED);
            }
        }
    }

    /**
     * -1 while a worker is inside a batch or a mailbox holds messages; otherwise the sum of the
     * workers' batch counts, which changes whenever a batch runs.
     */
    private long activity() {
        long batches = 0;
        for (Worker worker : workers) {
            final long count = worker.progress.read();
            if (WorkerProgress.insideBatch(count)) {
                return -1;
            }
            batches += count;
        }
        for (Carriers.Spare spare : carriers.spares()) {
            final long count = spare.worker.progress.read();
            if (WorkerProgress.insideBatch(count)) {
                return -1;
            }
            batches += count;
        }
        for (Mailbox mailbox : mailboxes) {
            if (mailbox.hasMessagesRacy()) {
                return -1;
            }
        }
        return batches;
    }
}
