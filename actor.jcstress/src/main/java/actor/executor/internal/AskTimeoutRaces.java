package actor.executor.internal;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

/**
 * The watchdog of an actor's asks ({@link AskTimeout}): a new ask against the watchdog's look that
 * finds the previous ask answered and goes idle. Exactly one of them must schedule the next look
 * at the new ask: none would leave an unanswered ask without a timeout; two would keep two looks
 * pending. The outcome counts the looks scheduled.
 */
public final class AskTimeoutRaces {

    private AskTimeoutRaces() {
    }

    private static final long SECOND = 1_000_000_000L;

    @JCStressTest
    @Description("The asker starts a new ask while the watchdog's look finds the previous one answered and goes idle."
            + " Outcome: looks scheduled for the new ask.")
    @Outcome(id = "1", expect = ACCEPTABLE, desc = "One look: by the asker (it saw the watchdog idle) or by the look"
            + " (it saw the new ask).")
    @Outcome(id = "0", expect = FORBIDDEN, desc = "Lost: the new ask has no look, so it would never time out.")
    @Outcome(id = "2", expect = FORBIDDEN, desc = "Both scheduled: two looks pending.")
    @State
    public static class NewAskVsIdleLook {
        final AtomicInteger looks = new AtomicInteger();
        final AskTimeout watchdog = new AskTimeout((delayNanos, look) -> looks.incrementAndGet());
        final AskReply later = new AskReply(null, null, null, SECOND);

        public NewAskVsIdleLook() {
            final AskReply earlier = new AskReply(null, null, null, SECOND);
            watchdog.start(earlier);                       // wakes the watchdog: its look is pending
            earlier.abandon();                             // answered (closed) before the look
            looks.set(0);
        }

        @Actor
        public void asker() {
            watchdog.start(later);
        }

        @Actor
        public void look() {
            watchdog.run();
        }

        @Arbiter
        public void arbiter(I_Result r) {
            r.r1 = looks.get();
        }
    }
}
