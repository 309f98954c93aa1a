package actor.executor.internal;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.ArrayList;
import java.util.List;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.L_Result;

/**
 * Races of {@link MpscLinkedQueue}: producers' offers against each other and against the consumer's
 * takes, and the consumer's emptiness test and polls against an insert that is half done (counted
 * and swapped in as the tail, not yet linked). Nodes are named by producer and sequence ({@code a0}
 * is producer a's first); outcomes list what the consumer took, {@code -} for a take that found
 * nothing, then what the arbiter polled afterwards. A forbidden outcome carries {@code LOST},
 * {@code DUPLICATE} or {@code DISORDER} (a producer's nodes out of its order of offers). The race
 * of two producers and the consumer at once needs three CPUs; each pair of its parties is also
 * raced on its own, so that a two-CPU machine runs them all. The numbered queue (one
 * compare-and-set per offer, {@link MpscLinkedQueue.Numbered}) runs the races its offer changes:
 * producers against each other, a producer against the consumer, and the half-done insert.
 */
public final class MpscLinkedQueueRaces {

    private MpscLinkedQueueRaces() {
    }

    /** A node named by its producer and its place in that producer's sequence. */
    static final class Named extends MpscLinkedQueue.Node {
        final String name;

        Named(String name) {
            this.name = name;
        }
    }

    /** A queue and the takes of a run; the check of the whole run. */
    abstract static class QueueState {
        final MpscLinkedQueue<Named> queue;
        final List<String> consumerTook = new ArrayList<>();

        QueueState(MpscLinkedQueue<Named> queue) {
            this.queue = queue;
        }

        /** Producer: offers nodes of these names, in order. */
        final void offer(String... names) {
            for (String name : names) {
                queue.offer(new Named(name));
            }
        }

        /** Consumer: one relaxed poll, recorded. */
        final void take() {
            final Named node = queue.relaxedPoll();
            consumerTook.add(node == null ? "-" : node.name);
        }

        /**
         * Arbiter: polls the rest, then names the run: {@code consumer <takes> rest <polled>} and any
         * violation of "every node of {@code producers} once, each producer's in order".
         */
        final String outcome(String[][] producers) {
            final List<String> rest = new ArrayList<>();
            for (Named node = queue.poll(); node != null; node = queue.poll()) {
                rest.add(node.name);
            }
            final List<String> all = new ArrayList<>();
            for (String name : consumerTook) {
                if (!name.equals("-")) {
                    all.add(name);
                }
            }
            all.addAll(rest);
            final StringBuilder out = new StringBuilder("consumer ")
                    .append(consumerTook.isEmpty() ? "none" : String.join("", consumerTook))
                    .append(" rest ").append(rest.isEmpty() ? "none" : String.join("", rest));
            int expected = 0;
            for (String[] sequence : producers) {
                expected += sequence.length;
                int last = -1;
                for (String name : sequence) {
                    final int at = all.indexOf(name);
                    if (at < 0) {
                        out.append(" LOST");
                    } else if (all.lastIndexOf(name) != at) {
                        out.append(" DUPLICATE");
                    } else if (at < last) {
                        out.append(" DISORDER");
                    }
                    last = Math.max(last, at);
                }
            }
            if (all.size() != expected) {
                out.append(" DUPLICATE");
            }
            if (!queue.isEmpty() || queue.size() != 0) {
                out.append(" COUNT");
            }
            return out.toString();
        }
    }

    /**
     * {@link MpscLinkedQueue#offer} with a pause between its halves, as a producer that loses its
     * CPU there: it widens the window in which the node is counted but not linked.
     */
    static void slowOffer(MpscLinkedQueue<Named> queue, Named node) {
        final MpscLinkedQueue.Node previous = queue.append(node);
        for (int i = 0; i < PAUSE_SPINS; i++) {
            Thread.onSpinWait();
        }
        MpscLinkedQueue.link(previous, node);
    }

    private static final int PAUSE_SPINS = 20;

    private static final String[][] TWO_EACH = {{"a0", "a1"}, {"b0", "b1"}};
    private static final String[][] THREE_OF_ONE = {{"a0", "a1", "a2"}};

