package actor.bench.toolkit;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.tuning.MailboxKind;
import actor.api.tuning.Slices;
import actor.api.PoisonPill;
import actor.api.StatisticsMode;
import actor.bench.suite.Benchmarks;
import actor.bench.suite.RunSpec;
import actor.stats.StatisticsReport;
import java.time.Duration;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Function;
import java.util.function.IntPredicate;

/**
 * Starts and stops an actorkit system the way every workload of the suite runs it, and places
 * actors on chosen workers. Anything the system reports (a failed behaviour, an undelivered
 * message) fails the run: a benchmark that silently lost work would measure nothing. Only a stop
 * that has waited a while for its last actors ({@link ActorError.StopWaiting}) is a notice on
 * stderr: a slow iteration on a busy machine, not a broken one.
 */
final class Toolkit {

    /** How long a workload may take before its run is declared broken (as for Pekko's runs). */
    private static final Duration STOP_TIMEOUT = Duration.ofMinutes(10);

    /**
     * Actors {@link #onWorker} creates per mailbox of the system before it gives up: far more than
     * any ticket order that visits every mailbox needs.
     */
    private static final int PLACEMENT_TRIES_PER_MAILBOX = 4;

    /** Problems reported by the system of the running iteration (iterations run one at a time). */
    private static final Queue<ActorError> ERRORS = new ConcurrentLinkedQueue<>();

    private Toolkit() {
    }

    /**
     * {@code spec.workers()} workers and the variant: a mailbox kind ({@value Benchmarks#COPY_QUEUE_VARIANT}
     * or {@value Benchmarks#MPSC_VARIANT}, with the default selector) or else a victim selector's
     * name (with the default mailbox kind); otherwise defaults. With {@code -Dbench.statistics=true}
     * (e.g. {@code ./bench --jvm-arg -Dbench.statistics=true}) statistics are on and each
     * iteration's report goes to stderr: what a workload costs in gulps, steals, rescues and pulls.
     */
    static ActorSystem start(RunSpec spec) {
        ERRORS.clear();
        final ActorSystemConfig.Builder config = ActorSystemConfig.builder().name("bench").workers(spec.workers())
                .errorHandler(Toolkit::report);
        final MailboxKind kind = mailboxKindOf(spec.variant());
        if (kind != null) {
            config.mailboxKind(kind);
        } else {
            config.victimSelector(spec.variant());
        }
        if (Boolean.getBoolean("bench.statistics")) {
            config.statistics(StatisticsMode.ON).statisticsReport(StatisticsReport.to(System.err, StatisticsReport.Format.TEXT));
        }
        return ActorSystem.start(config.build());
    }

    /**
     * The suite's error handler: {@link ActorError.StopWaiting} goes to stderr as a notice, every
     * other problem is kept for {@link #stop} to fail the run with.
     */
    private static void report(ActorError error) {
        if (error instanceof ActorError.StopWaiting waiting) {
            System.err.println("    notice: " + waiting.describe());
        } else {
            ERRORS.add(error);
        }
    }

    /** The mailbox kind a variant names, or null if it names a victim selector. */
    static MailboxKind mailboxKindOf(String variant) {
        return switch (variant) {
            case Benchmarks.COPY_QUEUE_VARIANT -> MailboxKind.COPY_QUEUE;
            case Benchmarks.MPSC_VARIANT -> MailboxKind.MPSC;
            default -> null;
        };
    }

    /**
     * Stops {@code system}, waiting for its last actor, at most {@link #STOP_TIMEOUT}; a run that
     * does not finish by then is aborted.
     *
     * @throws IllegalStateException if the run did not finish in time, or the system reported any
     *                               problem during the iteration
     */
    static void stop(ActorSystem system) {
        final boolean stopped;
        try {
            stopped = system.stop(STOP_TIMEOUT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            system.abort();
            throw new IllegalStateException("interrupted while waiting for the run to finish", e);
        }
        if (!stopped) {
            final long live = system.liveActors();
            system.abort();
            throw new IllegalStateException("the run did not finish within " + STOP_TIMEOUT.toMinutes()
                    + " minutes; " + live + " actor(s) still live");
        }
        final ActorError first = ERRORS.peek();
        if (first != null) {
            throw new IllegalStateException(ERRORS.size() + " problem(s) reported, first: " + first.describe());
        }
    }

    /**
     * Fails the run when a workload's result is wrong.
     *
     * @throws IllegalStateException naming the benchmark, the quantity and both values, if
     *                               {@code actual != expected}
     */
    static void check(String benchmark, String quantity, long expected, long actual) {
        if (actual != expected) {
            throw new IllegalStateException(benchmark + ": " + quantity + " = " + actual + ", expected " + expected);
        }
    }

    /** An actor made by {@code factory} whose mailbox starts on worker {@code worker} (see {@link #onWorker(ActorSystem, IntPredicate, Function)}). */
    static <A extends Actor<?>> A onWorker(ActorSystem system, int worker, Function<ActorSystem, A> factory) {
        final int workers = system.config().workers();
        if (worker < 0 || worker >= workers) {
            throw new IllegalArgumentException("worker = " + worker + ": must be in [0, " + workers + ")");
        }
        return onWorker(system, w -> w == worker, factory);
    }

    /**
     * Creates actors with {@code factory} until one's mailbox starts on a worker that
     * {@code wanted} accepts ({@link Slices#initialWorkerOf}); each rejected actor is sent
     * {@link PoisonPill#FINISHED} at once, so it terminates without running a behaviour. Depends
     * only on the ticket-to-worker rule, not on the order in which tickets are handed out; call it
     * from outside the system (a behaviour's creations may all stay in its own worker's slice).
     *
     * @throws IllegalStateException if no actor lands on a wanted worker within
     *                               {@value #PLACEMENT_TRIES_PER_MAILBOX} tries per mailbox
     */
    static <A extends Actor<?>> A onWorker(ActorSystem system, IntPredicate wanted, Function<ActorSystem, A> factory) {
        final long tries = (long) PLACEMENT_TRIES_PER_MAILBOX * system.config().mailboxes();
        for (long i = 0; i < tries; i++) {
            final A actor = factory.apply(system);
            if (wanted.test(Slices.initialWorkerOf(system, actor))) {
                return actor;
            }
            actor.send(PoisonPill.FINISHED);
        }
        throw new IllegalStateException("no actor landed on a wanted worker in " + tries + " tries");
    }

    /**
     * The index of the worker whose slice a thread of the system runs: the worker's own thread
     * ({@code <system>-worker-<w>}) or one of its spare carriers ({@code <system>-worker-<w>-spare-<k>}),
     * which run the worker's other mailboxes while its thread is blocked in a behaviour.
     *
     * @throws IllegalArgumentException if {@code thread} is neither
     */
    static int workerOf(Thread thread) {
        final String name = thread.getName();
        final String tag = "-worker-";
        final int at = name.lastIndexOf(tag);
        if (at < 0) {
            throw new IllegalArgumentException(name + " is not a worker's thread");
        }
        final int from = at + tag.length();
        final int dash = name.indexOf('-', from);
        return Integer.parseInt(name.substring(from, dash < 0 ? name.length() : dash));
    }

    /**
     * The worker for client {@code index} of a workload whose server sits on worker 0: the other
     * workers in turn, so clients and server never share a worker; with one worker, worker 0.
     */
    static int clientWorker(ActorSystem system, int index) {
        final int workers = system.config().workers();
        return workers == 1 ? 0 : 1 + index % (workers - 1);
    }
}
