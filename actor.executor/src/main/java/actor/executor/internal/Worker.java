package actor.executor.internal;

import actor.stats.internal.WorkerCounters;
import actor.steal.internal.WorkerQueueTable;

/**
 * One worker's duty cycle ({@link #doWork()}, in the style of an Agrona {@code Agent}; the loop,
 * idling and errors belong to {@link WorkerRunner}). A cycle is one pass over the worker's slice of
 * the worker-queue table: for each mailbox a racy emptiness test, and if there is work a gulp under
 * the lock ({@link CopyQueueMailbox#tryGulp}, {@link MpscMailbox#tryGulp}), the batch run without
 * any atomic operation for a copy queue, or drained from the MPSC queue ({@link EnvelopeRunner}),
 * and, while the same mailbox received messages during its batch and the re-gulp budget lasts, the
 * next batch at once ({@link CopyQueueMailbox#finishBatch}, {@link MpscMailbox#finishBatch}). An
 * executor's mailboxes are all of one kind, so the kind test in {@link #visit} always goes the same
 * way. A visit that answered the mailbox which handed it its one envelope is followed by a visit
 * to that mailbox ({@link #follow}). A pass whose work all fed another worker (a server, or
 * clients of one server) may give a mailbox to it ({@link #pushIfFeeder}). A behaviour's send to
 * an empty mailbox of a sleeping worker may leave that worker asleep and have this one visit the
 * mailbox after the running visit ({@link #mayAdopt}, {@link #visitAdopted}). After passes without
 * work the {@link Thief} may try a steal; sleeping is the {@link SleepCycle}'s.
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
    /** Sends this visit may still append to the running batch ({@link #appendToBatch}). */
    private int appendsLeft;
    /** Envelopes the previous complete pass ran, and the size of the batch running now when gulped. */
    private int previousPassWork;
    private int gulpedSize;
    /** The mailbox {@link #visit} is visiting, or null. */
    private Mailbox visiting;
    /** The mailbox of this worker's slice to visit next ({@link #follow}), or null. */
    private Mailbox handedTo;
    /** The last hand-off {@link #handOff} saw (the first send of an envelope gulped alone): from, to. */
    private Mailbox handOffFrom;
    private Mailbox handOffTo;
    /**
     * The current pass, for {@link #pushIfFeeder}: the mailboxes whose visits ran envelopes, the last
     * of them, the worker the first send of every envelope went to, and how many did so (-1 once
     * one went elsewhere, or to this worker); the mailbox all of them went to, or null once one
     * went to another.
     */
    private int visitsWithWork;
    private Mailbox lastVisited;
    private int fedWorker;
    private int feeds;
    private Mailbox fedMailbox;
    /** Feeder passes in a row ({@link #pushIfFeeder}). */
    private int feederPasses;
    /** Passes to wait before the next feeder push attempt, and the wait after the next failure. */
    private int feederPushWait;
    private int feederPushBackoff = 1;
    /** The worker the visited mailbox goes to once its batch is done ({@link #handOff}), or -1. */
    private int pushTo = -1;
    private final SleepCycle sleepCycle;
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
    }

    /** Enables stealing; called once, before the thread starts. */
    void stealWith(Thief stealer) {
        this.thief = stealer;
        sleepCycle.stealWith(stealer);
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
        visitsWithWork = 0;
        feeds = 0;
        int work = 0;
        int adoptedWork = 0;
        for (int slot = sliceStart; slot < sliceEnd; slot++) {
            final Mailbox mailbox = table.get(slot);
            if (mailbox != null && mailbox.hasMessagesRacy()) {
                work += visit(mailbox);
                if (handedTo != null) {
                    work += follow();
                }
                if (adoptedCount > 0) {
                    adoptedWork += visitAdopted();
                }
            }
        }
        runner.flushTerminations();
        // NOTE: the hand-off rules (pulls, pushes, feeders) see this slice's own work only: adopted
        // visits are another worker's mailboxes, run here only until a pull or push settles them.
        previousPassWork = work;
        pushIfFeeder(work);
        return work + adoptedWork;
    }

    /**
     * After a pass whose every envelope's first send went to one other worker, with cheap messages:
     * a pass that ran one mailbox whose sends went to any mailboxes there (a server whose clients
     * all sit elsewhere), or several mailboxes whose sends all went to one mailbox there (clients
     * whose server does). Gives the last mailbox it ran to that worker
     * ({@link Thief#tryFeederPush}) unless that worker feeds this one from as few mailboxes or
     * fewer, so the conversation ends on one worker, the side with fewer mailboxes going to the
     * other. Clients spread over a worker's slice (15 mailboxes of 20 clients on the request-reply
     * row) cannot all be pulled or pushed to the server one by one, but the server can go to them;
     * clients left behind once some went over to the server (by pulls) go after it, one a pass.
     * Several mailboxes sending to several mailboxes of one worker are no conversation to gather
     * (big's random pings moved mailboxes 59 times an iteration instead of 23 when they counted).
     * Each push needs a mailbox without actors in the target's slice to give in exchange. Only
     * after {@link Policy.Tunables#feederPassesBeforePush} feeder passes in a row (a pass or a few of one mailbox feeding another worker also happen while pulls gather a conversation, and a push then splits it again) (passes without work do not
     * count). A failed attempt waits twice as many passes as the one before (up to 1,024), so a
     * target with no room is not searched on every pass.
     */
    private void pushIfFeeder(int work) {
        if (!Policy.FEEDER_PUSH || work == 0 || thief == null) {
            return;
        }
        final int fed = feeds == work && (visitsWithWork == 1 || fedMailbox != null) ? visitsWithWork : 0;
        progress.feeder(fed);
        feederPasses = fed > 0 ? feederPasses + 1 : 0;
        if (feederPasses < Policy.TUNABLES.feederPassesBeforePush()
                || progress.nanosPerMessage() > Policy.TUNABLES.pullMaxNanosPerMessage()) {
            return;
        }
        if (feederPushWait > 0) {
            feederPushWait--;
            return;
        }
        if (thief.tryFeederPush(lastVisited, fedWorker, fed)) {
            feederPushBackoff = 1;
        } else {
            feederPushWait = feederPushBackoff;
            feederPushBackoff = Math.min(2 * feederPushBackoff, Policy.TUNABLES.feederPushBackoffMaxPasses());
        }
    }

    /**
     * Follows a conversation between two mailboxes of this slice: while a visit ran one envelope
     * whose first send answered the last hand-off between them ({@link #handOff}), visits the
     * answered mailbox next (as Go's scheduler runs the goroutine just readied next), instead of
     * after the rest of the pass; a ball, or a request and its reply, then goes back and forth
     * without the scan in between. At most {@link Policy.Tunables#followBudgetVisits} visits, so the rest of the slice
     * keeps its turn.
     *
     * @return the envelopes run
     */
    private int follow() {
        int work = 0;
        for (int left = Policy.TUNABLES.followBudgetVisits(); left > 0 && handedTo != null; left--) {
            final Mailbox next = handedTo;
            handedTo = null;
            if (next.hasMessagesRacy()) {
                work += visit(next);
            }
        }
        handedTo = null;
        return work;
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
    private int visitAdopted() {
        int work = 0;
        for (int left = Policy.TUNABLES.adoptBudgetVisits(); left > 0 && adoptedCount > 0; left--) {
            final Mailbox next = takeAdopted();
            if (next.hasMessagesRacy()) {
                visitingAdopted = true;
                work += visit(next);
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
        return Policy.ADOPT && thief != null && visiting != null && adoptedCount < adopted.length && owner != sleep
                && MachineLoad.PROCESS.crowded() && owner.isSleeping();
    }

    /** {@link Mailbox#pushOrAdopt} adopted {@code mailbox}: it is visited after the running visit. */
    void adopted(Mailbox mailbox) {
        adopted[(adoptedHead + adoptedCount) % adopted.length] = mailbox;
        adoptedCount++;
    }

    /** Gulps {@code mailbox} and runs its batches while it refills and the budget lasts. */
    private int visit(Mailbox mailbox) {
        visiting = mailbox;
        final int ran = mailbox instanceof CopyQueueMailbox copyQueue ? visit(copyQueue) : visit((MpscMailbox) mailbox);
        visiting = null;
        if (ran > 0 && !visitingAdopted) {
            visitsWithWork++;
            lastVisited = mailbox;
        }
        if (ran != 1) {
            handedTo = null;
        }
        return ran;
    }

    private int visit(CopyQueueMailbox mailbox) {
        CopyQueue batch = mailbox.tryGulp(visitingAdopted ? null : sleep, spare, counters);
        if (batch == null) {
            return 0;
        }
        gulpedSize = batch.size();
        processing = mailbox;
        appendsLeft = Policy.TUNABLES.regulpBudgetMessages();
        pushTo = -1;
        int ran = 0;
        while (batch != null) {
            processingBatch = batch;
            ran += runner.runBatch(batch);
            final CopyQueue next = mailbox.finishBatch(batch, regulp(ran));
            if (next == null) {
                spare = batch;
            }
            batch = next;
        }
        processing = null;
        processingBatch = null;
        pushAfterVisit(mailbox);
        return ran;
    }

    private int visit(MpscMailbox mailbox) {
        int batch = mailbox.tryGulp(sleep, counters);
        if (batch == 0) {
            return 0;
        }
        gulpedSize = batch;
        pushTo = -1;
        int ran = 0;
        while (batch > 0) {
            ran += runner.runBatch(mailbox, batch);
            batch = mailbox.finishBatch(regulp(ran));
        }
        pushAfterVisit(mailbox);
        return ran;
    }

    /** Whether a visit that has run {@code ran} messages takes its mailbox's next batch at once ({@link Policy.Rule#REGULP}). */
    private boolean regulp(int ran) {
        return Policy.REGULP && ran < Policy.TUNABLES.regulpBudgetMessages() && !termination.isDone();
    }

    /**
     * Gives the mailbox just visited to the loaded worker its first envelope handed off to, if
     * {@link #handOff} found that worth it ({@link Thief#tryPush}). The visit may have run more
     * of the same conversation (re-gulps of replies that came back at once).
     */
    private void pushAfterVisit(Mailbox mailbox) {
        final int target = pushTo;
        if (target >= 0) {
            pushTo = -1;
            thief.tryPush(mailbox, target);
        }
    }

    /**
     * A hand-off: a behaviour of this worker sends to another mailbox than the one whose batch runs.
     * Counted for the cost estimate ({@link WorkerProgress#handOffsPer256}), which only thieves
     * read; an envelope's first send also tells where the pass's work goes ({@link #pushIfFeeder}).
     * Only the first send of an envelope gulped alone goes further (a fan-out keeps its other
     * targets where they are, and a batch is work of its own).
     *
     * <p>If the mailbox belongs to another worker, the hand-off may bring both ends onto one worker,
     * so a conversation in which one message at a time goes back and forth (a ping-pong pair, a
     * request and its reply, a token around a ring) does not pay a cross-core hand-off per message:
     * if that worker is idle, this one pulls the receiver's mailbox into its slice first
     * ({@link Thief#tryPull}); if it is busy, this one gives it the sender's mailbox once the batch is
     * done ({@link Thief#tryPush}: a client left alone on a worker, talking to a server on a busy
     * one). Only when this worker has nothing else to do (its previous pass ran at most one envelope:
     * a worker with more work is better off leaving the receiver to run in parallel, as in a
     * pipeline), only while this worker's messages are cheap (a communication-bound regime: a backlog
     * of costly ones is stolen back), only with empty mailboxes no batch runs, and only with stealing
     * on.
     *
     * <p>If the mailbox is this worker's and the send answers the last such hand-off (that one went
     * from the receiver's mailbox to the sender's), the pass visits the receiver next
     * ({@link #follow}). Only answers: following every hand-off also follows a token around a ring,
     * and then passes run many envelopes, fewer pulls gather the ring, and more of its hops cross
     * workers (thread-ring 187-196 ms against 96-108, measured).
     *
     * @return whether this is the running envelope's first send to another mailbox (the one send
     *         of an envelope that {@link #mayAdopt} considers)
     */
    boolean handOff(Mailbox mailbox) {
        if (!runner.countHandOff()) {
            return false;
        }
        if (visitingAdopted) {
            return true;
        }
        if (thief != null && feeds >= 0) {
            final int to = mailbox.ownerRacy().worker;
            if (feeds == 0) {
                fedWorker = to;
                fedMailbox = mailbox;
            } else if (mailbox != fedMailbox) {
                fedMailbox = null;
            }
            feeds = to == fedWorker && to != index ? feeds + 1 : -1;
        }
        if (gulpedSize != 1) {
            return true;
        }
        if (thief != null && previousPassWork <= 1
                && progress.nanosPerMessage() <= Policy.TUNABLES.pullMaxNanosPerMessage()
                && !(Policy.PULL && thief.tryPull(mailbox)) && Policy.PUSH) {
            pushTo = thief.pushTarget(mailbox);
        }
        if (mailbox != visiting) {
            if (Policy.FOLLOW && mailbox == handOffFrom && visiting == handOffTo && mailbox.ownerRacy() == sleep) {
                handedTo = mailbox;
            }
            handOffFrom = visiting;
            handOffTo = mailbox;
        }
        return true;
    }

    /**
     * The send fast path for a behaviour of this worker sending to the mailbox whose batch it is
     * running (a self-send, or to an actor sharing the mailbox): the envelope joins the running
     * batch, with no lock and no atomic. It runs after everything already in the batch, so the
     * sender's order holds; this worker holds the mailbox (being processed), so nobody else can run
     * it. At most {@link Policy.Tunables#regulpBudgetMessages} per visit, so one mailbox cannot starve the slice; none once
     * the system is done (an abort ends the batch, and what was sent is reported). Copy-queue
     * mailboxes only: an MPSC batch is never {@link #processing}, so its sends take the ordinary
     * (lock-free) path and run in the visit's next batch.
     *
     * @return false if the envelope must take the ordinary send path
     */
    boolean appendToBatch(Mailbox mailbox, Object actor, Object message) {
        if (!Policy.APPEND || mailbox != processing || appendsLeft == 0 || termination.isDone()) {
            return false;
        }
        appendsLeft--;
        processingBatch.push(actor, message);
        return true;
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
