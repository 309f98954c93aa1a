package actor.executor.internal;

import actor.api.Actor;
import actor.api.Allocation;
import actor.api.Message;
import actor.api.spi.ActorAccess;
import actor.stats.internal.WorkerCounters;
import actor.steal.internal.WorkerQueueTable;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.agrona.concurrent.IdleStrategy;

/**
 * 128 bytes of padding. Byte fields, so the JVM fills any gap before them (such as the 4 bytes after
 * the object header) with padding rather than with a subclass's fields ({@code PaddingTest}).
 */
abstract class WorkerPad0 {
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
 * The only worker field other threads touch on the hot path. {@code sleeping} is set (volatile) by
 * the worker before it parks; senders read it (volatile) under a mailbox lock and clear it by CAS
 * to claim the wake-up; the worker clears it (volatile) when it wakes up by itself.
 */
abstract class WorkerSleepFlag extends WorkerPad0 {
    volatile boolean sleeping;
}

/** Padding after the sleep flag; the worker's private fields follow. */
abstract class WorkerPad1 extends WorkerSleepFlag {
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
 * One executor thread's loop. The worker cycles over its slice of the worker-queue table; for each
 * mailbox it tests emptiness without a lock, and if there is work it gulps: under the mailbox lock
 * it swaps the mailbox's copy queue for its own empty spare and marks the mailbox being processed,
 * then runs the whole batch without any atomic operation, and finally clears the mark. A mailbox
 * already being processed by another worker (after a steal) is skipped: a missed gulp.
 *
 * <p>After two consecutive passes without work, the worker makes one steal attempt through its
 * {@link Thief} (unless stealing is off), then goes back to its own slice. Each failed attempt
 * doubles the passes before the next one (up to {@link #MAX_EMPTY_PASSES_BEFORE_STEAL}); a steal
 * resets it.
 *
 * <p>When a pass finds nothing the worker backs off through its {@link IdleStrategy}. After being
 * idle for the configured time it sleeps: it announces itself ({@code sleeping = true}), re-checks
 * its slice under each mailbox lock, and parks. A sender that pushes to a mailbox whose owner is
 * sleeping reads the flag under the same lock, so either the worker's re-check sees the message or
 * the sender sees the flag and unparks the worker: no wake-up is lost. A sleeping worker rescans on
 * its own every {@link #SLEEP_RESCAN_NANOS}; one that may steal looks for work more often (from
 * {@link #THIEF_RESCAN_MIN_NANOS}, backing off), so an idle worker still comes to help an
 * overloaded one.
 *
 * <p>Threading: every field below the padding is private to the worker thread, except
 * {@link #counters} (single writer, read by snapshots) and the undelivered-message log, which the
 * last exiting worker reads after all workers have exited.
 */
final class Worker extends WorkerPad1 implements Runnable, CopyQueue.EnvelopeSink {

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

    private static final VarHandle VH_SLEEPING;

    static {
        try {
            VH_SLEEPING = MethodHandles.lookup().findVarHandle(WorkerSleepFlag.class, "sleeping", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final int index;
    final Thread thread;
    final WorkerCounters counters = new WorkerCounters();
    final UndeliveredLog undelivered = new UndeliveredLog();
    private final ShardedExecutor executor;
    private final ActorAccess access;
    private final WorkerQueueTable<Mailbox> table;
    private final int sliceStart;
    private final int sliceEnd;
    private final int mailboxCount;
    private final IdleStrategy idleStrategy;
    /** Negative when the worker never sleeps. */
    private final long sleepAfterNanos;
    private final boolean counting;
    /** Null when stealing is off. */
    private Thief thief;

    private CopyQueue spare = new CopyQueue();
    private long terminatedInBatch;
    private int nextTicket;

    Worker(ShardedExecutor executor, int index, ActorAccess access, WorkerQueueTable<Mailbox> table,
           IdleStrategy idleStrategy, long sleepAfterNanos, boolean counting, String threadName) {
        this.executor = executor;
        this.index = index;
        this.access = access;
        this.table = table;
        this.sliceStart = table.sliceStart(index);
        this.sliceEnd = table.sliceEnd(index);
        this.mailboxCount = table.size();
        this.idleStrategy = idleStrategy;
        this.sleepAfterNanos = sleepAfterNanos;
        this.counting = counting;
        this.nextTicket = sliceStart;
        this.thread = new WorkerThread(this, threadName);
    }

    /** Enables stealing; called once, before the thread starts. */
    void stealWith(Thief thief) {
        this.thief = thief;
    }

    ShardedExecutor executor() {
        return executor;
    }

    @Override
    public void run() {
        try {
            loop();
        } catch (Throwable fatal) {
            executor.fail(fatal);
            throw fatal;
        } finally {
            executor.workerExited();
        }
    }

    private void loop() {
        final IdleStrategy idle = idleStrategy;
        final boolean sleeps = sleepAfterNanos >= 0;
        boolean idling = false;
        long idleSince = 0;
        int emptyPasses = 0;
        int passesBeforeSteal = EMPTY_PASSES_BEFORE_STEAL;
        while (!executor.isDone()) {
            if (pass() > 0) {
                emptyPasses = 0;
                if (idling) {
                    idling = false;
                    idle.reset();
                }
                continue;
            }
            if (thief != null && ++emptyPasses >= passesBeforeSteal) {
                emptyPasses = 0;
                if (thief.tryStealOnce()) {
                    passesBeforeSteal = EMPTY_PASSES_BEFORE_STEAL;
                    continue;
                }
                passesBeforeSteal = Math.min(2 * passesBeforeSteal, MAX_EMPTY_PASSES_BEFORE_STEAL);
            }
            if (sleeps) {
                final long now = System.nanoTime();
                if (!idling) {
                    idleSince = now;
                } else if (now - idleSince >= sleepAfterNanos) {
                    sleep();
                    idling = false;
                    idle.reset();
                    continue;
                }
            }
            idling = true;
            idle.idle();
        }
    }

    /** One pass over the slice: test-and-gulp every mailbox. Returns the envelopes run. */
    private int pass() {
        int work = 0;
        for (int slot = sliceStart; slot < sliceEnd; slot++) {
            final Mailbox mailbox = table.get(slot);
            if (mailbox.hasMessagesRacy()) {
                work += gulp(mailbox);
            }
        }
        return work;
    }

    private int gulp(Mailbox mailbox) {
        final CopyQueue batch = mailbox.tryGulp(spare, counters);
        if (batch == null) {
            return 0;
        }
        final int ran = batch.drainTo(this);
        spare = batch;
        mailbox.doneProcessing();
        if (counting) {
            counters.gulped(ran);
        }
        if (terminatedInBatch != 0) {
            final long n = terminatedInBatch;
            terminatedInBatch = 0;
            executor.actorsTerminated(n);
        }
        return ran;
    }

    /** Runs one envelope: the behaviour, then the message's and the actor's allocation actions. */
    @Override
    public void accept(Object actorRef, Object messageRef) {
        final Actor<?> actor = (Actor<?>) actorRef;
        final Message message = (Message) messageRef;
        Allocation status;
        try {
            status = access.deliver(executor, actor, message);
        } catch (OutOfMemoryError fatal) {
            throw fatal;
        } catch (Throwable failure) {
            status = executor.behaviourFailed(actor, message, failure);
        }
        if (status == null) {
            undelivered.record(actor, message);
            return;
        }
        try {
            access.finishMessage(message);
        } catch (RuntimeException hookFailure) {
            executor.hookFailed(message, hookFailure);
        }
        if (status != Allocation.NODELETE) {
            terminatedInBatch++;
            try {
                access.terminate(actor, status);
            } catch (RuntimeException hookFailure) {
                executor.hookFailed(actor, hookFailure);
            }
        }
    }

    /** Round-robin tickets for actors created by this worker's behaviours, starting in its own slice. */
    int nextTicket() {
        final int ticket = nextTicket;
        nextTicket = ticket + 1 == mailboxCount ? 0 : ticket + 1;
        return ticket;
    }

    /**
     * Sleeps until a sender wakes this worker, the system is done, or a periodic rescan (own slice,
     * then one steal attempt) finds work. A rescan that finds nothing goes straight back to sleep,
     * without the idle strategy's back-off.
     */
    private void sleep() {
        long rescanNanos = thief != null ? THIEF_RESCAN_MIN_NANOS : SLEEP_RESCAN_NANOS;
        while (!executor.isDone()) {
            VH_SLEEPING.setVolatile(this, true);
            if (sliceHasMessagesLocked()) {
                break;
            }
            spare.trim();
            if (thief != null) {
                // NOTE: a sleeper is not a victim worth choosing: stamp as if it had just looked for work.
                thief.stamp();
            }
            if (!parkUntilWokenOrTimeout(rescanNanos)) {
                break;
            }
            VH_SLEEPING.setVolatile(this, false);
            if (pass() > 0 || (thief != null && thief.tryStealOnce())) {
                break;
            }
            if (thief != null) {
                rescanNanos = Math.min(2 * rescanNanos, THIEF_RESCAN_MAX_NANOS);
            }
        }
        VH_SLEEPING.setVolatile(this, false);
    }

    /** Parks while announced; true if the rescan period ran out, false if woken (or done). */
    private boolean parkUntilWokenOrTimeout(long rescanNanos) {
        final long deadline = System.nanoTime() + rescanNanos;
        while (sleeping && !executor.isDone()) {
            final long left = deadline - System.nanoTime();
            if (left <= 0) {
                return true;
            }
            LockSupport.parkNanos(this, left);
            // NOTE: the worker thread's interrupt status is the executor's; a stray interrupt from a
            // behaviour must not turn parking into spinning.
            Thread.interrupted();
        }
        return false;
    }

    /**
     * The re-check after announcing sleep: each mailbox of the slice under its lock. Empty queues
     * are trimmed on the way, so an idle system does not keep a burst's memory.
     */
    private boolean sliceHasMessagesLocked() {
        for (int slot = sliceStart; slot < sliceEnd; slot++) {
            final Mailbox mailbox = table.get(slot);
            mailbox.lock();
            final CopyQueue queue = mailbox.queue;
            final boolean hasMessages = !queue.isEmpty();
            if (!hasMessages) {
                queue.trim();
            }
            mailbox.unlock();
            if (hasMessages) {
                return true;
            }
        }
        return false;
    }

    /** Called by a sender that saw {@code sleeping} under a mailbox lock: wakes this worker once. */
    void wake() {
        if (VH_SLEEPING.compareAndSet(this, true, false)) {
            LockSupport.unpark(thread);
        }
    }

    /** Unconditional unpark, for the end of the system. */
    void wakeForExit() {
        LockSupport.unpark(thread);
    }

    /** The thread of a worker, so the executor can recognise its own threads. */
    static final class WorkerThread extends Thread {
        final Worker worker;

        WorkerThread(Worker worker, String name) {
            super(worker, name);
            this.worker = worker;
        }
    }
}