    @JCStressTest
    @Description("Two producers offer two nodes each at once (the atomic exchange of the tail orders them); the"
            + " arbiter polls everything afterwards.")
    @Outcome(id = "consumer none rest (a0a1b0b1|a0b0a1b1|a0b0b1a1|b0a0a1b1|b0a0b1a1|b0b1a0a1)", expect = ACCEPTABLE,
            desc = "Every node once, each producer's in its order of offers.")
    @Outcome(expect = FORBIDDEN, desc = "A node lost or duplicated, or a producer's nodes out of order.")
    @State
    public static class TwoProducers extends QueueState {

        public TwoProducers() {
            super(new MpscLinkedQueue.Counted<>());
        }

        @Actor
        public void producerA() {
            offer("a0", "a1");
        }

        @Actor
        public void producerB() {
            offer("b0", "b1");
        }

        @Arbiter
        public void outcome(L_Result r) {
            r.r1 = outcome(TWO_EACH);
        }
    }

    @JCStressTest
    @Description("A producer offers three nodes while the consumer makes three relaxed polls; the arbiter polls the"
            + " rest.")
    @Outcome(id = "consumer [-a012]+ rest (none|[a012]+)", expect = ACCEPTABLE,
            desc = "The consumer took a prefix of the producer's nodes, in order, and the arbiter the rest.")
    @Outcome(id = ".*(LOST|DUPLICATE|DISORDER|COUNT).*", expect = FORBIDDEN,
            desc = "A node lost, duplicated or reordered, or the counts disagree at the end.")
    @Outcome(expect = FORBIDDEN, desc = "Anything else.")
    @State
    public static class ProducerVsConsumer extends QueueState {

        public ProducerVsConsumer() {
            super(new MpscLinkedQueue.Counted<>());
        }

        @Actor
        public void producer() {
            offer("a0", "a1", "a2");
        }

        @Actor
        public void consumer() {
            take();
            take();
            take();
        }

        @Arbiter
        public void outcome(L_Result r) {
            r.r1 = outcome(THREE_OF_ONE);
        }
    }

    @JCStressTest
    @Description("All three at once (needs three CPUs): two producers offer two nodes each while the consumer makes"
            + " four relaxed polls; the arbiter polls the rest.")
    @Outcome(id = "consumer [-ab01]+ rest (none|[ab01]+)", expect = ACCEPTABLE,
            desc = "Every node once, each producer's in its order of offers.")
    @Outcome(id = ".*(LOST|DUPLICATE|DISORDER|COUNT).*", expect = FORBIDDEN,
            desc = "A node lost, duplicated or reordered, or the counts disagree at the end.")
    @Outcome(expect = FORBIDDEN, desc = "Anything else.")
    @State
    public static class TwoProducersVsConsumer extends QueueState {

        public TwoProducersVsConsumer() {
            super(new MpscLinkedQueue.Counted<>());
        }

        @Actor
        public void producerA() {
            offer("a0", "a1");
        }

        @Actor
        public void producerB() {
            offer("b0", "b1");
        }

        @Actor
        public void consumer() {
            take();
            take();
            take();
            take();
        }

        @Arbiter
        public void outcome(L_Result r) {
            r.r1 = outcome(TWO_EACH);
        }
    }

    /**
     * The consumer against an insert that stops halfway ({@link MpscLinkedQueue#append} without its
     * {@link MpscLinkedQueue#link}, which the arbiter makes): a0 is queued whole, b is counted and
     * swapped in as the tail but unreachable. After a producer's signal that its append is done,
     * the emptiness test must say not empty; no poll may return b before it is linked, nor lose a0.
     */
    abstract static class HalfDoneState {
        final MpscLinkedQueue<Named> queue;
        final Named b = new Named("b");
        volatile boolean appended;
        MpscLinkedQueue.Node previous;
        boolean emptyBefore;
        String took;
        boolean signal;
        boolean emptyAfter;

        HalfDoneState(MpscLinkedQueue<Named> queue) {
            this.queue = queue;
            queue.offer(new Named("a0"));
        }

        final void append() {
            previous = queue.append(b);
            appended = true;
        }

