package actor.executor.internal;

import actor.stats.internal.WorkerCounters;
import actor.steal.internal.WorkerQueueTable;

/**
 * One worker's duty cycle ({@link #doWork()}, in the style of an Agrona {@code Agent}; the loop,
 * idling and errors belong to {@link WorkerRunner}). A cycle is one pass over the worker's slice of
 * the worker-queue table: for each mailbox a racy emptiness test, and if there is work a gulp under
 * the lock, the batch run ({@link EnvelopeRunner}; no atomic operation for a copy queue), and,
 * while the mailbox refilled during its batch and the re-gulp budget lasts, its next batch at once.
 * The rules the pass consults (follow, pull, push, feeder push: {@link Conversations}; adoption:
 * {@link Adoptions}; stealing: {@link Thief}; sleep: {@link SleepCycle}) are listed in
 * docs/scheduling.md. The batch runs and an envelope's first send are called out of line
 * ({@link OutOfLine}), so C2 compiles them apart from the pass and from the behaviours.
 *
 * <p>Threading: everything here runs on the worker's thread, except {@link #counters} (single
 * writer, read by snapshots) and the runner's undelivered log (read after every worker exited). A
 * spare carrier ({@link Carriers}) has a Worker of its own for the same slice and sleep state,
 * without a thief: the two share only the slice's mailboxes, whose gulp lets one batch run at a time.
 */
final class Worker {

    final int index;
    final WorkerSleep sleep;
    final WorkerProgress progress;
    final WorkerCounters counters;
    final EnvelopeRunner runner;
    private final Termination termination;
    private final WorkerQueueTable<Mailbox> table;
    private final int sliceStart;
    private final int sliceEnd;
    /** Null when stealing is off; set once before the thread starts. */
    private Thief thief;
    private CopyQueue spare = new CopyQueue();
    /**
     * The copy-queue mailbox whose batch is running, and that batch, while {@link #visit} runs one;
     * else null (always null with MPSC mailboxes).
     */
    private Mailbox processing;
    private CopyQueue processingBatch;
    /** Sends this visit may still append to the running batch ({@link #send}). */
    private int appendsLeft;
    /** The mailbox {@link #visit} is visiting, or null. */
    private Mailbox visiting;
    private final SleepCycle sleepCycle;
    /** The hand-offs' rules: follows, pulls, pushes and feeders. */
    private final Conversations conversations;
    /** The mailboxes of sleeping workers this one runs ({@link #firstHandOff} offers them). */
    final Adoptions adoptions;
    /** The batch runs and {@link #firstHandOff}, called out of line. */
    private final OutOfLine outOfLine = new OutOfLine();
    /** {@link Placement}'s state for actors this worker's behaviours create: the next offset in the slice. */
    int placementCursor;
    /** {@link Placement}'s memory of the last class of such an actor that is not a hub. */
    Class<?> plainClass;

    Worker(int index, WorkerSleep sleep, WorkerProgress progress, WorkerCounters counters, EnvelopeRunner runner,
           Termination termination, WorkerQueueTable<Mailbox> table) {
        this.index = index;
        this.sleep = sleep;
        this.progress = progress;
        this.counters = counters;
        this.runner = runner;
        this.termination = termination;
        this.table = table;
        this.sliceStart = table.sliceStart(index);
        this.sliceEnd = table.sliceEnd(index);
        this.sleepCycle = new SleepCycle(this, sleep, termination, table, counters);
        this.conversations = new Conversations(this);
        this.adoptions = new Adoptions(this);
    }

    /** Enables stealing; called once, before the thread starts. */
    void stealWith(Thief stealer) {
        this.thief = stealer;
        sleepCycle.stealWith(stealer);
        conversations.stealWith(stealer.moves);
        adoptions.stealingOn();
    }

    /** One duty cycle: a pass over the slice, and a steal attempt when passes keep finding nothing. */
    int doWork() {
        final int work = pass();
        progress.idle(work == 0);
        if (thief == null) {
            return work;
        }
        return thief.afterPass(work) ? 1 : work;
    }

    /** One pass over the slice: test-and-gulp every mailbox. Returns the envelopes run. */
    int pass() {
        conversations.passStarts();
        adoptions.passStarts();
        int work = 0;
        int adoptedWork = 0;
        for (int slot = sliceStart; slot < sliceEnd; slot++) {
            final Mailbox mailbox = table.get(slot);
            if (mailbox != null && mailbox.hasMessagesRacy()) {
                work += visit(mailbox);
                if (conversations.mayFollow()) {
                    work += conversations.follow();
                }
                if (adoptions.owed()) {
                    adoptedWork += adoptions.visitAdopted();
                }
            }
        }
        runner.flushTerminations();
        // NOTE: the hand-off rules (pulls, pushes, feeders) see this slice's own work only: adopted
        // visits are another worker's mailboxes, run here only until a pull or push settles them.
        conversations.passEnded(work);
        return work + adoptedWork;
    }

