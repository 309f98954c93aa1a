package actor.stats;

/**
 * The live statistics of one actor system, for JConsole, VisualVM and other JMX clients. Registered
 * as {@code actor.stats:type=ActorSystem,name=<system name>} while the system runs (with an
 * {@code instance} key when two running systems share a name). Every getter takes a fresh live
 * snapshot; the counts are the system's totals ({@link Statistics#total()}), described in
 * {@link Counts}.
 */
public interface StatisticsMXBean {

    /**
     * The JMX domain of every actor system's statistics: query
     * {@code actor.stats:type=ActorSystem,*} for the running systems.
     */
    String DOMAIN = "actor.stats";

    /** {@return the actor system's name} */
    String getSystem();

    /** {@return the actors created, in main and by other actors} */
    long getActorsCreated();

    /** {@return the messages sent, poison pills included} */
    long getMessagesSent();

    /** {@return the messages dispatched from gulped queues} */
    long getMessagesReceived();

    /** {@return the queues gulped} */
    long getGulps();

    /** {@return the average number of messages in a gulped queue} */
    double getAverageGulpSize();

    /** {@return the gulps skipped because another worker was processing the mailbox} */
    long getMissedGulps();

    /** {@return the steal attempts (a victim was chosen)} */
    long getStealAttempts();

    /** {@return the steal attempts that found no mailbox to take} */
    long getStealFailuresNoCandidate();

    /** {@return the steal attempts whose slot swap failed} */
    long getStealFailuresFailedSwap();

    /** {@return the messages in the stolen mailboxes when they were taken} */
    long getMessagesStolen();

    /** {@return the average number of messages in a stolen mailbox} */
    double getAverageStealSize();

    /** {@return the steals of a stuck worker's mailboxes} */
    long getRescues();

    /**
     * {@return the hand-offs that brought a conversation onto one worker: pulls of an idle
     * worker's mailbox, pushes to a busy one}
     */
    long getPulls();

    /** {@return the wake-ups lost (zero unless the wake-up protocol is broken)} */
    long getLostWakeUps();

    /** {@return the actors registered and not yet terminated} */
    long getLiveActors();

    /** {@return the messages sent to actors that had already terminated} */
    long getDeadLetters();

    /** {@return the behaviours that threw} */
    long getFailures();

    /** {@return the messages queued but never run (their actor terminated first, or the system stopped)} */
    long getUndelivered();

    /** {@return the messages queued in the mailboxes now (racy)} */
    long getBacklog();

    /** {@return the sends refused at a mailbox bound: exceptions thrown and false {@code trySend}s} */
    long getRefused();

    /** {@return the messages dropped at a mailbox bound} */
    long getDropped();

    /** {@return the most messages queued in one mailbox now (racy)} */
    long getLongestMailbox();

    /** {@return the messages queued now in each worker's mailboxes, in worker order (racy)} */
    long[] getQueuedByWorker();

    /** {@return the times the mailbox-length alarm was raised (0 while it is off)} */
    long getMailboxAlarms();

    /** {@return the mailboxes whose length alarm is raised now} */
    long getAlarmedMailboxes();

    /** {@return the whole snapshot as a text table} */
    String getReport();

    /** {@return the whole snapshot as JSON} */
    String getReportJson();
}