        final void consume() {
            emptyBefore = queue.isEmpty();
            final Named first = queue.relaxedPoll();
            final Named second = queue.relaxedPoll();
            took = (first == null ? "-" : first.name) + (second == null ? "-" : second.name);
            signal = appended;
            emptyAfter = queue.isEmpty();
        }

        final String outcome() {
            MpscLinkedQueue.link(previous, b);
            final StringBuilder rest = new StringBuilder();
            for (Named node = queue.poll(); node != null; node = queue.poll()) {
                rest.append(node.name);
            }
            return (emptyBefore ? "empty " : "notEmpty ") + took + " signal=" + signal
                    + (emptyAfter ? " empty" : " notEmpty") + " rest " + (rest.length() == 0 ? "none" : rest);
        }
    }

    @JCStressTest
    @Description("a0 is queued; a producer appends b without linking it, then signals (volatile); the consumer tests"
            + " for emptiness, makes two relaxed polls, reads the signal and tests for emptiness again. The arbiter"
            + " links b and polls. Outcome: first test, takes, signal seen, second test, then the arbiter's polls.")
    @Outcome(id = "notEmpty a0- signal=false (empty|notEmpty) rest b", expect = ACCEPTABLE,
            desc = "The consumer ran before the append was done, or saw its count without its signal.")
    @Outcome(id = "notEmpty a0- signal=true notEmpty rest b", expect = ACCEPTABLE_INTERESTING,
            desc = "After the append: the half-done insert is counted (not empty) and unreachable (no poll returns it).")
    @Outcome(id = ".* signal=true empty .*", expect = FORBIDDEN,
            desc = "The emptiness test missed a node the producer had finished counting: a sleeping worker's re-check"
            + " would miss its message.")
    @Outcome(expect = FORBIDDEN, desc = "Anything else: b returned before its link, a0 lost, or b lost.")
    @State
    public static class HalfDoneInsert extends HalfDoneState {

        public HalfDoneInsert() {
            super(new MpscLinkedQueue.Counted<>());
        }

        @Actor
        public void producer() {
            append();
        }

        @Actor
        public void consumer() {
            consume();
        }

        @Arbiter
        public void outcome(L_Result r) {
            r.r1 = outcome();
        }
    }

    @JCStressTest
    @Description("A producer offers a, pausing between its count and its link; the consumer tests for emptiness and,"
            + " if not empty, makes a strict poll (as the final sweep does). Outcome: what the poll returned ('empty'"
            + " if the test said so), then the arbiter's poll.")
    @Outcome(id = "empty rest a", expect = ACCEPTABLE, desc = "The test came before the offer's count.")
    @Outcome(id = "a rest none", expect = ACCEPTABLE, desc = "The test saw the count; the poll returned a.")
    @Outcome(id = "null .*", expect = FORBIDDEN,
            desc = "The test saw a counted node but the strict poll gave up on it: the final sweep would lose a send.")
    @Outcome(expect = FORBIDDEN, desc = "Anything else.")
    @State
    public static class StrictPollMeetsAnInsert {
        final MpscLinkedQueue<Named> queue = new MpscLinkedQueue.Counted<>();
        String polled;

        @Actor
        public void producer() {
            slowOffer(queue, new Named("a"));
        }

        @Actor
        public void consumer() {
            if (queue.isEmpty()) {
                polled = "empty";
            } else {
                final Named node = queue.poll();
                polled = node == null ? "null" : node.name;
            }
        }

        @Arbiter
        public void outcome(L_Result r) {
            final Named rest = queue.poll();
            r.r1 = polled + " rest " + (rest == null ? "none" : rest.name);
        }
    }

    @JCStressTest
    @Description("As StrictPollMeetsAnInsert with a relaxed poll, to show the half-done insert is met: a relaxed poll"
            + " may find the counted node not yet linked, and must then leave it queued.")
    @Outcome(id = "empty rest a", expect = ACCEPTABLE, desc = "The test came before the offer's count.")
    @Outcome(id = "a rest none", expect = ACCEPTABLE, desc = "The test saw the count; the poll found a linked.")
    @Outcome(id = "null rest a", expect = ACCEPTABLE_INTERESTING,
            desc = "The test saw the count before the link: the relaxed poll found nothing and a stayed queued.")
    @Outcome(expect = FORBIDDEN, desc = "Anything else: a lost or returned twice.")
    @State
    public static class RelaxedPollMeetsAnInsert {
        final MpscLinkedQueue<Named> queue = new MpscLinkedQueue.Counted<>();
        String polled;

