package actor.steal.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The null-locked slot swap: against a model when sequential, and under k threads swapping at once.
 * After either, the table is a permutation of the initial values, no slot is null, and every slice
 * keeps its size; a swap that fails changes nothing.
 */
class WorkerQueueTablePropertiesTest {

    /** A distinct value, as the executor's mailboxes are, with the owner a relocation records. */
    static final class Queue {
        final int id;
        /** Written by relocations only (plain: the swap holds both slots while it runs). */
        int owner;

        Queue(int id, int owner) {
            this.id = id;
            this.owner = owner;
        }

        @Override
        public String toString() {
            return "q" + id + "@" + owner;
        }
    }

    /** The executor's use of a relocation: each moved value records its new worker. */
    static final WorkerQueueTable.Relocation<Queue> RECORD_OWNERS = (stolen, thief, given, victim) -> {
        stolen.owner = thief;
        given.owner = victim;
        return true;
    };

    /** One swap request: thief worker, a slot offset in its slice, victim worker, an offset in its slice. */
    record Swap(int thief, int thiefOffset, int victim, int victimOffset) {
    }

    /** {@code m} values, each owned by the worker whose slice holds it at the start. */
    static Queue[] queues(int m, int workers) {
        final Queue[] values = new Queue[m];
        for (int i = 0; i < m; i++) {
            values[i] = new Queue(i, (int) ((((long) i + 1) * workers - 1) / m));
        }
        return values;
    }

    static boolean swap(WorkerQueueTable<Queue> table, int thiefSlot, int victimSlot,
                        WorkerQueueTable.Relocation<Queue> relocation) {
        return table.trySwap(thiefSlot, table.get(thiefSlot), victimSlot, table.get(victimSlot), relocation);
    }

    @Property(tries = 200)
    void slicesPartitionTheTableEvenly(@ForAll @IntRange(min = 1, max = 64) int workers,
                                       @ForAll @IntRange(min = 0, max = 300) int extra) {
        final int m = workers + extra;
        final WorkerQueueTable<Queue> table = new WorkerQueueTable<>(queues(m, workers), workers);
        int next = 0;
        for (int w = 0; w < workers; w++) {
            assertEquals(next, table.sliceStart(w));
            for (int slot = table.sliceStart(w); slot < table.sliceEnd(w); slot++) {
                assertEquals(w, table.workerOf(slot), "workerOf(" + slot + ")");
            }
            final int size = table.sliceEnd(w) - table.sliceStart(w);
            assertTrue(size == m / workers || size == m / workers + 1, "slice " + w + " has size " + size);
            next = table.sliceEnd(w);
        }
        assertEquals(m, next);
    }

    @Provide
    Arbitrary<List<Swap>> swaps() {
        final Arbitrary<Integer> any = Arbitraries.integers().between(0, 1_000);
        return Combinators.combine(any, any, any, any).as(Swap::new).list().ofMaxSize(200);
    }

    @Property(tries = 300)
    void sequentialSwapsBehaveLikeExchangingTwoArrayElements(@ForAll @IntRange(min = 2, max = 8) int workers,
                                                            @ForAll @IntRange(min = 1, max = 6) int perWorker,
                                                            @ForAll("swaps") List<Swap> swaps) {
        final int m = workers * perWorker;
        final Queue[] model = queues(m, workers);
        final WorkerQueueTable<Queue> table = new WorkerQueueTable<>(model.clone(), workers);
        for (Swap swap : swaps) {
            final int thief = swap.thief() % workers;
            int victim = swap.victim() % workers;
            if (victim == thief) {
                victim = (victim + 1) % workers;
            }
            final int thiefSlot = slot(table, thief, swap.thiefOffset());
            final int victimSlot = slot(table, victim, swap.victimOffset());
            assertTrue(swap(table, thiefSlot, victimSlot, RECORD_OWNERS), "an uncontended swap succeeds");
            final Queue tmp = model[thiefSlot];
            model[thiefSlot] = model[victimSlot];
            model[victimSlot] = tmp;
            assertArrayEquals(model, contents(table));
        }
        assertPermutationOfInitial(table, m);
    }

    @Property(tries = 100)
    void aDeclinedRelocationChangesNothing(@ForAll @IntRange(min = 2, max = 8) int workers,
                                           @ForAll @IntRange(min = 1, max = 6) int perWorker,
                                           @ForAll("swaps") List<Swap> swaps) {
        final int m = workers * perWorker;
        final WorkerQueueTable<Queue> table = new WorkerQueueTable<>(queues(m, workers), workers);
        final Object[] before = contents(table);
        for (Swap s : swaps) {
            final int thief = s.thief() % workers;
            final int victim = (thief + 1 + s.victim() % (workers - 1)) % workers;
            final int[] seen = new int[2];
            assertFalse(swap(table, slot(table, thief, s.thiefOffset()), slot(table, victim, s.victimOffset()),
                    (stolen, t, given, v) -> {
                        seen[0] = t;
                        seen[1] = v;
                        return false;
                    }));
            assertArrayEquals(new int[] {thief, victim}, seen, "the relocation is told the two workers");
        }
        assertArrayEquals(before, contents(table));
        assertPermutationOfInitial(table, m);
    }

