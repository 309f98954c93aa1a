package actor.executor.internal;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import actor.api.MailboxBound;
import java.time.Duration;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZ_Result;
import org.openjdk.jcstress.infra.results.ZZI_Result;

/**
 * A bounded actor's room ({@link BoundedRegistration}): a waiting sender against the worker that
 * gives room back, and senders racing for the last room. The sender's side stops where it would
 * park; parking with nobody to unpark it while there is room is a lost wake-up (the sender would
 * wait out its whole timeout).
 */
public final class BoundedRoomRaces {

    private BoundedRoomRaces() {
    }

    /** A registration of capacity {@code capacity}, holding {@code queued} messages. */
    static BoundedRegistration bounded(int capacity, int queued) {
        final BoundedRegistration registration = new BoundedRegistration(null, new CopyQueueMailbox(0, new CopyQueue()),
                MailboxBound.waiting(capacity, Duration.ofSeconds(1)), null);
        for (int i = 0; i < queued; i++) {
            if (!registration.tryReserve()) {
                throw new AssertionError("room for " + queued);
            }
        }
        return registration;
    }

    @JCStressTest
    @Description("A full actor of capacity 1: a sender enlists as waiting and tries to reserve, while the worker"
            + " takes the queued message (gives its room back, then looks for waiting senders)."
            + " Outcome: the sender reserved, the worker found it waiting.")
    @Outcome(id = "true, false", expect = ACCEPTABLE,
            desc = "The worker gave the room back before the sender tried: it reserved, and was not waiting yet.")
    @Outcome(id = "true, true", expect = ACCEPTABLE,
            desc = "Both saw each other: the sender reserved, and gets a spurious unpark.")
    @Outcome(id = "false, true", expect = ACCEPTABLE_INTERESTING,
            desc = "The sender tried first and would park; the worker saw it waiting and unparks it.")
    @Outcome(id = "false, false", expect = FORBIDDEN,
            desc = "Lost wake-up: the sender parks with room free, and nobody unparks it.")
    @State
    public static class WaitVsTake {
        final BoundedRegistration full = bounded(1, 1);

        @Actor
        public void sender(ZZ_Result r) {
            full.enlist(Thread.currentThread());
            r.r1 = full.tryReserve();
        }

        @Actor
        public void worker(ZZ_Result r) {
            r.r2 = full.taken();
        }
    }

    @JCStressTest
    @Description("Two senders race for the last room of an actor of capacity 2 holding 1."
            + " Outcome: each reserved, and the count after.")
    @Outcome(id = {"true, false, 2", "false, true, 2"}, expect = ACCEPTABLE,
            desc = "Exactly one got the room; the count is at the capacity.")
    @Outcome(expect = FORBIDDEN, desc = "Both (over the bound), or neither (room lost), or a wrong count.")
    @State
    public static class LastRoom {
        final BoundedRegistration almost = bounded(2, 1);

        @Actor
        public void first(ZZI_Result r) {
            r.r1 = almost.tryReserve();
        }

        @Actor
        public void second(ZZI_Result r) {
            r.r2 = almost.tryReserve();
        }

        @Arbiter
        public void count(ZZI_Result r) {
            r.r3 = almost.queued();
        }
    }
}
