package actor.executor.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Threshold;

/**
 * A JFR event for a behaviour that ran longer than the recording's threshold
 * ({@code actor.LongBehaviour}, 20 ms by default): the actor's class and name and the message's class, and its duration.
 * The executor times behaviours only once Flight Recorder has started in the JVM; until then it
 * costs one check per batch. Public for the executor's internal package; this package is exported
 * to {@code jdk.jfr} only.
 */
@Name("actor.LongBehaviour")
@Label("Long Behaviour")
@Category("Actors")
@Description("A behaviour that ran longer than the threshold, holding its worker and the mailboxes behind it")
@Threshold("20 ms")
@StackTrace(false)
public final class LongBehaviourEvent extends Event {

    @Label("Actor Class")
    String actorClass;

    @Label("Actor Name")
    @Description("The name the actor was spawned with; null if it has none")
    String actorName;

    @Label("Ticket")
    @Description("The actor's mailbox")
    int ticket;

    @Label("Message Class")
    String messageClass;

    /**
     * After {@link #end()}: commits the event if the behaviour ran past the recording's threshold.
     *
     * @param actor   the actor whose behaviour ran
     * @param name    its name, or null
     * @param ticket  its mailbox
     * @param message the message it received
     */
    public void commitIfLong(Object actor, String name, int ticket, Object message) {
        if (shouldCommit()) {
            actorClass = actor.getClass().getName();
            actorName = name;
            this.ticket = ticket;
            messageClass = message.getClass().getName();
            commit();
        }
    }
}
