package actor.executor.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * 128 bytes of padding. Byte fields, so the JVM fills any gap before them (such as the 4 bytes after
 * the object header) with padding rather than with a subclass's fields ({@code PaddingTest}).
 */
abstract class WorkerProgressPad0 {
    byte a000, a001, a002, a003, a004, a005, a006, a007, a010, a011, a012, a013, a014, a015, a016, a017;
    byte a020, a021, a022, a023, a024, a025, a026, a027, a030, a031, a032, a033, a034, a035, a036, a037;
    byte a040, a041, a042, a043, a044, a045, a046, a047, a050, a051, a052, a053, a054, a055, a056, a057;
    byte a060, a061, a062, a063, a064, a065, a066, a067, a070, a071, a072, a073, a074, a075, a076, a077;
    byte a100, a101, a102, a103, a104, a105, a106, a107, a110, a111, a112, a113, a114, a115, a116, a117;
    byte a120, a121, a122, a123, a124, a125, a126, a127, a130, a131, a132, a133, a134, a135, a136, a137;
    byte a140, a141, a142, a143, a144, a145, a146, a147, a150, a151, a152, a153, a154, a155, a156, a157;
    byte a160, a161, a162, a163, a164, a165, a166, a167, a170, a171, a172, a173, a174, a175, a176, a177;
}

/**
 * The count and the cost estimate: single writer (the worker, opaque stores), read opaquely by
 * thieves.
 */
abstract class WorkerProgressCount extends WorkerProgressPad0 {
    long count;
    long nanosPerMessage;
    long handOffsPer256;
    boolean idle;
    boolean loaded;
    int feeder;
    long messagesRun;
}

/** Padding after the count. */
abstract class WorkerProgressPad1 extends WorkerProgressCount {
    byte b000, b001, b002, b003, b004, b005, b006, b007, b010, b011, b012, b013, b014, b015, b016, b017;
    byte b020, b021, b022, b023, b024, b025, b026, b027, b030, b031, b032, b033, b034, b035, b036, b037;
    byte b040, b041, b042, b043, b044, b045, b046, b047, b050, b051, b052, b053, b054, b055, b056, b057;
    byte b060, b061, b062, b063, b064, b065, b066, b067, b070, b071, b072, b073, b074, b075, b076, b077;
    byte b100, b101, b102, b103, b104, b105, b106, b107, b110, b111, b112, b113, b114, b115, b116, b117;
    byte b120, b121, b122, b123, b124, b125, b126, b127, b130, b131, b132, b133, b134, b135, b136, b137;
    byte b140, b141, b142, b143, b144, b145, b146, b147, b150, b151, b152, b153, b154, b155, b156, b157;
    byte b160, b161, b162, b163, b164, b165, b166, b167, b170, b171, b172, b173, b174, b175, b176, b177;
}

/**
 * The count as thieves last saw it, and since when ({@link WorkerProgress#stallObservation}):
 * written by thieves only, on a line of its own, so their looks do not disturb the worker's.
 */
abstract class WorkerProgressStall extends WorkerProgressPad1 {
    long stall;
}

/** Padding after the thieves' observation. */
abstract class WorkerProgressPad2 extends WorkerProgressStall {
    byte c000, c001, c002, c003, c004, c005, c006, c007, c010, c011, c012, c013, c014, c015, c016, c017;
    byte c020, c021, c022, c023, c024, c025, c026, c027, c030, c031, c032, c033, c034, c035, c036, c037;
    byte c040, c041, c042, c043, c044, c045, c046, c047, c050, c051, c052, c053, c054, c055, c056, c057;
    byte c060, c061, c062, c063, c064, c065, c066, c067, c070, c071, c072, c073, c074, c075, c076, c077;
    byte c100, c101, c102, c103, c104, c105, c106, c107, c110, c111, c112, c113, c114, c115, c116, c117;
    byte c120, c121, c122, c123, c124, c125, c126, c127, c130, c131, c132, c133, c134, c135, c136, c137;
    byte c140, c141, c142, c143, c144, c145, c146, c147, c150, c151, c152, c153, c154, c155, c156, c157;
    byte c160, c161, c162, c163, c164, c165, c166, c167, c170, c171, c172, c173, c174, c175, c176, c177;
    byte c200, c201, c202, c203, c204, c205, c206, c207;
}

