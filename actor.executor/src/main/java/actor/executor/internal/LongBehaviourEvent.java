package actor.executor.internal;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Threshold;

/**
 * A JFR event for a behaviour that ran longer than the recording's threshold
 * ({@code actor.LongBehaviour}, 20 ms by default): the actor and message classes, and its duration.
 * Behaviours are timed only once Flight Recorder has started in the JVM ({@link EnvelopeRunner});
 * until then it costs one check per batch.
 */
@Name("actor.LongBehaviour")
@Label("Long Behaviour")
@Category("Actors")
@Description("A behaviour that ran longer than the threshold, holding its worker and the mailboxes behind it")
@Threshold("20 ms")
@StackTrace(false)
final class LongBehaviourEvent extends Event {

    @Label("Actor Class")
    String actorClass;

    @Label("Ticket")
    @Description("The actor's mailbox")
    int ticket;

    @Label("Message Class")
    String messageClass;
}
