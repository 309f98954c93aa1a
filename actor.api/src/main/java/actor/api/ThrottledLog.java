package actor.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;
import java.util.function.LongSupplier;

/**
 * The default handler's rate limit for problems that can come by the thousand (dead letters,
 * unsent messages in debug mode, remote failures): the first {@link #LOGGED_IN_FULL} are logged one
 * line each (with their exception, if any); after
 * that, one summary line at most every {@code periodNanos}, counting what came since the previous
 * line by kind (for example by message class), most frequent first. A summary is written when a
 * problem arrives after the period, so the last few may wait for the next one: exact totals are
 * elsewhere ({@link ActorSystem#deadLetters()}).
 *
 * <p>Threading: any thread; lock-free.
 */
final class ThrottledLog {

    /** Problems logged one line each before summaries take over. */
    static final int LOGGED_IN_FULL = 10;
    /** Kinds a summary names. */
    static final int KINDS_PER_SUMMARY = 5;

    private final String what;
    /** Takes each line, and the exception of a problem logged in full (null for the others and for summaries). */
    private final BiConsumer<String, Throwable> sink;
    private final LongSupplier nanoClock;
    private final long periodNanos;
    private final AtomicLong seen = new AtomicLong();
    private final Map<String, LongAdder> unlogged = new ConcurrentHashMap<>();
    private final AtomicLong lastLineNanos;

    /**
     * @param what        the problems, in the plural, for the summary lines (e.g. "dead letters")
     * @param sink        where lines go, with the exception of a problem logged in full
     * @param nanoClock   the clock of the period
     * @param periodNanos least time between two summaries
     */
    ThrottledLog(String what, BiConsumer<String, Throwable> sink, LongSupplier nanoClock, long periodNanos) {
        this.what = what;
        this.sink = sink;
        this.nanoClock = nanoClock;
        this.periodNanos = periodNanos;
        this.lastLineNanos = new AtomicLong(nanoClock.getAsLong());
    }

    /** One problem of kind {@code kind}, whose own line is {@code line}. */
    void log(String kind, String line) {
        log(kind, line, null);
    }

    /** One problem of kind {@code kind}, whose own line is {@code line}, caused by {@code failure} (or null). */
    void log(String kind, String line, Throwable failure) {
        final long n = seen.incrementAndGet();
        if (n <= LOGGED_IN_FULL) {
            lastLineNanos.set(nanoClock.getAsLong());
            sink.accept(n == LOGGED_IN_FULL
                    ? line + " (further " + what + " are summarized at most every " + periodNanos / 1_000_000_000L + " s)"
                    : line, failure);
            return;
        }
        unlogged.computeIfAbsent(kind, k -> new LongAdder()).increment();
        final long now = nanoClock.getAsLong();
        final long last = lastLineNanos.get();
        if (now - last >= periodNanos && lastLineNanos.compareAndSet(last, now)) {
            sink.accept(summary(), null);
        }
    }

    private String summary() {
        final List<Map.Entry<String, Long>> counts = new ArrayList<>();
        long total = 0;
        for (Map.Entry<String, LongAdder> e : unlogged.entrySet()) {
            final long count = e.getValue().sumThenReset();
            if (count > 0) {
                counts.add(Map.entry(e.getKey(), count));
                total += count;
            }
        }
        counts.sort(Map.Entry.<String, Long>comparingByValue().reversed());
        final StringBuilder out = new StringBuilder().append(total).append(" more ").append(what)
                .append(" since the last report: ");
        for (int i = 0; i < Math.min(KINDS_PER_SUMMARY, counts.size()); i++) {
            out.append(i > 0 ? ", " : "").append(counts.get(i).getValue()).append(" x ").append(counts.get(i).getKey());
        }
        if (counts.size() > KINDS_PER_SUMMARY) {
            out.append(", and ").append(counts.size() - KINDS_PER_SUMMARY).append(" other kind(s)");
        }
        return out.toString();
    }
}
