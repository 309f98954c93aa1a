package actor.executor.internal;

import actor.stats.internal.WorkerCounters;
import actor.steal.internal.WorkerQueueTable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The state the executor's races share: two workers (0, the owner or victim, and 1, the thief),
 * one slot each in the worker-queue table, copy-queue mailbox {@code x} in slot 0 and {@code y} in slot 1, and
 * what each worker does to them, written with the executor's own classes: the gulp of one slot as
 * {@link Worker} does it, the steal as {@link Thief#tryStealOnce} does it (with the real
 * {@link Thief#relocate}), the sleeper's announce and re-check with the real {@link Worker}.
 *
 * <p>Every batch that runs is logged with its place in the order of batches, and a batch that starts
 * while another batch of the same mailbox runs is recorded as an overlap. {@link #check} turns the
 * end state into the outcome's suffix: empty when every message pushed ran exactly once and in push
 * order (batches in order, then what is left queued) and the owners agree with the table, otherwise
 * {@code OVERLAP}, {@code DISORDER} or {@code STALE-OWNER}.
 *
 * <p>Threading: each actor uses its own {@link Gulper}; the arbiter reads everything after both.
 */
abstract class TwoWorkerState {

    /** Only referenced by the sleeps, which use it only while parked, which no test does. */
    private static final Termination TERMINATION = new Termination(2, null);

    /** A re-check that finds nothing, to announce a worker asleep with its flag left set. */
    static final WorkerSleep.Recheck FINDS_NOTHING = new WorkerSleep.Recheck() {
        @Override
        public boolean mayHaveWork() {
            return false;
        }

        @Override
        public void countUnclaimed() {
        }
    };

    final WorkerSleep owner = new WorkerSleep(0, TERMINATION);
    final WorkerSleep thief = new WorkerSleep(1, TERMINATION);
    final CopyQueueMailbox x = new CopyQueueMailbox(0, new CopyQueue(4));
    final CopyQueueMailbox y = new CopyQueueMailbox(1, new CopyQueue(4));
    final WorkerQueueTable<Mailbox> table;
    final Thief relocation;
    final Gulper ownerGulper = new Gulper(owner);
    final Gulper thiefGulper = new Gulper(thief);
    private final AtomicInteger batches = new AtomicInteger();
    private final AtomicInteger inside = new AtomicInteger();
    private volatile boolean overlapped;
    /** Set by the thief actor if its swap succeeded. */
    boolean stolen;
    /** Set by the thief actor if its re-check of the mailbox it gave away claimed a wake-up. */
    boolean thiefClaimed;
    private String left;

    /** x (in slot 0, owned by worker 0) holds the messages {@code 0 .. xMessages - 1}; y is empty. */
    TwoWorkerState(int xMessages) {
        x.owner = owner;
        y.owner = thief;
        for (int m = 0; m < xMessages; m++) {
            x.queue.push("actor", m);
        }
        table = new WorkerQueueTable<>(new Mailbox[] {x, y}, 2);
        relocation = new Thief(1, new WorkerSleep[] {owner, thief}, new WorkerProgress[] {new WorkerProgress(), new WorkerProgress()},
                table, null, null, null, null, null);
    }

    /** One worker's side: its sleep state, counters, spare queue and the batches it ran. */
    final class Gulper {
        final WorkerSleep me;
        final WorkerCounters counters = new WorkerCounters();
        private CopyQueue spare = new CopyQueue(4);
        /** Messages this worker's first batch sends to its own mailbox as it starts (self-sends). */
        private int[] selfSends = {};
        /** (order, messages) of each batch run, in the order this worker ran them. */
        final List<int[]> ran = new ArrayList<>();

        Gulper(WorkerSleep me) {
            this.me = me;
        }

        /** Makes the first batch push {@code messages} to the mailbox it came from, as it starts. */
        void selfSends(int... messages) {
            selfSends = messages;
        }

        /**
         * What {@link Worker} does with one slot of its slice in a pass: the racy test, the gulp,
         * the batch, and (if {@code regulp}) the next batches while the mailbox refilled. A gulp
         * that came back empty-handed (a batch of the mailbox was running) is tried again while
         * the mailbox still has messages and is still this worker's, as the worker's later passes
         * would, for as long as it takes.
         */
        void gulpSlot(int slot, boolean regulp) {
            final CopyQueueMailbox mailbox = (CopyQueueMailbox) table.get(slot);
            if (mailbox == null || !mailbox.hasMessagesRacy()) {
                return;
            }
            CopyQueue batch = mailbox.tryGulp(me, spare, counters);
            while (batch == null && mailbox.hasMessagesRacy() && mailbox.ownerRacy() == me) {
                batch = mailbox.tryGulp(me, spare, counters);
            }
            while (batch != null) {
                run(mailbox, batch);
                final CopyQueue next = mailbox.finishBatch(batch, regulp);
                if (next == null) {
                    spare = batch;
                }
                batch = next;
            }
        }

        private void run(Mailbox mailbox, CopyQueue batch) {
            final int order = batches.getAndIncrement();
            if (inside.getAndIncrement() != 0) {
                overlapped = true;
            }
            for (int message : selfSends) {
                mailbox.push("actor", message);
            }
            selfSends = new int[0];
            final int[] record = new int[batch.size() + 1];
            record[0] = order;
            final int[] next = {1};
            batch.drainTo((actor, message) -> record[next[0]++] = (Integer) message);
            inside.decrementAndGet();
            ran.add(record);
        }

        boolean missedGulp() {
            return counters.snapshot().missedGulps() > 0;
        }

        /** The batches, each as its messages, separated by '/'; "-" if none. */
        String batches() {
            if (ran.isEmpty()) {
                return "-";
            }
            final StringBuilder out = new StringBuilder();
            for (int[] batch : ran) {
                if (out.length() > 0) {
                    out.append('/');
                }
                for (int i = 1; i < batch.length; i++) {
                    out.append(batch[i]);
                }
            }
            return out.toString();
        }
    }

    /**
     * The thief's steal of x as {@link Thief#tryStealOnce} does it once it chose x (without the racy
     * pre-checks of its scan, which only make the race rarer): the swap with the real relocation,
     * then the re-check of the mailbox it gave away.
     */
    boolean steal() {
        return steal(relocation);
    }

    /** {@link #steal()} with another relocation. Sets {@link #stolen}, and {@link #thiefClaimed} if the thief woke someone. */
    boolean steal(WorkerQueueTable.Relocation<Mailbox> relocate) {
        final Mailbox candidate = table.get(0);
        final Mailbox given = table.get(1);
        if (candidate == null || given == null || !table.trySwap(1, given, 0, candidate, relocate)) {
            return false;
        }
        final WorkerSleep toWake = given.claimOwnerIfMessages();
        if (toWake != null) {
            thiefClaimed = true;
            toWake.unpark();
        }
        stolen = true;
        return true;
    }

    /** The real worker {@code index} of this table, for its re-check before sleeping. */
    Worker worker(int index) {
        return new Worker(index, index == 0 ? owner : thief, new WorkerProgress(), new WorkerCounters(),
                new EnvelopeRunner(null, null, null, null, null, false, null, 0),
                TERMINATION, table);
    }

    /** x's messages still queued, "-" if none; takes them out of x (once). Arbiter only. */
    String left() {
        if (left == null) {
            final StringBuilder out = new StringBuilder();
            x.lock();
            while (!x.queue.isEmpty()) {
                out.append(x.queue.headMessage());
                x.queue.pop();
            }
            x.unlock();
            left = out.length() == 0 ? "-" : out.toString();
        }
        return left;
    }

    /**
     * The invariants, as an outcome suffix ("" if they hold): every message {@code 0 .. total-1} ran
     * exactly once or is still queued in x, in push order; no two batches overlapped; each slot's
     * mailbox is owned by that slot's worker. Arbiter only.
     */
    String check(int total) {
        final List<int[]> all = new ArrayList<>(ownerGulper.ran);
        all.addAll(thiefGulper.ran);
        all.sort((p, q) -> Integer.compare(p[0], q[0]));
        final StringBuilder sequence = new StringBuilder();
        for (int[] batch : all) {
            for (int i = 1; i < batch.length; i++) {
                sequence.append(batch[i]);
            }
        }
        final String rest = left();
        if (!rest.equals("-")) {
            sequence.append(rest);
        }
        final StringBuilder expected = new StringBuilder();
        for (int m = 0; m < total; m++) {
            expected.append(m);
        }
        final StringBuilder problems = new StringBuilder();
        if (overlapped) {
            problems.append(" OVERLAP");
        }
        if (!sequence.toString().equals(expected.toString())) {
            problems.append(" DISORDER");
        }
        if (table.get(0).ownerLocked() != owner || table.get(1).ownerLocked() != thief) {
            problems.append(" STALE-OWNER");
        }
        return problems.toString();
    }
}