    @Test
    void aSwapWhoseVictimSlotIsHeldByAnotherThiefFailsAndChangesNothing() throws Exception {
        final WorkerQueueTable<Queue> table = new WorkerQueueTable<>(queues(8, 2), 2);
        final Object[] before = contents(table);
        // Another thief owning slot 5 is between its first CAS (own slot -> null) and its write-back.
        final Object held = table.get(5);
        final Field slots = WorkerQueueTable.class.getDeclaredField("slots");
        slots.setAccessible(true);
        ((Object[]) slots.get(table))[5] = null;
        assertFalse(table.trySwap(0, table.get(0), 5, (Queue) held, RECORD_OWNERS));
        final Object[] after = contents(table);
        assertEquals(null, after[5]);
        after[5] = held;
        assertArrayEquals(before, after, "the failed swap changed no slot");
    }

    @Test
    void aSwapOfValuesThatAreNoLongerWhereTheThiefSawThemFailsAndChangesNothing() {
        final Queue[] initial = queues(8, 2);
        final WorkerQueueTable<Queue> table = new WorkerQueueTable<>(initial, 2);
        final Object[] before = contents(table);
        assertFalse(table.trySwap(0, initial[1], 5, initial[5], RECORD_OWNERS), "own value moved on");
        assertFalse(table.trySwap(0, initial[0], 5, initial[6], RECORD_OWNERS), "victim value moved on");
        assertArrayEquals(before, contents(table));
        assertOwnersMatchTable(table);
    }

    /** k threads, each the owner of one slice, swap at random with every other slice at once. */
    @Property(tries = 40)
    void concurrentSwapsKeepThePermutation(@ForAll @IntRange(min = 2, max = 6) int threads,
                                           @ForAll @IntRange(min = 1, max = 4) int perWorker,
                                           @ForAll long seed) throws Exception {
        final int m = threads * perWorker;
        final WorkerQueueTable<Queue> table = new WorkerQueueTable<>(queues(m, threads), threads);
        final CyclicBarrier start = new CyclicBarrier(threads);
        final AtomicLong successes = new AtomicLong();
        final AtomicLong failures = new AtomicLong();
        final List<Throwable> errors = new ArrayList<>();
        final SplittableRandom seeds = new SplittableRandom(seed);
        final List<Thread> all = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            final int thief = t;
            final SplittableRandom random = seeds.split();
            all.add(new Thread(() -> {
                try {
                    start.await();
                    for (int i = 0; i < 5_000; i++) {
                        int victim = random.nextInt(threads - 1);
                        if (victim >= thief) {
                            victim++;
                        }
                        final int mySlot = slot(table, thief, random.nextInt(perWorker));
                        if (swap(table, mySlot, slot(table, victim, random.nextInt(perWorker)), RECORD_OWNERS)) {
                            successes.incrementAndGet();
                        } else {
                            failures.incrementAndGet();
                        }
                    }
                } catch (Throwable e) {
                    synchronized (errors) {
                        errors.add(e);
                    }
                }
            }));
        }
        all.forEach(Thread::start);
        for (Thread thread : all) {
            // NOTE: jqwik properties have no timeout of their own; a hung swap fails here instead.
            thread.join(TimeUnit.SECONDS.toMillis(60));
            assertFalse(thread.isAlive(), "a thread is still swapping after 60 s");
        }
        assertEquals(List.of(), errors);
        assertEquals(threads * 5_000L, successes.get() + failures.get());
        assertTrue(successes.get() > 0, "some swaps succeed");
        assertPermutationOfInitial(table, m);
    }

    private static int slot(WorkerQueueTable<Queue> table, int worker, int offset) {
        final int start = table.sliceStart(worker);
        return start + offset % (table.sliceEnd(worker) - start);
    }

    private static Object[] contents(WorkerQueueTable<Queue> table) {
        final Object[] out = new Queue[table.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = table.get(i);
        }
        return out;
    }

    /** Every value's recorded owner is the worker whose slice holds it. */
    private static void assertOwnersMatchTable(WorkerQueueTable<Queue> table) {
        for (int slot = 0; slot < table.size(); slot++) {
            assertEquals(table.workerOf(slot), table.get(slot).owner, "owner of " + table.get(slot) + " in slot " + slot);
        }
    }

    private static void assertPermutationOfInitial(WorkerQueueTable<Queue> table, int m) {
        final Set<Integer> seen = new HashSet<>();
        for (int slot = 0; slot < m; slot++) {
            final Queue q = table.get(slot);
            assertNotNull(q, "slot " + slot + " is null at quiescence");
            assertTrue(seen.add(q.id), "queue " + q.id + " appears twice");
        }
        assertOwnersMatchTable(table);
        assertEquals(m, seen.size());
        int total = 0;
        for (int w = 0; w < table.workers(); w++) {
            total += table.sliceEnd(w) - table.sliceStart(w);
        }
        assertEquals(m, total, "slices still cover every slot: " + Arrays.toString(contents(table)));
    }
}
