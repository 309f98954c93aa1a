package actor.executor.internal;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.L_Result;

/**
 * A mailbox gulped by its owner, stolen by a thief and sent to, at once (the hand-built harness's
 * race (2) in {@code StealingRacesTest}). Mailbox x starts in worker 0's slot 0 with messages; the
 * thief (worker 1) gives y from its slot 1 in exchange. The full three-party race needs three CPUs;
 * each pair of its parties is also raced on its own, so that a two-CPU machine runs them all.
 *
 * <p>Outcomes list the batches each worker ran ({@code /} between batches, {@code -} for none) and
 * what is left queued in x; {@code missed} means the owner read x in its slot and then found it
 * taken (a missed gulp). A forbidden outcome carries {@code OVERLAP} (two batches of x ran at once),
 * {@code DISORDER} (a message lost, duplicated or run out of push order) or {@code STALE-OWNER} (a
 * mailbox's owner is not the worker whose slice holds it); see {@link TwoWorkerState#check}.
 */
public final class GulpStealSendRaces {

    private GulpStealSendRaces() {
    }

    @JCStressTest
    @Description("The owner gulps x (four messages), and its batch sends two more to x as it starts (an actor sending to"
            + " itself), while a thief steals x and, if it did, gulps it from its own slot. While the owner's batch runs"
            + " x holds enough messages to be stolen, but must not be: only one batch of x may run at a time.")
    @Outcome(id = "owner 0123 thief - left 45", expect = ACCEPTABLE_INTERESTING,
            desc = "The thief tried while the owner's batch ran (x being processed), or before it with x emptied by the"
            + " gulp, and its relocation declined.")
    @Outcome(id = "owner 0123 thief 45 left -", expect = ACCEPTABLE,
            desc = "The thief took x after the owner's batch released it, and ran the self-sent messages.")
    @Outcome(id = "owner - thief 0123 left -", expect = ACCEPTABLE,
            desc = "The thief took x first; the owner met its slot held or found y there.")
    @Outcome(id = "owner - thief 0123 left - missed", expect = ACCEPTABLE_INTERESTING,
            desc = "The owner read x in its slot, then the thief took it before the owner's gulp (a missed gulp).")
    @Outcome(id = ".*(OVERLAP|DISORDER|STALE-OWNER).*", expect = FORBIDDEN, desc = "A protocol invariant broke.")
    @Outcome(expect = FORBIDDEN, desc = "Anything else.")
    @State
    public static class GulpVsSteal extends TwoWorkerState {
        public GulpVsSteal() {
            super(4);
            ownerGulper.selfSends(4, 5);
        }

        @Actor
        public void owner() {
            ownerGulper.gulpSlot(0, false);
        }

        @Actor
        public void thief() {
            if (steal()) {
                thiefGulper.gulpSlot(1, false);
            }
        }

        @Arbiter
        public void outcome(L_Result r) {
            r.r1 = "owner " + ownerGulper.batches() + " thief " + thiefGulper.batches() + " left " + left()
                    + (ownerGulper.missedGulp() ? " missed" : "") + check(ownerGulper.ran.isEmpty() ? 4 : 6);
        }
    }

    @JCStressTest
    @Description("A thief steals x (two messages) from its sleeping owner and gulps it, while a sender pushes a third"
            + " message to x. The sender wakes the owner it reads under x's lock: the old one only if its push came"
            + " before the relocation, and then the thief's gulp takes the message too.")
    @Outcome(id = "thief 012 left - woken", expect = ACCEPTABLE_INTERESTING,
            desc = "The push came before the relocation: it woke the old owner (spuriously), the thief ran everything.")
    @Outcome(id = "thief 012 left - asleep", expect = ACCEPTABLE,
            desc = "The push came after the relocation (it read the thief, awake) and before the thief's gulp.")
    @Outcome(id = "thief 01 left 2 asleep", expect = ACCEPTABLE,
            desc = "The push came after the thief's gulp: x is the thief's, which is awake and sees it on its next pass.")
    @Outcome(id = "thief 01 left 2 woken", expect = FORBIDDEN,
            desc = "The sender woke the old owner after x had moved: it read a stale owner.")
    @Outcome(id = ".*(OVERLAP|DISORDER|STALE-OWNER).*", expect = FORBIDDEN, desc = "A protocol invariant broke.")
    @Outcome(expect = FORBIDDEN, desc = "Anything else (the steal cannot fail: x is idle and holds two messages).")
    @State
    public static class StealVsSend extends TwoWorkerState {
        public StealVsSend() {
            super(2);
            owner.announceAndRecheck(FINDS_NOTHING);
        }

        @Actor
        public void thief() {
            if (steal()) {
                thiefGulper.gulpSlot(1, false);
            }
        }

        @Actor
        public void sender() {
            x.push("actor", 2);
        }

        @Arbiter
        public void outcome(L_Result r) {
            r.r1 = (stolen ? "" : "kept ") + "thief " + thiefGulper.batches() + " left " + left()
                    + (owner.isSleeping() ? " asleep" : " woken") + check(3);
        }
    }

    @JCStressTest
    @Description("The owner gulps x (two messages) and re-gulps while it refills, as a worker's visit does, while a"
            + " sender pushes two more messages.")
    @Outcome(id = "owner [0-9/]+ left [0-9-]+", expect = ACCEPTABLE,
            desc = "Batches in push order; what arrived after the last re-check stays queued (released, the owner's"
            + " next pass takes it).")
    @Outcome(id = ".*(OVERLAP|DISORDER|STALE-OWNER|HELD).*", expect = FORBIDDEN,
            desc = "A protocol invariant broke, or x is still marked being processed after the visit.")
    @Outcome(expect = FORBIDDEN, desc = "Anything else.")
    @State
    public static class GulpVsSend extends TwoWorkerState {
        public GulpVsSend() {
            super(2);
        }

        @Actor
        public void owner() {
            ownerGulper.gulpSlot(0, true);
        }

        @Actor
        public void sender() {
            x.push("actor", 2);
            x.push("actor", 3);
        }

        @Arbiter
        public void outcome(L_Result r) {
            r.r1 = "owner " + ownerGulper.batches() + " left " + left()
                    + (x.isBeingProcessedRacy() ? " HELD" : "") + check(4);
        }
    }

    @JCStressTest
    @Description("All three at once (needs three CPUs): the owner gulps x (four messages), a thief steals and gulps it,"
            + " a sender pushes two more messages.")
    @Outcome(id = "owner [0-9/-]+ thief [0-9/-]+ left [0-9-]+( missed)?", expect = ACCEPTABLE,
            desc = "Batches of x one at a time, every message once and in push order, owners agree with the table.")
    @Outcome(id = ".*(OVERLAP|DISORDER|STALE-OWNER).*", expect = FORBIDDEN, desc = "A protocol invariant broke.")
    @Outcome(expect = FORBIDDEN, desc = "Anything else.")
    @State
    public static class GulpVsStealVsSend extends TwoWorkerState {
        public GulpVsStealVsSend() {
            super(4);
        }

        @Actor
        public void owner() {
            ownerGulper.gulpSlot(0, false);
        }

        @Actor
        public void thief() {
            if (steal()) {
                thiefGulper.gulpSlot(1, false);
            }
        }

        @Actor
        public void sender() {
            x.push("actor", 4);
            x.push("actor", 5);
        }

        @Arbiter
        public void outcome(L_Result r) {
            r.r1 = "owner " + ownerGulper.batches() + " thief " + thiefGulper.batches() + " left " + left()
                    + (ownerGulper.missedGulp() ? " missed" : "") + check(6);
        }
    }
}
