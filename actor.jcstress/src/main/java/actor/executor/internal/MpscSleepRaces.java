package actor.executor.internal;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import actor.stats.internal.WorkerCounters;
import actor.steal.internal.WorkerQueueTable;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZZZ_Result;
import org.openjdk.jcstress.infra.results.ZZZ_Result;

/**
 * The sleep/wake-up protocol with the lock-free mailbox kind ({@link MpscMailbox}): a send offers
 * and then reads the owner and its flag without any lock, so what orders it against a worker's
 * announce and re-check is the total order of volatile accesses alone (the class comment of
 * {@link MpscMailbox}). The same shapes as {@link SleepRaces}, with MPSC mailboxes, and the
 * lost-wake-up count's claim that a send in progress is never counted.
 */
public final class MpscSleepRaces {

    private static final Termination TERMINATION = new Termination(2, null);
    private static final CopyQueue.EnvelopeSink NO_LATE_SENDS = (to, message) -> {
        throw new AssertionError("no mailbox is closed in these tests");
    };

    private MpscSleepRaces() {
    }

    /** One worker whose slice holds two MPSC mailboxes. */
    abstract static class OneWorker {
        final WorkerSleep sleep = new WorkerSleep(0, TERMINATION);
        final MpscMailbox first = new MpscMailbox(0, NO_LATE_SENDS);
        final MpscMailbox second = new MpscMailbox(1, NO_LATE_SENDS);
        final Worker worker;

        OneWorker() {
            first.owner = sleep;
            second.owner = sleep;
            final WorkerQueueTable<Mailbox> table = new WorkerQueueTable<>(new Mailbox[] {first, second}, 1);
            worker = new Worker(0, sleep, new WorkerProgress(), new WorkerCounters(),
                    new EnvelopeRunner(null, null, null, null, null, false, null, 0), TERMINATION, table);
        }
    }

    @JCStressTest
    @Description("A lock-free sender offers to the second mailbox of a worker's two-mailbox slice while the worker"
            + " announces sleep and re-checks the slice; if it would park, it then runs the lost-wake-up count's"
            + " look at that mailbox. Outcome: the worker would park, the count found an unclaimed message, the"
            + " worker's flag is still set at the end.")
    @Outcome(id = "false, false, false", expect = ACCEPTABLE,
            desc = "The re-check saw the message and the worker cleared its flag (the sender may also have claimed"
            + " the wake-up: at most a spurious unpark).")
    @Outcome(id = "true, false, false", expect = ACCEPTABLE_INTERESTING,
            desc = "The re-check came first and found nothing; the sender saw the flag and claimed the wake-up;"
            + " the count did not mistake the send in progress for a lost wake-up.")
    @Outcome(id = "true, true, .*", expect = FORBIDDEN,
            desc = "The count reported a lost wake-up, which the protocol forbids: either the wake-up was lost"
            + " or the count is wrong.")
    @Outcome(id = "true, false, true", expect = FORBIDDEN,
            desc = "Lost wake-up: the worker would park, its flag is still set, and the message is queued.")
    @Outcome(expect = FORBIDDEN, desc = "Anything else (a worker that found work does not stay announced).")
    @State
    public static class SendVsSleep extends OneWorker {

        @Actor
        public void sleeper(ZZZ_Result r) {
            r.r1 = sleep.announceAndRecheck(worker.recheck());
            if (r.r1) {
                r.r2 = second.hasUnclaimedMessages(sleep);
            }
        }

        @Actor
        public void sender() {
            second.push("registration", 0);
        }

        @Arbiter
        public void flag(ZZZ_Result r) {
            r.r3 = sleep.isSleeping();
        }
    }

    /**
     * {@link SleepRaces.StaleSlotRecheck} with MPSC mailboxes: the victim's re-check reads x's
     * queue's counts and then x's owner, both without the lock. If it sees x drained by the thief,
     * the volatile read of the consumer's count makes the thief's earlier owner write visible; if it
     * reads the owner before the thief writes it, its announce comes before the thief's read of its
     * flag. Every outcome in which the victim would park is forbidden.
     */
    @JCStressTest
    @Description("MPSC mailboxes: a thief steals x (two messages) from a victim that announces sleep and re-checks"
            + " its slice, gives it y (one message), re-checks y, then drains x from its own slot. Outcome: the"
            + " victim would park, the thief claimed its wake-up, the victim's flag is still set at the end, the"
            + " thief ran x.")
    @Outcome(id = "false, false, false, true", expect = ACCEPTABLE,
            desc = "The victim's re-check found messages (in x before the swap, or in y after it), or found x taken"
            + " by the thief; it looks again instead of parking.")
    @Outcome(id = "false, true, false, true", expect = ACCEPTABLE_INTERESTING,
            desc = "As above, and the thief also claimed its wake-up (a spurious unpark).")
    @Outcome(id = "true, .*", expect = FORBIDDEN,
            desc = "The victim would park although x was taken from under it.")
    @Outcome(expect = FORBIDDEN, desc = "Anything else (the steal cannot fail).")
    @State
    public static class StaleSlotRecheck {
        final WorkerSleep victimSleep = new WorkerSleep(0, TERMINATION);
        final WorkerSleep thiefSleep = new WorkerSleep(1, TERMINATION);
        final MpscMailbox x = new MpscMailbox(0, NO_LATE_SENDS);
        final MpscMailbox y = new MpscMailbox(1, NO_LATE_SENDS);
        final WorkerQueueTable<Mailbox> table;
        final Thief relocation;
        final Worker victim;
        final WorkerCounters thiefCounters = new WorkerCounters();

        public StaleSlotRecheck() {
            x.owner = victimSleep;
            y.owner = thiefSleep;
            for (int m = 0; m < Policy.TUNABLES.minMessagesToSteal(); m++) {
                x.push("registration", m);
            }
            y.push("registration", 0);
            table = new WorkerQueueTable<>(new Mailbox[] {x, y}, 2);
            relocation = new Thief(1, new WorkerSleep[] {victimSleep, thiefSleep},
                    new WorkerProgress[] {new WorkerProgress(), new WorkerProgress()}, table, null, null, null, null, null);
            victim = new Worker(0, victimSleep, new WorkerProgress(), new WorkerCounters(),
                    new EnvelopeRunner(null, null, null, null, null, false, null, 0), TERMINATION, table);
        }

        @Actor
        public void victim(ZZZZ_Result r) {
            r.r1 = victimSleep.announceAndRecheck(victim.recheck());
        }

        @Actor
        public void thief(ZZZZ_Result r) {
            if (!table.trySwap(1, y, 0, x, relocation)) {
                return;
            }
            final WorkerSleep toWake = y.claimOwnerIfMessages();
            r.r2 = toWake != null;
            // What the thief's next pass does with its own slot (now x): gulp, drain, release.
            final MpscMailbox mine = (MpscMailbox) table.get(1);
            final int batch = mine.tryGulp(thiefSleep, thiefCounters);
            final int[] ran = {0};
            if (batch > 0) {
                mine.drain(envelope -> ran[0]++, batch);
                mine.finishBatch(false);
            }
            r.r4 = ran[0] == Policy.TUNABLES.minMessagesToSteal();
        }

        @Arbiter
        public void flag(ZZZZ_Result r) {
            r.r3 = victimSleep.isSleeping();
        }
    }
}
