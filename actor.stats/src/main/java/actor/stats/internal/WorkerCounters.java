package actor.stats.internal;

import actor.stats.Counts;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The counters of one worker. Single writer: only the owning worker thread calls the mutators, so
 * an increment is a plain read and an opaque store (no atomic instruction, no fence). Any thread may
 * take a {@link #snapshot()} (opaque reads); while the worker runs it may lag a little, after the
 * worker has exited (and been joined) it is exact.
 *
 * <p>The values live in the middle of a long array with 16 unused longs (128 bytes) on each side,
 * so two workers' counters never share a cache line with each other or with a neighbouring object.
 */
public final class WorkerCounters {

    private static final int PAD = 16;
    private static final int CREATED = PAD;
    private static final int SENT = PAD + 1;
    private static final int RECEIVED = PAD + 2;
    private static final int GULPS = PAD + 3;
    private static final int MISSED = PAD + 4;
    private static final int ATTEMPTS = PAD + 5;
    private static final int NO_CANDIDATE = PAD + 6;
    private static final int FAILED_SWAP = PAD + 7;
    private static final int STEALS = PAD + 8;
    private static final int STOLEN = PAD + 9;
    private static final int RESCUES = PAD + 10;
    private static final int LOST_WAKE_UPS = PAD + 11;
    private static final int PULLS = PAD + 12;
    private static final int LENGTH = PAD + 13 + PAD;

    private static final VarHandle VH_LONGS = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[] values = new long[LENGTH];

    /** An actor was created by a behaviour running on this worker. */
    public void actorCreated() {
        add(CREATED, 1);
    }

    /** A behaviour running on this worker sent a message. */
    public void messageSent() {
        add(SENT, 1);
    }

    /** This worker gulped a queue of {@code messages} messages and dispatched them. */
    public void gulped(int messages) {
        add(GULPS, 1);
        add(RECEIVED, messages);
    }

    /** This worker skipped a mailbox another worker was processing. */
    public void missedGulp() {
        add(MISSED, 1);
    }

    /** A steal attempt began: a victim was chosen. Exactly one outcome below follows. */
    public void stealAttempt() {
        add(ATTEMPTS, 1);
    }

    /** The attempt found no mailbox worth stealing in the victim's slice. */
    public void stealNoCandidate() {
        add(NO_CANDIDATE, 1);
    }

    /** The attempt's slot swap failed. */
    public void stealFailedSwap() {
        add(FAILED_SWAP, 1);
    }

    /** The attempt took a mailbox holding {@code messages} messages. */
    public void stole(int messages) {
        add(STEALS, 1);
        add(STOLEN, messages);
    }

    /** The steal just counted took a stuck worker's mailbox. */
    public void rescued() {
        add(RESCUES, 1);
    }

    /** A behaviour of this worker handed off to an idle worker's empty mailbox, which this worker took. */
    public void pulled() {
        add(PULLS, 1);
    }

    /** This worker's timer found {@code mailboxes} holding messages nobody had woken it for. */
    public void lostWakeUps(int mailboxes) {
        add(LOST_WAKE_UPS, mailboxes);
    }

    /** The current values (opaque reads). */
    public Counts snapshot() {
        return new Counts(get(CREATED), get(SENT), get(RECEIVED), get(GULPS), get(MISSED), get(ATTEMPTS),
                get(NO_CANDIDATE), get(FAILED_SWAP), get(STEALS), get(STOLEN), get(RESCUES),
                get(PULLS), get(LOST_WAKE_UPS));
    }

    private void add(int index, long delta) {
        // NOTE: single writer; the opaque store lets snapshots read a whole value without tearing.
        VH_LONGS.setOpaque(values, index, values[index] + delta);
    }

    private long get(int index) {
        return (long) VH_LONGS.getOpaque(values, index);
    }
}
