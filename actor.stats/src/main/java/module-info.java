/**
 * Statistics of an actor system: counters, aggregation, text and JSON reports, JMX. Knows nothing
 * about actors. JCTools' striped counters use {@code sun.misc.Unsafe}, hence {@code jdk.unsupported};
 * no user needs a command-line flag.
 */
module actor.stats {
    requires org.jctools.core;
    requires jdk.unsupported;
    requires transitive java.management;

    exports actor.stats;
}
