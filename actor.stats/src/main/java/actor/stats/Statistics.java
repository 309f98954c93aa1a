package actor.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A statistics snapshot of one actor system: totals, the part counted on threads outside the
 * workers, and each worker's own counters (which show whether the load was balanced).
 *
 * @param system  the system's name
 * @param exact   true for the final snapshot taken after the workers exited; a live snapshot may
 *                lag by a few operations
 * @param outside actors created and messages sent by threads that are not workers
 * @param workers one entry per worker, in worker order
 * @param health  live actors, dead letters, failures, undelivered messages, backlog, and overload:
 *                refusals and drops at mailbox bounds, the longest mailbox, mailbox alarms
 */
public record Statistics(String system, boolean exact, Counts outside, List<Counts> workers, Health health) {

    /**
     * Copies {@code workers} into an unmodifiable list.
     *
     * @param system  the system's name
     * @param exact   true for the final snapshot
     * @param outside the counts of the threads that are not workers
     * @param workers one entry per worker, in worker order
     * @param health  live actors, dead letters, failures, undelivered messages, backlog and overload
     * @throws NullPointerException if {@code system}, {@code outside}, {@code workers} or
     *                              {@code health} is null, or a worker's counts are
     */
    public Statistics {
        Objects.requireNonNull(system, "system");
        Objects.requireNonNull(outside, "outside");
        workers = List.copyOf(workers);
        Objects.requireNonNull(health, "health");
    }

    /** {@return the sum over the outside threads and every worker} */
    public Counts total() {
        Counts sum = outside;
        for (Counts w : workers) {
            sum = sum.plus(w);
        }
        return sum;
    }

    /**
     * {@return a text table: one row per {@link Counter}, in the reference order; columns for the
     * total, the outside threads and each worker; then two lines of {@link Health}: what is live, lost and waiting, then overload}
     */
    public String toText() {
        final List<String> header = new ArrayList<>(List.of("total", "outside"));
        final List<Counts> columns = new ArrayList<>(List.of(total(), outside));
        for (int w = 0; w < workers.size(); w++) {
            header.add("worker " + w);
            columns.add(workers.get(w));
        }
        final int labelWidth = 30;
        final int width = Math.max(12, header.stream().mapToInt(String::length).max().orElse(0) + 2);
        final StringBuilder out = new StringBuilder();
        out.append("statistics of actor system '").append(system).append("' (")
                .append(exact ? "final" : "live").append(")\n");
        out.append(pad("", labelWidth, false));
        header.forEach(h -> out.append(pad(h, width, true)));
        out.append('\n');
        for (Counter counter : Counter.values()) {
            out.append(pad(counter.label(), labelWidth, false));
            for (int c = 0; c < columns.size(); c++) {
                final boolean outsideColumn = c == 1;
                final boolean countedOutside = counter == Counter.ACTORS_CREATED || counter == Counter.MESSAGES_SENT;
                // NOTE: the gauge of queued messages has no outside column either: queues are the workers'.
                out.append(pad(outsideColumn && !countedOutside ? "-" : format(counter, columns.get(c)), width, true));
            }
            out.append('\n');
        }
        out.append("live actors ").append(health.liveActors()).append(", dead letters ").append(health.deadLetters())
                .append(", failures ").append(health.failures()).append(", undelivered ").append(health.undelivered())
                .append(", backlog ").append(health.backlog()).append('\n');
        out.append("longest mailbox ").append(health.longestMailbox()).append(", refused ").append(health.refused())
                .append(", dropped ").append(health.dropped()).append(", mailbox alarms ").append(health.mailboxAlarms())
                .append(", alarmed mailboxes ").append(health.alarmedMailboxes()).append('\n');
        return out.toString();
    }

    /**
     * {@return this snapshot as JSON} The form is
     * {@code {"system": ..., "exact": ..., "total": {...}, "outside": {...}, "workers": [...],
     * "health": {...}}}, each counts object holding every {@link Counter#jsonKey()} in the reference
     * order, and health its values by their component names.
     */
    public String toJson() {
        final StringBuilder out = new StringBuilder();
        out.append("{\"system\":").append(quote(system)).append(",\"exact\":").append(exact);
        out.append(",\"total\":");
        appendJson(out, total());
        out.append(",\"outside\":");
        appendJson(out, outside);
        out.append(",\"workers\":[");
        for (int w = 0; w < workers.size(); w++) {
            if (w > 0) {
                out.append(',');
            }
            appendJson(out, workers.get(w));
        }
        out.append("],\"health\":{\"liveActors\":").append(health.liveActors())
                .append(",\"deadLetters\":").append(health.deadLetters())
                .append(",\"failures\":").append(health.failures())
                .append(",\"undelivered\":").append(health.undelivered())
                .append(",\"backlog\":").append(health.backlog())
                .append(",\"refused\":").append(health.refused())
                .append(",\"dropped\":").append(health.dropped())
                .append(",\"longestMailbox\":").append(health.longestMailbox())
                .append(",\"mailboxAlarms\":").append(health.mailboxAlarms())
                .append(",\"alarmedMailboxes\":").append(health.alarmedMailboxes());
        return out.append("}}").toString();
    }

    @Override
    public String toString() {
        return toText();
    }

    private static void appendJson(StringBuilder out, Counts counts) {
        out.append('{');
        final Counter[] counters = Counter.values();
        for (int i = 0; i < counters.length; i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append('"').append(counters[i].jsonKey()).append("\":").append(format(counters[i], counts));
        }
        out.append('}');
    }

    private static String format(Counter counter, Counts counts) {
        final double value = counter.valueIn(counts);
        return counter.isAverage() ? String.format(Locale.ROOT, "%.2f", value) : Long.toString((long) value);
    }

    private static String pad(String s, int width, boolean right) {
        final String spaces = " ".repeat(Math.max(0, width - s.length()));
        return right ? spaces + s : s + spaces;
    }

    private static String quote(String s) {
        final StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            final char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
