package actor.executor.internal;

import actor.stats.internal.WorkerCounters;
import actor.steal.internal.WorkerQueueTable;
import java.util.concurrent.TimeUnit;

/**
 * One worker's duty cycle ({@link #doWork()}, in the style of an Agrona {@code Agent}; the loop,
 * idling and errors belong to {@link WorkerRunner}). A cycle is one pass over the worker's slice of
 * the worker-queue table: for each mailbox a racy emptiness test, and if there is work a gulp under
 * the lock ({@link CopyQueueMailbox#tryGulp}, {@link MpscMailbox#tryGulp}), the batch run without
 * any atomic operation for a copy queue, or drained from the MPSC queue ({@link EnvelopeRunner}),
 * and, while the same mailbox received messages during its batch and the re-gulp budget lasts, the
 * next batch at once ({@link CopyQueueMailbox#finishBatch}, {@link MpscMailbox#finishBatch}). An
 * executor's mailboxes are all of one kind, so the kind test in {@link #visit} always goes the same
 * way. After two consecutive
 * passes without work the cycle makes one steal attempt ({@link Thief}); each failed attempt doubles
 * the passes before the next one (up to {@link #MAX_EMPTY_PASSES_BEFORE_STEAL}), a steal resets it.
 *
 * <p>Sleeping ({@link #sleepUntilWork()}) goes through {@link WorkerSleep}: announce, re-check the
 * slice under its locks ({@link #mayHaveWork()}), park. A sleeping worker rescans on its own every
 * {@link #SLEEP_RESCAN_NANOS}; one that may steal looks for work more often (from
 * {@link #THIEF_RESCAN_MIN_NANOS}, backing off), so an idle worker still comes to help.
 *
 * <p>Threading: everything here runs on the worker's thread, except {@link #counters} (single
 * writer, read by snapshots) and the runner's undelivered log (read after every worker exited).
 */
final class Worker implements WorkerSleep.Recheck {

    /** Longest a sleeping worker that cannot steal parks before rescanning its slice on its own. */
    static final long SLEEP_RESCAN_NANOS = TimeUnit.SECONDS.toNanos(1);
    /**
     * First park of a sleeping worker that may steal before it looks for work (own slice, then one
     * steal attempt) on its own; each fruitless look doubles the period up to
     * {@link #THIEF_RESCAN_MAX_NANOS}. Waking from a timed park costs tens of microseconds of CPU on
     * a virtual machine, so a long idle must not wake often.
     */
    static final long THIEF_RESCAN_MIN_NANOS = TimeUnit.MILLISECONDS.toNanos(4);
    /** Longest period between a sleeping thief's own looks for work. */
    static final long THIEF_RESCAN_MAX_NANOS = TimeUnit.MILLISECONDS.toNanos(256);
    /** Consecutive passes without work before a steal attempt. */
    static final int EMPTY_PASSES_BEFORE_STEAL = 2;
    /**
     * Upper bound of the steal back-off: each failed attempt doubles the empty passes required
     * before the next one, because even a fruitless look at a victim's mailboxes costs the victim
     * cache misses on its own hot lines; a successful steal resets it.
     */
    static final int MAX_EMPTY_PASSES_BEFORE_STEAL = 1024;
    /**
     * Messages one visit to a mailbox may run before the worker moves on: while a batch's actors
     * keep sending to their own mailbox (self-sends, a local request and its reply), the next batch
     * is taken at once instead of after a pass over the whole slice; past this budget the other
     * mailboxes get their turn.
     */
    static final int REGULP_BUDGET = 64;
    /**
     * Passes in a row that must each find at least {@link #BACKLOG_MAILBOXES} mailboxes holding a
     * stealable backlog before the worker summons a sleeping one to help ({@link Thief#summonHelp}).
     */
    static final int BACKLOG_PASSES_BEFORE_SUMMON = 4;
    /** Backlogged mailboxes in one pass that count as an overload: one for this worker, one to give away. */
    static final int BACKLOG_MAILBOXES = 2;
    /**
     * Period of a sleeping thief's own looks for work while another worker is awake, per sleeping
     * worker (so the sleepers together look about this often): they watch for a worker stuck in one
     * behaviour, whose other mailboxes they can rescue ({@link Thief#RESCUE_AFTER_NANOS}).
     */
    static final long WATCH_NANOS = TimeUnit.MILLISECONDS.toNanos(2);

    final int index;
    final WorkerSleep sleep;
    final WorkerProgress progress;
    final WorkerCounters counters;
    final EnvelopeRunner runner;
    private final Termination termination;
    private final WorkerQueueTable<Mailbox> table;
    private final int sliceStart;
    private final int sliceEnd;
    private final boolean counting;
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
    private int emptyPasses;
    private int passesBeforeSteal = EMPTY_PASSES_BEFORE_STEAL;
    /** Backlogged mailboxes found by the current pass, and passes in a row that found enough. */
    private int backlog;
    private int backlogPasses;
    private final int sleepers;