    /**
     * Gulps {@code mailbox} and runs its batches while it refills and the budget lasts: for the pass,
     * and for the visits {@link Conversations#follow} and {@link Adoptions#visitAdopted} add to it.
     *
     * @return the envelopes run
     */
    int visit(Mailbox mailbox) {
        visiting = mailbox;
        final int ran = mailbox instanceof CopyQueueMailbox copyQueue ? visit(copyQueue) : visit((MpscMailbox) mailbox);
        visiting = null;
        conversations.visited(mailbox, ran, adoptions.visitingAdopted());
        return ran;
    }

    private int visit(CopyQueueMailbox mailbox) {
        CopyQueue batch = mailbox.tryGulp(adoptions.visitingAdopted() ? null : sleep, spare, counters);
        if (batch == null) {
            return 0;
        }
        conversations.gulped(batch.size());
        processing = mailbox;
        appendsLeft = Policy.TUNABLES.regulpBudgetMessages();
        int ran = 0;
        while (batch != null) {
            processingBatch = batch;
            ran += outOfLine.runBatch(runner, batch);
            final CopyQueue next = mailbox.finishBatch(batch, regulp(ran));
            if (next == null) {
                spare = batch;
            }
            batch = next;
        }
        processing = null;
        processingBatch = null;
        conversations.pushAfterVisit(mailbox);
        return ran;
    }

    private int visit(MpscMailbox mailbox) {
        int batch = mailbox.tryGulp(sleep, counters);
        if (batch == 0) {
            return 0;
        }
        conversations.gulped(batch);
        int ran = 0;
        while (batch > 0) {
            ran += outOfLine.runBatch(runner, mailbox, batch);
            batch = mailbox.finishBatch(regulp(ran));
        }
        conversations.pushAfterVisit(mailbox);
        return ran;
    }

    /** Whether a visit that has run {@code ran} messages takes its mailbox's next batch at once ({@link Policy.Rule#REGULP}). */
    private boolean regulp(int ran) {
        return Policy.REGULP && ran < Policy.TUNABLES.regulpBudgetMessages() && !termination.isDone();
    }

    /**
     * A send by a behaviour of this worker, the whole of it: to the mailbox whose batch runs, the
     * envelope joins that batch (no lock, no atomic: this worker holds the mailbox, and the
     * envelope runs after everything already in the batch, so the sender's order holds; at most
     * {@link Policy.Tunables#regulpBudgetMessages} a visit, so one mailbox cannot starve the slice;
     * none once the system is done). Copy-queue mailboxes only: an MPSC batch is never
     * {@link #processing}, so its sends take the queue and run in the visit's next batch. Any
     * other send is a hand-off, counted for the cost estimate ({@link WorkerProgress#handOffsPer256});
     * a running envelope's first goes to the conversations' rules ({@link Conversations#handOff})
     * unless the visit is of an adopted mailbox, and may be adopted ({@link Adoptions#mayAdopt}).
     *
     * @return false if the mailbox is closed (the system has stopped): nothing was queued
     */
    boolean send(Mailbox mailbox, Object registration, Object message) {
        if (Policy.APPEND && mailbox == processing && appendsLeft != 0 && !termination.isDone()) {
            appendsLeft--;
            processingBatch.push(registration, message);
            return true;
        }
        if (runner.countHandOff()) {
            return outOfLine.firstHandOff(this, mailbox, registration, message);
        }
        return mailbox.push(registration, message);
    }

    /**
     * The running envelope's first send to another mailbox than the one whose batch runs: the
     * conversations' rules see it unless the visit is of an adopted mailbox
     * ({@link Conversations#handOff}), and it may be adopted ({@link Adoptions#mayAdopt}).
     *
     * @return false if the mailbox is closed: nothing was queued
     */
    boolean firstHandOff(Mailbox mailbox, Object registration, Object message) {
        if (!adoptions.visitingAdopted()) {
            conversations.handOff(mailbox, visiting);
        }
        if (adoptions.mayAdopt(mailbox)) {
            final int pushed = mailbox.pushOrAdopt(registration, message);
            if (pushed == Mailbox.PUSH_ADOPTED) {
                adoptions.adopted(mailbox);
            }
            return pushed != Mailbox.PUSH_CLOSED;
        }
        return mailbox.push(registration, message);
    }

    /**
     * The mailbox a new actor created by the running behaviour may join ({@link Placement}): the
     * one whose batch runs, if the running actor's class is a chain's and no live actor other than
     * the running one joined that mailbox; else null.
     */
    Mailbox joinable() {
        final Mailbox mailbox = visiting;
        if (mailbox == null || !runner.runningIsChainLink()) {
            return null;
        }
        return mailbox.mayJoin(runner.running()) ? mailbox : null;
    }

    /** The mailbox whose batch runs on this worker, or null. */
    Mailbox visiting() {
        return visiting;
    }

    /** Sleeps until there is work again ({@link SleepCycle}). */
    void sleepUntilWork() {
        sleepCycle.sleepUntilWork();
    }

    /** The re-checks this worker runs before it parks (also what the jcstress tests run). */
    WorkerSleep.Recheck recheck() {
        return sleepCycle;
    }

    /** A worker going to sleep lets its spare queue's array go. */
    void trimSpare() {
        spare.trim();
    }
}
