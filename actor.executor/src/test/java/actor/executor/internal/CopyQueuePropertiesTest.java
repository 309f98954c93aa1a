package actor.executor.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * The copy queue against a model ({@link ArrayDeque} of envelopes), over random sequences of
 * pushes, single pops and gulps (drains), including bursts that force growth and quiet stretches
 * that trigger reclamation.
 */
class CopyQueuePropertiesTest {

    /** One step of a random run. */
    record Op(Kind kind, int count) {
        enum Kind { PUSH, POP, GULP }
    }

    /** An envelope as the model sees it. */
    record Envelope(Object actor, Object message) {
    }

    @Provide
    Arbitrary<List<Op>> runs() {
        final Arbitrary<Op> push = Arbitraries.integers().between(1, 300).map(n -> new Op(Op.Kind.PUSH, n));
        final Arbitrary<Op> pop = Arbitraries.integers().between(1, 20).map(n -> new Op(Op.Kind.POP, n));
        final Arbitrary<Op> gulp = Arbitraries.just(new Op(Op.Kind.GULP, 0));
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(5, push), net.jqwik.api.Tuple.of(2, pop), net.jqwik.api.Tuple.of(4, gulp))
                .list().ofMinSize(1).ofMaxSize(80);
    }

    @Property(tries = 300)
    void behavesLikeAFifoOfEnvelopes(@ForAll("runs") List<Op> run, @ForAll @IntRange(min = 1, max = 32) int floor) {
        final CopyQueue queue = new CopyQueue(floor);
        final ArrayDeque<Envelope> model = new ArrayDeque<>();
        int serial = 0;
        for (Op op : run) {
            switch (op.kind()) {
                case PUSH -> {
                    for (int i = 0; i < op.count(); i++) {
                        final Envelope e = new Envelope("actor-" + serial, "message-" + serial);
                        serial++;
                        queue.push(e.actor(), e.message());
                        model.addLast(e);
                    }
                }
                case POP -> {
                    for (int i = 0; i < op.count() && !model.isEmpty(); i++) {
                        final Envelope expected = model.removeFirst();
                        assertSame(expected.actor(), queue.headActor());
                        assertSame(expected.message(), queue.headMessage());
                        queue.pop();
                    }
                }
                case GULP -> {
                    final List<Envelope> drained = new ArrayList<>();
                    final int n = queue.drainTo((a, m) -> drained.add(new Envelope(a, m)));
                    final List<Envelope> expected = new ArrayList<>(model);
                    model.clear();
                    assertEquals(expected.size(), n);
                    assertEquals(expected.size(), drained.size());
                    for (int i = 0; i < expected.size(); i++) {
                        assertSame(expected.get(i).actor(), drained.get(i).actor());
                        assertSame(expected.get(i).message(), drained.get(i).message());
                    }
                }
            }
            assertEquals(model.size(), queue.size());
            assertEquals(model.isEmpty(), queue.isEmpty());
            assertTrue(queue.capacity() >= Math.max(floor, queue.size()));
            assertTrue(queue.slotsOutsideLiveRangeAreNull(), "a popped or unused slot still holds a reference");
        }
    }

    @Provide
    Arbitrary<List<Integer>> batchSizes() {
        return Combinators.combine(Arbitraries.integers().between(0, 5000), Arbitraries.integers().between(0, 40))
                .as((burst, steady) -> {
                    final List<Integer> sizes = new ArrayList<>();
                    sizes.add(burst);
                    for (int i = 0; i < 3 * CopyQueue.RECLAIM_WINDOW; i++) {
                        sizes.add(steady == 0 ? 0 : (i * 7919) % (steady + 1));
                    }
                    return sizes;
                });
    }

    /**
     * After a burst followed by whole windows of smaller batches, the capacity is within 2x of the
     * high-water mark of the latest window (or the floor).
     */
    @Property(tries = 200)
    void reclamationKeepsCapacityWithinTwiceTheRecentHighWaterMark(@ForAll("batchSizes") List<Integer> batches) {
        final int floor = CopyQueue.DEFAULT_FLOOR;
        final CopyQueue queue = new CopyQueue(floor);
        final ArrayDeque<Integer> window = new ArrayDeque<>();
        int drains = 0;
        for (int batch : batches) {
            for (int i = 0; i < batch; i++) {
                queue.push("a", "m");
            }
            queue.drainTo((a, m) -> { });
            drains++;
            window.addLast(batch);
            if (window.size() > CopyQueue.RECLAIM_WINDOW) {
                window.removeFirst();
            }
            if (drains % CopyQueue.RECLAIM_WINDOW == 0) {
                final int recentHigh = window.stream().mapToInt(Integer::intValue).max().orElse(0);
                assertTrue(queue.capacity() <= Math.max(floor, 2 * recentHigh),
                        "capacity " + queue.capacity() + " > 2 x recent high-water mark " + recentHigh);
            }
        }
    }

    /** Under a steady load the array never regrows once it holds the load: no doubled watermark. */
    @Property(tries = 200)
    void steadyLoadNeverReallocatesAfterWarmUp(@ForAll @IntRange(min = 1, max = 3000) int load,
                                               @ForAll @Size(min = 1, max = 64) List<@IntRange(min = 0, max = 100) Integer> jitterPercent) {
        final CopyQueue queue = new CopyQueue();
        for (int i = 0; i < load; i++) {
            queue.push("a", "m");
        }
        queue.drainTo((a, m) -> { });
        final int settled = queue.capacity();
        for (int round = 0; round < 4; round++) {
            for (int percent : jitterPercent) {
                final int batch = Math.max(load / 2 + 1, load * percent / 100);
                for (int i = 0; i < Math.min(batch, load); i++) {
                    queue.push("a", "m");
                }
                queue.drainTo((a, m) -> { });
                assertTrue(queue.capacity() <= settled, "capacity grew from " + settled + " to " + queue.capacity());
                assertTrue(queue.capacity() >= Math.min(load, load / 2 + 1), "capacity fell below the load");
            }
        }
    }

    /**
     * A drain whose sink pushes onto the queue being drained (a behaviour sending to the mailbox
     * whose batch runs): every envelope, queued before or pushed during the drain, comes out once,
     * in push order, even when the pushes force the array to grow mid-drain; the queue ends empty
     * with nothing left in its slots.
     */
    @Property(tries = 300)
    void pushesDuringADrainAreDrainedInOrder(@ForAll @IntRange(min = 1, max = 40) int queued,
                                             @ForAll("pushPlans") List<Integer> pushesPerEnvelope,
                                             @ForAll @IntRange(min = 1, max = 8) int floor) {
        final CopyQueue queue = new CopyQueue(floor);
        final List<Integer> drained = new ArrayList<>();
        final int[] next = {0};
        for (int i = 0; i < queued; i++) {
            queue.push("actor", next[0]++);
        }
        final int count = queue.drainTo((actor, message) -> {
            drained.add((Integer) message);
            final int k = drained.size() - 1;
            final int pushes = k < pushesPerEnvelope.size() ? pushesPerEnvelope.get(k) : 0;
            for (int p = 0; p < pushes; p++) {
                queue.push("actor", next[0]++);
            }
        });
        final List<Integer> expected = new ArrayList<>();
        for (int i = 0; i < next[0]; i++) {
            expected.add(i);
        }
        assertEquals(expected, drained);
        assertEquals(next[0], count);
        assertTrue(queue.isEmpty());
        assertTrue(queue.slotsOutsideLiveRangeAreNull());
    }

    @Provide
    Arbitrary<List<Integer>> pushPlans() {
        return Arbitraries.integers().between(0, 5).list().ofMaxSize(60);
    }

    @Test
    void pushAfterPopThatForcesGrowthKeepsEveryEnvelope() {
        final CopyQueue queue = new CopyQueue(1);
        queue.push("a0", "m0");
        queue.push("a1", "m1");
        queue.pop();
        queue.push("a2", "m2");
        assertEquals(2, queue.size());
        final List<Object> drained = new ArrayList<>();
        queue.drainTo((a, m) -> drained.add(m));
        assertEquals(List.of("m1", "m2"), drained);
    }

    @Test
    void trimReleasesAnIdleQueueToItsFloor() {
        final CopyQueue queue = new CopyQueue(8);
        for (int i = 0; i < 1000; i++) {
            queue.push("a", "m");
        }
        queue.trim();
        assertEquals(1024, queue.capacity(), "a non-empty queue is never trimmed");
        queue.drainTo((a, m) -> { });
        queue.trim();
        assertEquals(8, queue.capacity());
    }
}