    Worker(int index, WorkerSleep sleep, WorkerProgress progress, WorkerCounters counters, EnvelopeRunner runner,
           Termination termination, WorkerQueueTable<Mailbox> table, boolean counting) {
        this.index = index;
        this.sleep = sleep;
        this.progress = progress;
        this.sleepers = table.workers() - 1;
        this.counters = counters;
        this.runner = runner;
        this.termination = termination;
        this.table = table;
        this.sliceStart = table.sliceStart(index);
        this.sliceEnd = table.sliceEnd(index);
        this.counting = counting;
    }

    /** Enables stealing; called once, before the thread starts. */
    void stealWith(Thief stealer) {
        this.thief = stealer;
    }

    /** One duty cycle: a pass over the slice, and a steal attempt when passes keep finding nothing. */
    int doWork() {
        final int work = pass();
        progress.idle(work == 0);
        if (work > 0) {
            emptyPasses = 0;
            return work;
        }
        if (thief != null && ++emptyPasses >= passesBeforeSteal) {
            emptyPasses = 0;
            if (thief.tryStealOnce()) {
                passesBeforeSteal = EMPTY_PASSES_BEFORE_STEAL;
                return 1;
            }
            passesBeforeSteal = Math.min(2 * passesBeforeSteal, MAX_EMPTY_PASSES_BEFORE_STEAL);
        }
        return 0;
    }

    /** One pass over the slice: test-and-gulp every mailbox. Returns the envelopes run. */
    private int pass() {
        backlog = 0;
        int work = 0;
        for (int slot = sliceStart; slot < sliceEnd; slot++) {
            final Mailbox mailbox = table.get(slot);
            if (mailbox != null && mailbox.hasMessagesRacy()) {
                work += visit(mailbox);
            }
        }
        if (thief != null) {
            summonIfOverloaded();
        }
        previousPassWork = work;
        return work;
    }

    /** Costs a compare per pass unless this worker keeps finding a backlog it could share. */
    private void summonIfOverloaded() {
        if (backlog < BACKLOG_MAILBOXES) {
            backlogPasses = 0;
        } else if (++backlogPasses >= BACKLOG_PASSES_BEFORE_SUMMON) {
            backlogPasses = 0;
            thief.summonHelp();
        }
    }

    /** Gulps {@code mailbox} and runs its batches while it refills and the budget lasts. */
    private int visit(Mailbox mailbox) {
        if (mailbox instanceof CopyQueueMailbox copyQueue) {
            return visit(copyQueue);
        }
        return visit((MpscMailbox) mailbox);
    }

    private int visit(CopyQueueMailbox mailbox) {
        CopyQueue batch = mailbox.tryGulp(sleep, spare, counters);
        if (batch == null) {
            return 0;
        }
        gulpedSize = batch.size();
        if (gulpedSize >= Thief.minMessagesToSteal(progress.nanosPerMessage())) {
            backlog++;
        }
        processing = mailbox;
        appendsLeft = REGULP_BUDGET;
        int ran = 0;
        while (batch != null) {
            processingBatch = batch;
            ran += run(batch);
            final CopyQueue next = mailbox.finishBatch(batch, ran < REGULP_BUDGET && !termination.isDone());
            if (next == null) {
                spare = batch;
            }
            batch = next;
        }
        processing = null;
        processingBatch = null;
        return ran;
    }

    private int visit(MpscMailbox mailbox) {
        int batch = mailbox.tryGulp(sleep, counters);
        if (batch == 0) {
            return 0;
        }
        if (batch >= Thief.MIN_MESSAGES_TO_STEAL) {
            backlog++;
        }
        int ran = 0;
        while (batch > 0) {
            ran += run(mailbox, batch);
            batch = mailbox.finishBatch(ran < REGULP_BUDGET && !termination.isDone());
        }
        return ran;
    }

    /**
     * A hand-off from a behaviour of this worker to a mailbox of another, idle worker: pulls that
     * mailbox into this worker's slice first, so a conversation in which one message at a time goes
     * back and forth (a ping-pong pair, a request and its reply, a token around a ring) runs on one
     * worker instead of paying a cross-core hand-off per message. Only when this worker has nothing
     * else to do (its previous pass ran at most one envelope and this batch holds one: a worker with
     * more work is better off leaving the receiver to run in parallel, as in a pipeline), only the
     * first send of an envelope (a fan-out keeps its other targets where they are), only while this
     * worker's messages are cheap (a communication-bound regime: a backlog of costly ones is stolen
     * back), only to an empty mailbox no batch runs, and only with stealing on.
     */
    void maybePull(Mailbox mailbox) {
        if (thief == null || previousPassWork > 1 || gulpedSize != 1 || !runner.firstSendOfEnvelope()
                || progress.nanosPerMessage() > Thief.PULL_MAX_NANOS_PER_MESSAGE) {
            return;
        }
        thief.tryPull(mailbox);
    }

