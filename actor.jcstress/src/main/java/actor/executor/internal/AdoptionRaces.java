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
import org.openjdk.jcstress.infra.results.LLZ_Result;
import org.openjdk.jcstress.infra.results.LLLL_Result;

/**
 * Adoption ({@link Mailbox#pushOrAdopt}, copy-queue mailboxes): a worker queues a message in
 * another worker's empty mailbox without waking that worker, and gulps it itself ({@code tryGulp(null, ...)}) after its
 * running visit. The owner's re-check and gulp, or a second sender, race it. Every message runs
 * exactly once, one batch at a time, in order, and a message left queued always has its owner's
 * wake-up claimed: no wake-up is lost to the adoption.
 */
public final class AdoptionRaces {

    private static final Termination TERMINATION = new Termination(2, null);

    private AdoptionRaces() {
    }

    /** Worker 0 owns mailbox x, the one slot of its slice; worker 1 is the adopter. */
    abstract static class OwnerAndAdopter {
        final WorkerSleep owner = new WorkerSleep(0, TERMINATION);
        final CopyQueueMailbox x;
        final Worker ownerWorker;
        final WorkerCounters ownerCounters = new WorkerCounters();
        final WorkerCounters adopterCounters = new WorkerCounters();
        private CopyQueue ownerSpare = new CopyQueue(4);
        private CopyQueue adopterSpare = new CopyQueue(4);

        OwnerAndAdopter() {
            this.x = new CopyQueueMailbox(0, new CopyQueue(4));
            x.owner = owner;
            final WorkerQueueTable<Mailbox> table = new WorkerQueueTable<>(new Mailbox[] {x, new CopyQueueMailbox(1,
                    new CopyQueue(4))}, 2);
            ownerWorker = new Worker(0, owner, new WorkerProgress(), new WorkerCounters(),
                    new EnvelopeRunner(null, null, null, null, null, false, null, 0), TERMINATION, table);
        }

        /**
         * One gulp of x and its batches as a worker visits it: {@code me} null for the adopter.
         * Returns the messages run, "-" if none.
         */
        String gulp(WorkerSleep me, boolean regulp) {
            final boolean adopter = me == null;
            final WorkerCounters counters = adopter ? adopterCounters : ownerCounters;
            final StringBuilder ran = new StringBuilder();
            CopyQueue batch = x.tryGulp(me, adopter ? adopterSpare : ownerSpare, counters);
            while (batch != null) {
                batch.drainTo((actor, message) -> ran.append(message));
                final CopyQueue next = x.finishBatch(batch, regulp);
                if (next == null) {
                    if (adopter) {
                        adopterSpare = batch;
                    } else {
                        ownerSpare = batch;
                    }
                }
                batch = next;
            }
            return ran.length() == 0 ? "-" : ran.toString();
        }

        /** x's messages still queued, "-" if none. Arbiter only. */
        String left() {
            return gulp(owner, true);
        }
    }

    @JCStressTest
    @Description("The adopter pushes message 0 into the empty mailbox x of a worker that announces sleep and"
            + " re-checks its slice at the same time; it then gulps x itself, as a worker does after its visit;"
            + " the owner gulps x if its re-check found work. Outcome: the owner would park, what the owner ran,"
            + " what the adopter ran, whether x still holds the message.")
    @Outcome(id = "true, -, 0, false", expect = ACCEPTABLE,
            desc = "The re-check came first; the adopter queued without waking the sleeper and ran the message.")
    @Outcome(id = "false, -, 0, false", expect = ACCEPTABLE,
            desc = "The re-check saw the message, but the adopter's gulp came first.")
    @Outcome(id = "false, 0, -, false", expect = ACCEPTABLE_INTERESTING,
            desc = "The re-check saw the message and the owner's gulp came first; the adopter found x empty or"
            + " being processed.")
    @Outcome(expect = FORBIDDEN, desc = "The message ran twice, or never.")
    @State
    public static class CopyQueueAdoptVsSleep extends OwnerAndAdopter {

        public CopyQueueAdoptVsSleep() {
        }

        @Actor
        public void owner(LLLL_Result r) {
            final boolean wouldPark = owner.announceAndRecheck(ownerWorker.recheck());
            r.r1 = String.valueOf(wouldPark);
            r.r2 = wouldPark ? "-" : gulp(owner, true);
        }

        @Actor
        public void adopter(LLLL_Result r) {
            r.r3 = x.pushOrAdopt("actor", 0) == Mailbox.PUSH_ADOPTED ? gulp(null, true) : "not adopted";
        }

        @Arbiter
        public void end(LLLL_Result r) {
            r.r4 = String.valueOf(!left().equals("-"));
        }
    }

    /**
     * A copy-queue sender that finds the mailbox adopted does not wake its owner: it relies on the
     * adopter's gulp, which takes the lock after its push and so takes its message too. A push
     * after that gulp finds the flag cleared and wakes the owner as usual.
     */
    @JCStressTest
    @Description("The owner of x sleeps (announced, nothing found); an adopter has queued message 0 in x without"
            + " waking it. The adopter gulps x (re-gulping while x refills, as a worker does) while a second sender"
            + " pushes message 1 by the ordinary send. Outcome: what the adopter ran, what is left in x, whether"
            + " the owner's wake-up was claimed.")
    @Outcome(id = "01, -, false", expect = ACCEPTABLE,
            desc = "The second push came before the gulp (or before a re-gulp): it saw the adoption, woke nobody,"
            + " and the adopter ran both.")
    @Outcome(id = "01, -, true", expect = ACCEPTABLE_INTERESTING,
            desc = "The second push came after the gulp and woke the owner, and the adopter's re-gulp also took it"
            + " (the owner then finds nothing: a spurious wake-up).")
    @Outcome(id = "0, 1, true", expect = ACCEPTABLE_INTERESTING,
            desc = "The second push came after the adopter's last gulp and woke the owner, who will run it.")
    @Outcome(id = "0, 1, false", expect = FORBIDDEN,
            desc = "Lost wake-up: message 1 is queued, nobody will gulp it, and the owner sleeps on.")
    @Outcome(expect = FORBIDDEN, desc = "Anything else: a message lost, run twice or out of order.")
    @State
    public static class AdoptedGulpVsSecondSender extends OwnerAndAdopter {

        public AdoptedGulpVsSecondSender() {
            owner.announceAndRecheck(TwoWorkerState.FINDS_NOTHING);
            if (x.pushOrAdopt("actor", 0) != Mailbox.PUSH_ADOPTED) {
                throw new IllegalStateException("an empty mailbox of a sleeping worker must be adopted");
            }
        }

        @Actor
        public void adopter(LLZ_Result r) {
            r.r1 = gulp(null, true);
        }

        @Actor
        public void sender() {
            x.push("actor", 1);
        }

        @Arbiter
        public void end(LLZ_Result r) {
            r.r3 = !owner.isSleeping();
            r.r2 = left();
        }
    }
}
