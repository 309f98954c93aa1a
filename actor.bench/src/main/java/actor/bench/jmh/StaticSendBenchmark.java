package actor.bench.jmh;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.MailboxBound;
import actor.api.tuning.MailboxKind;
import actor.api.Message;
import actor.api.PoisonPill;
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
 * Static send: the cost of {@code actor.send(message)} from a thread that is not a worker, to one
 * actor, with one preallocated message, on a running system whose workers busy-spin (so no send
 * ever pays for a wake-up). The receiving behaviour only counts the message and returns
 * {@link Allocation#NODELETE}. The score is nanoseconds per send; with statistics {@code OFF} the
 * send path must allocate nothing ({@code -prof gc}: {@code gc.alloc.rate.norm} about 0 B/op in
 * {@link #send()}).
 *
 * <p><b>Bounding the mailbox.</b> A producer that outruns the worker would grow the mailbox's copy
 * queue without bound and measure the allocation of an ever larger array, not a steady state. So
 * one invocation sends a batch of messages and then spins until the actor has received all but the
 * last batch sent so far: at most two batches are ever in flight. Waiting for <em>all</em> sent
 * messages instead would add the worker's whole round trip (its last gulp, and the counter's cache
 * line coming back) to every batch with the producer idle meanwhile; one batch of slack keeps the
 * producer and the worker both busy, so the score is the steady-state cost per send of the slower
 * of the two (normally the producer, which takes the mailbox lock). The wait reads one counter per
 * batch, on its own cache line ({@link ReceiptCounter}), so its cost is spread over the batch.
 *
 * <ul>
 * <li>{@link #send()}: batches of {@link #SHALLOW_BATCH}, so at most
 *     {@link CopyQueue#DEFAULT_FLOOR} messages are queued and the copy queues never leave their
 *     initial array: the send path alone.</li>
 * <li>{@link #sendDeep()}: batches of {@link #DEEP_BATCH}, up to 128 messages queued. Gulp sizes
 *     then vary (up to 128), the copy queues grow past their floor, and the queue's reclamation
 *     rule shrinks and regrows them: this variant shows that cost ({@code CopyQueue.grow} in the
 *     send, under the mailbox lock, and {@code CopyQueue.reclaim} in the worker's drain), which
 *     {@link CopyQueueBenchmark#burstAfterEachWindow} reproduces single-threaded.</li>
 * </ul>
 *
 * <p>The two statistics modes differ on the send path by one branch and, with statistics on, a
 * single-writer increment of the sending thread's own counter cell. A send's cost depends heavily
 * on cache-line transfers between the sender and the worker polling the same mailbox (the lock
 * word, the copy queue's tail), so a few nanoseconds more per send can change how often those
 * transfers happen, and a fork can settle in a slower mode; compare the modes over several forks
 * ({@code -f 3}), not one.
 *
 * <p>{@link #bound}: 0 (the default) for an unbounded receiver, else a receiver with
 * {@code MailboxBound.refuse(bound)}, large enough never to be reached ({@code -p bound=1048576}):
 * what the bounded path costs a send that finds room (a CAS to reserve, the stand-in's detour on
 * the worker, an atomic decrement). Each value runs in its own fork, so an unbounded run never
 * runs the bounded code and its type profiles see unbounded actors only.
 *
 * <p>Run (after compiling with the JMH annotation processor into {@code /tmp/jmh-out}):
 * <pre>{@code
 * java -cp /tmp/jmh-out:$(cat /tmp/bench-cp.txt) org.openjdk.jmh.Main StaticSendBenchmark -prof gc
 * java -cp ... org.openjdk.jmh.Main 'StaticSendBenchmark.send$' -p statistics=OFF,ON -f 3
 * }</pre>
 * The machine needs a free core per worker plus one for the sender: a busy-spinning worker that
 * shares a core with the sender (or with any other busy process) turns each batch into a wait of
 * a scheduler time slice, and the score into milliseconds per batch.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Threads(1)
@State(Scope.Benchmark)
public class StaticSendBenchmark {

    /**
     * Sends per invocation of {@link #send()}, and the slack it leaves in flight: at most
     * {@code 2 × SHALLOW_BATCH} = {@link CopyQueue#DEFAULT_FLOOR} messages are ever queued, so the
     * mailbox's copy queue never grows beyond its initial array.
     */
    static final int SHALLOW_BATCH = CopyQueue.DEFAULT_FLOOR / 2;
    /**
     * Sends per invocation of {@link #sendDeep()}, and its slack: up to {@code 2 × DEEP_BATCH}
     * messages queued, so the copy queues grow past their floor and their reclamation comes into play.
     */
    static final int DEEP_BATCH = 64;

    /** Worker threads. */
    @Param("1")
    public int workers;

    /** Whether the system counts statistics. */
    @Param({"OFF", "ON"})
    public StatisticsMode statistics;

    /**
     * The mailbox kind; {@code -p mailboxKind=MPSC} measures the lock-free kind, whose sends each
     * allocate one envelope ({@code gc.alloc.rate.norm}).
     */
    @Param("COPY_QUEUE")
    public MailboxKind mailboxKind;

    /** 0: an unbounded receiver; else its {@code MailboxBound.refuse} capacity. */
    @Param("0")
    public int bound;

    private ActorSystem system;
    private ReceiptCounter receipts;
    private Receiver receiver;
    private Ping ping;
    /** Messages sent so far; touched only by the one benchmark thread (plain). */
    private long sent;

    @Setup(Level.Trial)
    public void startSystem() {
        system = ActorSystem.start(ActorSystemConfig.builder()
                .name("jmh-static-send")
                .workers(workers)
                .statistics(statistics)
                .mailboxKind(mailboxKind)
                .busySpin()
                .build());
        receipts = new ReceiptCounter();
        receiver = bound == 0 ? new Receiver(system, receipts) : new Receiver(system, receipts, MailboxBound.refuse(bound));
        ping = new Ping();
        sent = 0;
    }

    @TearDown(Level.Trial)
    public void stopSystem() {
        receiver.send(PoisonPill.FINISHED);
        system.stop();
    }

    /** Sends {@link #SHALLOW_BATCH} messages, then waits until at most that many are in flight. */
    @Benchmark
    @OperationsPerInvocation(SHALLOW_BATCH)
    public void send() {
        sendBatch(SHALLOW_BATCH);
    }

    /** Sends {@link #DEEP_BATCH} messages, then waits until at most that many are in flight. */
    @Benchmark
    @OperationsPerInvocation(DEEP_BATCH)
    public void sendDeep() {
        sendBatch(DEEP_BATCH);
    }

    private void sendBatch(int batch) {
        final Receiver target = receiver;
        final Ping message = ping;
        for (int i = 0; i < batch; i++) {
            target.send(message);
        }
        final long total = sent + batch;
        sent = total;
        receipts.awaitAtLeast(total - batch, system);
    }

    /** The one message, sent again and again; it keeps its default status, NODELETE. */
    static final class Ping extends Message {
    }

    /** Counts each message and keeps receiving. */
    static final class Receiver extends Actor<Ping> {
        private final ReceiptCounter receipts;

        Receiver(ActorSystem system, ReceiptCounter receipts) {
            super(system);
            this.receipts = receipts;
        }

        Receiver(ActorSystem system, ReceiptCounter receipts, MailboxBound bound) {
            super(system, bound);
            this.receipts = receipts;
        }

        @Override
        protected Allocation receive(Ping message) {
            receipts.incrementSingleWriter();
            return Allocation.NODELETE;
        }
    }
}