    /**
     * The send fast path for a behaviour of this worker sending to the mailbox whose batch it is
     * running (a self-send, or to an actor sharing the mailbox): the envelope joins the running
     * batch, with no lock and no atomic. It runs after everything already in the batch, so the
     * sender's order holds; this worker holds the mailbox (being processed), so nobody else can run
     * it. At most {@link #REGULP_BUDGET} per visit, so one mailbox cannot starve the slice; none once
     * the system is done (an abort ends the batch, and what was sent is reported). Copy-queue
     * mailboxes only: an MPSC batch is never {@link #processing}, so its sends take the ordinary
     * (lock-free) path and run in the visit's next batch.
     *
     * @return false if the envelope must take the ordinary send path
     */
    boolean appendToBatch(Mailbox mailbox, Object actor, Object message) {
        if (mailbox != processing || appendsLeft == 0 || termination.isDone()) {
            return false;
        }
        appendsLeft--;
        processingBatch.push(actor, message);
        return true;
    }

    private int run(CopyQueue batch) {
        final int ran;
        final boolean timed = progress.sampleNext();
        final long start = timed ? System.nanoTime() : 0;
        progress.beginBatch();
        try {
            ran = batch.drainTo(runner);
        } catch (Throwable fatal) {
            runner.abandonRest(batch);
            throw fatal;
        }
        progress.endBatch();
        if (timed) {
            progress.sampled(System.nanoTime() - start, ran);
        }
        if (counting) {
            counters.gulped(ran);
        }
        final long terminated = runner.takeTerminated();
        if (terminated != 0) {
            termination.terminated(terminated);
        }
        return ran;
    }

    /**
     * Drains one MPSC batch of at most {@code limit} envelopes. A fatal error leaves the rest
     * queued, where the final sweep reports them.
     */
    private int run(MpscMailbox mailbox, int limit) {
        progress.beginBatch();
        final int ran = mailbox.drain(runner, limit);
        progress.endBatch();
        if (counting) {
            counters.gulped(ran);
        }
        final long terminated = runner.takeTerminated();
        if (terminated != 0) {
            termination.terminated(terminated);
        }
        return ran;
    }

    /**
     * Sleeps until a sender wakes this worker, the system is done, or a periodic rescan (own slice,
     * then one steal attempt) finds work. A rescan that finds nothing goes straight back to sleep.
     * A thief rescans every {@link #WATCH_NANOS} times the number of sleepers while another worker
     * is awake (to rescue a stuck one), otherwise backing off from {@link #THIEF_RESCAN_MIN_NANOS};
     * summoned by an overloaded worker, it first tries a steal from that worker.
     */
    void sleepUntilWork() {
        long backoffNanos = THIEF_RESCAN_MIN_NANOS;
        while (!termination.isDone()) {
            spare.trim();
            long rescanNanos = SLEEP_RESCAN_NANOS;
            if (thief != null) {
                // NOTE: a sleeper is not a victim worth choosing: stamp as if it had just looked for work.
                thief.stamp();
                rescanNanos = thief.othersAwake() ? WATCH_NANOS * sleepers : backoffNanos;
            }
            final WorkerSleep.Outcome outcome = sleep.sleep(this, rescanNanos);
            if (outcome == WorkerSleep.Outcome.WOKEN) {
                final int summoner = sleep.takeSummoner();
                if (summoner >= 0 && thief != null) {
                    passesBeforeSteal = EMPTY_PASSES_BEFORE_STEAL;
                    thief.tryStealFrom(summoner);
                }
                return;
            }
            if (outcome != WorkerSleep.Outcome.TIMED_OUT) {
                return;
            }
            if (pass() > 0 || (thief != null && thief.tryStealOnce())) {
                return;
            }
            backoffNanos = Math.min(2 * backoffNanos, THIEF_RESCAN_MAX_NANOS);
        }
    }

    @Override
    public boolean mayHaveWork() {
        for (int slot = sliceStart; slot < sliceEnd; slot++) {
            final Mailbox mailbox = table.get(slot);
            if (mailbox == null || mailbox.mayHaveWorkFor(sleep)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void countUnclaimed() {
        int unclaimed = 0;
        for (int slot = sliceStart; slot < sliceEnd; slot++) {
            final Mailbox mailbox = table.get(slot);
            if (mailbox != null && mailbox.hasUnclaimedMessages(sleep)) {
                unclaimed++;
            }
        }
        if (unclaimed > 0) {
            counters.lostWakeUps(unclaimed);
        }
    }
}