/**
 * One worker's progress, for thieves. The count is incremented when a batch begins and when it
 * ends, so it is odd exactly while the worker is inside a batch: a thief that sees the same odd
 * count twice, {@link Policy.Tunables#rescueBlockedAfterNanos} apart, knows the worker is stuck in one behaviour
 * (blocked, or computing for long) and may take its other mailboxes even when they hold a single
 * message. Thieves share what they saw ({@link #stallObservation}): with many workers a random
 * victim selector rarely sends the same thief to a stuck worker twice, but any two looks by any
 * thieves, far enough apart, tell it is stuck. The cost estimate, nanoseconds per message
 * measured on a sample of batches, tells a thief whether the worker is communication-bound
 * ({@link Policy.Rule#COMM_BOUND}).
 *
 * <p>Threading: the count and the estimates have a single writer (the worker; a plain read and an
 * opaque store, no atomic) and any reader (opaque), alone on their cache line, so the two stores
 * per batch disturb no one. The observation is the thieves' own (opaque, the last writer wins),
 * on another line.
 */
final class WorkerProgress extends WorkerProgressPad2 {

    /**
     * Small batches between two timed ones ({@link Policy.Tunables#estimateSampleEveryBatches}, a
     * power of two): two clock reads per batch would cost more than a small batch; also the batch
     * size from which every batch is timed.
     */
    static final int SAMPLE_EVERY = Policy.TUNABLES.estimateSampleEveryBatches();
    /**
     * Timed batches after which the sums behind the estimates are halved, so they follow a
     * changing workload ({@link Policy.Tunables#estimateSamplesPerHalving}).
     */
    static final int SAMPLES_PER_HALVING = Policy.TUNABLES.estimateSamplesPerHalving();

    private static final VarHandle VH_COUNT;
    private static final VarHandle VH_NANOS_PER_MESSAGE;
    private static final VarHandle VH_HAND_OFFS_PER_256;
    private static final VarHandle VH_IDLE;
    private static final VarHandle VH_LOADED;
    private static final VarHandle VH_MESSAGES_RUN;
    private static final VarHandle VH_FEEDER;
    private static final VarHandle VH_STALL;
    /**
     * Bits of the count an observation keeps (the low ones, the inside-a-batch bit among them),
     * under a bit that marks an observation as made, so that none is 0.
     */
    private static final int OBSERVED_COUNT_BITS = 23;
    private static final int OBSERVED_TIME_BITS = Long.SIZE - OBSERVED_COUNT_BITS - 1;
    private static final long OBSERVED_TIME_MASK = (1L << OBSERVED_TIME_BITS) - 1;
    private static final long OBSERVED_COUNT_MASK = (1L << OBSERVED_COUNT_BITS) - 1;
    private static final long OBSERVED = 1L << OBSERVED_COUNT_BITS;

