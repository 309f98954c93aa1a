package actor.executor.internal;

import actor.api.Actor;
import actor.api.Allocation;
import actor.api.Message;
import actor.api.spi.ActorAccess;
import actor.steal.WorkerQueueTable;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.agrona.concurrent.IdleStrategy;

/** Padding before the sleep flag. */
abstract class WorkerPad0 {
    long p00, p01, p02, p03, p04, p05, p06, p07;
    long p08, p09, p10, p11, p12, p13, p14, p15;
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
    long q00, q01, q02, q03, q04, q05, q06, q07;
    long q08, q09, q10, q11, q12, q13, q14, q15;
}

/**
 * One executor thread's loop. The worker cycles over its slice of the worker-queue table; for each
 * mailbox it tests emptiness without a lock, and if there is work it gulps: under the mailbox lock
 * it swaps the mailbox's copy queue for its own empty spare and marks the mailbox being processed,
 * then runs the whole batch without any atomic operation, and finally clears the mark.
 *
 * <p>When a pass finds nothing the worker backs off through its {@link IdleStrategy}. After being
 * idle for the configured time it sleeps: it announces itself ({@code sleeping = true}), re-checks
 * its slice under each mailbox lock, and parks. A sender that pushes to a mailbox whose owner is
 * sleeping reads the flag under the same lock, so either the worker's re-check sees the message or
 * the sender sees the flag and unparks the worker: no wake-up is lost. As a safety net a sleeping
 * worker also rescans every {@link #SLEEP_RESCAN_NANOS}.
 *
 * <p>Threading: every field below the padding is private to the worker thread, except the
 * undelivered-message log, which the last exiting worker reads after all workers have exited.
 */
final class Worker extends WorkerPad1 implements Runnable, CopyQueue.EnvelopeSink {

    /** Longest a sleeping worker parks before rescanning its slice on its own. */
    static final long SLEEP_RESCAN_NANOS = TimeUnit.SECONDS.toNanos(1);

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
    private final ShardedExecutor executor;
    private final ActorAccess access;
    private final WorkerQueueTable<Mailbox> table;
    private final int sliceStart;
    private final int sliceEnd;
    private final int mailboxCount;
    private final IdleStrategy idleStrategy;
    /** Negative when the worker never sleeps. */
    private final long sleepAfterNanos;
    final UndeliveredLog undelivered = new UndeliveredLog();

    private CopyQueue spare = new CopyQueue();
    private long terminatedInBatch;
    private int nextTicket;

    Worker(ShardedExecutor executor, int index, ActorAccess access, WorkerQueueTable<Mailbox> table,
           IdleStrategy idleStrategy, long sleepAfterNanos, String threadName) {
        this.executor = executor;
        this.index = index;
        this.access = access;
        this.table = table;
        this.sliceStart = table.sliceStart(index);
        this.sliceEnd = table.sliceEnd(index);
        this.mailboxCount = table.size();
        this.idleStrategy = idleStrategy;
        this.sleepAfterNanos = sleepAfterNanos;
        this.nextTicket = sliceStart;
        this.thread = new WorkerThread(this, threadName);
    }

    ShardedExecutor executor() {
        return executor;
    }

    @Override
    public void run() {
        try {
            loop();
        } catch (Throwable fatal) {
            executor.abort(fatal);
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
        while (!executor.isDone()) {
            if (pass() > 0) {
                if (idling) {
                    idling = false;
                    idle.reset();
                }
                continue;
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
        mailbox.lock();
        if (mailbox.isBeingProcessed() || mailbox.queue.isEmpty()) {
            mailbox.unlock();
            return 0;
        }
        final CopyQueue batch = mailbox.gulp(spare);
        mailbox.unlock();
        final int ran = batch.drainTo(this);
        spare = batch;
        mailbox.doneProcessing();
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

    private void sleep() {
        VH_SLEEPING.setVolatile(this, true);
        if (executor.isDone() || sliceHasMessagesLocked()) {
            VH_SLEEPING.setVolatile(this, false);
            return;
        }
        spare.trim();
        while (sleeping && !executor.isDone()) {
            final long parkedAt = System.nanoTime();
            LockSupport.parkNanos(this, SLEEP_RESCAN_NANOS);
            // NOTE: the worker thread's interrupt status is the executor's; a stray interrupt from a
            // behaviour must not turn parking into spinning.
            Thread.interrupted();
            if (System.nanoTime() - parkedAt >= SLEEP_RESCAN_NANOS) {
                break;
            }
        }
        VH_SLEEPING.setVolatile(this, false);
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
