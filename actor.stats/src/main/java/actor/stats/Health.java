package actor.stats;

/**
 * The state of an actor system beside its throughput counters: what is alive, what went wrong and
 * what is waiting. Part of every {@link Statistics} snapshot and of the JMX bean.
 *
 * @param liveActors  actors registered and not yet terminated
 * @param deadLetters messages sent to actors that had already terminated (refused at the send)
 * @param failures    behaviours that threw (each went to the error handler and the failure policy)
 * @param undelivered messages queued but never run: for an actor that terminated before them, or
 *                    still queued when the system stopped
 * @param backlog     messages queued in the mailboxes now (a racy sum; 0 once stopped)
 */
public record Health(long liveActors, long deadLetters, long failures, long undelivered, long backlog) {
}
