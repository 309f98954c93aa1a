package actor.api;

import actor.api.tuning.IdleStrategy;
import actor.api.tuning.MailboxKind;
import actor.api.tuning.PlacementPolicy;
import actor.api.tuning.WorkerPinning;
import actor.stats.StatisticsReport;
import actor.steal.Topology;
import actor.steal.VictimSelector;
import actor.steal.VictimSelectors;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The immutable configuration of an actor system, made by {@link #builder()}. The builder fills
 * defaults and validates every value once, in {@link Builder#build()}; an invalid value fails with
 * an {@link IllegalArgumentException} naming the field and its allowed range.
 */
public final class ActorSystemConfig {

    /** Default mailboxes per worker. */
    public static final int DEFAULT_SHARDING_FACTOR = 16;
    /** Upper bound for {@link Builder#workers(int)}. */
    public static final int MAX_WORKERS = 1024;
    /** Upper bound for {@link Builder#shardingFactor(int)}. */
    public static final int MAX_SHARDING_FACTOR = 1 << 16;
    /** Upper bound for the number of mailboxes. */
    public static final int MAX_MAILBOXES = 1 << 20;
    /** Default idle time after which a worker sleeps until a message wakes it. */
    public static final Duration DEFAULT_SLEEP_AFTER = Duration.ofMillis(2);
    /** Default work-stealing victim selector, as in the reference system. */
    public static final String DEFAULT_VICTIM_SELECTOR = VictimSelectors.LONGEST_VICTIM;
    /**
     * Default mailbox kind: the spin-locked copy queue, which measured faster than the lock-free
     * MPSC queue whenever actors send to actors, and allocates nothing per send; the MPSC kind won
     * only with one outside thread outrunning the workers ({@code docs/lab/mailbox-kinds.md}).
     */
    public static final MailboxKind DEFAULT_MAILBOX_KIND = MailboxKind.COPY_QUEUE;
    /** Default quiet time after which {@link ActorSystem#close()} ends the live actors ({@link ActorError.ClosedQuietSystem}). */
    public static final Duration DEFAULT_CLOSE_WHEN_QUIET_FOR = Duration.ofSeconds(10);
    /** Default wait of a stop for live actors before it reports them ({@link ActorError.StopWaiting}). */
    public static final Duration DEFAULT_STOP_WARNING_AFTER = Duration.ofSeconds(5);
    /** Upper bound for {@link Builder#sleepAfter(Duration)}. */
    public static final Duration MAX_SLEEP_AFTER = Duration.ofHours(1);
    /**
     * Default bound on the spare carriers ({@link Builder#spareCarriers(int)}): as many as a
     * {@code ForkJoinPool} adds for blocked tasks by default (256 beyond its parallelism). They
     * are started only when behaviours block, and cost nothing before.
     */
    public static final int DEFAULT_SPARE_CARRIERS = 256;
    /** Upper bound for {@link Builder#spareCarriers(int)}. */
    public static final int MAX_SPARE_CARRIERS = 32_767;
    /**
     * Default back-off of an idle worker before it sleeps: 64 spins, then yields. It never parks:
     * a worker parked by its idle strategy is not announced as sleeping, so no sender can wake it,
     * and a message for it would wait out the park (on Linux even a 1 µs park lasts about 50 µs).
     * Parking is left to the wakeable sleep that starts after {@link #DEFAULT_SLEEP_AFTER}.
     */
    public static final Supplier<IdleStrategy> DEFAULT_IDLE_STRATEGY = () -> IdleStrategy.backoff(64);
    /**
     * Default bound of the pool behind {@link ActorSystem#blocking}: 64, as Kotlin's
     * {@code Dispatchers.IO}; the same order of magnitude as Pekko's blocking I/O dispatcher (16
     * threads) and a {@code ForkJoinPool}'s compensation for blocked workers (up to 256 spare
     * threads). Enough that a few slow calls do not hold up the others, few enough that a flood of
     * them queues instead of making a thread each.
     */
    public static final int DEFAULT_BLOCKING_THREADS = 64;
    /** Upper bound for {@link Builder#blockingThreads(int)}: a {@code ForkJoinPool}'s limit. */
    public static final int MAX_BLOCKING_THREADS = 32_767;
    /** How often the mailbox-length alarm checks the mailboxes, unless told otherwise ({@link Builder#mailboxAlarm(int)}). */
    public static final Duration DEFAULT_MAILBOX_ALARM_EVERY = Duration.ofSeconds(1);
    /** The shortest period of the mailbox-length alarm's check. */
    public static final Duration MIN_MAILBOX_ALARM_EVERY = Duration.ofMillis(10);

    private static final AtomicInteger SYSTEM_NUMBERS = new AtomicInteger();

    private final String name;
    private final int workers;
    private final int mailboxes;
    private final Supplier<? extends IdleStrategy> idleStrategy;
    private final Duration sleepAfter;
    private final ErrorHandler errorHandler;
    private final FailurePolicy failurePolicy;
    private final Checks checks;
    private final VictimSelector victimSelector;
    private final Topology topology;
    private final WorkerPinning pinning;
    private final StatisticsMode statistics;
    private final StatisticsReport statisticsReport;
    private final MailboxKind mailboxKind;
    private final PlacementPolicy placement;
    private final boolean strictSends;
    private final Duration stopWarningAfter;
    private final Duration closeWhenQuietFor;
    private final boolean daemon;
    private final int spareCarriers;
    private final int blockingThreads;
    private final ContextPropagator contextPropagator;
    private final int mailboxAlarm;
    private final Duration mailboxAlarmEvery;

    private ActorSystemConfig(Builder b, int workers, int mailboxes, VictimSelector victimSelector, Topology topology,
                              ContextPropagator contextPropagator) {
        this.name = b.name != null ? b.name : "actors-" + SYSTEM_NUMBERS.incrementAndGet();
        this.workers = workers;
        this.mailboxes = mailboxes;
        this.idleStrategy = b.idleStrategy;
        this.sleepAfter = b.sleepAfter;
        this.errorHandler = b.errorHandler;
        this.failurePolicy = b.failurePolicy;
        this.checks = b.checks;
        this.victimSelector = victimSelector;
        this.topology = topology;
        this.pinning = b.pinning;
        this.statisticsReport = b.statisticsReport;
        this.statistics = b.statisticsReport != null ? StatisticsMode.ON : b.statistics;
        this.mailboxKind = b.mailboxKind;
        this.placement = b.placement;
        this.strictSends = b.strictSends;
        this.stopWarningAfter = b.stopWarningAfter;
        this.closeWhenQuietFor = b.closeWhenQuietFor;
        this.daemon = b.daemon;
        this.spareCarriers = b.spareCarriers;
        this.blockingThreads = b.blockingThreads;
        this.contextPropagator = contextPropagator;
        this.mailboxAlarm = b.mailboxAlarm;
        this.mailboxAlarmEvery = b.mailboxAlarmEvery;
    }

    /** {@return a new builder holding every default} */
    public static Builder builder() {
        return new Builder();
    }

    /** {@return the system's name, used for worker thread names} */
    public String name() {
        return name;
    }

    /** {@return the number of worker threads (N)} */
    public int workers() {
        return workers;
    }

    /** {@return the number of mailbox queues (M >= N)} Each worker owns M/N of them (give or take one). */
    public int mailboxes() {
        return mailboxes;
    }

    /** {@return the factory of the idle strategies, one per worker, used between passes that found no work} */
    public Supplier<? extends IdleStrategy> idleStrategy() {
        return idleStrategy;
    }

    /**
     * {@return the idle time after which a worker sleeps until a send wakes it; empty when workers
     * never sleep (busy spinning)}
     */
    public Optional<Duration> sleepAfter() {
        return Optional.ofNullable(sleepAfter);
    }

    /** {@return where reported problems go} */
    public ErrorHandler errorHandler() {
        return errorHandler;
    }

    /** {@return what happens to an actor whose behaviour threw} */
    public FailurePolicy failurePolicy() {
        return failurePolicy;
    }

    /** {@return which safety checks run} */
    public Checks checks() {
        return checks;
    }

    /** {@return the selector that chooses whom an idle worker steals a mailbox from} */
    public VictimSelector victimSelector() {
        return victimSelector;
    }

    /**
     * {@return the machine the workers are placed on, worker {@code i} on the CPU at position
     * {@code i % topology().cpus()}; what locality-aware victim selectors steal along}
     */
    public Topology topology() {
        return topology;
    }

    /** {@return whether each worker thread is bound to its CPU of the {@link #topology()}} */
    public WorkerPinning pinning() {
        return pinning;
    }

    /** {@return whether statistics are counted} */
    public StatisticsMode statistics() {
        return statistics;
    }

    /** {@return which queue the mailboxes use} */
    public MailboxKind mailboxKind() {
        return mailboxKind;
    }

    /** {@return where new actors' mailboxes go} */
    public PlacementPolicy placement() {
        return placement;
    }

    /**
     * {@return whether a send to a terminated actor throws {@link ActorTerminatedException} (the
     * reference chapter's check) instead of going to dead letters ({@link ActorError.DeadLetter})}
     */
    public boolean strictSends() {
        return strictSends;
    }

    /** {@return how long a stop waits for live actors before it reports them ({@link ActorError.StopWaiting})} */
    public Duration stopWarningAfter() {
        return stopWarningAfter;
    }

    /**
     * {@return how long {@link ActorSystem#close()} lets a system with live actors stay quiet (no
     * behaviour runs, nothing queued) before it ends them}
     */
    public Duration closeWhenQuietFor() {
        return closeWhenQuietFor;
    }

    /** {@return whether the system lets the JVM exit while it runs (no keeper thread; see {@link Builder#daemon})} */
    public boolean daemon() {
        return daemon;
    }

    /**
     * {@return the most spare carriers at once: threads that run a worker's other mailboxes while
     * its own thread is blocked inside a behaviour (0: none, the worker's mailboxes wait)}
     */
    public int spareCarriers() {
        return spareCarriers;
    }

    /** {@return the most threads that run {@link ActorSystem#blocking} tasks at once} */
    public int blockingThreads() {
        return blockingThreads;
    }

    /**
     * {@return what carries a context (a trace) from each send to the behaviour that receives it;
     * empty when nothing does, which costs the sends nothing} See {@link ContextPropagator}.
     */
    public Optional<ContextPropagator> contextPropagator() {
        return Optional.ofNullable(contextPropagator);
    }

    /**
     * {@return the mailbox-length alarm's threshold: the queued messages of one mailbox at which the
     * system raises its alarm ({@link ActorError.MailboxAlarm}); 0 when the alarm is off}
     */
    public int mailboxAlarm() {
        return mailboxAlarm;
    }

    /** {@return how often the mailbox-length alarm checks the mailboxes (when it is on)} */
    public Duration mailboxAlarmEvery() {
        return mailboxAlarmEvery;
    }

    /** {@return where the final statistics are written at stop, if anywhere} */
    public Optional<StatisticsReport> statisticsReport() {
        return Optional.ofNullable(statisticsReport);
    }

    @Override
    public String toString() {
        return "ActorSystemConfig[name=" + name + ", workers=" + workers + ", mailboxes=" + mailboxes
                + ", mailboxKind=" + mailboxKind + ", placement=" + placement + ", victimSelector=" + victimSelector.name()
                + ", statistics=" + statistics + ", topology=" + topology + ", pinning=" + pinning
                + ", sleepAfter=" + (sleepAfter == null ? "never" : sleepAfter)
                + ", failurePolicy=" + describe(failurePolicy) + ", errorHandler=" + describe(errorHandler)
                + ", checks=" + checks + ", strictSends=" + strictSends
                + ", stopWarningAfter=" + stopWarningAfter + ", closeWhenQuietFor=" + closeWhenQuietFor
                + ", mailboxAlarm=" + (mailboxAlarm == 0 ? "off" : mailboxAlarm + " every " + mailboxAlarmEvery)
                + ", daemon=" + daemon + ", spareCarriers=" + spareCarriers + ", contextPropagator=" + (contextPropagator == null ? "none" : describe(contextPropagator))
                + ", blockingThreads=" + blockingThreads + "]";
    }

    /**
     * A builtin policy or handler by name; a user's by class, a lambda as the class that wrote it
     * ({@code "lambda in com.example.Bank"} rather than {@code Bank$$Lambda$47/0x...}).
     */
    static String describe(Object setting) {
        if (setting == ErrorHandler.logging()) {
            return "logging";
        }
        if (setting instanceof Enum<?> builtin) {
            return builtin.name();
        }
        final String type = setting.getClass().getName();
        final int lambda = type.indexOf("$$Lambda");
        return lambda >= 0 ? "lambda in " + type.substring(0, lambda) : type;
    }

    /** Collects settings; {@link #build()} validates them. Not thread-safe. */
    public static final class Builder {
        private String name;
        private int workers = Runtime.getRuntime().availableProcessors();
        private Integer shardingFactor;
        private Integer mailboxes;
        private Supplier<? extends IdleStrategy> idleStrategy = DEFAULT_IDLE_STRATEGY;
        private Duration sleepAfter = DEFAULT_SLEEP_AFTER;
        private ErrorHandler errorHandler = ErrorHandler.logging();
        private FailurePolicy failurePolicy = FailurePolicy.STOP;
        private Checks checks = Checks.STANDARD;
        private String victimSelectorName = DEFAULT_VICTIM_SELECTOR;
        private VictimSelector victimSelector;
        private Topology topology;
        private WorkerPinning pinning = WorkerPinning.NONE;
        private StatisticsMode statistics = StatisticsMode.OFF;
        private StatisticsReport statisticsReport;
        private MailboxKind mailboxKind = DEFAULT_MAILBOX_KIND;
        private PlacementPolicy placement = PlacementPolicy.NEAR_CREATOR;
        private boolean strictSends;
        private Duration stopWarningAfter = DEFAULT_STOP_WARNING_AFTER;
        private Duration closeWhenQuietFor = DEFAULT_CLOSE_WHEN_QUIET_FOR;
        private boolean daemon;
        private int spareCarriers = DEFAULT_SPARE_CARRIERS;
        private int blockingThreads = DEFAULT_BLOCKING_THREADS;
        private ContextPropagator contextPropagator;
        private boolean discoverContextPropagator = true;
        private int mailboxAlarm;
        private Duration mailboxAlarmEvery = DEFAULT_MAILBOX_ALARM_EVERY;

        private Builder() {
        }

        /**
         * Turns on the mailbox-length alarm, checked every {@link #DEFAULT_MAILBOX_ALARM_EVERY}:
         * see {@link #mailboxAlarm(int, Duration)}.
         *
         * @param threshold the queued messages of one mailbox that raise the alarm, at least 1; 0
         *                  turns the alarm off (the default); checked in {@link #build()}
         * @return this builder
         */
        public Builder mailboxAlarm(int threshold) {
            return mailboxAlarm(threshold, DEFAULT_MAILBOX_ALARM_EVERY);
        }

        /**
         * Turns on the mailbox-length alarm, for every actor: every {@code every}, the system's timer
         * thread reads how many messages each mailbox holds (without a lock, off every send's and
         * every worker's path), and a mailbox at or over {@code threshold} raises the alarm: an
         * {@link ActorError.MailboxAlarm} to the error handler naming the mailbox's actors, a Flight
         * Recorder event ({@code actor.MailboxAlarm}), and one more in the statistics' count
         * ({@link actor.stats.Health#mailboxAlarms()}). A mailbox raises it again only after it has
         * fallen below half the threshold. The statistics show the longest mailbox and each worker's
         * queued messages whether the alarm is on or not. Off by default.
         *
         * @param threshold the queued messages of one mailbox that raise the alarm, at least 1; 0
         *                  turns the alarm off; checked in {@link #build()}
         * @param every     how often to check, from {@link #MIN_MAILBOX_ALARM_EVERY} to
         *                  {@link #MAX_SLEEP_AFTER}; checked in {@link #build()}
         * @return this builder
         */
        public Builder mailboxAlarm(int threshold, Duration every) {
            this.mailboxAlarm = threshold;
            this.mailboxAlarmEvery = Objects.requireNonNull(every, "every");
            return this;
        }

        /**
         * How long a stop ({@link ActorSystem#stop()}, {@link ActorSystem#close()}, a long
         * {@link ActorSystem#stop(Duration)}) waits for live actors before it reports them to the
         * error handler ({@link ActorError.StopWaiting}: how many, grouped by class, with tickets);
         * it reports again at doubling intervals, at most a minute apart. Positive, at most
         * {@link #MAX_SLEEP_AFTER}; default {@link #DEFAULT_STOP_WARNING_AFTER}.
         *
         * @param stopWarningAfter the wait before the first report; checked in {@link #build()}
         * @return this builder
         */
        public Builder stopWarningAfter(Duration stopWarningAfter) {
            this.stopWarningAfter = Objects.requireNonNull(stopWarningAfter, "stopWarningAfter");
            return this;
        }

        /**
         * How long {@link ActorSystem#close()} waits while the system is quiet (no behaviour runs
         * and no message is queued: nothing is left that could terminate the live actors, unless a
         * thread outside sends to them) before it ends those actors with
         * {@link PoisonPill#FINISHED}, reporting them ({@link ActorError.ClosedQuietSystem}). This is
         * what lets an exception out of a try-with-resources block that threw before its actors
         * were told to finish, and ends forgotten actors. {@link ActorSystem#stop()} never does it.
         * Positive, at most {@link #MAX_SLEEP_AFTER}; default {@link #DEFAULT_CLOSE_WHEN_QUIET_FOR}.
         *
         * @param closeWhenQuietFor the quiet time; checked in {@link #build()}
         * @return this builder
         */
        public Builder closeWhenQuietFor(Duration closeWhenQuietFor) {
            this.closeWhenQuietFor = Objects.requireNonNull(closeWhenQuietFor, "closeWhenQuietFor");
            return this;
        }

        /**
         * Whether the system lets the JVM exit while it runs (default false). By default one
         * non-daemon thread ({@code <name>-keeper}) keeps the JVM alive from the start until the
         * system has ended: every worker has exited, or an {@link ActorSystem#abort()} has left
         * behind the workers stuck in a behaviour ({@link ActorError.WorkersStuck}). The worker
         * threads themselves are always daemon threads, so a worker left behind never keeps the JVM
         * alive. With {@code true} there is no such thread: once {@code main} and every other
         * non-daemon thread have ended the JVM exits, and a program that dies with an exception
         * before it stops its system exits instead of hanging, with whatever its actors had not
         * done lost.
         *
         * @param daemon true for a system that does not keep the JVM alive
         * @return this builder
         */
        public Builder daemon(boolean daemon) {
            this.daemon = daemon;
            return this;
        }

        /**
         * The most threads that run {@link ActorSystem#blocking} tasks at once, 1 to
         * {@link #MAX_BLOCKING_THREADS}; default {@link #DEFAULT_BLOCKING_THREADS}. The threads are
         * made on demand and retire after a minute idle; tasks beyond the bound wait in line.
         *
         * @param blockingThreads the bound of the blocking pool; checked in {@link #build()}
         * @return this builder
         */
        public Builder blockingThreads(int blockingThreads) {
            this.blockingThreads = blockingThreads;
            return this;
        }

        /**
         * What carries a context (a trace, a request id) from each send to the behaviour that
         * receives it ({@link ContextPropagator}). Default: the first propagator found with
         * {@link java.util.ServiceLoader} (such as {@code actor.otel}'s, when that module is on the
         * module path), else none.
         *
         * @param propagator the propagator, shared by every system started with this configuration
         * @return this builder
         */
        public Builder contextPropagator(ContextPropagator propagator) {
            this.contextPropagator = Objects.requireNonNull(propagator, "contextPropagator");
            this.discoverContextPropagator = false;
            return this;
        }

        /**
         * No context propagation, even when a {@link ContextPropagator} service is on the module
         * path: sends cost what they cost without one.
         *
         * @return this builder
         */
        public Builder withoutContextPropagator() {
            this.contextPropagator = null;
            this.discoverContextPropagator = false;
            return this;
        }

        /**
         * Whether a send to an actor that has terminated throws {@link ActorTerminatedException}
         * (true: the reference chapter's check, which fails the sender, and with the default
         * {@link FailurePolicy#STOP} stops a sending actor too) or goes to dead letters (false, the
         * default: counted by {@link ActorSystem#deadLetters()} and reported to the error handler
         * as an {@link ActorError.DeadLetter}; the sender carries on).
         *
         * @param strictSends true to throw, false for dead letters
         * @return this builder
         */
        public Builder strictSends(boolean strictSends) {
            this.strictSends = strictSends;
            return this;
        }

        /**
         * The system's name (default {@code actors-<n>}), used in worker thread names.
         *
         * @param name the name; also the {@code name} key of the statistics MBean
         * @return this builder
         */
        public Builder name(String name) {
            this.name = Objects.requireNonNull(name, "name");
            return this;
        }

        /**
         * Worker threads, 1 to {@link #MAX_WORKERS}; default: available processors.
         *
         * @param workers the number of worker threads (N); checked in {@link #build()}
         * @return this builder
         */
        public Builder workers(int workers) {
            this.workers = workers;
            return this;
        }

        /**
         * Mailboxes per worker, 1 to {@link #MAX_SHARDING_FACTOR}; default
         * {@link #DEFAULT_SHARDING_FACTOR}. Mutually exclusive with {@link #mailboxes(int)}.
         *
         * @param shardingFactor mailboxes per worker (M / N); checked in {@link #build()}
         * @return this builder
         */
        public Builder shardingFactor(int shardingFactor) {
            this.shardingFactor = shardingFactor;
            return this;
        }

        /**
         * Total mailboxes, from {@code workers} to {@link #MAX_MAILBOXES}; default workers ×
         * sharding factor. Mutually exclusive with {@link #shardingFactor(int)}.
         *
         * @param mailboxes the number of mailboxes (M); checked in {@link #build()}
         * @return this builder
         */
        public Builder mailboxes(int mailboxes) {
            this.mailboxes = mailboxes;
            return this;
        }

        /**
         * How an idle worker waits between passes over its mailboxes ({@link IdleStrategy}; one
         * instance per worker); default {@link #DEFAULT_IDLE_STRATEGY}.
         *
         * @param idleStrategy called once per worker for its own idle strategy
         * @return this builder
         */
        public Builder idleStrategy(Supplier<? extends IdleStrategy> idleStrategy) {
            this.idleStrategy = Objects.requireNonNull(idleStrategy, "idleStrategy");
            return this;
        }

        /**
         * Idle time after which a worker sleeps until a send wakes it, zero to
         * {@link #MAX_SLEEP_AFTER}; default {@link #DEFAULT_SLEEP_AFTER}.
         *
         * @param sleepAfter the idle time before a worker sleeps; checked in {@link #build()}
         * @return this builder
         */
        public Builder sleepAfter(Duration sleepAfter) {
            this.sleepAfter = Objects.requireNonNull(sleepAfter, "sleepAfter");
            return this;
        }

        /**
         * Lowest latency: idle workers busy-spin ({@link IdleStrategy#busySpin()}) and never sleep.
         * Each worker then uses a whole core even when there is nothing to do.
         *
         * @return this builder
         */
        public Builder busySpin() {
            this.idleStrategy = IdleStrategy::busySpin;
            this.sleepAfter = null;
            return this;
        }

        /**
         * Which queue the mailboxes use; default {@link #DEFAULT_MAILBOX_KIND}, the faster one as
         * measured ({@code docs/lab/mailbox-kinds.md}).
         *
         * @param mailboxKind the queue of every mailbox
         * @return this builder
         */
        public Builder mailboxKind(MailboxKind mailboxKind) {
            this.mailboxKind = Objects.requireNonNull(mailboxKind, "mailboxKind");
            return this;
        }

        /**
         * Where new actors' mailboxes go; default {@link PlacementPolicy#NEAR_CREATOR}.
         *
         * @param placement the policy
         * @return this builder
         */
        public Builder placement(PlacementPolicy placement) {
            this.placement = Objects.requireNonNull(placement, "placement");
            return this;
        }

        /**
         * Where reported problems go; default {@link ErrorHandler#logging()}.
         *
         * @param errorHandler the handler; called from several threads, so it must be thread-safe
         * @return this builder
         */
        public Builder errorHandler(ErrorHandler errorHandler) {
            this.errorHandler = Objects.requireNonNull(errorHandler, "errorHandler");
            return this;
        }

        /**
         * What happens to an actor whose behaviour threw; default {@link FailurePolicy#STOP}.
         *
         * @param failurePolicy the policy, called on the worker thread of the failed behaviour
         * @return this builder
         */
        public Builder failurePolicy(FailurePolicy failurePolicy) {
            this.failurePolicy = Objects.requireNonNull(failurePolicy, "failurePolicy");
            return this;
        }

        /**
         * Which safety checks run; default {@link Checks#STANDARD}.
         *
         * @param checks {@link Checks#DEBUG} for the extra checks
         * @return this builder
         */
        public Builder checks(Checks checks) {
            this.checks = Objects.requireNonNull(checks, "checks");
            return this;
        }

        /**
         * The work-stealing victim selector, by provider name: {@code none} (stealing off),
         * {@code random}, {@code longest-victim} (the default), {@code hierarchical} (nearest
         * workers first along the {@link #topology(Topology) topology}), or the name of any
         * {@code provides actor.steal.VictimSelector}. Checked in {@link #build()}.
         *
         * @param name the selector's {@link VictimSelector#name()}
         * @return this builder
         */
        public Builder victimSelector(String name) {
            this.victimSelectorName = Objects.requireNonNull(name, "victimSelector");
            this.victimSelector = null;
            return this;
        }

        /**
         * The work-stealing victim selector, as an instance. It must be thread-safe; it is shared by
         * every system started with this configuration.
         *
         * @param selector the selector, used by every worker of the system
         * @return this builder
         */
        public Builder victimSelector(VictimSelector selector) {
            this.victimSelector = Objects.requireNonNull(selector, "victimSelector");
            this.victimSelectorName = null;
            return this;
        }

        /**
         * The machine the workers are placed on, for locality-aware victim selectors (such as
         * {@code hierarchical}); default {@link Topology#detect()}, read from Linux's sysfs (flat
         * elsewhere). Set it when sysfs misdescribes the machine, or to try a selector on the shape
         * of another machine, e.g. {@code Topology.parse("sockets=2,coresPerL3=8")}.
         *
         * @param topology the machine
         * @return this builder
         */
        public Builder topology(Topology topology) {
            this.topology = Objects.requireNonNull(topology, "topology");
            return this;
        }

        /**
         * Whether each worker thread is bound to its CPU of the {@link #topology(Topology)
         * topology} (worker {@code i} to the CPU at position {@code i % cpus()}); default
         * {@link WorkerPinning#NONE}. {@link WorkerPinning#CPU} is Linux only and needs JNA at run
         * time; see there.
         *
         * @param pinning whether to pin
         * @return this builder
         */
        public Builder pinning(WorkerPinning pinning) {
            this.pinning = Objects.requireNonNull(pinning, "pinning");
            return this;
        }

        /**
         * Whether statistics are counted; default {@link StatisticsMode#OFF}.
         *
         * @param statistics {@link StatisticsMode#ON} to count them
         * @return this builder
         */
        public Builder statistics(StatisticsMode statistics) {
            this.statistics = Objects.requireNonNull(statistics, "statistics");
            return this;
        }

        /**
         * Writes the final statistics when the system stops, to a stream or a file, as text or
         * JSON. Turns statistics {@link StatisticsMode#ON}.
         *
         * @param report where and in which format, from {@link StatisticsReport#to}
         * @return this builder
         */
        public Builder statisticsReport(StatisticsReport report) {
            this.statisticsReport = Objects.requireNonNull(report, "statisticsReport");
            return this;
        }

        /**
         * The most spare carriers running at once, 0 to {@link #MAX_SPARE_CARRIERS}; default
         * {@link #DEFAULT_SPARE_CARRIERS}. When a worker's thread is blocked inside a behaviour
         * (waiting, sleeping, parked, or waiting for a monitor) and its other mailboxes hold
         * messages, a spare carrier (a thread started on first need, then kept) runs those
         * mailboxes until the blocked behaviour returns; each actor still runs one message at a
         * time, in order. With 0 a blocked behaviour holds its worker's other mailboxes until it
         * returns, unless an idle worker rescues them (stealing). Code that knows it blocks is
         * better off on {@code ActorSystem.blocking}.
         *
         * @param spareCarriers the bound; checked in {@link #build()}
         * @return this builder
         */
        public Builder spareCarriers(int spareCarriers) {
            this.spareCarriers = spareCarriers;
            return this;
        }

        /**
         * Validates the settings and makes the configuration.
         *
         * @return the configuration, which later changes to this builder do not affect
         * @throws IllegalArgumentException naming the first invalid field and its allowed range
         */
        public ActorSystemConfig build() {
            requireRange("workers", workers, 1, MAX_WORKERS);
            final int resolvedMailboxes;
            if (mailboxes != null) {
                if (shardingFactor != null) {
                    throw new IllegalArgumentException(
                            "set either mailboxes or shardingFactor, not both (mailboxes = workers × shardingFactor)");
                }
                requireRange("mailboxes", mailboxes, workers, MAX_MAILBOXES);
                resolvedMailboxes = mailboxes;
            } else {
                final int factor = shardingFactor != null ? shardingFactor : DEFAULT_SHARDING_FACTOR;
                requireRange("shardingFactor", factor, 1, MAX_SHARDING_FACTOR);
                final long total = (long) workers * factor;
                if (total > MAX_MAILBOXES) {
                    throw new IllegalArgumentException("mailboxes = workers × shardingFactor = " + total
                            + ": must be in [" + workers + ", " + MAX_MAILBOXES + "]");
                }
                resolvedMailboxes = (int) total;
            }
            if (sleepAfter != null && (sleepAfter.isNegative() || sleepAfter.compareTo(MAX_SLEEP_AFTER) > 0)) {
                throw new IllegalArgumentException(
                        "sleepAfter = " + sleepAfter + ": must be in [PT0S, " + MAX_SLEEP_AFTER + "]");
            }
            requireRange("spareCarriers", spareCarriers, 0, MAX_SPARE_CARRIERS);
            requirePositive("stopWarningAfter", stopWarningAfter);
            requirePositive("closeWhenQuietFor", closeWhenQuietFor);
            requireRange("blockingThreads", blockingThreads, 1, MAX_BLOCKING_THREADS);
            requireRange("mailboxAlarm", mailboxAlarm, 0, Integer.MAX_VALUE);
            if (mailboxAlarmEvery.compareTo(MIN_MAILBOX_ALARM_EVERY) < 0 || mailboxAlarmEvery.compareTo(MAX_SLEEP_AFTER) > 0) {
                throw new IllegalArgumentException("mailboxAlarm's every = " + mailboxAlarmEvery + ": must be in ["
                        + MIN_MAILBOX_ALARM_EVERY + ", " + MAX_SLEEP_AFTER + "]");
            }
            final VictimSelector selector =
                    victimSelector != null ? victimSelector : VictimSelectors.byName(victimSelectorName);
            return new ActorSystemConfig(this, workers, resolvedMailboxes, selector,
                    topology != null ? topology : Topology.detect(),
                    discoverContextPropagator ? DiscoveredPropagator.FOUND : contextPropagator);
        }

        private static void requirePositive(String field, Duration value) {
            if (value.isNegative() || value.isZero() || value.compareTo(MAX_SLEEP_AFTER) > 0) {
                throw new IllegalArgumentException(field + " = " + value + ": must be in (PT0S, " + MAX_SLEEP_AFTER + "]");
            }
        }

        private static void requireRange(String field, int value, int min, int max) {
            if (value < min || value > max) {
                throw new IllegalArgumentException(
                        field + " = " + value + ": must be in [" + min + ", " + max + "]");
            }
        }
    }

    /** The first {@link ContextPropagator} service, looked up once, on the first configuration built; null if none. */
    private static final class DiscoveredPropagator {
        static final ContextPropagator FOUND =
                ServiceLoader.load(ContextPropagator.class).findFirst().orElse(null);
    }
}
