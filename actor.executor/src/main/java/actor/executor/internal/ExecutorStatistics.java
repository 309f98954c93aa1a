package actor.executor.internal;

import actor.api.ActorSystemConfig;
import actor.api.StatisticsMode;
import actor.stats.Counts;
import actor.stats.Health;
import actor.stats.Statistics;
import actor.stats.internal.OutsideCounters;
import actor.stats.internal.StatisticsJmx;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToLongFunction;
import java.util.function.Supplier;

/**
 * The executor's statistics, when they are on: the counters of threads outside the workers, the
 * snapshot over every worker, the JMX bean while the system runs, and the final report. Off, every
 * method is a branch on a final field.
 *
 * <p>Threading: the counting methods from any thread (outside cells are per thread); {@link #start}
 * before the workers start; {@link #finish} by the last exiting worker.
 */
final class ExecutorStatistics {

    private static final System.Logger LOG = System.getLogger("actor.executor");

    private final ActorSystemConfig config;
    private final boolean counting;
    private final OutsideCounters outsideCounters;
    private Worker[] workers;
    private Carriers carriers;
    /** Set by {@link #start} when statistics are on; closed by {@link #finish}. */
    private StatisticsJmx jmx;
    private Supplier<Health> health;
    /** The messages queued now in a worker's slice, by worker index (racy; 0 once exited). */
    private IntToLongFunction queuedOf;

    ExecutorStatistics(ActorSystemConfig config) {
        this.config = config;
        this.counting = config.statistics() == StatisticsMode.ON;
        this.outsideCounters = counting ? new OutsideCounters() : null;
    }

    boolean counting() {
        return counting;
    }

    /** Registers the JMX bean; before the workers start. */
    void start(Worker[] all, Carriers spares, Supplier<Health> systemHealth, IntToLongFunction queuedByWorker) {
        this.workers = all;
        this.carriers = spares;
        this.health = systemHealth;
        this.queuedOf = queuedByWorker;
        if (counting) {
            jmx = StatisticsJmx.register(config.name(), () -> snapshot(false));
        }
    }

    /** An actor was created by {@code creator}'s behaviour, or outside the workers (null). */
    void actorCreated(Worker creator) {
        if (counting) {
            if (creator != null) {
                creator.counters.actorCreated();
            } else {
                outsideCounters.actorCreated();
            }
        }
    }

    /** A message was sent by {@code sender}'s behaviour, or from outside the workers (null). */
    void messageSent(Worker sender) {
        if (counting) {
            if (sender != null) {
                sender.counters.messageSent();
            } else {
                outsideCounters.messageSent();
            }
        }
    }

    /** Live (may lag) while workers run; exact once they have all left their loops. */
    Statistics snapshot(boolean exact) {
        if (!counting) {
            throw new IllegalStateException("statistics are off for actor system '" + config.name()
                    + "'; enable them with ActorSystemConfig.builder().statistics(StatisticsMode.ON)");
        }
        final List<Counts> perWorker = new ArrayList<>(workers.length);
        for (Worker worker : workers) {
            Counts counts = worker.counters.snapshot();
            for (Carriers.Spare spare : carriers.spares()) {
                if (spare.worker.index == worker.index) {
                    counts = counts.plus(spare.worker.counters.snapshot());
                }
            }
            perWorker.add(counts.withQueued(queuedOf.applyAsLong(worker.index)));
        }
        return new Statistics(config.name(), exact, outsideCounters.snapshot(), perWorker, health.get());
    }

    /** After every worker exited: the JMX bean goes, the exact snapshot goes to the configured report. */
    void finish() {
        if (!counting) {
            return;
        }
        jmx.close();
        final Statistics last = snapshot(true);
        config.statisticsReport().ifPresent(report -> {
            try {
                report.write(last);
            } catch (RuntimeException e) {
                LOG.log(Level.ERROR, "cannot write the statistics report of '" + config.name() + "'", e);
            }
        });
    }
}
