/**
 * Statistics of an actor system: the snapshot API ({@code actor.stats}) for applications, and the
 * counters and JMX registration ({@code actor.stats.internal}) for the executor alone. Knows nothing
 * about actors.
 */
module actor.stats {
    requires transitive java.management;

    exports actor.stats;
    exports actor.stats.internal to actor.executor;
}
