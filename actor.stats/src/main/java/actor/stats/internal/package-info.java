/**
 * The machinery behind {@code actor.stats}, for the executor alone (exported to
 * {@code actor.executor} only): per-worker single-writer counters
 * ({@link actor.stats.internal.WorkerCounters}), per-thread cells for the threads outside the workers
 * ({@link actor.stats.internal.OutsideCounters}), and the registration of a system's
 * {@link actor.stats.StatisticsMXBean} on the platform MBean server
 * ({@link actor.stats.internal.StatisticsJmx}).
 *
 * <p>Threading: a {@code WorkerCounters} is written by its one worker thread only (plain read,
 * opaque store; no atomic instruction) and read by any thread (opaque loads), so a live snapshot may
 * lag by a few operations and is exact once the worker has been joined. An {@code OutsideCounters}
 * is written by any thread, each into a cell of its own found through a {@link java.lang.ThreadLocal}
 * (single writer per cell, opaque stores), and summed by any thread. A {@code StatisticsJmx} is
 * registered once when the system starts and closed once after its workers have exited.
 */
package actor.stats.internal;
