package actor.executor.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A JFR event for each raise of the mailbox-length alarm ({@code actor.MailboxAlarm}): a mailbox
 * held at least the configured threshold of messages when the system's timer thread checked it.
 * Raised once per episode (again only after the mailbox fell below half the threshold), so it is
 * rare by design; committed only while a recording enables it. Public for the executor's internal
 * package; this package is exported to {@code jdk.jfr} only.
 */
@Name("actor.MailboxAlarm")
@Label("Mailbox Alarm")
@Category("Actors")
@Description("A mailbox held at least the alarm's threshold of messages: its actors' consumer is slower than their producers")
@StackTrace(false)
public final class MailboxAlarmEvent extends Event {

    @Label("System")
    @Description("The actor system's name")
    String system;

    @Label("Mailbox")
    @Description("The mailbox's index: the ticket of its actors")
    int mailbox;

    @Label("Worker")
    @Description("The worker whose slice held it")
    int worker;

    @Label("Queued")
    @Description("Messages it held when checked")
    long queued;

    @Label("Threshold")
    @Description("The configured alarm threshold")
    int threshold;

    @Label("Actors")
    @Description("Its live actors by class, with the exact queue of each bounded one")
    String actors;

    /**
     * Records one raise, if a recording enables the event.
     *
     * @param system    the actor system's name
     * @param mailbox   the mailbox's index
     * @param worker    the worker whose slice held it
     * @param queued    messages it held
     * @param threshold the alarm's threshold
     * @param actors    its live actors, described
     */
    public static void record(String system, int mailbox, int worker, long queued, int threshold, String actors) {
        final MailboxAlarmEvent event = new MailboxAlarmEvent();
        if (event.shouldCommit()) {
            event.system = system;
            event.mailbox = mailbox;
            event.worker = worker;
            event.queued = queued;
            event.threshold = threshold;
            event.actors = actors;
            event.commit();
        }
    }
}
