package actor.stats;

/**
 * The statistics counters of one worker, of the threads outside the workers, or of a whole system,
 * in the reference order, and one gauge, the messages queued now. The two averages are derived.
 *
 * @param actorsCreated            actors created (in main and by other actors)
 * @param messagesSent             messages sent, poison pills included, and one resumption per await
 *                                 (it reaches the actor through its mailbox like a message)
 * @param messagesReceived         messages taken out of gulped queues and dispatched, poison pills
 *                                 and resumptions included
 * @param gulps                    queues gulped
 * @param missedGulps              gulps skipped because another worker was processing that mailbox
 * @param stealAttempts            steal attempts (a victim was chosen)
 * @param stealFailuresNoCandidate attempts that found no mailbox with messages and not being
 *                                 processed in the victim's slice
 * @param stealFailuresFailedSwap  attempts whose slot swap failed
 * @param steals                   attempts that took a mailbox (counted on their own, so that
 *                                 attempts = no-candidate failures + failed swaps + steals is a
 *                                 check, not an identity)
 * @param messagesStolen           messages in the stolen mailboxes at the moment of each steal
 * @param rescues                  steals that took a mailbox from a worker stuck in one behaviour,
 *                                 where even a single message is taken (counted among the steals)
 * @param pulls                    hand-offs that brought a conversation onto one worker: the
 *                                 sender's worker took the receiver's empty mailbox from an idle
 *                                 worker (a pull), or gave its own to the receiver's busy one (a push)
 * @param lostWakeUps              mailboxes a sleeping worker found holding messages when its own
 *                                 timer woke it, although no sender had woken it: zero unless the
 *                                 wake-up protocol is broken
 * @param queued                   a gauge, not a count: the messages queued now in the mailboxes of
 *                                 the worker's slice, read without a lock when the snapshot was
 *                                 taken (0 in a final snapshot, and for the outside threads); a
 *                                 system's total is its backlog. (A mailbox holds the messages of
 *                                 every actor of its ticket: one actor's own queue length is kept
 *                                 only for an actor with a {@code MailboxBound}, as keeping it would
 *                                 cost every send.)
 */
public record Counts(long actorsCreated, long messagesSent, long messagesReceived, long gulps, long missedGulps,
                     long stealAttempts, long stealFailuresNoCandidate, long stealFailuresFailedSwap, long steals,
                     long messagesStolen, long rescues, long pulls, long lostWakeUps, long queued) {

    /**
     * Counts with nothing queued: the counters alone, as threads outside the workers have them.
     *
     * @param actorsCreated            actors created
     * @param messagesSent             messages sent
     * @param messagesReceived         messages received
     * @param gulps                    queues gulped
     * @param missedGulps              gulps skipped
     * @param stealAttempts            steal attempts
     * @param stealFailuresNoCandidate attempts with no candidate
     * @param stealFailuresFailedSwap  attempts whose swap failed
     * @param steals                   steals
     * @param messagesStolen           messages stolen
     * @param rescues                  rescues
     * @param pulls                    pulls and pushes
     * @param lostWakeUps              lost wake-ups
     */
    public Counts(long actorsCreated, long messagesSent, long messagesReceived, long gulps, long missedGulps,
                  long stealAttempts, long stealFailuresNoCandidate, long stealFailuresFailedSwap, long steals,
                  long messagesStolen, long rescues, long pulls, long lostWakeUps) {
        this(actorsCreated, messagesSent, messagesReceived, gulps, missedGulps, stealAttempts, stealFailuresNoCandidate,
                stealFailuresFailedSwap, steals, messagesStolen, rescues, pulls, lostWakeUps, 0);
    }

    /**
     * {@return these counts with {@code queued} as the gauge of messages queued now}
     *
     * @param queued the messages queued now
     */
    public Counts withQueued(long queued) {
        return new Counts(actorsCreated, messagesSent, messagesReceived, gulps, missedGulps, stealAttempts,
                stealFailuresNoCandidate, stealFailuresFailedSwap, steals, messagesStolen, rescues, pulls, lostWakeUps,
                queued);
    }

    /** {@return the average number of messages in a gulped queue; 0 without gulps} */
    public double averageGulpSize() {
        return gulps == 0 ? 0 : (double) messagesReceived / gulps;
    }

    /** {@return the average number of messages in a stolen mailbox; 0 without steals} */
    public double averageStealSize() {
        return steals == 0 ? 0 : (double) messagesStolen / steals;
    }

    /**
     * {@return the element-wise sum of these counts and {@code o}}
     *
     * @param o the counts to add, say another worker's
     */
    public Counts plus(Counts o) {
        return new Counts(actorsCreated + o.actorsCreated, messagesSent + o.messagesSent,
                messagesReceived + o.messagesReceived, gulps + o.gulps, missedGulps + o.missedGulps,
                stealAttempts + o.stealAttempts, stealFailuresNoCandidate + o.stealFailuresNoCandidate,
                stealFailuresFailedSwap + o.stealFailuresFailedSwap, steals + o.steals,
                messagesStolen + o.messagesStolen, rescues + o.rescues, pulls + o.pulls,
                lostWakeUps + o.lostWakeUps, queued + o.queued);
    }
}
