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
import org.openjdk.jcstress.infra.results.ZZ_Result;

/**
 * The sleep/wake-up protocol ({@link WorkerSleep}): a worker announces sleep and re-checks its slice
 * under the mailbox locks ({@link WorkerSleep#announceAndRecheck} with the real
 * {@link Worker#mayHaveWork}) while someone fills its slice. The worker's side stops where it would
 * park; the outcome records whether it would, and whether its flag is still set at the end. A
 * worker that would park with its flag still set while its slice holds a message has lost its
 * wake-up: nobody will unpark it (until its rescan timer).
 */
public final class SleepRaces {

    private SleepRaces() {
    }

    private static final Termination TERMINATION = new Termination(1, null);

    @JCStressTest
    @Description("A sender pushes into the second mailbox of a worker's two-mailbox slice while the worker announces"
            + " sleep and re-checks the slice. Outcome: the worker would park, its flag is still set at the end.")
    @Outcome(id = "false, false", expect = ACCEPTABLE,
            desc = "The re-check saw the message and the worker cleared its flag (the sender may also have claimed"
            + " the wake-up: at most a spurious unpark, exactly one claim wins the CAS).")
    @Outcome(id = "true, false", expect = ACCEPTABLE_INTERESTING,
            desc = "The re-check came first and found nothing; the sender saw the flag and claimed the wake-up.")
    @Outcome(id = "true, true", expect = FORBIDDEN,
            desc = "Lost wake-up: the worker would park, its flag is still set, and the message is queued.")
    @Outcome(id = "false, true", expect = FORBIDDEN,
            desc = "The worker found work but stays announced.")
    @State
    public static class SendVsSleep {
        final WorkerSleep sleep = new WorkerSleep(0, TERMINATION);
        final CopyQueueMailbox first = new CopyQueueMailbox(0, new CopyQueue(4));
        final CopyQueueMailbox second = new CopyQueueMailbox(1, new CopyQueue(4));
        final Worker worker;

        public SendVsSleep() {
            first.owner = sleep;
            second.owner = sleep;
            final WorkerQueueTable<Mailbox> table = new WorkerQueueTable<>(new Mailbox[] {first, second}, 1);
            worker = new Worker(0, sleep, new WorkerProgress(), new WorkerCounters(),
                    new EnvelopeRunner(null, null, null, null, null, false, null, 0), TERMINATION, table);
        }

        @Actor
        public void sleeper(ZZ_Result r) {
            r.r1 = sleep.announceAndRecheck(worker.recheck());
        }

        @Actor
        public void sender() {
            second.push("actor", 0);
        }

        @Arbiter
        public void flag(ZZ_Result r) {
            r.r2 = sleep.isSleeping();
        }
    }

    /**
     * The thief's hand-over against the victim's sleep. If the victim's re-check locks x before the
     * thief's relocation does, the lock orders the announce before the thief's later read of the flag,
     * so the thief claims the wake-up; if it locks x after, see {@link StaleSlotRecheck}.
     */
    @JCStressTest
    @Description("A thief gives its mailbox y, which holds a message (pushed after the thief chose it, when it was"
            + " still the thief's), to a victim that announces sleep and re-checks its slice; after publishing the"
            + " swap the thief re-checks y and wakes its new owner, as Thief does. The stolen mailbox x is empty"
            + " (taken with a minimum of 0 messages instead of the executor's 2), so that a victim whose re-check"
            + " reads x before the swap finds nothing and decides to park. Outcome: the victim would park, the swap"
            + " succeeded, the thief claimed the victim's wake-up, the victim's flag is still set at the end.")
    @Outcome(id = "false, true, false, false", expect = ACCEPTABLE,
            desc = "The victim's re-check met its slot held or y already there and found work.")
    @Outcome(id = "false, true, true, false", expect = ACCEPTABLE,
            desc = "The victim found work, and the thief also claimed its wake-up (a spurious unpark).")
    @Outcome(id = "true, true, true, false", expect = ACCEPTABLE_INTERESTING,
            desc = "The victim re-checked x before the swap and would park; the thief saw its flag and woke it.")
    @Outcome(id = "true, true, false, true", expect = FORBIDDEN,
            desc = "Lost wake-up: the victim would park and stays announced while y, now in its slice, holds a message.")
    @Outcome(expect = FORBIDDEN, desc = "Anything else (the swap cannot fail; only the thief can clear a parked victim's flag).")
    @State
    @SuppressWarnings("this-escape") // the workers are made from the state's own table
    public static class StealVsVictimSleep extends TwoWorkerState {
        final Worker victim = worker(0);

