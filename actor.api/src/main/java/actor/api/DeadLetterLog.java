package actor.api;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The default handler's rate limit for dead letters: the first {@link #LOGGED_IN_FULL} are logged
 * one line each; after that, one summary line at most every {@code periodNanos}, counting the dead
 * letters since the previous line and naming the latest. A summary is written when a dead letter
 * arrives after the period: the exact total is always {@link ActorSystem#deadLetters()}.
 *
 * <p>Threading: any thread; lock-free.
 */
final class DeadLetterLog {

    /** Dead letters logged one line each before summaries take over. */
    static final int LOGGED_IN_FULL = 10;

    private final Consumer<String> sink;
    private final LongSupplier nanoClock;
    private final long periodNanos;
    private final AtomicLong seen = new AtomicLong();
    private final AtomicLong unlogged = new AtomicLong();
    private final AtomicLong lastLineNanos;

    DeadLetterLog(Consumer<String> sink, LongSupplier nanoClock, long periodNanos) {
        this.sink = sink;
        this.nanoClock = nanoClock;
        this.periodNanos = periodNanos;
        this.lastLineNanos = new AtomicLong(nanoClock.getAsLong());
    }

    void log(ActorError.DeadLetter letter) {
        final long n = seen.incrementAndGet();
        if (n <= LOGGED_IN_FULL) {
            lastLineNanos.set(nanoClock.getAsLong());
            sink.accept(letter.describe() + (n == LOGGED_IN_FULL
                    ? " (further dead letters are summarized at most every " + periodNanos / 1_000_000_000L + " s)"
                    : ""));
            return;
        }
        unlogged.incrementAndGet();
        final long now = nanoClock.getAsLong();
        final long last = lastLineNanos.get();
        if (now - last >= periodNanos && lastLineNanos.compareAndSet(last, now)) {
            final long count = unlogged.getAndSet(0);
            sink.accept(count + " more dead letter(s) since the last report, the latest: " + letter.describe());
        }
    }
}
