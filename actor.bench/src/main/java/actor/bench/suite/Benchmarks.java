package actor.bench.suite;

import actor.bench.pekko.PekkoAsk;
import actor.bench.pekko.PekkoBig;
import actor.bench.pekko.PekkoBroker;
import actor.bench.pekko.PekkoCounting;
import actor.bench.pekko.PekkoDynamicSend;
import actor.bench.pekko.PekkoDynamicSendExternal;
import actor.bench.pekko.PekkoExecutor;
import actor.bench.pekko.PekkoForkJoinCreate;
import actor.bench.pekko.PekkoForkJoinThroughput;
import actor.bench.pekko.PekkoIoBound;
import actor.bench.pekko.PekkoLogisticMap;
import actor.bench.pekko.PekkoMatrix;
import actor.bench.pekko.PekkoPhilosopher;
import actor.bench.pekko.PekkoPingPong;
import actor.bench.pekko.PekkoRemote;
import actor.bench.pekko.PekkoRepeat;
import actor.bench.pekko.PekkoRequestReply;
import actor.bench.pekko.PekkoRescue;
import actor.bench.pekko.PekkoSpawn;
import actor.bench.pekko.PekkoStaticSend;
import actor.bench.pekko.PekkoStaticSendExternal;
import actor.bench.pekko.PekkoThreadRing;
import actor.bench.toolkit.Ask;
import actor.bench.toolkit.Balance;
import actor.bench.toolkit.Big;
import actor.bench.toolkit.Broker;
import actor.bench.toolkit.Counting;
import actor.bench.toolkit.DynamicSend;
import actor.bench.toolkit.DynamicSendExternal;
import actor.bench.toolkit.Executor;
import actor.bench.toolkit.Footprint;
import actor.bench.toolkit.ForkJoinCreate;
import actor.bench.toolkit.ForkJoinThroughput;
import actor.bench.toolkit.IoBound;
import actor.bench.toolkit.LogisticMap;
import actor.bench.toolkit.Matrix;
import actor.bench.toolkit.NQueens;
import actor.bench.toolkit.Philosopher;
import actor.bench.toolkit.PingPong;
import actor.bench.toolkit.Remote;
import actor.bench.toolkit.Repeat;
import actor.bench.toolkit.RequestReply;
import actor.bench.toolkit.Rescue;
import actor.bench.toolkit.Spawn;
import actor.bench.toolkit.StaticSend;
import actor.bench.toolkit.StaticSendExternal;
import actor.bench.toolkit.ThreadRing;
import actor.bench.toolkit.Trapezoid;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Supplier;

/** Every benchmark of the suite: its name, its workload on each system, and the variants it runs with. */
public enum Benchmarks {
    STATIC_SEND("static-send", StaticSend::new, PekkoStaticSend::new, false, true),
    DYNAMIC_SEND("dynamic-send", DynamicSend::new, PekkoDynamicSend::new, false, true),
    STATIC_SEND_EXTERNAL("static-send-external", StaticSendExternal::new, PekkoStaticSendExternal::new, false, true),
    DYNAMIC_SEND_EXTERNAL("dynamic-send-external", DynamicSendExternal::new, PekkoDynamicSendExternal::new, false, true),
    EXECUTOR("executor", Executor::new, PekkoExecutor::new, true, true),
    REPEAT("repeat", Repeat::new, PekkoRepeat::new, true, false),
    MATRIX("matrix", Matrix::new, PekkoMatrix::new, true, false),
    BALANCE_ONE("balance-one", Balance::one, null, true, false, Warmups.STEALING_MILLIS),
    BALANCE_MULTI("balance-multi", Balance::multi, null, true, false, Warmups.STEALING_MILLIS),
    PING_PONG("ping-pong", PingPong::anyWorkers, PekkoPingPong::anyWorkers, false, true),
    PING_PONG_CROSS("ping-pong-cross", PingPong::crossWorker, PekkoPingPong::crossWorker, false, true, true),
    REQUEST_REPLY("request-reply", RequestReply::new, PekkoRequestReply::new, false, true, true),
    THREAD_RING("thread-ring", ThreadRing::new, PekkoThreadRing::new, false, false),
    COUNTING("counting", Counting::new, PekkoCounting::new, false, true),
    FORK_JOIN_CREATE("fork-join-create", ForkJoinCreate::new, PekkoForkJoinCreate::new, false, false),
    FORK_JOIN_THROUGHPUT("fork-join-throughput", ForkJoinThroughput::new, PekkoForkJoinThroughput::new, false, false),
    BIG("big", Big::new, PekkoBig::new, false, false),
    BROKER("broker", Broker::new, PekkoBroker::new, false, false),
    PHILOSOPHER("philosopher", Philosopher::new, PekkoPhilosopher::new, false, false),
    SPAWN("spawn", Spawn::new, PekkoSpawn::new, false, false),
    FOOTPRINT("footprint", Footprint::new, null, false, false),
    RESCUE("rescue", Rescue::new, PekkoRescue::new, true, false),
    ASK("ask", Ask::new, PekkoAsk::new, false, false),
    LOGMAP("logmap", LogisticMap::handWritten, PekkoLogisticMap::new, false, false),
    LOGMAP_ASK("logmap-ask", LogisticMap::asking, null, false, false),
    IO_BLOCK("io-block", IoBound::blocking, PekkoIoBound::blocking, WorkerSweeps.IO),
    IO_AWAIT("io-await", IoBound::awaiting, PekkoIoBound::pipeToSelf, true, WorkerSweeps.IO),
    IO_AWAIT_MANY("io-await-many", IoBound::awaitingMany, PekkoIoBound::pipeToSelfMany, true, WorkerSweeps.IO,
            Warmups.PIPE_TO_SELF_MANY_MILLIS),
    NQUEENS("nqueens", NQueens::new, null, true, false),
    TRAPEZOID("trapezoid", Trapezoid::new, null, true, false, false, WorkerSweeps.SCALING),
    REMOTE_PING_PONG("remote-ping-pong", Remote::pingPong, PekkoRemote::pingPong, false, false),
    REMOTE_THROUGHPUT("remote-throughput", Remote::throughput, PekkoRemote::throughput, false, false);

