package actor.executor.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * 128 bytes of padding. Byte fields, so the JVM fills any gap before them (such as the 4 bytes after
 * the object header) with padding rather than with a subclass's fields ({@code PaddingTest}).
 */
abstract class WorkerSleepPad0 {
    byte a000, a001, a002, a003, a004, a005, a006, a007, a010, a011, a012, a013, a014, a015, a016, a017;
    byte a020, a021, a022, a023, a024, a025, a026, a027, a030, a031, a032, a033, a034, a035, a036, a037;
    byte a040, a041, a042, a043, a044, a045, a046, a047, a050, a051, a052, a053, a054, a055, a056, a057;
    byte a060, a061, a062, a063, a064, a065, a066, a067, a070, a071, a072, a073, a074, a075, a076, a077;
    byte a100, a101, a102, a103, a104, a105, a106, a107, a110, a111, a112, a113, a114, a115, a116, a117;
    byte a120, a121, a122, a123, a124, a125, a126, a127, a130, a131, a132, a133, a134, a135, a136, a137;
    byte a140, a141, a142, a143, a144, a145, a146, a147, a150, a151, a152, a153, a154, a155, a156, a157;
    byte a160, a161, a162, a163, a164, a165, a166, a167, a170, a171, a172, a173, a174, a175, a176, a177;
}

/**
 * The flag every sender may read: {@code sleeping}, set (volatile) by the worker when it announces
 * sleep, read (volatile) by senders under a mailbox lock, cleared by whoever claims the wake-up
 * (CAS: a sender, a thief, or the worker itself on a timeout).
 */
abstract class WorkerSleepFlag extends WorkerSleepPad0 {
    volatile boolean sleeping;
}

/** Padding after the flag. */
abstract class WorkerSleepPad1 extends WorkerSleepFlag {
    byte b000, b001, b002, b003, b004, b005, b006, b007, b010, b011, b012, b013, b014, b015, b016, b017;
    byte b020, b021, b022, b023, b024, b025, b026, b027, b030, b031, b032, b033, b034, b035, b036, b037;
    byte b040, b041, b042, b043, b044, b045, b046, b047, b050, b051, b052, b053, b054, b055, b056, b057;
    byte b060, b061, b062, b063, b064, b065, b066, b067, b070, b071, b072, b073, b074, b075, b076, b077;
    byte b100, b101, b102, b103, b104, b105, b106, b107, b110, b111, b112, b113, b114, b115, b116, b117;
    byte b120, b121, b122, b123, b124, b125, b126, b127, b130, b131, b132, b133, b134, b135, b136, b137;
    byte b140, b141, b142, b143, b144, b145, b146, b147, b150, b151, b152, b153, b154, b155, b156, b157;
    byte b160, b161, b162, b163, b164, b165, b166, b167, b170, b171, b172, b173, b174, b175, b176, b177;
}

/**
 * One worker's sleep and wake-up, both sides in one place (as a wait strategy keeps wait and signal
 * together). A mailbox's {@code owner} is the {@code WorkerSleep} of the worker whose slice holds it,
 * so a sender reaches the flag in one hop.
 *
 * <p><b>The protocol.</b> The worker {@linkplain #sleep announces} ({@code sleeping = true},
 * volatile), then re-checks every mailbox of its slice under that mailbox's lock, then parks until
 * woken or a timeout. A sender pushes under the mailbox lock and, still under it, reads
 * {@code owner} and {@code owner.sleeping}; if set, it {@linkplain #claim claims} the wake-up (CAS)
 * and unparks the owner after unlocking. The lock orders the two critical sections: if the worker's re-check came first, its
 * announce precedes the sender's read, which sees the flag; otherwise the re-check sees the message.
 * Either way no wake-up is lost, provided {@code owner} is right when the sender reads it: owners
 * change only while a thief holds both slots of a swap, and the thief re-checks the mailbox it gave
 * away under its lock after publishing the swap (see {@link Thief}). A re-check that meets a held
 * (null) slot does not sleep: the slot's mailbox is moving and the thief's re-check covers it only
 * after the worker's own.
 *
 * <p>That is the copy-queue kind ({@link CopyQueueMailbox}). An {@link MpscMailbox} send takes no
 * lock: there the same cases follow from the total order of sequentially consistent accesses (the
 * offer's atomic add and exchange, then volatile reads of {@code owner} and {@code sleeping}, against
 * the volatile announcement, then volatile reads of the queue's counts and of {@code owner}), as its
 * class comment shows.
 *
 * <p><b>Lost wake-ups are counted.</b> When a park times out the worker, still announced, looks at
 * its slice under the locks once more: a message queued there while the flag is still set was
 * pushed by a waker that did not see the flag, which the protocol forbids (the statistics' lost
 * wake-ups; the liveness stress test asserts they stay zero).
 *
 * <p>Threading: {@link #sleep} runs on the worker's thread only; the other methods on any thread.
 */
