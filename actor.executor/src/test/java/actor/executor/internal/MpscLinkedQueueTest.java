package actor.executor.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link MpscLinkedQueue} on one thread: examples of each operation, a half-done insert stopped
 * between its two halves ({@link MpscLinkedQueue#append}, {@link MpscLinkedQueue#link}), and a
 * property run against a model ({@link ArrayDeque}) over random sequences of offers, half-done
 * offers, completions, polls, peeks, drains and forgets; each of both kinds of queue (the counted
 * and the numbered offer; forgets on the counted one only). The concurrent claims are
 * {@code MpscLinkedQueueStressTest} and the jcstress tests {@code MpscLinkedQueueRaces}.
 */
class MpscLinkedQueueTest {

    /** The two kinds of queue, which differ in how an offer is counted. */
    enum Kind {
        COUNTED, NUMBERED;

        MpscLinkedQueue<Item> create() {
            return this == COUNTED ? new MpscLinkedQueue.Counted<>() : new MpscLinkedQueue.Numbered<>();
        }
    }

    /** A node that says which producer offered it and its place in that producer's sequence. */
    static final class Item extends MpscLinkedQueue.Node {
        final int producer;
        final int sequence;

        Item(int producer, int sequence) {
            this.producer = producer;
            this.sequence = sequence;
        }

        @Override
        public String toString() {
            return producer + ":" + sequence;
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void anEmptyQueueHasNothingToTake(Kind kind) {
        final MpscLinkedQueue<Item> queue = kind.create();
        assertTrue(queue.isEmpty());
        assertEquals(0, queue.size());
        assertNull(queue.poll());
        assertNull(queue.relaxedPoll());
        assertNull(queue.peek());
        assertEquals(0, queue.drain(item -> { throw new AssertionError(item); }, 10));
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void nodesComeOutInOfferOrderAndTheCountsFollow(Kind kind) {
        final MpscLinkedQueue<Item> queue = kind.create();
        final Item a = new Item(0, 0);
        final Item b = new Item(0, 1);
        final Item c = new Item(0, 2);
        queue.offer(a);
        queue.offer(b);
        queue.offer(c);
        assertEquals(3, queue.size());
        assertSame(a, queue.peek());
        assertSame(a, queue.poll());
        final List<Item> drained = new ArrayList<>();
        assertEquals(1, queue.drain(drained::add, 1), "the limit");
        assertEquals(List.of(b), drained);
        assertSame(c, queue.relaxedPoll());
        assertTrue(queue.isEmpty());
        assertEquals(0, queue.size());
        assertNull(queue.poll());
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aHalfDoneInsertIsCountedButNotReachableUntilLinked(Kind kind) {
        final MpscLinkedQueue<Item> queue = kind.create();
        final Item first = new Item(0, 0);
        final Item halfDone = new Item(1, 0);
        final Item behind = new Item(2, 0);
        queue.offer(first);
        final MpscLinkedQueue.Node previous = queue.append(halfDone);
        assertSame(first, previous);
        queue.offer(behind);
        assertFalse(queue.isEmpty());
        assertEquals(3, queue.size());
        final List<Item> drained = new ArrayList<>();
        assertEquals(1, queue.drain(drained::add, 10), "the drain stops where the half-done insert is");
        assertEquals(List.of(first), drained);
        assertFalse(queue.isEmpty(), "counted, so not empty");
        assertEquals(2, queue.size());
        assertNull(queue.relaxedPoll());
        assertNull(queue.peek());
        MpscLinkedQueue.link(previous, halfDone);
        assertSame(halfDone, queue.poll());
        assertSame(behind, queue.poll(), "the node offered behind it was linked to it all along");
        assertTrue(queue.isEmpty());
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aConsumerThatThrowsLeavesTheRestQueued(Kind kind) {
        final MpscLinkedQueue<Item> queue = kind.create();
        final Item a = new Item(0, 0);
        final Item b = new Item(0, 1);
        queue.offer(a);
        queue.offer(b);
        final IllegalStateException thrown = new IllegalStateException();
        try {
            queue.drain(item -> { throw thrown; }, 2);
        } catch (IllegalStateException e) {
            assertSame(thrown, e);
        }
        assertEquals(1, queue.size());
        assertSame(b, queue.poll());
    }

    @Test
    void theQueueHoldsOnlyTheNodeTakenLastAndForgetsItWhenEmpty() {
        final MpscLinkedQueue.Counted<Item> queue = new MpscLinkedQueue.Counted<>();
        final MpscLinkedQueue.Node stub = queue.head;
        final Item a = new Item(0, 0);
        final Item b = new Item(0, 1);
        queue.offer(a);
        queue.offer(b);
        assertSame(a, queue.poll());
        assertSame(a, queue.head);
        queue.forgetTaken();
        assertSame(a, queue.head, "not empty: b is linked to a");
        assertSame(b, queue.poll());
        queue.forgetTaken();
        assertSame(stub, queue.head);
        assertSame(stub, queue.tail);
        final Item c = new Item(0, 2);
        queue.offer(c);
        assertSame(c, queue.poll(), "an offer after a forget links to the stub");
    }

    @Test
    void aForgetRacingAnOfferLeavesTheOfferQueued() {
        final MpscLinkedQueue.Counted<Item> queue = new MpscLinkedQueue.Counted<>();
        final Item a = new Item(0, 0);
        final Item b = new Item(1, 0);
        queue.offer(a);
        assertSame(a, queue.poll());
        final MpscLinkedQueue.Node previous = queue.append(b);
        queue.forgetTaken();
        assertSame(a, queue.head, "the tail moved on: the forget gives up");
        MpscLinkedQueue.link(previous, b);
        assertSame(b, queue.poll());
    }

    /** One step of a random run: {@code arg} is the producer (of three) of an offer, append or link, a drain's limit. */
    record Op(Kind kind, int arg) {
        enum Kind { OFFER, APPEND, LINK, POLL, RELAXED_POLL, PEEK, DRAIN, FORGET }
    }

    @Provide
    Arbitrary<List<Op>> runs() {
        final Arbitrary<Op> offer = Arbitraries.integers().between(0, 2).map(p -> new Op(Op.Kind.OFFER, p));
        final Arbitrary<Op> append = Arbitraries.integers().between(0, 2).map(p -> new Op(Op.Kind.APPEND, p));
        final Arbitrary<Op> link = Arbitraries.integers().between(0, 2).map(p -> new Op(Op.Kind.LINK, p));
        final Arbitrary<Op> drain = Arbitraries.integers().between(0, 5).map(n -> new Op(Op.Kind.DRAIN, n));
        return Arbitraries.frequencyOf(
                Tuple.of(6, offer), Tuple.of(2, append), Tuple.of(3, link),
                Tuple.of(3, Arbitraries.just(new Op(Op.Kind.POLL, 0))),
                Tuple.of(3, Arbitraries.just(new Op(Op.Kind.RELAXED_POLL, 0))),
                Tuple.of(1, Arbitraries.just(new Op(Op.Kind.PEEK, 0))),
                Tuple.of(2, drain),
                Tuple.of(1, Arbitraries.just(new Op(Op.Kind.FORGET, 0))))
                .list().ofMinSize(1).ofMaxSize(120);
    }

    /**
     * The model: the nodes in exchange order, each either linked or a half-done insert (each
     * producer has at most one, as a real producer is inside at most one offer). The queue must
     * hand out the model's nodes in order up to the first half-done one, and count them all.
     */
    @Property(tries = 500)
    void behavesLikeAFifoThatEndsAtTheFirstHalfDoneInsert(@ForAll("runs") List<Op> run, @ForAll Kind kind) {
        final MpscLinkedQueue<Item> queue = kind.create();
        final ArrayDeque<Item> model = new ArrayDeque<>();
        final List<Item> pending = new ArrayList<>();
        final MpscLinkedQueue.Node[] previousOf = new MpscLinkedQueue.Node[3];
        final Item[] inFlight = new Item[3];
        final int[] sequence = new int[3];
        for (Op op : run) {
            switch (op.kind()) {
                case OFFER, APPEND -> {
                    final int p = op.arg();
                    if (inFlight[p] != null) {
                        continue;
                    }
                    final Item item = new Item(p, sequence[p]++);
                    model.addLast(item);
                    if (op.kind() == Op.Kind.OFFER) {
                        queue.offer(item);
                    } else {
                        previousOf[p] = queue.append(item);
                        inFlight[p] = item;
                        pending.add(item);
                    }
                }
                case LINK -> {
                    final int p = op.arg();
                    if (inFlight[p] != null) {
                        MpscLinkedQueue.link(previousOf[p], inFlight[p]);
                        pending.remove(inFlight[p]);
                        inFlight[p] = null;
                    }
                }
                case POLL -> {
                    if (!model.isEmpty() && pending.contains(model.peekFirst())) {
                        continue;
                    }
                    assertSame(model.pollFirst(), queue.poll());
                }
                case RELAXED_POLL -> assertSame(reachable(model, pending) ? model.pollFirst() : null, queue.relaxedPoll());
                case PEEK -> assertSame(reachable(model, pending) ? model.peekFirst() : null, queue.peek());
                case DRAIN -> {
                    final List<Item> expected = new ArrayList<>();
                    while (expected.size() < op.arg() && reachable(model, pending)) {
                        expected.add(model.pollFirst());
                    }
                    final List<Item> drained = new ArrayList<>();
                    assertEquals(expected.size(), queue.drain(drained::add, op.arg()));
                    assertEquals(expected, drained);
                }
                case FORGET -> {
                    if (model.isEmpty() && queue instanceof MpscLinkedQueue.Counted<Item> counted) {
                        counted.forgetTaken();
                    }
                }
            }
            assertEquals(model.size(), queue.size());
            assertEquals(model.isEmpty(), queue.isEmpty());
        }
        for (int p = 0; p < 3; p++) {
            if (inFlight[p] != null) {
                MpscLinkedQueue.link(previousOf[p], inFlight[p]);
            }
        }
        for (Item item = queue.poll(); item != null; item = queue.poll()) {
            assertSame(model.pollFirst(), item);
        }
        assertTrue(model.isEmpty());
    }

    /** Whether the model's first node is linked, so that the queue can hand it out. */
    private static boolean reachable(ArrayDeque<Item> model, List<Item> pending) {
        return !model.isEmpty() && !pending.contains(model.peekFirst());
    }
}
