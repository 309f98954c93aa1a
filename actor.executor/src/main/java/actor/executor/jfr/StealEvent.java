package actor.executor.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A JFR event for each mailbox a thief took ({@code actor.Steal}); off unless a recording enables
 * it, and then one allocation per steal, which is rare by design. Public for the executor's
 * internal package; this package is exported to {@code jdk.jfr} only.
 */
@Name("actor.Steal")
@Label("Mailbox Stolen")
@Category("Actors")
@Description("A worker took another worker's mailbox, with the messages queued in it")
@StackTrace(false)
public final class StealEvent extends Event {

    @Label("Thief")
    @Description("The worker that took the mailbox")
    int thief;

    @Label("Victim")
    @Description("The worker whose slice held it")
    int victim;

    @Label("Messages")
    @Description("Messages queued in the mailbox when it was taken")
    int messages;

    @Label("Rescue")
    @Description("Taken because the victim was stuck in one behaviour")
    boolean rescue;

    /**
     * Records one steal, if a recording enables the event.
     *
     * @param thief    the worker that took the mailbox
     * @param victim   the worker whose slice held it
     * @param messages messages queued in it when taken
     * @param rescue   whether the victim was stuck in one behaviour
     */
    public static void record(int thief, int victim, int messages, boolean rescue) {
        final StealEvent event = new StealEvent();
        if (event.shouldCommit()) {
            event.thief = thief;
            event.victim = victim;
            event.messages = messages;
            event.rescue = rescue;
            event.commit();
        }
    }
}