        public StealVsVictimSleep() {
            super(0);
            y.queue.push("actor", 0);
        }

        @Actor
        public void victim(ZZZZ_Result r) {
            r.r1 = owner.announceAndRecheck(victim.recheck());
        }

        @Actor
        public void thief(ZZZZ_Result r) {
            r.r2 = steal((stolen, thiefIndex, given, victimIndex) -> {
                if (stolen.tryTakeFor(thief, 0) < 0) {
                    return false;
                }
                given.giveTo(owner);
                return true;
            });
            r.r3 = thiefClaimed;
        }

        @Arbiter
        public void flag(ZZZZ_Result r) {
            r.r4 = owner.isSleeping();
        }
    }

    /**
     * The suspected race of the re-check's slot reads. The victim announces (volatile write), then
     * reads its slot (acquire) and locks the mailbox it found; the thief swaps (CAS, release writes),
     * then reads the victim's flag (volatile, under y's lock). If the victim read x, the slot's value
     * before the swap, but locks x only after the thief's relocation, the mailbox locks order nothing
     * between the announce and the thief's read of the flag: what remains is Dekker's
     * store-buffering shape, which only volatile accesses on both sides rule out. Under the
     * acquire/release rules of {@code VarHandle} (as in C++) the thief may miss the announce while the
     * victim reads x; if by then the thief, as a worker does next, has gulped x empty, the victim finds
     * nothing and would park with its wake-up lost (until its rescan timer).
     *
     * <p>The re-check therefore does not rely on those orders: under x's lock the victim also checks
     * that x is still its own ({@link Mailbox#mayHaveWorkFor}). If it locks x after the thief's
     * relocation it sees the new owner and looks again instead of parking; if before, the lock orders
     * its announce before the thief's relocation and so before the thief's read of the flag. Either
     * way the victim never decides to park here: every outcome with {@code r1 = true} is forbidden.
     * {@link StealVsVictimSleep} is the same shape with x empty from the start.
     */
    @JCStressTest
    @Description("A thief steals x (two messages) from a victim that announces sleep and re-checks its slice, gives"
            + " it y (one message), re-checks y, then gulps x from its own slot. Outcome: the victim would park, the"
            + " thief claimed its wake-up, the victim's flag is still set at the end, the thief's gulp ran x.")
    @Outcome(id = "false, false, false, true", expect = ACCEPTABLE,
            desc = "The victim's re-check found messages (in x before the swap, or in y after it), or found x taken"
            + " by the thief; it looks again instead of parking.")
    @Outcome(id = "false, true, false, true", expect = ACCEPTABLE_INTERESTING,
            desc = "As above, and the thief also claimed its wake-up (a spurious unpark).")
    @Outcome(id = "true, .*", expect = FORBIDDEN,
            desc = "The victim would park although x was taken from under it: if the thief also missed its announce"
            + " (store buffering), a lost wake-up.")
    @Outcome(expect = FORBIDDEN, desc = "Anything else (the steal cannot fail).")
    @State
    @SuppressWarnings("this-escape") // the workers are made from the state's own table
    public static class StaleSlotRecheck extends TwoWorkerState {
        final Worker victim = worker(0);

        public StaleSlotRecheck() {
            super(Policy.TUNABLES.minMessagesToSteal());
            y.queue.push("actor", 0);
        }

        @Actor
        public void victim(ZZZZ_Result r) {
            r.r1 = owner.announceAndRecheck(victim.recheck());
        }

        @Actor
        public void thief(ZZZZ_Result r) {
            if (steal()) {
                thiefGulper.gulpSlot(1, false);
            }
            r.r2 = thiefClaimed;
            r.r4 = !thiefGulper.ran.isEmpty();
        }

        @Arbiter
        public void flag(ZZZZ_Result r) {
            r.r3 = owner.isSleeping();
        }
    }
}
