package actor.executor.internal;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZZZ_Result;
import org.openjdk.jcstress.infra.results.ZZZ_Result;

/**
 * {@link LiveActorCount}: "stop requested and no live actor" is reached exactly once, by exactly one
 * caller, and once reached no actor can be registered.
 */
public final class LiveActorCountRaces {

    private LiveActorCountRaces() {
    }

    @JCStressTest
    @Description("The stop request races the termination of the last live actor. Outcome: requestStop reported done,"
            + " terminated reported done, the count is done at the end.")
    @Outcome(id = "true, false, true", expect = ACCEPTABLE, desc = "The actor terminated first; the stop completed.")
    @Outcome(id = "false, true, true", expect = ACCEPTABLE, desc = "The stop came first; the termination completed it.")
    @Outcome(expect = FORBIDDEN, desc = "Done reported twice or never, or the count is not done.")
    @State
    public static class StopVsLastTermination {
        final LiveActorCount count = new LiveActorCount();

        public StopVsLastTermination() {
            count.tryRegister();
        }

        @Actor
        public void stop(ZZZ_Result r) {
            r.r1 = count.requestStop();
        }

        @Actor
        public void terminate(ZZZ_Result r) {
            r.r2 = count.terminated(1);
        }

        @Arbiter
        public void done(ZZZ_Result r) {
            r.r3 = count.isDone();
        }
    }

    @JCStressTest
    @Description("Two workers each report the termination of one of the last two actors after the stop was requested."
            + " Outcome: worker 1 reported done, worker 2 reported done, the count is done at the end.")
    @Outcome(id = "true, false, true", expect = ACCEPTABLE, desc = "Worker 2's batch came first; worker 1 completed the stop.")
    @Outcome(id = "false, true, true", expect = ACCEPTABLE, desc = "Worker 1's batch came first; worker 2 completed the stop.")
    @Outcome(expect = FORBIDDEN, desc = "Done reported twice or never, or the count is not done.")
    @State
    public static class TwoLastTerminations {
        final LiveActorCount count = new LiveActorCount();

        public TwoLastTerminations() {
            count.tryRegister();
            count.tryRegister();
            count.requestStop();
        }

        @Actor
        public void worker1(ZZZ_Result r) {
            r.r1 = count.terminated(1);
        }

        @Actor
        public void worker2(ZZZ_Result r) {
            r.r2 = count.terminated(1);
        }

        @Arbiter
        public void done(ZZZ_Result r) {
            r.r3 = count.isDone();
        }
    }

    @JCStressTest
    @Description("An actor registers while the stop is requested with no actor live. Outcome: the registration"
            + " succeeded, requestStop reported done, the count is done at the end, one actor is live at the end.")
    @Outcome(id = "true, false, false, true", expect = ACCEPTABLE,
            desc = "The registration came first: it is counted, and the stop waits for it.")
    @Outcome(id = "false, true, true, false", expect = ACCEPTABLE,
            desc = "The stop came first and completed; the registration was refused.")
    @Outcome(expect = FORBIDDEN, desc = "A registration after done, an uncounted registration, or done reported wrongly.")
    @State
    public static class RegisterVsStop {
        final LiveActorCount count = new LiveActorCount();

        @Actor
        public void register(ZZZZ_Result r) {
            r.r1 = count.tryRegister();
        }

        @Actor
        public void stop(ZZZZ_Result r) {
            r.r2 = count.requestStop();
        }

        @Arbiter
        public void done(ZZZZ_Result r) {
            r.r3 = count.isDone();
            r.r4 = count.live() == 1;
        }
    }
}
