package actor.executor.internal;

/**
 * The mailboxes of other workers one worker adopted: a behaviour's send to an empty mailbox of a
 * sleeping worker may leave that worker asleep and have this one visit the mailbox after the
 * running visit ({@link #mayAdopt}, {@link #adopted}, {@link #visitAdopted}). The {@link Worker}
 * runs the visits.
 *
 * <p>Threading: the worker's thread only.
 */
final class Adoptions {

    private final Worker worker;
    private final WorkerSleep sleep;
    /** Whether stealing is on; set once before the thread starts. */
    private boolean stealing;
    /**
     * Mailboxes of other workers this worker's behaviours sent to while their owner slept, queued
     * without a wake-up ({@link Mailbox#pushOrAdopt}): {@link #visitAdopted} runs them after the
     * running visit, oldest first; {@code adoptedHead} is the next to run, {@code adoptedCount} how
     * many are owed.
     */
    private final Mailbox[] adopted = new Mailbox[Policy.TUNABLES.adoptBudgetVisits()];
    private int adoptedHead;
    private int adoptedCount;
    /** Whether the running visit is of an adopted mailbox. */
    private boolean visitingAdopted;
    /** Whether this pass's sends may adopt at all ({@link #passStarts}). */
    private boolean adoptingThisPass;

    Adoptions(Worker worker) {
        this.worker = worker;
        this.sleep = worker.sleep;
    }

    /** Enables adoptions, which need stealing on ({@link #mayAdopt}); called once, before the thread starts. */
    void stealingOn() {
        this.stealing = true;
    }

    /**
     * A pass begins: whether its sends may adopt, read once a pass (stealing on, the rule on, the
     * machine crowded); the JIT then sees one test per send that changes with the machine's load,
     * not three.
     */
    void passStarts() {
        adoptingThisPass = Policy.ADOPT && stealing && MachineLoad.PROCESS.crowded();
    }

    /** Whether adopted mailboxes are owed a visit ({@link #visitAdopted}). */
    boolean owed() {
        return adoptedCount > 0;
    }

    /** Whether the running visit is of an adopted mailbox. */
    boolean visitingAdopted() {
        return visitingAdopted;
    }

    /**
     * Visits the mailboxes this worker adopted ({@link #mayAdopt}), oldest first, including those
     * their own batches adopt, up to {@link Policy.Tunables#adoptBudgetVisits} visits; then claims the owner's
     * wake-up of each one left (under its lock, if it still holds messages), so none waits. A
     * token passed around a ring whose every other actor sits on a sleeping worker then goes
     * round on this worker alone, as it would on a work-stealing pool's thread, instead of
     * waking that worker at every hop (on a crowded machine a wake-up costs a time slice).
     *
     * @return the envelopes run
     */
    int visitAdopted() {
        int work = 0;
        for (int left = Policy.TUNABLES.adoptBudgetVisits(); left > 0 && adoptedCount > 0; left--) {
            final Mailbox next = takeAdopted();
            if (next.hasMessagesRacy()) {
                visitingAdopted = true;
                work += worker.visit(next);
                visitingAdopted = false;
            }
        }
        while (adoptedCount > 0) {
            final WorkerSleep toWake = takeAdopted().claimOwnerIfMessages();
            if (toWake != null) {
                toWake.unpark();
            }
        }
        return work;
    }

    private Mailbox takeAdopted() {
        final int slot = adoptedHead;
        final Mailbox next = adopted[slot];
        adopted[slot] = null;
        adoptedHead = (slot + 1) % adopted.length;
        adoptedCount--;
        return next;
    }

    /**
     * Whether a behaviour of this worker, sending the running envelope's first message to another
     * mailbox, may offer to run that mailbox here ({@link Mailbox#pushOrAdopt}): other processes
     * crowd the machine ({@link MachineLoad}), the mailbox's owner is another worker that sleeps
     * (racy: the push decides under the lock whether the mailbox is empty and idle), and this
     * worker is inside a visit with room in its adoption budget. Only on a crowded machine: there
     * a wake-up costs the woken worker a wait for a core, often a time slice; where cores are
     * free it runs at once, the two workers then run in parallel, and pulls and pushes gather a
     * conversation for good (adopting there too made request-reply and broker 1.3-1.5x slower,
     * A/B on an idle machine). Not an
     * owner that is awake but idle: it is about to run the message itself, and on a machine with
     * cores to spare the pulls and pushes then move the mailbox for good (adopting from idle
     * owners too was no faster under contention, and kept those hand-offs from settling). Only
     * an envelope's first send: a behaviour that fans work out to several actors of a sleeping
     * worker wakes it for the others, which then run in parallel. Only with stealing on: the owner, a sleeping thief, is then the one who finds the message
     * if this worker's behaviour blocks before it gets there.
     */
    boolean mayAdopt(Mailbox mailbox) {
        final WorkerSleep owner = mailbox.ownerRacy();
        return adoptingThisPass && worker.visiting() != null && adoptedCount < adopted.length && owner != sleep
                && owner.isSleeping();
    }

    /** {@link Mailbox#pushOrAdopt} adopted {@code mailbox}: it is visited after the running visit. */
    void adopted(Mailbox mailbox) {
        adopted[(adoptedHead + adoptedCount) % adopted.length] = mailbox;
        adoptedCount++;
    }
}
