package actor.bench.jmh;

import actor.api.ActorSystemConfig;
import actor.steal.internal.WorkerQueueTable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The work-stealing slot swap, {@link WorkerQueueTable#trySwap}: a thief exchanges one slot of its
 * own slice with one slot of a victim's slice (two acquire loads, two CASes, one release store).
 *
 * <ul>
 * <li>{@link #uncontended}: one thief swaps its first slot with the victim's first slot, again and
 *     again; every swap succeeds.</li>
 * <li>{@link #contended}: two thieves, on two threads, each swap their own first slot with the
 *     <em>same</em> victim slot. A swap fails when the other thief holds the victim slot
 *     mid-swap (null) or changed it between the read and the CAS.</li>
 * </ul>
 *
 * <p>The table has one slice per thief plus the victim's, {@link ActorSystemConfig#DEFAULT_SHARDING_FACTOR}
 * slots each, as a system's table has; the slots used are a slice apart, so the thieves' own slots
 * do not share a cache line with each other or with the victim slot, and the only sharing measured
 * is the victim slot's. Each thread is the owner of its own slice, as {@code trySwap} requires: the
 * per-thread {@link Thief} state takes the next thief id from the table's counter. The score is
 * nanoseconds per attempt, per thread; the auxiliary counters {@code swapped} and {@code failed}
 * split the attempts by outcome (totals over the measurement iterations and threads).
 *
 * <p>Run (after compiling with the JMH annotation processor into {@code /tmp/jmh-out}):
 * <pre>{@code
 * java -cp /tmp/jmh-out:$(cat /tmp/bench-cp.txt) org.openjdk.jmh.Main SlotSwapBenchmark -prof gc
 * }</pre>
 * The contended case needs two free cores to mean anything.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Threads(1)
public class SlotSwapBenchmark {

    /** Thieves the table has slices for; the victim's slice comes after theirs. */
    static final int THIEVES = 2;
    /** Slots per slice. */
    static final int SLICE = ActorSystemConfig.DEFAULT_SHARDING_FACTOR;

    /** One swap attempt by a thief that is alone. */
    @Benchmark
    public boolean uncontended(Table table, Thief thief) {
        return thief.attempt(table.table);
    }

    /** One swap attempt by each of two thieves racing for the same victim slot. */
    @Benchmark
    @Threads(THIEVES)
    public boolean contended(Table table, Thief thief) {
        return thief.attempt(table.table);
    }

    /** The shared table, and the counter that hands out thief ids (one slice each). */
    @State(Scope.Benchmark)
    public static class Table {
        WorkerQueueTable<Object> table;
        /** Incremented once per benchmark thread, at its trial set-up. */
        final AtomicInteger nextThief = new AtomicInteger();

        @Setup(Level.Trial)
        public void build() {
            final Object[] queues = new Object[(THIEVES + 1) * SLICE];
            for (int i = 0; i < queues.length; i++) {
                queues[i] = new Object();
            }
            table = new WorkerQueueTable<>(queues, THIEVES + 1);
        }
    }

    /** One benchmark thread as the owner of one slice, with the outcomes of its attempts. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Thief {
        /** Attempts that exchanged the two slots (reset at each iteration). */
        public long swapped;
        /** Attempts that changed nothing (reset at each iteration). */
        public long failed;
        private static final WorkerQueueTable.Relocation<Object> ACCEPT = (stolen, thief, given, victim) -> true;
        private int ownSlot;
        private int victimSlot;

        @Setup(Level.Trial)
        public void claimSlice(Table shared) {
            final int id = shared.nextThief.getAndIncrement();
            if (id >= THIEVES) {
                throw new IllegalStateException("thief " + id + ": the table has slices for " + THIEVES
                        + " thieves; run with at most " + THIEVES + " threads");
            }
            ownSlot = shared.table.sliceStart(id);
            victimSlot = shared.table.sliceStart(THIEVES);
        }

        @Setup(Level.Iteration)
        public void resetCounts() {
            swapped = 0;
            failed = 0;
        }

        boolean attempt(WorkerQueueTable<Object> table) {
            final boolean done = table.trySwap(ownSlot, table.get(ownSlot), victimSlot, table.get(victimSlot), ACCEPT);
            if (done) {
                swapped++;
            } else {
                failed++;
            }
            return done;
        }
    }
}
