package actor.steal.internal;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZL_Result;

/**
 * Races of {@link WorkerQueueTable#trySwap}: three slots, one per worker, holding the queues a, b, c.
 * Each thief evaluates both slots as the executor's {@code Thief} does (a null read makes the swap
 * fail at once), and its relocation records each queue's new owner, as the executor's does.
 *
 * <p>Outcome: {@code <thief 1 swapped>, <thief 2 swapped>, <slots 0..2>}, a null slot printed as
 * {@code _}, followed by {@code STALE-OWNER} if some queue's recorded owner is not the worker whose
 * slice holds it. Acceptable are exactly the outcomes of a serial order of the successful swaps;
 * everything else (not a permutation, a null slot at the end, a stale owner, a swap reported
 * successful whose values are elsewhere) is forbidden.
 */
public final class SwapRaces {

    private SwapRaces() {
    }

    /** A queue stand-in: its name and the owner relocations record for it. */
    static final class Queue {
        final String name;
        /** Written (plain) by a relocation while the swap holds the queue's slot; read by the arbiter. */
        int owner;

        Queue(String name, int owner) {
            this.name = name;
            this.owner = owner;
        }
    }

    /** Three slots, one per worker; an accepting relocation that moves owners. */
    abstract static class ThreeSlots implements WorkerQueueTable.Relocation<Queue> {
        final WorkerQueueTable<Queue> table = new WorkerQueueTable<>(
                new Queue[] {new Queue("a", 0), new Queue("b", 1), new Queue("c", 2)}, 3);

        /** A thief's swap of what it reads in the two slots. */
        boolean swap(int thiefSlot, int victimSlot, WorkerQueueTable.Relocation<Queue> relocation) {
            return table.trySwap(thiefSlot, table.get(thiefSlot), victimSlot, table.get(victimSlot), relocation);
        }

        @Override
        public boolean relocate(Queue stolen, int thief, Queue given, int victim) {
            stolen.owner = thief;
            given.owner = victim;
            return true;
        }

        /** The slots in order, a null one as '_', then " STALE-OWNER" if an owner disagrees with the table. */
        String slots() {
            final StringBuilder out = new StringBuilder();
            boolean ownersMatch = true;
            for (int slot = 0; slot < table.size(); slot++) {
                final Queue queue = table.get(slot);
                out.append(queue == null ? "_" : queue.name);
                ownersMatch &= queue != null && queue.owner == table.workerOf(slot);
            }
            return ownersMatch ? out.toString() : out + " STALE-OWNER";
        }
    }

    @JCStressTest
    @Description("Two thieves (slots 1 and 2) swap with the same victim slot 0.")
    @Outcome(id = "true, false, bac", expect = ACCEPTABLE, desc = "Thief 1 alone: thief 2 met the held or changed victim slot.")
    @Outcome(id = "false, true, cba", expect = ACCEPTABLE, desc = "Thief 2 alone: thief 1 met the held or changed victim slot.")
    @Outcome(id = "true, true, cab", expect = ACCEPTABLE, desc = "Thief 1, then thief 2 swapped with the new value of slot 0 (b).")
    @Outcome(id = "true, true, bca", expect = ACCEPTABLE, desc = "Thief 2, then thief 1 swapped with the new value of slot 0 (c).")
    @Outcome(id = ".*STALE-OWNER", expect = FORBIDDEN, desc = "A recorded owner disagrees with the slot holding the queue.")
    @Outcome(id = ".*_.*", expect = FORBIDDEN, desc = "A slot is left held (null).")
    @Outcome(expect = FORBIDDEN, desc = "Not the result of a serial order: lost or duplicated value, or a wrong success flag.")
    @State
    public static class TwoThievesOneVictimSlot extends ThreeSlots {
        @Actor
        public void thief1(ZZL_Result r) {
            r.r1 = swap(1, 0, this);
        }

        @Actor
        public void thief2(ZZL_Result r) {
            r.r2 = swap(2, 0, this);
        }

        @Arbiter
        public void table(ZZL_Result r) {
            r.r3 = slots();
        }
    }

    @JCStressTest
    @Description("Thief 1 swaps its slot 1 with slot 0 while thief 2 steals slot 1 into its own slot 2: a thief"
            + " whose own slot is taken mid-swap must fail without changing anything.")
    @Outcome(id = "true, false, bac", expect = ACCEPTABLE, desc = "Thief 1 alone: thief 2 met slot 1 held or changed.")
    @Outcome(id = "false, true, acb", expect = ACCEPTABLE_INTERESTING, desc = "Thief 2 alone: thief 1 was robbed of its slot.")
    @Outcome(id = "true, true, bca", expect = ACCEPTABLE, desc = "Thief 1, then thief 2 stole the a that thief 1 had just taken.")
    @Outcome(id = "true, true, cab", expect = ACCEPTABLE, desc = "Thief 2, then thief 1 gave away the c it had just been given.")
    @Outcome(id = ".*STALE-OWNER", expect = FORBIDDEN, desc = "A recorded owner disagrees with the slot holding the queue.")
    @Outcome(id = ".*_.*", expect = FORBIDDEN, desc = "A slot is left held (null).")
    @Outcome(expect = FORBIDDEN, desc = "Not the result of a serial order (both failing is impossible: one thief's failure is"
            + " the other's success).")
    @State
    public static class ThiefRobbedMidSwap extends ThreeSlots {
        @Actor
        public void thief1(ZZL_Result r) {
            r.r1 = swap(1, 0, this);
        }

        @Actor
        public void thief2(ZZL_Result r) {
            r.r2 = swap(2, 1, this);
        }

        @Arbiter
        public void table(ZZL_Result r) {
            r.r3 = slots();
        }
    }

    @JCStressTest
    @Description("Thief 1's relocation declines its swap (as the executor's does when the stolen mailbox is being"
            + " processed) while thief 2 swaps with the same victim slot: the declined swap restores both slots.")
    @Outcome(id = "false, true, cba", expect = ACCEPTABLE, desc = "Thief 2 swapped before or after the declined swap.")
    @Outcome(id = "false, false, abc", expect = ACCEPTABLE_INTERESTING, desc = "Thief 2 met slot 0 held by the declined swap.")
    @Outcome(id = ".*STALE-OWNER", expect = FORBIDDEN, desc = "A recorded owner disagrees with the slot holding the queue.")
    @Outcome(id = ".*_.*", expect = FORBIDDEN, desc = "A slot is left held (null).")
    @Outcome(expect = FORBIDDEN, desc = "A declined swap moved something, or reported success.")
    @State
    public static class DeclinedSwapVsSwap extends ThreeSlots {
        @Actor
        public void decliningThief1(ZZL_Result r) {
            r.r1 = swap(1, 0, (stolen, thief, given, victim) -> false);
        }

        @Actor
        public void thief2(ZZL_Result r) {
            r.r2 = swap(2, 0, this);
        }

        @Arbiter
        public void table(ZZL_Result r) {
            r.r3 = slots();
        }
    }
}