final class WorkerSleep extends WorkerSleepPad1 {

    /** The worker's side of the re-checks, run under the mailbox locks of its slice. */
    interface Recheck {
        /** After announcing: whether there may be work (a queued message, or a slot in a swap). */
        boolean mayHaveWork();

        /**
         * When the timeout runs out, still announced: counts (in the worker's statistics) the
         * mailboxes that hold messages while the flag is still set. Every copy-queue sender and
         * thief claims the flag under the lock of the mailbox it filled, so such a mailbox is a
         * wake-up that was lost; an MPSC sender claims without the lock and then marks its envelope,
         * so there only a marked envelope counts ({@link MpscMailbox}: a lower bound).
         */
        void countUnclaimed();
    }

    /** How a {@link #sleep} ended. */
    enum Outcome {
        /** The re-check found work (or a moving mailbox); the worker did not park. */
        WORK,
        /** Someone claimed the flag and unparked the worker. */
        WOKEN,
        /** The timeout ran out first; the worker cleared its own flag. */
        TIMED_OUT,
        /** The system is done. */
        DONE
    }

    private static final VarHandle VH_SLEEPING;

    static {
        try {
            VH_SLEEPING = MethodHandles.lookup().findVarHandle(WorkerSleepFlag.class, "sleeping", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The worker's index, for reports. */
    final int worker;
    /** Set once, before the worker thread starts. */
    private Thread thread;
    private final Termination termination;

    WorkerSleep(int worker, Termination termination) {
        this.worker = worker;
        this.termination = termination;
    }

    /** Binds the worker thread; called once, before it starts. */
    void bind(Thread workerThread) {
        this.thread = workerThread;
    }

    /**
     * Any thread: whether the worker's thread is runnable now: computing, or preempted, which the
     * operating system does not tell apart; false while it waits, sleeps, parks or blocks on a
     * monitor, or before a thread is bound. A racy hint, read without a safepoint.
     */
    boolean isThreadRunnable() {
        final Thread t = thread;
        return t != null && t.getState() == Thread.State.RUNNABLE;
    }

    /**
     * Announces, re-checks and parks for at most {@code timeoutNanos}. Returns with the flag clear.
     * Worker thread only.
     */
    Outcome sleep(Recheck recheck, long timeoutNanos) {
        if (!announceAndRecheck(recheck)) {
            return Outcome.WORK;
        }
        final long deadline = System.nanoTime() + timeoutNanos;
        while (sleeping) {
            if (termination.isDone()) {
                VH_SLEEPING.setVolatile(this, false);
                return Outcome.DONE;
            }
            final long left = deadline - System.nanoTime();
            if (left <= 0) {
                recheck.countUnclaimed();
                // NOTE: a waker that won the flag first has unparked (or is about to unpark) this
                // thread: the wake-up counts as such, and the stale permit at most shortens a later park.
                return VH_SLEEPING.compareAndSet(this, true, false) ? Outcome.TIMED_OUT : Outcome.WOKEN;
            }
            LockSupport.parkNanos(this, left);
            // NOTE: the worker thread's interrupt status is the executor's; a stray interrupt from a
            // behaviour must not turn parking into spinning.
            Thread.interrupted();
        }
        return termination.isDone() ? Outcome.DONE : Outcome.WOKEN;
    }

    /**
     * The first half of {@link #sleep}: announces ({@code sleeping = true}, volatile), then runs the
     * re-check. Package-private so that the jcstress tests (module {@code actor.jcstress}) can race
     * exactly this step against senders and thieves without parking. Worker thread only.
     *
     * @return true if the worker may park (nothing found; the flag stays set), false if the re-check
     *         found work (the flag is cleared again)
     */
    boolean announceAndRecheck(Recheck recheck) {
        VH_SLEEPING.setVolatile(this, true);
        if (recheck.mayHaveWork()) {
            VH_SLEEPING.setVolatile(this, false);
            return false;
        }
        return true;
    }

    /** Whether the worker is announced asleep (volatile read; decisive only under a mailbox lock). */
    boolean isSleeping() {
        return sleeping;
    }

    /**
     * Claims the wake-up of a worker announced asleep: of many wakers exactly one wins the CAS and
     * must then {@link #unpark()} it. Senders and thieves call this under the lock of the mailbox
     * they filled, which is what makes {@link Recheck#countUnclaimed} exact. Any thread.
     */
    boolean claim() {
        return sleeping && VH_SLEEPING.compareAndSet(this, true, false);
    }

    /** Unparks the worker after a successful {@link #claim()}; may be called outside the lock. */
    void unpark() {
        LockSupport.unpark(thread);
    }

    /** Unconditional unpark, for the end of the system (the worker then sees it is done). */
    void wakeForExit() {
        LockSupport.unpark(thread);
    }
}
