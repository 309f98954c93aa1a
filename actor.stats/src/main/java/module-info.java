/**
 * Statistics of an actor system: counters, aggregation, text and JSON reports, JMX. Knows nothing
 * about actors.
 */
module actor.stats {
    requires transitive java.management;

    exports actor.stats;
}
