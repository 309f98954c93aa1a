package actor.stats;

import java.util.function.ToDoubleFunction;

/**
 * The rows of a statistics report, in the reference order (then this toolkit's own: rescues,
 * summons, pulls, lost wake-ups), with how each is read from {@link Counts}.
 */
public enum Counter {
    ACTORS_CREATED("actors created", "actorsCreated", c -> c.actorsCreated(), false),
    MESSAGES_SENT("messages sent", "messagesSent", c -> c.messagesSent(), false),
    MESSAGES_RECEIVED("messages received", "messagesReceived", c -> c.messagesReceived(), false),
    GULPS("gulps", "gulps", c -> c.gulps(), false),
    AVERAGE_GULP_SIZE("average gulp size", "averageGulpSize", Counts::averageGulpSize, true),
    MISSED_GULPS("missed gulps", "missedGulps", c -> c.missedGulps(), false),
    STEAL_ATTEMPTS("steal attempts", "stealAttempts", c -> c.stealAttempts(), false),
    STEAL_FAILURES_NO_CANDIDATE("steal failures (no candidate)", "stealFailuresNoCandidate",
            c -> c.stealFailuresNoCandidate(), false),
    STEAL_FAILURES_FAILED_SWAP("steal failures (failed swap)", "stealFailuresFailedSwap",
            c -> c.stealFailuresFailedSwap(), false),
    MESSAGES_STOLEN("messages stolen", "messagesStolen", c -> c.messagesStolen(), false),
    AVERAGE_STEAL_SIZE("average steal size", "averageStealSize", Counts::averageStealSize, true),
    RESCUES("rescues", "rescues", c -> c.rescues(), false),
    SUMMONS("summons", "summons", c -> c.summons(), false),
    PULLS("pulls", "pulls", c -> c.pulls(), false),
    LOST_WAKE_UPS("lost wake-ups", "lostWakeUps", c -> c.lostWakeUps(), false);

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

    /** The row label of the text report. */
    public String label() {
        return label;
    }

    /** The key in the JSON report. */
    public String jsonKey() {
        return jsonKey;
    }

    /** Whether this row is a derived average rather than a count. */
    public boolean isAverage() {
        return average;
    }

    /** This row's value in {@code counts}. */
    public double valueIn(Counts counts) {
        return reader.applyAsDouble(counts);
    }
}
