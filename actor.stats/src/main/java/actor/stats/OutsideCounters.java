package actor.stats;

import org.jctools.counters.Counter;
import org.jctools.counters.CountersFactory;

/**
 * Actors created and messages sent by threads that are not workers (the program's main thread,
 * I/O threads). Any number of such threads count here at once, so each counter is striped
 * (JCTools' {@code FixedSizeStripedLongCounter}): a thread adds to its own stripe, and no shared hot
 * atomic is contended. Reads sum the stripes.
 */
public final class OutsideCounters {

    private final Counter created;
    private final Counter sent;

    /** Counters with {@code stripes} stripes each (at least 1; rounded up to a power of two). */
    public OutsideCounters(int stripes) {
        if (stripes < 1) {
            throw new IllegalArgumentException("stripes = " + stripes + ": must be at least 1");
        }
        this.created = CountersFactory.createFixedSizeStripedCounter(stripes);
        this.sent = CountersFactory.createFixedSizeStripedCounter(stripes);
    }

    public void actorCreated() {
        created.inc();
    }

    public void messageSent() {
        sent.inc();
    }

    /** The current sums. */
    public Counts snapshot() {
        return new Counts(created.get(), sent.get(), 0, 0, 0, 0, 0, 0, 0, 0);
    }
}
