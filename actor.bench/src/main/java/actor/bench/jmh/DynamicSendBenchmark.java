package actor.bench.jmh;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.Message;
import actor.api.StatisticsMode;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Dynamic send: the cost of creating a new actor, creating a new message and sending it, from a
 * thread that is not a worker, on a running system with busy-spinning workers and statistics off.
 * Each actor receives its one message, counts it and returns {@link Allocation#DELETE}, so it
 * terminates and the executor lets go of it. The score is nanoseconds per create-and-send; the
 * expected allocation ({@code -prof gc}) is one actor and one message per operation and nothing
 * else.
 *
 * <p>The cost includes registration (the live-actor count's CAS and the round-robin ticket's atomic
 * increment on the sender; the actor's termination on the worker) as well as the send itself.
 *
 * <p><b>Bounding the mailboxes.</b> As in {@link StaticSendBenchmark}: one invocation creates and
 * sends {@link #BATCH} times, then spins until the actors have received all but the last
 * {@code BATCH} messages sent so far, so at most {@code 2 × BATCH} = {@link CopyQueue#DEFAULT_FLOOR}
 * messages (and as many live actors) are ever in flight. Tickets are handed out round-robin over all
 * mailboxes, so no copy queue ever grows past its floor; a producer left unbounded would instead
 * measure an ever longer queue and an ever larger heap of live actors. Several workers may run
 * different actors at once, so the actors count with an atomic add on one counter.
 *
 * <p>Run (after compiling with the JMH annotation processor into {@code /tmp/jmh-out}):
 * <pre>{@code
 * java -cp /tmp/jmh-out:$(cat /tmp/bench-cp.txt) org.openjdk.jmh.Main DynamicSendBenchmark -prof gc
 * }</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Threads(1)
@State(Scope.Benchmark)
public class DynamicSendBenchmark {

    /** Create-and-sends per invocation, and the slack left in flight after it. */
    static final int BATCH = CopyQueue.DEFAULT_FLOOR / 2;

    /** Worker threads. */
    @Param("1")
    public int workers;

    private ActorSystem system;
    private ReceiptCounter receipts;
    /** Messages sent so far; touched only by the one benchmark thread (plain). */
    private long sent;

    @Setup(Level.Trial)
    public void startSystem() {
        system = ActorSystem.start(ActorSystemConfig.builder()
                .name("jmh-dynamic-send")
                .workers(workers)
                .statistics(StatisticsMode.OFF)
                .busySpin()
                .build());
        receipts = new ReceiptCounter();
        sent = 0;
    }

    @TearDown(Level.Trial)
    public void stopSystem() {
        // NOTE: every actor deletes itself after its one message, so stop only waits for the last batch.
        system.stop();
    }

    /** Creates {@link #BATCH} actors, sends each a new message, then bounds what is in flight. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void createAndSend() {
        final ActorSystem target = system;
        final ReceiptCounter counter = receipts;
        for (int i = 0; i < BATCH; i++) {
            new OneShot(target, counter).send(new Note());
        }
        final long total = sent + BATCH;
        sent = total;
        counter.awaitAtLeast(total - BATCH, target);
    }

    /** A new message each time; its default status, NODELETE, leaves it to the garbage collector. */
    static final class Note extends Message {
    }

    /** Receives one message, counts it and deletes itself. */
    static final class OneShot extends Actor<Note> {
        private final ReceiptCounter receipts;

        OneShot(ActorSystem system, ReceiptCounter receipts) {
            super(system);
            this.receipts = receipts;
        }

        @Override
        protected Allocation receive(Note message) {
            receipts.incrementAtomic();
            return Allocation.DELETE;
        }
    }
}
