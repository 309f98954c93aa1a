package actor.bench.jmh;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.Cancellable;
import actor.api.PoisonPill;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Scheduled sends, through the public API only ({@link ActorSystem#scheduleOnce},
 * {@link ActorSystem#schedulePeriodic}, {@link Cancellable#cancel}), so the same benchmark measures
 * any implementation of the timers:
 *
 * <ul>
 * <li>{@link #lateness}: {@code actors} actors, each with a timer of {@code delayMillis}, their
 *     first deadlines spread evenly over one delay. {@code ONCE_CHAIN}: each fire's behaviour
 *     schedules the next one ({@code scheduleOnce} from a worker); {@code PERIODIC}: one
 *     {@code schedulePeriodic} per actor, made from outside. Each receipt records its lateness, the
 *     time the behaviour starts minus the deadline (so it includes the send and the mailbox), in a
 *     {@link LatenessHistogram} (10 µs buckets). The primary score is only the sampling period;
 *     read the secondary ones: {@code p50Micros}, {@code p99Micros}, {@code maxMicros} and
 *     {@code firesPerSecond}, each over the iteration. JMH sums
 *     {@code EVENTS} counters over iterations (and forks), so this benchmark measures one iteration
 *     of 5 s per fork: keep {@code -i 1 -f 1} and repeat runs for a spread. With one actor the workers sleep
 *     between fires (a wake-up's lateness); with 1,000 at 5 ms they receive 200,000 fires a second.</li>
 * <li>{@link #scheduleCancelOutside}: {@code scheduleOnce} (one second ahead) and {@code cancel()}
 *     from the benchmark thread, the pattern of an ask's timeout; never fires.</li>
 * <li>{@link #scheduleCancelInBehaviour}: the same from a behaviour, {@link #SCHEDULES_PER_MESSAGE}
 *     per message; the benchmark thread sends the messages (at most two in flight).</li>
 * <li>{@link #selfSendLoop}: what pending timers cost the hot path: a chain of
 *     {@link #LOOP_LENGTH} self-sends ({@code SELF_SEND}) or a ping-pong pair ({@code PING_PONG}) on
 *     one worker, with {@code pendingTimers} scheduled an hour ahead (from outside) or none.</li>
 * </ul>
 *
 * <p>Run: {@code java -cp "actor.bench/target/actor.bench-0.1.0-SNAPSHOT.jar:actor.bench/target/bench-lib/*"
 * org.openjdk.jmh.Main TimerBenchmark}; the idle wake-ups of a system with one timer pending:
 * {@code java -cp ... actor.bench.jmh.TimerBenchmark\$IdleWakeups 10}.
 */
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Threads(1)
public class TimerBenchmark {

    /** Schedule-and-cancels per message in {@link #scheduleCancelInBehaviour}. */
    static final int SCHEDULES_PER_MESSAGE = 64;
    /** Messages per invocation of {@link #selfSendLoop}. */
    static final int LOOP_LENGTH = 1024;
    /** Schedule-and-cancels that warm the scheduling path before the lateness timers start. */
    static final int WARM_SCHEDULES = 1_000;
    /** How long {@link #lateness} sleeps between two looks at the histogram. */
    static final long SAMPLE_MILLIS = 100;

    /** The timer pattern of {@link #lateness}. */
    public enum Pattern {
        /** Each fire schedules the next one from its behaviour. */
        ONCE_CHAIN,
        /** One periodic schedule per actor, made from outside. */
        PERIODIC
    }

    /** The message loop of {@link #selfSendLoop}. */
    public enum Loop {
        /** One actor sending to itself. */
        SELF_SEND,
        /** Two actors sending to each other. */
        PING_PONG
    }

    // ---------------------------------------------------------------------------------- lateness

    /** The actors and their histogram. */
    @State(Scope.Benchmark)
    public static class LatenessState {
        @Param("2")
        public int workers;
        @Param({"1", "1000"})
        public int actors;
        @Param("5")
        public int delayMillis;
        @Param({"ONCE_CHAIN", "PERIODIC"})
        public Pattern pattern;

        ActorSystem system;
        final LatenessHistogram histogram = new LatenessHistogram();
        private final List<Ticker> tickers = new ArrayList<>();

        @Setup(Level.Trial)
        public void start() {
            system = ActorSystem.start(ActorSystemConfig.builder().name("jmh-timer-lateness").workers(workers).build());
            final long delayNanos = TimeUnit.MILLISECONDS.toNanos(delayMillis);
            // NOTE: the first schedule of a system is slow (the send's lambda is bootstrapped, a timer
            // thread may start), and a periodic deadline read before it would stay that far ahead of
            // the real one (10-20 ms here): warm the path first.
            final Sink warm = new Sink(system);
            for (int i = 0; i < WARM_SCHEDULES; i++) {
                system.scheduleOnce(Duration.ofHours(1), warm.ref(), Boolean.TRUE).cancel();
            }
            warm.send(PoisonPill.FINISHED);
            // NOTE: periodic deadlines are fixed in advance; the margin keeps every initial delay positive.
            final long start = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(20);
            for (int i = 0; i < actors; i++) {
                final long firstDelayNanos = delayNanos * i / actors;
                final Ticker ticker = new Ticker(system, histogram, pattern, delayNanos);
                tickers.add(ticker);
                // NOTE: plain writes before the schedule; the timer's queue and the send publish them.
                ticker.expectedAt = System.nanoTime() + firstDelayNanos;
                if (pattern == Pattern.ONCE_CHAIN) {
                    system.scheduleOnce(Duration.ofNanos(firstDelayNanos), ticker.ref(), Boolean.TRUE);
                } else {
                    ticker.expectedAt = start + firstDelayNanos;
                    ticker.timer = system.schedulePeriodic(Duration.ofNanos(Math.max(0, ticker.expectedAt - System.nanoTime())),
                            Duration.ofNanos(delayNanos), ticker.ref(), Boolean.TRUE);
                }
            }
        }

        @Setup(Level.Iteration)
        public void reset() {
            histogram.reset();
        }

        @TearDown(Level.Trial)
        public void stop() {
            for (Ticker ticker : tickers) {
                if (ticker.timer != null) {
                    ticker.timer.cancel();
                }
                ticker.send(PoisonPill.FINISHED);
            }
            system.stop();
        }
    }

    /** The lateness of the current iteration, read as JMH secondary results. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Lateness {
        public long p50Micros;
        public long p99Micros;
        public long maxMicros;
        public long firesPerSecond;
    }

    /**
     * Sleeps {@link #SAMPLE_MILLIS} while the timers fire, then copies the iteration's histogram
     * into the secondary results (the last invocation of an iteration leaves the iteration's).
     */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    @Warmup(iterations = 1, time = 3)
    @Measurement(iterations = 1, time = 5)
    public void lateness(LatenessState state, Lateness out) throws InterruptedException {
        Thread.sleep(SAMPLE_MILLIS);
        final LatenessHistogram h = state.histogram;
        out.p50Micros = h.percentileMicros(0.50);
        out.p99Micros = h.percentileMicros(0.99);
        out.maxMicros = h.maxMicros();
        out.firesPerSecond = h.count() * 1_000_000_000L / Math.max(1, System.nanoTime() - h.resetAt());
    }

    /** One timer's receiver: records each fire's lateness and, in a chain, schedules the next. */
    static final class Ticker extends Actor<Boolean> {
        private final LatenessHistogram histogram;
        private final Pattern pattern;
        private final long delayNanos;
        /** The deadline of the next fire; the behaviour's after the first schedule (see its NOTE). */
        long expectedAt;
        /** The periodic schedule, else null: set and read by the benchmark thread. */
        Cancellable timer;

        Ticker(ActorSystem system, LatenessHistogram histogram, Pattern pattern, long delayNanos) {
            super(system);
            this.histogram = histogram;
            this.pattern = pattern;
            this.delayNanos = delayNanos;
        }

        @Override
        protected Allocation receive(Boolean tick) {
            final long now = System.nanoTime();
            histogram.record(now - expectedAt);
            if (pattern == Pattern.ONCE_CHAIN) {
                expectedAt = now + delayNanos;
                system().scheduleOnce(Duration.ofNanos(delayNanos), ref(), Boolean.TRUE);
            } else {
                expectedAt += delayNanos;
            }
            return Allocation.NODELETE;
        }
    }

    /**
     * Latenesses in buckets of {@link #BUCKET_NANOS} up to {@link #BUCKETS} of them (the last one
     * holds everything later), and the exact maximum; recorded by the workers (atomic adds),
     * summarised by the benchmark thread. A {@link #reset()} racing with a record may keep or lose
     * that one record.
     */
    static final class LatenessHistogram {
        static final long BUCKET_NANOS = 10_000;
        static final int BUCKETS = 20_000;
        private final AtomicLongArray counts = new AtomicLongArray(BUCKETS);
        private final AtomicLong maxNanos = new AtomicLong();
        /** When {@link #reset()} last ran; the benchmark thread's. */
        private long resetAtNanos = System.nanoTime();

        /** One lateness; a negative one (a fire before its deadline) counts as zero. */
        void record(long latenessNanos) {
            final long nanos = Math.max(0, latenessNanos);
            counts.getAndIncrement((int) Math.min(BUCKETS - 1, nanos / BUCKET_NANOS));
            if (nanos > maxNanos.get()) {
                maxNanos.accumulateAndGet(nanos, Math::max);
            }
        }

        void reset() {
            for (int i = 0; i < BUCKETS; i++) {
                counts.set(i, 0);
            }
            maxNanos.set(0);
            resetAtNanos = System.nanoTime();
        }

        long resetAt() {
            return resetAtNanos;
        }

        long count() {
            long n = 0;
            for (int i = 0; i < BUCKETS; i++) {
                n += counts.get(i);
            }
            return n;
        }

        /**
         * The upper edge, in microseconds, of the bucket holding the {@code q}-quantile (the
         * smallest bucket at which the cumulative count reaches {@code ceil(q * count)}); 0 if empty.
         */
        long percentileMicros(double q) {
            final long n = count();
            if (n == 0) {
                return 0;
            }
            final long rank = Math.max(1, (long) Math.ceil(q * n));
            long seen = 0;
            for (int i = 0; i < BUCKETS; i++) {
                seen += counts.get(i);
                if (seen >= rank) {
                    return (i + 1) * BUCKET_NANOS / 1_000;
                }
            }
            return BUCKETS * BUCKET_NANOS / 1_000;
        }

        long maxMicros() {
            return maxNanos.get() / 1_000;
        }
    }

    // ------------------------------------------------------------------------------- throughput

    /** A system with one scheduling actor and one target that never receives (every schedule is cancelled). */
    @State(Scope.Benchmark)
    public static class ScheduleState {
        @Param("2")
        public int workers;

        ActorSystem system;
        Sink sink;
        Scheduler scheduler;
        ReceiptCounter receipts;
        long sent;

        @Setup(Level.Trial)
        public void start() {
            system = ActorSystem.start(ActorSystemConfig.builder().name("jmh-timer-schedule").workers(workers).build());
            sink = new Sink(system);
            receipts = new ReceiptCounter();
            scheduler = new Scheduler(system, sink, receipts);
            sent = 0;
        }

        @TearDown(Level.Trial)
        public void stop() {
            sink.send(PoisonPill.FINISHED);
            scheduler.send(PoisonPill.FINISHED);
            system.stop();
        }
    }

    /** {@code scheduleOnce} a second ahead and {@code cancel()}, from the benchmark thread. */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public boolean scheduleCancelOutside(ScheduleState state) {
        return state.system.scheduleOnce(Duration.ofSeconds(1), state.sink.ref(), Boolean.TRUE).cancel();
    }

    /** {@link #SCHEDULES_PER_MESSAGE} schedule-and-cancels in one behaviour; at most two messages in flight. */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    @OperationsPerInvocation(SCHEDULES_PER_MESSAGE)
    public void scheduleCancelInBehaviour(ScheduleState state) {
        state.scheduler.send(Boolean.TRUE);
        final long total = ++state.sent;
        state.receipts.awaitAtLeast(total - 1, state.system);
    }

    /** Receives nothing: every schedule to it is cancelled. */
    static final class Sink extends Actor<Boolean> {
        Sink(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Boolean message) {
            return Allocation.NODELETE;
        }
    }

    /** Schedules and cancels {@link #SCHEDULES_PER_MESSAGE} sends to the sink per message. */
    static final class Scheduler extends Actor<Boolean> {
        private final Sink sink;
        private final ReceiptCounter receipts;

        Scheduler(ActorSystem system, Sink sink, ReceiptCounter receipts) {
            super(system);
            this.sink = sink;
            this.receipts = receipts;
        }

        @Override
        protected Allocation receive(Boolean message) {
            final ActorSystem system = system();
            final Duration delay = Duration.ofSeconds(1);
            for (int i = 0; i < SCHEDULES_PER_MESSAGE; i++) {
                system.scheduleOnce(delay, sink.ref(), Boolean.TRUE).cancel();
            }
            receipts.incrementSingleWriter();
            return Allocation.NODELETE;
        }
    }

    // --------------------------------------------------------------------------------- hot path

    /** One worker running a message loop, beside {@code pendingTimers} timers an hour ahead. */
    @State(Scope.Benchmark)
    public static class LoopState {
        @Param({"0", "1000"})
        public int pendingTimers;
        @Param({"SELF_SEND", "PING_PONG"})
        public Loop loop;

        ActorSystem system;
        ReceiptCounter receipts;
        Looper first;
        Looper second;
        Sink sink;
        long sent;
        private final List<Cancellable> pending = new ArrayList<>();

        @Setup(Level.Trial)
        public void start() {
            system = ActorSystem.start(ActorSystemConfig.builder().name("jmh-timer-loop").workers(1).build());
            receipts = new ReceiptCounter();
            first = new Looper(system, receipts);
            second = loop == Loop.PING_PONG ? new Looper(system, receipts) : first;
            first.peer = second;
            second.peer = first;
            sink = new Sink(system);
            for (int i = 0; i < pendingTimers; i++) {
                pending.add(system.scheduleOnce(Duration.ofHours(1), sink.ref(), Boolean.TRUE));
            }
            sent = 0;
        }

        @TearDown(Level.Trial)
        public void stop() {
            for (Cancellable timer : pending) {
                timer.cancel();
            }
            first.send(PoisonPill.FINISHED);
            if (second != first) {
                second.send(PoisonPill.FINISHED);
            }
            sink.send(PoisonPill.FINISHED);
            system.stop();
        }
    }

    /**
     * Starts a loop of {@link #LOOP_LENGTH} messages and waits until the previous loop has ended (at
     * most two loops in flight); the score is the time per message.
     */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    @OperationsPerInvocation(LOOP_LENGTH)
    public void selfSendLoop(LoopState state) {
        state.first.send(LOOP_LENGTH - 1);
        final long total = ++state.sent;
        state.receipts.awaitAtLeast(total - 1, state.system);
    }

    /** Passes a countdown to its peer (itself, or the other of a pair) and counts its end. */
    static final class Looper extends Actor<Integer> {
        private final ReceiptCounter receipts;
        /** Set before the first message; published by that send. */
        Looper peer;

        Looper(ActorSystem system, ReceiptCounter receipts) {
            super(system);
            this.receipts = receipts;
        }

        @Override
        protected Allocation receive(Integer left) {
            if (left == 0) {
                receipts.incrementAtomic();
            } else {
                peer.send(left - 1);
            }
            return Allocation.NODELETE;
        }
    }

    // ------------------------------------------------------------------------------ idle wake-ups

    /**
     * Not a JMH benchmark: how often an idle system wakes its threads. Starts a system of two
     * workers, lets it settle, then for {@code seconds} (argument; default 10) counts the context
     * switches ({@code /proc/self/task/<tid>/status}, voluntary and not) of each of its threads with
     * no timer pending, then again with one timer pending a minute ahead. Linux only.
     */
    public static final class IdleWakeups {
        private IdleWakeups() {
        }

        public static void main(String[] args) throws Exception {
            final long seconds = args.length > 0 ? Long.parseLong(args[0]) : 10;
            final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("idle").workers(2).build());
            final Sink sink = new Sink(system);
            // NOTE: a first timer far away starts the timer thread, if the implementation has one,
            // before the run with none pending.
            system.scheduleOnce(Duration.ofMillis(1), sink.ref(), Boolean.TRUE);
            Thread.sleep(1_000);
            report("no timer pending", seconds);
            final Cancellable timer = system.scheduleOnce(Duration.ofMinutes(1), sink.ref(), Boolean.TRUE);
            Thread.sleep(1_000);
            report("1 timer pending 60 s ahead", seconds);
            timer.cancel();
            sink.send(PoisonPill.FINISHED);
            system.stop();
        }

        private static void report(String what, long seconds) throws Exception {
            final Map<String, Long> before = switches();
            Thread.sleep(TimeUnit.SECONDS.toMillis(seconds));
            final Map<String, Long> after = switches();
            long total = 0;
            final StringBuilder line = new StringBuilder();
            for (Map.Entry<String, Long> e : after.entrySet()) {
                final long d = e.getValue() - before.getOrDefault(e.getKey(), 0L);
                if (e.getKey().startsWith("idle")) {
                    total += d;
                    line.append(String.format("  %s=%.1f/s", e.getKey().replaceAll(" #\\d+$", ""), d / (double) seconds));
                }
            }
            System.out.printf("%-28s system threads: %.1f switches/s%s%n", what, total / (double) seconds, line);
        }

        /** Context switches so far per thread, keyed by {@code name #tid}. */
        private static Map<String, Long> switches() throws IOException {
            final Map<String, Long> byThread = new TreeMap<>();
            try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
                for (Path task : (Iterable<Path>) tasks::iterator) {
                    try {
                        final String name = Files.readString(task.resolve("comm")).trim();
                        long n = 0;
                        for (String line : Files.readAllLines(task.resolve("status"))) {
                            if (line.startsWith("voluntary_ctxt_switches:") || line.startsWith("nonvoluntary_ctxt_switches:")) {
                                n += Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                            }
                        }
                        byThread.put(name + " #" + task.getFileName(), n);
                    } catch (IOException gone) {
                        // NOTE: a thread that ended between the listing and the read has nothing to count.
                    }
                }
            }
            return byThread;
        }
    }
}
