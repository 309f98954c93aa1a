package actor.bench.jmh;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.Continuation;
import actor.api.PoisonPill;
import java.util.concurrent.CompletableFuture;
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
 * The cost of one await, beside a plain receipt: the benchmark thread sends batches of messages to
 * one actor (as {@link StaticSendBenchmark} does, at most two batches in flight); with
 * {@code awaits = true} each behaviour awaits a stage that is already complete (one preallocated
 * {@link CompletableFuture}) and the continuation counts the message, so every message costs a
 * suspension, the resumption's trip through the actor's mailbox and the continuation; with
 * {@code false} the behaviour counts it directly. {@code -prof gc} shows what an await allocates:
 * the stage's own {@code whenComplete} (the dependent future it returns) and nothing else, since the
 * actor's await state is made once and reused, and the continuation here captures nothing.
 *
 * <p>Run: {@code java -cp "actor.bench/target/actor.bench-0.1.0-SNAPSHOT.jar:actor.bench/target/bench-lib/*"
 * org.openjdk.jmh.Main AwaitBenchmark -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Threads(1)
@State(Scope.Benchmark)
public class AwaitBenchmark {

    static final int BATCH = 32;

    /** Whether each message is handled through an await. */
    @Param({"false", "true"})
    public boolean awaits;

    private ActorSystem system;
    private ReceiptCounter receipts;
    private Awaiter awaiter;
    private long sent;

    @Setup(Level.Trial)
    public void startSystem() {
        system = ActorSystem.start(ActorSystemConfig.builder().name("jmh-await").workers(1).busySpin().build());
        receipts = new ReceiptCounter();
        awaiter = new Awaiter(system, receipts, awaits);
        sent = 0;
    }

    @TearDown(Level.Trial)
    public void stopSystem() {
        awaiter.send(PoisonPill.FINISHED);
        system.stop();
    }

    /** Sends {@link #BATCH} messages, then waits until at most that many are in flight. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void message() {
        final Awaiter target = awaiter;
        for (int i = 0; i < BATCH; i++) {
            target.send(Boolean.TRUE);
        }
        final long total = sent + BATCH;
        sent = total;
        receipts.awaitAtLeast(total - BATCH, system);
    }

    /** Counts each message, directly or after awaiting a completed stage. */
    static final class Awaiter extends Actor<Boolean> {
        private final ReceiptCounter receipts;
        private final boolean awaits;
        private final CompletableFuture<Boolean> done = CompletableFuture.completedFuture(Boolean.TRUE);
        private final Continuation<Boolean> count;

        Awaiter(ActorSystem system, ReceiptCounter receipts, boolean awaits) {
            super(system);
            this.receipts = receipts;
            this.awaits = awaits;
            this.count = (value, failure) -> {
                receipts.incrementSingleWriter();
                return Allocation.NODELETE;
            };
        }

        @Override
        protected Allocation receive(Boolean message) {
            if (awaits) {
                return await(done, count);
            }
            receipts.incrementSingleWriter();
            return Allocation.NODELETE;
        }
    }
}
