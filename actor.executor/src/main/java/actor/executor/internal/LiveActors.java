package actor.executor.internal;

import actor.api.spi.ActorAccess;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The live actors of an executor, read from its mailboxes' lists of live registrations
 * ({@link Mailbox#link}): for a shutdown, which sends each a poison pill, and for a waiting stop,
 * which names them. A snapshot: each mailbox's list is read under its lock, one after another.
 *
 * <p>Threading: any thread.
 */
final class LiveActors {

    /** Classes a description names before it sums up the rest. */
    static final int MAX_CLASSES = 5;
    /** Tickets a description gives per class. */
    static final int MAX_TICKETS = 3;

    private LiveActors() {
    }

    /** Every live registration of {@code mailboxes}. */
    static List<MailboxRegistration> snapshot(Mailbox[] mailboxes, ActorAccess access) {
        final List<MailboxRegistration> live = new ArrayList<>();
        for (Mailbox mailbox : mailboxes) {
            mailbox.collectLive(live, access);
        }
        return live;
    }

    /**
     * {@code live} grouped by actor class, most numerous first, with a few tickets each, after the
     * actor's name if it has one, e.g.
     * {@code "2 x com.example.Account (#3 'alice', #7), 1 x com.example.Teller (#12)"}; class names,
     * names and tickets only (no user {@code toString()} runs).
     */
    static String describe(List<MailboxRegistration> live, ActorAccess access) {
        if (live.isEmpty()) {
            return "none";
        }
        final Map<String, List<String>> byClass = new LinkedHashMap<>();
        for (MailboxRegistration r : live) {
            final String name = access.nameOf(r.actor());
            byClass.computeIfAbsent(r.actor().getClass().getName(), type -> new ArrayList<>())
                    .add(name == null ? "#" + r.ticket() : "#" + r.ticket() + " '" + name + "'");
        }
        final List<Map.Entry<String, List<String>>> groups = new ArrayList<>(byClass.entrySet());
        groups.sort(Comparator.comparingInt((Map.Entry<String, List<String>> e) -> e.getValue().size()).reversed());
        final StringBuilder out = new StringBuilder();
        int others = 0;
        for (int i = 0; i < groups.size(); i++) {
            final List<String> tickets = groups.get(i).getValue();
            if (i >= MAX_CLASSES) {
                others += tickets.size();
                continue;
            }
            if (i > 0) {
                out.append(", ");
            }
            out.append(tickets.size()).append(" x ").append(groups.get(i).getKey()).append(" (");
            for (int t = 0; t < Math.min(MAX_TICKETS, tickets.size()); t++) {
                out.append(t > 0 ? ", " : "").append(tickets.get(t));
            }
            out.append(tickets.size() > MAX_TICKETS ? ", ...)" : ")");
        }
        if (others > 0) {
            out.append(", and ").append(others).append(" of ").append(groups.size() - MAX_CLASSES).append(" other class(es)");
        }
        return out.toString();
    }
}