    /** Worker counts rows sweep, beside the suite's own. */
    private static final class WorkerSweeps {
        /**
         * The I/O-bound rows: throughput as workers grow past the cores (the project's machine has
         * 2): one worker, one per core, and four per core.
         */
        static final List<Integer> IO = List.of(1, 2, 8);
        /**
         * A row with parallelism to spare (trapezoid: independent pieces of work, no conversation)
         * also runs on one worker, so each run shows that a second worker pays (issue 30: on
         * conversation-bound rows such as big and executor it does not, on either system).
         */
        static final List<Integer> SCALING = List.of(1, 2);
    }

    /** Least warm-up times of rows that need longer than the suite's {@code --warmup-ms} ({@link #warmupMillis}). */
    private static final class Warmups {
        /**
         * {@code io-await-many}: Pekko's {@code pipeToSelf} with 2,000 actors settles only after
         * about 3 s of the workload. At 2 workers its iterations took 24-27 ms after a 1 s warm-up
         * and 18-19 ms after 3 s or 6 s (three JVMs each), while actorkit's took about 13 ms after
         * any of them: a 1 s warm-up showed a lead of about 1.9x where the settled one is about
         * 1.4x. Twenty other rows, tried with 3 s, showed no lead that a 1 s warm-up inflated
         * (docs/lab/benchmarks-notebook.md).
         */
        static final long PIPE_TO_SELF_MANY_MILLIS = 3_000;
        /**
         * {@code balance-one} and {@code balance-multi}: a stealing variant's iterations settle
         * only after 2-3 s of the workload, while {@code none}, which never steals, settles after
         * its first iteration. With 20 units of work a message, a stealing JVM's iterations took
         * 400-465 ms first, then 180-290 ms for about 2 s, then 177-192 ms; C2 made 13
         * compilations of the toolkit's methods between 1 s and 2.5 s into such a run, against 3
         * for {@code none}. A 1 s warm-up left unsettled iterations in the measured window: JVM
         * medians of 184-298 ms, where a 3 s warm-up gave 177-215 (docs/lab/benchmarks-notebook.md).
         */
        static final long STEALING_MILLIS = 3_000;
    }