    static {
        try {
            VH_COUNT = MethodHandles.lookup().findVarHandle(WorkerProgressCount.class, "count", long.class);
            VH_NANOS_PER_MESSAGE = MethodHandles.lookup().findVarHandle(WorkerProgressCount.class,
                    "nanosPerMessage", long.class);
            VH_HAND_OFFS_PER_256 = MethodHandles.lookup().findVarHandle(WorkerProgressCount.class,
                    "handOffsPer256", long.class);
            VH_IDLE = MethodHandles.lookup().findVarHandle(WorkerProgressCount.class, "idle", boolean.class);
            VH_LOADED = MethodHandles.lookup().findVarHandle(WorkerProgressCount.class, "loaded", boolean.class);
            VH_MESSAGES_RUN = MethodHandles.lookup().findVarHandle(WorkerProgressCount.class, "messagesRun", long.class);
            VH_FEEDER = MethodHandles.lookup().findVarHandle(WorkerProgressCount.class, "feeder", int.class);
            VH_STALL = MethodHandles.lookup().findVarHandle(WorkerProgressStall.class, "stall", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Sums over the recent timed batches; the worker's own (plain fields). */
    private long sampledNanos;
    private long sampledMessages;
    private long sampledHandOffs;
    private int samples;
    /** Duty cycles in a row that found work; the worker's own. */
    private int busyCycles;

    /** Worker thread only: a batch begins (the count becomes odd). */
    void beginBatch() {
        VH_COUNT.setOpaque(this, count + 1);
    }

    /** Worker thread only: the batch ended (the count becomes even). */
    void endBatch() {
        VH_COUNT.setOpaque(this, count + 1);
    }

    /**
     * Worker thread only: whether the batch about to begin, of {@code size} envelopes, is one to
     * time: every batch of at least {@link #SAMPLE_EVERY} (two clock reads cost under a nanosecond
     * per message there, and a workload of large batches must not wait thousands of messages for
     * its estimate), and one in {@link #SAMPLE_EVERY} of the others (a clock read costs about 30 ns
     * here, as much as a small batch).
     */
    boolean sampleNext(int size) {
        return size >= SAMPLE_EVERY || ((count >> 1) & (SAMPLE_EVERY - 1)) == 0;
    }

    /**
     * Worker thread only: a batch of {@code messages} ran, timed or not: adds them to the messages
     * run (an opaque store, no test), from which readers tell whether the estimates have settled
     * ({@link #isSettled}).
     *
     * <p>NOTE: no branch here on purpose. A test of whether the worker has settled flips once, some
     * thousands of messages in, often after the JIT compiled the worker's loop with only one of its
     * outcomes; the first other outcome then throws the compiled loop away (an uncommon trap), and
     * on a machine whose cores are busy with other processes the recompilation takes hundreds of
     * milliseconds, all of them run in slower code (docs/lab/benchmarks-notebook.md, "The JIT under
     * contention").
     */
    void ran(int messages) {
        VH_MESSAGES_RUN.setOpaque(this, messagesRun + messages);
    }

    /**
     * Worker thread only: a timed batch ran {@code messages} in {@code nanos}, and its behaviours
     * handed {@code handOffs} messages to other mailboxes. The estimates are ratios of sums over the
     * recent timed batches (halved every {@link #SAMPLES_PER_HALVING}), not averages of per-batch
     * ratios: a workload mixing one-message batches with large ones costs per message what its
     * messages cost in total, not what its smallest batches cost.
     */
    void sampled(long nanos, int messages, long handOffs) {
        if (messages <= 0) {
            return;
        }
        sampledNanos += nanos;
        sampledMessages += messages;
        sampledHandOffs += handOffs;
        VH_NANOS_PER_MESSAGE.setOpaque(this, Math.max(1, sampledNanos / sampledMessages));
        VH_HAND_OFFS_PER_256.setOpaque(this, sampledHandOffs * 256 / sampledMessages);
        if (++samples == SAMPLES_PER_HALVING) {
            samples = SAMPLES_PER_HALVING / 2;
            sampledNanos /= 2;
            sampledMessages = Math.max(1, sampledMessages / 2);
            sampledHandOffs /= 2;
        }
    }

    /**
     * Any thread: whether the worker has run {@link Policy.Tunables#settledAfterMessages} messages or
     * {@link Policy.Tunables#settledAfterNanos} of estimated work (opaque reads): before that its
     * estimates measure the system's start more than its workload. Computed by the reader, so the
     * worker's loop holds no test that flips once ({@link #ran}); once the messages alone reach the
     * bound it stays true.
     */
    boolean isSettled() {
        final long run = (long) VH_MESSAGES_RUN.getOpaque(this);
        return run >= Policy.TUNABLES.settledAfterMessages()
                || run * nanosPerMessage() >= Policy.TUNABLES.settledAfterNanos();
    }

    /** Any thread: nanoseconds per message on this worker, 0 before the first sample (opaque). */
    long nanosPerMessage() {
        return (long) VH_NANOS_PER_MESSAGE.getOpaque(this);
    }

    /**
     * Any thread: messages its behaviours hand to other mailboxes per 256 messages run, on the
     * same sampled batches (opaque): how much a split of its actors across workers would make cross
     * cores ({@link StealRule#minMessagesToSteal}).
     */
    long handOffsPer256() {
        return (long) VH_HAND_OFFS_PER_256.getOpaque(this);
    }

    /**
     * Worker thread only: whether its last duty cycle found no work, and whether it is loaded
     * (opaque stores, only when they change). A sender may pull an idle worker's empty mailbox to
     * itself ({@link HandOffMoves#tryPull}).
     */
    void idle(boolean nothingDone) {
        if (idle != nothingDone) {
            VH_IDLE.setOpaque(this, nothingDone);
        }
        busyCycles = nothingDone ? 0 : busyCycles + 1;
        final boolean nowLoaded = busyCycles >= Policy.TUNABLES.loadedAfterBusyCycles();
        if (loaded != nowLoaded) {
            VH_LOADED.setOpaque(this, nowLoaded);
        }
    }

    /**
     * Any thread: whether the worker's last {@link Policy.Tunables#loadedAfterBusyCycles} duty cycles or more
     * all found work (opaque; a hint): busy for a while, not just between two hops of a token that
     * moves on. A sender may push its mailbox to a loaded worker ({@link HandOffMoves#tryPush}).
     */
    boolean isLoaded() {
        return (boolean) VH_LOADED.getOpaque(this);
    }

    /**
     * Worker thread only: the mailboxes its last pass ran if that was a feeder pass (every
     * envelope's first send to one other worker, {@link Worker#pass}, with stealing on), else 0; an
     * opaque store, only when it changes.
     */
    void feeder(int mailboxes) {
        if (feeder != mailboxes) {
            VH_FEEDER.setOpaque(this, mailboxes);
        }
    }

    /**
     * Any thread: how many mailboxes the worker's last pass ran while feeding another worker, or 0
     * (opaque; a hint). A feeder pushes a mailbox to the worker it feeds unless that one feeds
     * from as few mailboxes or fewer ({@link HandOffMoves#tryFeederPush}): the smaller side goes to the
     * larger, and two single feeders of each other (a ping-pong pair) do not swap.
     */
    int feederMailboxes() {
        return (int) VH_FEEDER.getOpaque(this);
    }

    /** Any thread: whether the worker's last duty cycle found no work (opaque; a hint). */
    boolean isIdle() {
        return (boolean) VH_IDLE.getOpaque(this);
    }

    /** Any thread: the current count (opaque). */
    long read() {
        return (long) VH_COUNT.getOpaque(this);
    }

    /**
     * Any thread (thieves): the last observation a thief recorded ({@link #observe}), 0 if none.
     * An observation packs the low {@value #OBSERVED_COUNT_BITS} bits of the count with the time in
     * microseconds (modulo 2^40, about 12 days), so a reader gets a count and its time together
     * without a lock; the count would have to advance by a multiple of 2^23 between two looks to be
     * mistaken for the same.
     */
    long stallObservation() {
        return (long) VH_STALL.getOpaque(this);
    }

    /** Any thread (thieves): records {@code count} as seen at {@code nanoTime} (opaque; the last writer wins). */
    void observe(long count, long nanoTime) {
        VH_STALL.setOpaque(this, (OBSERVED | count & OBSERVED_COUNT_MASK) << OBSERVED_TIME_BITS
                | nanoTime / 1_000 & OBSERVED_TIME_MASK);
    }

    /** Whether {@code observation} (not none) saw {@code count}. */
    static boolean observedCount(long observation, long count) {
        return observation >>> OBSERVED_TIME_BITS == (OBSERVED | count & OBSERVED_COUNT_MASK);
    }

    /**
     * Nanoseconds from {@code observation} to {@code nanoTime} (to the microsecond); 0 if the
     * observation is the later one (another thief recorded it after this one read the clock).
     */
    static long observedFor(long observation, long nanoTime) {
        final long micros = (nanoTime / 1_000 - (observation & OBSERVED_TIME_MASK)) & OBSERVED_TIME_MASK;
        return micros > OBSERVED_TIME_MASK / 2 ? 0 : micros * 1_000;
    }

    /** Whether {@code count} was read while its worker was inside a batch. */
    static boolean insideBatch(long count) {
        return (count & 1) != 0;
    }
}
