package actor.executor.internal;

import actor.api.ActorError;
import actor.api.spi.ActorAccess;
import actor.executor.jfr.MailboxAlarmEvent;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The mailbox-length alarm ({@code ActorSystemConfig.Builder.mailboxAlarm}), for every actor: run
 * periodically by the executor's timer thread ({@link Timers#scheduleInternal}), it reads each
 * mailbox's length without its lock ({@link Mailbox#sizeRacy}) and raises the alarm for a mailbox
 * at or over the threshold: an {@link ActorError.MailboxAlarm} to the error handler, a
 * {@link MailboxAlarmEvent}, and one more in {@link #raised()}. A raised mailbox is not raised again
 * until it has fallen below half the threshold, so a mailbox that stays long is one report.
 *
 * <p>Why per mailbox: a mailbox holds the messages of every actor whose ticket it is, and an
 * actor's own count is kept only for an actor with a {@code MailboxBound}
 * ({@link BoundedRegistration}): keeping it for every actor would cost every send and every
 * message run. So the report names the mailbox's live actors by class, and gives the exact queue of
 * each bounded one. Nothing here touches a send or a worker: the whole cost is this check, every
 * period, on the timer thread, and only when the alarm is on.
 *
 * <p>Threading: {@link #run} on the timer thread only; {@link #raised} and {@link #alarmedNow}
 * from any thread (a statistics snapshot).
 */
final class LengthAlarm implements Runnable {

    private static final VarHandle VH_RAISED;
    private static final VarHandle VH_ALARMED_NOW;

    static {
        try {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            VH_RAISED = lookup.findVarHandle(LengthAlarm.class, "raisedCount", long.class);
            VH_ALARMED_NOW = lookup.findVarHandle(LengthAlarm.class, "alarmed", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Bounded actors a report gives the queue of, per class. */
    static final int MAX_BOUNDED_PER_CLASS = 3;

    private final String system;
    private final Mailbox[] mailboxes;
    private final int threshold;
    private final Reporter reporter;
    private final ActorAccess access;
    /** Whether each mailbox's alarm is raised; the timer thread's own. */
    private final boolean[] raisedNow;
    /** Alarms raised so far: written by the timer thread (opaque), read by snapshots. */
    @SuppressWarnings("unused")
    private long raisedCount;
    /** Mailboxes raised at the last check: as {@code raisedCount}. */
    @SuppressWarnings("unused")
    private int alarmed;

    LengthAlarm(String system, Mailbox[] mailboxes, int threshold, Reporter reporter, ActorAccess access) {
        this.system = system;
        this.mailboxes = mailboxes;
        this.threshold = threshold;
        this.reporter = reporter;
        this.access = access;
        this.raisedNow = new boolean[mailboxes.length];
    }

    /** One check of every mailbox. */
    @Override
    public void run() {
        int now = 0;
        for (int i = 0; i < mailboxes.length; i++) {
            final int size = mailboxes[i].sizeRacy();
            if (raisedNow[i]) {
                if (size < threshold / 2) {
                    raisedNow[i] = false;
                } else {
                    now++;
                }
            } else if (size >= threshold) {
                raisedNow[i] = true;
                now++;
                raise(mailboxes[i], size);
            }
        }
        VH_ALARMED_NOW.setOpaque(this, now);
    }

    private void raise(Mailbox mailbox, int size) {
        VH_RAISED.setOpaque(this, (long) VH_RAISED.getOpaque(this) + 1);
        final WorkerSleep owner = (WorkerSleep) Mailbox.VH_OWNER.getVolatile(mailbox);
        final String actors = describe(mailbox);
        MailboxAlarmEvent.record(system, mailbox.index, owner.worker, size, threshold, actors);
        reporter.report(new ActorError.MailboxAlarm(mailbox.index, owner.worker, size, threshold, actors));
    }

    /**
     * The live actors of {@code mailbox} by class, most numerous first, the bounded ones with their
     * queues, e.g. {@code "1 x com.example.Ingest (bounded: 980 of 1000 queued), 3 x com.example.Log"}.
     */
    private String describe(Mailbox mailbox) {
        final List<MailboxRegistration> live = new ArrayList<>();
        mailbox.collectLive(live, access);
        if (live.isEmpty()) {
            return "none live";
        }
        final Map<String, List<MailboxRegistration>> byClass = new LinkedHashMap<>();
        for (MailboxRegistration r : live) {
            byClass.computeIfAbsent(r.actor().getClass().getName(), name -> new ArrayList<>()).add(r);
        }
        final List<Map.Entry<String, List<MailboxRegistration>>> groups = new ArrayList<>(byClass.entrySet());
        groups.sort(Comparator.comparingInt((Map.Entry<String, List<MailboxRegistration>> e) -> e.getValue().size())
                .reversed());
        final StringBuilder out = new StringBuilder();
        int others = 0;
        for (int g = 0; g < groups.size(); g++) {
            final List<MailboxRegistration> members = groups.get(g).getValue();
            if (g >= LiveActors.MAX_CLASSES) {
                others += members.size();
                continue;
            }
            out.append(g > 0 ? ", " : "").append(members.size()).append(" x ").append(groups.get(g).getKey());
            int shown = 0;
            for (MailboxRegistration r : members) {
                if (r instanceof BoundedRegistration bounded && shown < MAX_BOUNDED_PER_CLASS) {
                    out.append(shown == 0 ? " (bounded: " : ", ").append(bounded.queued()).append(" of ")
                            .append(bounded.bound.capacity());
                    shown++;
                }
            }
            if (shown > 0) {
                out.append(" queued)");
            }
        }
        if (others > 0) {
            out.append(", and ").append(others).append(" of ").append(groups.size() - LiveActors.MAX_CLASSES)
                    .append(" other class(es)");
        }
        return out.toString();
    }

    /** Alarms raised so far. */
    long raised() {
        return (long) VH_RAISED.getOpaque(this);
    }

    /** Mailboxes whose alarm was raised at the last check. */
    long alarmedNow() {
        return (int) VH_ALARMED_NOW.getOpaque(this);
    }
}
