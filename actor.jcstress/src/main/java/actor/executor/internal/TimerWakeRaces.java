package actor.executor.internal;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZ_Result;

/**
 * The timer thread's park against a schedule ({@link Timers#enqueue}, {@link Timers#announcePark}):
 * a scheduler wakes the timer thread only if it parks until after the new schedule's deadline. The
 * timer thread's side stops where it would park; the outcome records whether the scheduler would
 * unpark it and whether it would park. Parking until after a deadline nobody woke it for is a
 * lost wake-up: the schedule would fire late, when the thread wakes by itself.
 */
public final class TimerWakeRaces {

    private TimerWakeRaces() {
    }

    private static final Runnable NOTHING = () -> { };

    @JCStressTest
    @Description("A schedule due at 100 against the timer thread announcing a park until 200."
            + " Outcome: the scheduler would unpark it, it would park.")
    @Outcome(id = "false, false", expect = ACCEPTABLE,
            desc = "The thread's re-check saw the schedule: it does not park.")
    @Outcome(id = "true, false", expect = ACCEPTABLE,
            desc = "Both saw each other: the thread stays awake and gets a spurious unpark.")
    @Outcome(id = "true, true", expect = ACCEPTABLE_INTERESTING,
            desc = "The re-check came first and found nothing; the scheduler saw the park and wakes it.")
    @Outcome(id = "false, true", expect = FORBIDDEN,
            desc = "Lost wake-up: the thread parks until 200 with a schedule due at 100 and nobody wakes it.")
    @State
    public static class EarlierSchedule {
        final Timers timers = new Timers("jcstress", null, null);

        @Actor
        public void scheduler(ZZ_Result r) {
            r.r1 = timers.enqueue(new Timers.Timer(100, 0, NOTHING));
        }

        @Actor
        public void timerThread(ZZ_Result r) {
            r.r2 = timers.announcePark(200);
        }
    }

    @JCStressTest
    @Description("A schedule due at 300 against the timer thread announcing a park until 200: it is added when the"
            + " thread wakes by itself. Outcome: the scheduler would unpark it, it would park.")
    @Outcome(id = "false, false", expect = ACCEPTABLE,
            desc = "The thread's re-check saw the schedule: it does not park.")
    @Outcome(id = "false, true", expect = ACCEPTABLE_INTERESTING,
            desc = "The thread parks until 200, before the schedule is due; no wake-up needed.")
    @Outcome(id = "true, .*", expect = FORBIDDEN,
            desc = "A wake-up for a schedule due after the thread wakes anyway.")
    @State
    public static class LaterSchedule {
        final Timers timers = new Timers("jcstress", null, null);

        @Actor
        public void scheduler(ZZ_Result r) {
            r.r1 = timers.enqueue(new Timers.Timer(300, 0, NOTHING));
        }

        @Actor
        public void timerThread(ZZ_Result r) {
            r.r2 = timers.announcePark(200);
        }
    }
}
