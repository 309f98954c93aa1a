/**
 * Statistics of an actor system as applications see them ({@code system.statistics()}): the
 * {@link actor.stats.Statistics} snapshot with its text and JSON forms, the {@link actor.stats.Counts}
 * of a worker, of the outside threads or of the whole system, the report rows
 * ({@link actor.stats.Counter}), the final {@link actor.stats.StatisticsReport} written at stop, and
 * the JMX interface {@link actor.stats.StatisticsMXBean}. Knows nothing about actors. The counters
 * that produce the snapshots live in {@code actor.stats.internal}, exported to the executor only.
 *
 * <p>Threading: snapshots ({@code Statistics}, {@code Counts}) are immutable and may be shared
 * freely; a {@code StatisticsReport} is immutable and is written by the thread that completes the
 * stop. {@code system.statistics()} may be called from any thread; the MXBean's getters take a
 * fresh snapshot on the JMX thread that calls them.
 */
package actor.stats;