    /** The toolkit under test. */
    public static final String ACTORKIT = "actorkit";
    /** The peer: Apache Pekko typed actors. */
    public static final String PEKKO = "pekko";
    /** Stealing strategies compared where stealing matters. */
    public static final List<String> STEALING_VARIANTS = List.of("none", "random", "longest-victim", "hierarchical");
    /** The actorkit variant used elsewhere: the default selector. */
    public static final String DEFAULT_VARIANT = "longest-victim";
    /** The copy-queue mailbox kind (the default) with the default selector: the same system as {@link #DEFAULT_VARIANT}. */
    public static final String COPY_QUEUE_VARIANT = "copy-queue";
    /** The MPSC mailbox kind with the default selector. */
    public static final String MPSC_VARIANT = "mpsc";
    /** Mailbox kinds compared where the send path matters. */
    public static final List<String> KIND_VARIANTS = List.of(COPY_QUEUE_VARIANT, MPSC_VARIANT);
    /** Where both stealing and the mailbox kind matter: every selector, and the MPSC kind. */
    private static final List<String> STEALING_WITH_MPSC_VARIANTS =
            List.of(STEALING_VARIANTS.get(0), STEALING_VARIANTS.get(1), STEALING_VARIANTS.get(2), STEALING_VARIANTS.get(3),
                    MPSC_VARIANT);
    /**
     * Where the workload places its actors on different workers: both kinds, which may pull a
     * conversation onto one worker, and no stealing, which keeps every actor where it was placed,
     * so each message crosses workers.
     */
    private static final List<String> PINNED_AND_KIND_VARIANTS =
            List.of(STEALING_VARIANTS.get(0), COPY_QUEUE_VARIANT, MPSC_VARIANT);
    /**
     * Pekko's variant on every row: its typed actors with their defaults (on the remote rows, Artery
     * with its defaults).
     */
    public static final String PEKKO_VARIANT = "typed";
    /**
     * Pekko's second variant on the remote rows: Artery tuned for low latency on few cores, as Pekko's
     * documentation recommends ({@code idle-cpu-level = 1}, one inbound lane, a remote dispatcher
     * of less than half the cores; {@link actor.bench.pekko.PekkoRemote#TUNED}).
     */
    public static final String ARTERY_TUNED_VARIANT = "artery-tuned";
    /** Pekko's variants on the remote rows: Artery with its defaults, then tuned. */
    public static final List<String> PEKKO_REMOTE_VARIANTS = List.of(PEKKO_VARIANT, ARTERY_TUNED_VARIANT);

    private final String id;
    private final Supplier<Workload> toolkit;
    private final Supplier<Workload> pekko;
    private final boolean stealingMatters;
    private final boolean kindMatters;
    private final boolean crossWorker;
    private final List<Integer> workerSweep;
    private final long leastWarmupMillis;

    Benchmarks(String id, Supplier<Workload> toolkit, Supplier<Workload> pekko, boolean stealingMatters,
               boolean kindMatters) {
        this(id, toolkit, pekko, stealingMatters, kindMatters, false);
    }

    Benchmarks(String id, Supplier<Workload> toolkit, Supplier<Workload> pekko, boolean stealingMatters,
               boolean kindMatters, boolean crossWorker) {
        this(id, toolkit, pekko, stealingMatters, kindMatters, crossWorker, List.of());
    }

    /** The same, whose runs warm up for at least {@code leastWarmupMillis} ({@link #warmupMillis}). */
    Benchmarks(String id, Supplier<Workload> toolkit, Supplier<Workload> pekko, boolean stealingMatters,
               boolean kindMatters, long leastWarmupMillis) {
        this(id, toolkit, pekko, stealingMatters, kindMatters, false, List.of(), leastWarmupMillis);
    }

    /** A row that runs at each of {@code workerSweep}'s worker counts, with the default variant. */
    Benchmarks(String id, Supplier<Workload> toolkit, Supplier<Workload> pekko, List<Integer> workerSweep) {
        this(id, toolkit, pekko, false, false, false, workerSweep);
    }

    /**
     * A row that runs at each of {@code workerSweep}'s worker counts, with both mailbox kinds if
     * {@code kindMatters}, else the default variant.
     */
    Benchmarks(String id, Supplier<Workload> toolkit, Supplier<Workload> pekko, boolean kindMatters,
               List<Integer> workerSweep) {
        this(id, toolkit, pekko, kindMatters, workerSweep, 0);
    }

    /** The same, whose runs warm up for at least {@code leastWarmupMillis} ({@link #warmupMillis}). */
    Benchmarks(String id, Supplier<Workload> toolkit, Supplier<Workload> pekko, boolean kindMatters,
               List<Integer> workerSweep, long leastWarmupMillis) {
        this(id, toolkit, pekko, false, kindMatters, false, workerSweep, leastWarmupMillis);
    }