        @Actor
        public void producer() {
            slowOffer(queue, new Named("a"));
        }

        @Actor
        public void consumer() {
            if (queue.isEmpty()) {
                polled = "empty";
            } else {
                final Named node = queue.relaxedPoll();
                polled = node == null ? "null" : node.name;
            }
        }

        @Arbiter
        public void outcome(L_Result r) {
            final Named rest = queue.poll();
            r.r1 = polled + " rest " + (rest == null ? "none" : rest.name);
        }
    }

    @JCStressTest
    @Description("As TwoProducers, on the numbered queue: the two producers' compare-and-sets of the tail race.")
    @Outcome(id = "consumer none rest (a0a1b0b1|a0b0a1b1|a0b0b1a1|b0a0a1b1|b0a0b1a1|b0b1a0a1)", expect = ACCEPTABLE,
            desc = "Every node once, each producer's in its order of offers.")
    @Outcome(expect = FORBIDDEN, desc = "A node lost or duplicated, a producer's nodes out of order, or a wrong count.")
    @State
    public static class NumberedTwoProducers extends QueueState {

        public NumberedTwoProducers() {
            super(new MpscLinkedQueue.Numbered<>());
        }

        @Actor
        public void producerA() {
            offer("a0", "a1");
        }

        @Actor
        public void producerB() {
            offer("b0", "b1");
        }

        @Arbiter
        public void outcome(L_Result r) {
            r.r1 = outcome(TWO_EACH);
        }
    }

    @JCStressTest
    @Description("As ProducerVsConsumer, on the numbered queue.")
    @Outcome(id = "consumer [-a012]+ rest (none|[a012]+)", expect = ACCEPTABLE,
            desc = "The consumer took a prefix of the producer's nodes, in order, and the arbiter the rest.")
    @Outcome(id = ".*(LOST|DUPLICATE|DISORDER|COUNT).*", expect = FORBIDDEN,
            desc = "A node lost, duplicated or reordered, or the counts disagree at the end.")
    @Outcome(expect = FORBIDDEN, desc = "Anything else.")
    @State
    public static class NumberedProducerVsConsumer extends QueueState {

        public NumberedProducerVsConsumer() {
            super(new MpscLinkedQueue.Numbered<>());
        }

        @Actor
        public void producer() {
            offer("a0", "a1", "a2");
        }

        @Actor
        public void consumer() {
            take();
            take();
            take();
        }

        @Arbiter
        public void outcome(L_Result r) {
            r.r1 = outcome(THREE_OF_ONE);
        }
    }

    @JCStressTest
    @Description("As HalfDoneInsert, on the numbered queue: the count is the tail's number, read by the emptiness test.")
    @Outcome(id = "notEmpty a0- signal=false (empty|notEmpty) rest b", expect = ACCEPTABLE,
            desc = "The consumer ran before the append was done, or saw its count without its signal.")
    @Outcome(id = "notEmpty a0- signal=true notEmpty rest b", expect = ACCEPTABLE_INTERESTING,
            desc = "After the append: the half-done insert is counted (not empty) and unreachable (no poll returns it).")
    @Outcome(id = ".* signal=true empty .*", expect = FORBIDDEN,
            desc = "The emptiness test missed a node the producer had finished counting.")
    @Outcome(expect = FORBIDDEN, desc = "Anything else: b returned before its link, a0 lost, or b lost.")
    @State
    public static class NumberedHalfDoneInsert extends HalfDoneState {

        public NumberedHalfDoneInsert() {
            super(new MpscLinkedQueue.Numbered<>());
        }

        @Actor
        public void producer() {
            append();
        }

        @Actor
        public void consumer() {
            consume();
        }

        @Arbiter
        public void outcome(L_Result r) {
            r.r1 = outcome();
        }
    }
}
