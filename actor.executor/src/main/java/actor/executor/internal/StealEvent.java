package actor.executor.internal;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A JFR event for each mailbox a thief took ({@code actor.Steal}); off unless a recording enables
 * it, and then one allocation per steal, which is rare by design.
 */
@Name("actor.Steal")
@Label("Mailbox Stolen")
@Category("Actors")
@Description("A worker took another worker's mailbox, with the messages queued in it")
@StackTrace(false)
final class StealEvent extends Event {

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
}
