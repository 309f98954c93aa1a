package actor.api;

/** Whether an actor system counts statistics ({@link ActorSystem#statistics()}). */
public enum StatisticsMode {
    /** Nothing is counted; the send and gulp paths do not even branch on a counter. The default. */
    OFF,
    /**
     * Every worker counts in its own padded counters, every thread outside the workers in a cell of
     * its own: no atomic instruction on the send or gulp path. The live snapshot is also a JMX MBean
     * while the system runs.
     */
    ON
}
