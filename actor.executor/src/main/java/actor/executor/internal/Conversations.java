package actor.executor.internal;

/**
 * One worker's rules for the conversations its behaviours hold, from their hand-offs
 * ({@link #handOff}): a visit that answered the mailbox which handed it its one envelope is
 * followed by a visit to that mailbox ({@link #follow}); a hand-off to another worker's mailbox may
 * pull that mailbox here, or push the sender's there once its visit is done
 * ({@link #pushAfterVisit}); and a pass whose work all fed another worker (a server, or clients of
 * one server) may give a mailbox to it ({@link #pushIfFeeder}). The moves themselves are
 * {@link HandOffMoves}'. The {@link Worker} reports where its passes, gulps and visits begin and
 * end, and runs the visits {@link #follow} asks for.
 *
 * <p>Threading: the worker's thread only.
 */
final class Conversations {

    private final Worker worker;
    private final int index;
    private final WorkerSleep sleep;
    private final WorkerProgress progress;
    /** Null when stealing is off; set once before the thread starts. */
    private HandOffMoves moves;
    /**
     * Whether a hand-off may pull or push ({@link #handOff}): stealing is on, the previous complete
     * pass ran at most one envelope, and this worker's messages are cheap; decided once a pass.
     */
    private boolean mayGather;
    /** Whether the batch running now was gulped alone (one envelope). */
    private boolean lone;
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

    Conversations(Worker worker) {
        this.worker = worker;
        this.index = worker.index;
        this.sleep = worker.sleep;
        this.progress = worker.progress;
    }

    /** Enables the pulls and pushes; called once, before the thread starts. */
    void stealWith(HandOffMoves handOffMoves) {
        this.moves = handOffMoves;
    }

    /** A pass begins: none of its visits ran envelopes, none of its envelopes fed anybody yet. */
    void passStarts() {
        visitsWithWork = 0;
        feeds = 0;
    }

    /**
     * A pass ended, having run {@code work} envelopes of this worker's slice: the next hand-offs
     * see it as the previous pass's work, and the feeder rule may push ({@link #pushIfFeeder}).
     */
    void passEnded(int work) {
        mayGather = moves != null && work <= 1
                && progress.nanosPerMessage() <= Policy.TUNABLES.pullMaxNanosPerMessage();
        pushIfFeeder(work);
    }

    /**
     * After a pass whose every envelope's first send went to one other worker, with cheap messages:
     * a pass that ran one mailbox whose sends went to any mailboxes there (a server whose clients
     * all sit elsewhere), or several mailboxes whose sends all went to one mailbox there (clients
     * whose server does). Gives the last mailbox it ran to that worker
     * ({@link HandOffMoves#tryFeederPush}) unless that worker feeds this one from as few mailboxes or
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
        if (!Policy.FEEDER_PUSH || work == 0 || moves == null) {
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
        if (moves.tryFeederPush(lastVisited, fedWorker, fed)) {
            feederPushBackoff = 1;
        } else {
            feederPushWait = feederPushBackoff;
            feederPushBackoff = Math.min(2 * feederPushBackoff, Policy.TUNABLES.feederPushBackoffMaxPasses());
        }
    }

    /** Whether the pass visits a mailbox of this worker's slice next ({@link #follow}). */
    boolean mayFollow() {
        return handedTo != null;
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
    int follow() {
        int work = 0;
        for (int left = Policy.TUNABLES.followBudgetVisits(); left > 0 && handedTo != null; left--) {
            final Mailbox next = handedTo;
            handedTo = null;
            if (next.hasMessagesRacy()) {
                work += worker.visit(next);
            }
        }
        handedTo = null;
        return work;
    }

    /** A visit gulped a batch of {@code size} envelopes: it pushes nowhere unless a hand-off says so. */
    void gulped(int size) {
        lone = size == 1;
        pushTo = -1;
    }

    /**
     * A visit of {@code mailbox} ran {@code ran} envelopes: one of the pass's visits with work
     * unless the mailbox is {@code adopted} (another worker's), and a visit that did not run
     * exactly one follows nothing ({@link #follow}).
     */
    void visited(Mailbox mailbox, int ran, boolean adopted) {
        if (ran > 0 && !adopted) {
            visitsWithWork++;
            lastVisited = mailbox;
        }
        if (ran != 1) {
            handedTo = null;
        }
    }

    /**
     * Gives the mailbox just visited to the loaded worker its first envelope handed off to, if
     * {@link #handOff} found that worth it ({@link HandOffMoves#tryPush}). The visit may have run more
     * of the same conversation (re-gulps of replies that came back at once).
     */
    void pushAfterVisit(Mailbox mailbox) {
        final int target = pushTo;
        if (target >= 0) {
            pushTo = -1;
            moves.tryPush(mailbox, target);
        }
    }

    /**
     * The running envelope's first send, to {@code mailbox}, while {@code visiting} is the mailbox
     * whose batch runs ({@link Worker#send}), on a visit that is not an adopted mailbox's: it
     * tells where the pass's work goes ({@link #pushIfFeeder}). Only the first send of an envelope gulped
     * alone goes further (a fan-out keeps its other targets where they are, and a batch is work of
     * its own).
     *
     * <p>If the mailbox belongs to another worker, the hand-off may bring both ends onto one worker,
     * so a conversation in which one message at a time goes back and forth (a ping-pong pair, a
     * request and its reply, a token around a ring) does not pay a cross-core hand-off per message:
     * if that worker is idle, this one pulls the receiver's mailbox into its slice first
     * ({@link HandOffMoves#tryPull}); if it is busy, this one gives it the sender's mailbox once the batch is
     * done ({@link HandOffMoves#tryPush}: a client left alone on a worker, talking to a server on a busy
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
     */
    void handOff(Mailbox mailbox, Mailbox visiting) {
        if (moves != null && feeds >= 0) {
            final int to = mailbox.ownerRacy().worker;
            if (feeds == 0) {
                fedWorker = to;
                fedMailbox = mailbox;
            } else if (mailbox != fedMailbox) {
                fedMailbox = null;
            }
            feeds = to == fedWorker && to != index ? feeds + 1 : -1;
        }
        if (!lone) {
            return;
        }
        if (mayGather && !(Policy.PULL && moves.tryPull(mailbox)) && Policy.PUSH) {
            pushTo = moves.pushTarget(mailbox);
        }
        if (mailbox != visiting) {
            if (Policy.FOLLOW && mailbox == handOffFrom && visiting == handOffTo && mailbox.ownerRacy() == sleep) {
                handedTo = mailbox;
            }
            handOffFrom = visiting;
            handOffTo = mailbox;
        }
    }
}
