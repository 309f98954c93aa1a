package actor.stats;

/**
 * The live statistics of one actor system, for JConsole, VisualVM and other JMX clients. Registered
 * as {@code actor.stats:type=ActorSystem,name=<system name>} while the system runs (with an
 * {@code instance} key when two running systems share a name).
 */
public interface StatisticsMXBean {

    /**
     * The JMX domain of every actor system's statistics: query
     * {@code actor.stats:type=ActorSystem,*} for the running systems.
     */
    String DOMAIN = "actor.stats";

    String getSystem();

    long getActorsCreated();

    long getMessagesSent();

    long getMessagesReceived();

    long getGulps();

    double getAverageGulpSize();

    long getMissedGulps();

    long getStealAttempts();

    long getStealFailuresNoCandidate();

    long getStealFailuresFailedSwap();

    long getMessagesStolen();

    double getAverageStealSize();

    /** Steals of a stuck worker's mailboxes. */
    long getRescues();

    /** Times an overloaded worker woke a sleeping one. */
    long getSummons();

    /** Hand-offs that pulled an idle worker's mailbox to the sender's worker. */
    long getPulls();

    /** Wake-ups lost (zero unless the wake-up protocol is broken). */
    long getLostWakeUps();

    /** Actors registered and not yet terminated. */
    long getLiveActors();

    /** Messages sent to actors that had already terminated. */
    long getDeadLetters();

    /** Behaviours that threw. */
    long getFailures();

    /** Messages queued but never run (their actor terminated first, or the system stopped). */
    long getUndelivered();

    /** Messages queued in the mailboxes now (racy). */
    long getBacklog();

    /** The whole snapshot as a text table. */
    String getReport();

    /** The whole snapshot as JSON. */
    String getReportJson();
}
