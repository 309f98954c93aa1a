package actor.api;

/**
 * Which safety checks an actor system runs. The checks that are always on (sends to terminated
 * actors, creating actors on a stopped system, null messages, configuration limits, undelivered
 * messages at stop) cost a branch or nothing; the debug ones cost more and are off by default.
 */
public enum Checks {
    /** The always-on checks only. Debug checks cost nothing on the send path. */
    STANDARD,
    /**
     * Also: messages that become unreachable without ever being sent are reported
     * ({@link ActorError.UnsentMessage}), and sending a message again after it was deleted
     * ({@link Allocation#DELETE}) throws. Only messages created while a debug system runs are
     * tracked. At the stop the executor also checks its own invariants: every mailbox's owner is
     * the worker whose slice holds it ({@link ActorError.OwnershipMismatch}).
     */
    DEBUG
}
