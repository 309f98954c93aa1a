/**
 * Statistics of an actor system: per-worker single-writer counters ({@link actor.stats.WorkerCounters}),
 * per-thread cells for threads outside the workers ({@link actor.stats.OutsideCounters}), the
 * {@link actor.stats.Statistics} snapshot with its text and JSON forms, the final
 * {@link actor.stats.StatisticsReport}, and a JMX view ({@link actor.stats.StatisticsJmx}). Knows
 * nothing about actors.
 *
 * <p>Threading: a {@code WorkerCounters} is written by one worker thread only and read by any;
 * {@code OutsideCounters} by any thread; snapshots and reports are immutable.
 */
package actor.stats;
