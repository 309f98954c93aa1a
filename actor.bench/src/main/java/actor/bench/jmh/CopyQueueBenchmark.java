package actor.bench.jmh;

import actor.executor.internal.CopyQueue;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The copy queue on its own, single-threaded: what a send's push and a worker's gulp cost per
 * envelope, without the mailbox lock or any other thread.
 *
 * <ul>
 * <li>{@link #pushThenDrain}: pushes {@code batch} envelopes, then {@link CopyQueue#drainTo} a sink
 *     that does nothing (the worker's batch loop without the behaviours).</li>
 * <li>{@link #pushThenPop}: pushes {@code batch} envelopes, then takes them out one by one with
 *     {@code headActor}, {@code headMessage} and {@code pop} (the path the executor uses to empty
 *     mailboxes at stop).</li>
 * <li>{@link #burstAfterEachWindow}: not a hot path but a reproducer of the reclamation rule at
 *     work: drains of {@code batch / 4} envelopes with one drain of {@code batch} every
 *     {@link CopyQueue#RECLAIM_WINDOW} + 1 drains, so some reclamation windows hold no burst.</li>
 * </ul>
 *
 * <p>All report nanoseconds per envelope (one push and one removal), through
 * {@code @OperationsPerInvocation}. For the first two the queue is grown to {@code batch} in the
 * trial set-up and every drain has the same size, so the reclamation rule keeps the capacity where
 * it is: their steady state must allocate nothing ({@code -prof gc}: about 0 B/op). The third
 * allocates whenever {@code batch} exceeds the floor: a window of drains below half the capacity
 * shrinks the array, and the next burst grows it again (in the executor that growth happens in a
 * send, under the mailbox lock).
 *
 * <p>Run (after compiling with the JMH annotation processor into {@code /tmp/jmh-out}):
 * <pre>{@code
 * java -cp /tmp/jmh-out:$(cat /tmp/bench-cp.txt) org.openjdk.jmh.Main CopyQueueBenchmark -prof gc
 * }</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class CopyQueueBenchmark {

    /** Envelopes per invocation of the first two benchmarks; every {@link #batch} must divide it. */
    static final int MAX_BATCH = 1024;

    /** Envelopes pushed before each drain or run of pops. */
    @Param({"16", "1024"})
    public int batch;

    private CopyQueue queue;
    private Object actor;
    private Object message;
    private IgnoringSink sink;
    private int rounds;

    @Setup(Level.Trial)
    public void fillOnce() {
        if (batch < 4 || MAX_BATCH % batch != 0) {
            throw new IllegalArgumentException("batch = " + batch + ": must be at least 4 and divide " + MAX_BATCH);
        }
        rounds = MAX_BATCH / batch;
        queue = new CopyQueue();
        actor = new Object();
        message = new Object();
        sink = new IgnoringSink();
        // Grow the array to its steady-state size before measuring; later drains keep it.
        for (int i = 0; i < batch; i++) {
            queue.push(actor, message);
        }
        queue.drainTo(sink);
    }

    /** Push a batch, drain it to a sink that ignores it; {@code MAX_BATCH} envelopes per call. */
    @Benchmark
    @OperationsPerInvocation(MAX_BATCH)
    public int pushThenDrain() {
        final CopyQueue q = queue;
        final Object a = actor;
        final Object m = message;
        final IgnoringSink s = sink;
        final int n = batch;
        int drained = 0;
        for (int r = rounds; r > 0; r--) {
            for (int i = 0; i < n; i++) {
                q.push(a, m);
            }
            drained += q.drainTo(s);
        }
        return drained;
    }

    /** Push a batch, pop it envelope by envelope; {@code MAX_BATCH} envelopes per call. */
    @Benchmark
    @OperationsPerInvocation(MAX_BATCH)
    public void pushThenPop(Blackhole blackhole) {
        final CopyQueue q = queue;
        final Object a = actor;
        final Object m = message;
        final int n = batch;
        for (int r = rounds; r > 0; r--) {
            for (int i = 0; i < n; i++) {
                q.push(a, m);
            }
            while (!q.isEmpty()) {
                blackhole.consume(q.headActor());
                blackhole.consume(q.headMessage());
                q.pop();
            }
        }
    }

    /**
     * {@code MAX_BATCH / batch} periods of one drain of {@code batch} envelopes followed by
     * {@code RECLAIM_WINDOW} drains of {@code batch / 4}: {@code 3 × MAX_BATCH} envelopes per call.
     */
    @Benchmark
    @OperationsPerInvocation(3 * MAX_BATCH)
    public int burstAfterEachWindow() {
        final CopyQueue q = queue;
        final Object a = actor;
        final Object m = message;
        final IgnoringSink s = sink;
        final int burst = batch;
        final int small = batch / 4;
        int drained = 0;
        for (int r = rounds; r > 0; r--) {
            for (int i = 0; i < burst; i++) {
                q.push(a, m);
            }
            drained += q.drainTo(s);
            for (int d = 0; d < CopyQueue.RECLAIM_WINDOW; d++) {
                for (int i = 0; i < small; i++) {
                    q.push(a, m);
                }
                drained += q.drainTo(s);
            }
        }
        return drained;
    }

    /** The cheapest possible consumer: a worker with no behaviour to run. */
    static final class IgnoringSink implements CopyQueue.EnvelopeSink {
        @Override
        public void accept(Object actor, Object message) {
        }
    }
}