    private Benchmarks(String id, Supplier<Workload> toolkit, Supplier<Workload> pekko, boolean stealingMatters,
                       boolean kindMatters, boolean crossWorker, List<Integer> workerSweep) {
        this(id, toolkit, pekko, stealingMatters, kindMatters, crossWorker, workerSweep, 0);
    }

    private Benchmarks(String id, Supplier<Workload> toolkit, Supplier<Workload> pekko, boolean stealingMatters,
                       boolean kindMatters, boolean crossWorker, List<Integer> workerSweep, long leastWarmupMillis) {
        this.leastWarmupMillis = leastWarmupMillis;
        this.id = id;
        this.toolkit = toolkit;
        this.pekko = pekko;
        this.stealingMatters = stealingMatters;
        this.kindMatters = kindMatters;
        this.crossWorker = crossWorker;
        this.workerSweep = workerSweep;
    }

    /** The name used on the command line and in results. */
    public String id() {
        return id;
    }

    /** Whether Pekko runs this benchmark too. */
    public boolean hasPeer() {
        return pekko != null;
    }

    /** Whether this is a remote row (two JVMs on loopback), on which Pekko runs Artery both ways. */
    public boolean isRemote() {
        return this == REMOTE_PING_PONG || this == REMOTE_THROUGHPUT;
    }

    /**
     * The variants {@code system} runs this benchmark with. For actorkit a variant names a victim
     * selector (copy-queue mailboxes) or a mailbox kind (default selector): where stealing matters
     * every {@link #STEALING_VARIANTS stealing variant}, where the mailbox kind matters both
     * {@link #KIND_VARIANTS kinds} (with stealing, {@value #MPSC_VARIANT} beside the stealing
     * variants: compare it with {@value #DEFAULT_VARIANT}), otherwise the default. A workload that
     * places its actors on different workers also runs without stealing, where they stay there.
     * Pekko runs {@value #PEKKO_VARIANT}, and the remote rows also {@value #ARTERY_TUNED_VARIANT}.
     */
    public List<String> variants(String system) {
        if (PEKKO.equals(system)) {
            if (!hasPeer()) {
                return List.of();
            }
            return isRemote() ? PEKKO_REMOTE_VARIANTS : List.of(PEKKO_VARIANT);
        }
        if (stealingMatters) {
            if (kindMatters) {
                return STEALING_WITH_MPSC_VARIANTS;
            }
            return STEALING_VARIANTS;
        }
        if (crossWorker) {
            return PINNED_AND_KIND_VARIANTS;
        }
        return kindMatters ? KIND_VARIANTS : List.of(DEFAULT_VARIANT);
    }

    /**
     * How long this benchmark's runs warm up at least, given the suite's {@code --warmup-ms}
     * {@code requested}: a row whose systems need longer to settle ({@code io-await-many}) raises
     * it to its own least time; 0 (no warm-up time) stays 0.
     */
    public long warmupMillis(long requested) {
        return requested == 0 ? 0 : Math.max(requested, leastWarmupMillis);
    }

    /** Whether this benchmark runs at worker counts of its own besides the suite's. */
    public boolean sweepsWorkers() {
        return !workerSweep.isEmpty();
    }

    /**
     * The worker counts this benchmark runs with, ascending, each on both systems (actorkit's
     * workers, Pekko's default-dispatcher parallelism): {@code suiteWorkers} ({@code ./bench
     * --workers}, by default the available processors), and for a benchmark that
     * {@linkplain #sweepsWorkers sweeps} also each count of its sweep.
     */
    public List<Integer> workerCounts(int suiteWorkers) {
        final TreeSet<Integer> counts = new TreeSet<>(workerSweep);
        counts.add(suiteWorkers);
        return List.copyOf(counts);
    }

    /** The benchmark called {@code id}. */
    public static Optional<Benchmarks> byId(String id) {
        return Arrays.stream(values()).filter(b -> b.id.equals(id)).findFirst();
    }

    /** Every id, in suite order. */
    public static List<String> ids() {
        return Arrays.stream(values()).map(Benchmarks::id).toList();
    }

    /** A new workload for {@code system}. */
    public Workload workload(String system) {
        final Supplier<Workload> make = PEKKO.equals(system) ? pekko : toolkit;
        if (make == null) {
            throw new IllegalArgumentException(id + " does not run on " + system);
        }
        return make.get();
    }
}
