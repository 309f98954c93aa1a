package actor.stats;

import java.util.function.ToDoubleFunction;

/**
 * The rows of a statistics report, in the reference order (then this toolkit's own: rescues,
 * pulls, lost wake-ups, and the gauge of messages queued now), with how each is read from
 * {@link Counts}.
 */
public enum Counter {
    /** Actors created, in main and by other actors: {@link Counts#actorsCreated()}. */
    ACTORS_CREATED("actors created", "actorsCreated", c -> c.actorsCreated(), false),
    /** Messages sent, poison pills included: {@link Counts#messagesSent()}. */
    MESSAGES_SENT("messages sent", "messagesSent", c -> c.messagesSent(), false),
    /** Messages dispatched from gulped queues: {@link Counts#messagesReceived()}. */
    MESSAGES_RECEIVED("messages received", "messagesReceived", c -> c.messagesReceived(), false),
    /** Queues gulped: {@link Counts#gulps()}. */
    GULPS("gulps", "gulps", c -> c.gulps(), false),
    /** Messages per gulped queue: {@link Counts#averageGulpSize()}. */
    AVERAGE_GULP_SIZE("average gulp size", "averageGulpSize", Counts::averageGulpSize, true),
    /** Gulps skipped because another worker was processing the mailbox: {@link Counts#missedGulps()}. */
    MISSED_GULPS("missed gulps", "missedGulps", c -> c.missedGulps(), false),
    /** Steal attempts, each with a chosen victim: {@link Counts#stealAttempts()}. */
    STEAL_ATTEMPTS("steal attempts", "stealAttempts", c -> c.stealAttempts(), false),
    /** Attempts that found no mailbox to take: {@link Counts#stealFailuresNoCandidate()}. */
    STEAL_FAILURES_NO_CANDIDATE("steal failures (no candidate)", "stealFailuresNoCandidate",
            c -> c.stealFailuresNoCandidate(), false),
    /** Attempts whose slot swap failed: {@link Counts#stealFailuresFailedSwap()}. */
    STEAL_FAILURES_FAILED_SWAP("steal failures (failed swap)", "stealFailuresFailedSwap",
            c -> c.stealFailuresFailedSwap(), false),
    /** Messages in the stolen mailboxes when they were taken: {@link Counts#messagesStolen()}. */
    MESSAGES_STOLEN("messages stolen", "messagesStolen", c -> c.messagesStolen(), false),
    /** Messages per stolen mailbox: {@link Counts#averageStealSize()}. */
    AVERAGE_STEAL_SIZE("average steal size", "averageStealSize", Counts::averageStealSize, true),
    /** Steals from a worker stuck in one behaviour: {@link Counts#rescues()}. */
    RESCUES("rescues", "rescues", c -> c.rescues(), false),
    /** Hand-offs that brought a conversation onto one worker (pulls and pushes): {@link Counts#pulls()}. */
    PULLS("pulls", "pulls", c -> c.pulls(), false),
    /** Wake-ups lost, zero unless the wake-up protocol is broken: {@link Counts#lostWakeUps()}. */
    LOST_WAKE_UPS("lost wake-ups", "lostWakeUps", c -> c.lostWakeUps(), false),
    /** A gauge: messages queued now in the worker's mailboxes: {@link Counts#queued()}. */
    QUEUED("queued now", "queued", c -> c.queued(), false);

    private final String label;
    private final String jsonKey;
    private final ToDoubleFunction<Counts> reader;
    private final boolean average;

    Counter(String label, String jsonKey, ToDoubleFunction<Counts> reader, boolean average) {
        this.label = label;
        this.jsonKey = jsonKey;
        this.reader = reader;
        this.average = average;
    }

    /** {@return the row label of the text report} */
    public String label() {
        return label;
    }

    /** {@return the key in the JSON report} */
    public String jsonKey() {
        return jsonKey;
    }

    /** {@return whether this row is a derived average rather than a count} */
    public boolean isAverage() {
        return average;
    }

    /**
     * {@return this row's value in {@code counts}} A count is a whole number; an average may not be.
     *
     * @param counts the counters of a worker, of the outside threads or of the total
     */
    public double valueIn(Counts counts) {
        return reader.applyAsDouble(counts);
    }
}
