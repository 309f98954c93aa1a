package actor.stats;

/**
 * The state of an actor system beside its throughput counters: what is alive, what went wrong and
 * what is waiting. Part of every {@link Statistics} snapshot and of the JMX bean.
 *
 * @param liveActors       actors registered and not yet terminated
 * @param deadLetters      messages sent to actors that had already terminated (refused at the send)
 * @param failures         behaviours that threw (each went to the error handler and the failure policy)
 * @param undelivered      messages queued but never run: for an actor that terminated before them, or
 *                         still queued when the system stopped
 * @param backlog          messages queued in the mailboxes now (a racy sum; 0 once stopped)
 * @param refused          sends refused at an actor's mailbox bound: a {@code MailboxFullException}
 *                         thrown, or a {@code trySend} that returned false
 * @param dropped          messages dropped at an actor's mailbox bound (each also reported)
 * @param longestMailbox   the most messages queued in one mailbox now (racy; 0 once stopped)
 * @param mailboxAlarms    times the mailbox-length alarm was raised (0 while it is off)
 * @param alarmedMailboxes mailboxes whose alarm is raised now: it was raised at the last check that
 *                         found it long and has not cleared (below half the threshold) since
 */
public record Health(long liveActors, long deadLetters, long failures, long undelivered, long backlog, long refused,
                     long dropped, long longestMailbox, long mailboxAlarms, long alarmedMailboxes) {

    /**
     * Health with no overload: nothing refused or dropped, no mailbox measured, no alarm.
     *
     * @param liveActors  actors registered and not yet terminated
     * @param deadLetters messages sent to actors that had already terminated
     * @param failures    behaviours that threw
     * @param undelivered messages queued but never run
     * @param backlog     messages queued in the mailboxes now
     */
    public Health(long liveActors, long deadLetters, long failures, long undelivered, long backlog) {
        this(liveActors, deadLetters, failures, undelivered, backlog, 0, 0, 0, 0, 0);
    }
}
