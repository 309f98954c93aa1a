package actor.executor.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.Consumer;

/**
 * 128 bytes of padding. Byte fields, so the JVM fills any gap before them (such as the 4 bytes after
 * the object header) with padding rather than with a subclass's fields ({@code PaddingTest}).
 */
abstract class MpscLinkedQueuePad0 {
    byte a000, a001, a002, a003, a004, a005, a006, a007, a010, a011, a012, a013, a014, a015, a016, a017;
    byte a020, a021, a022, a023, a024, a025, a026, a027, a030, a031, a032, a033, a034, a035, a036, a037;
    byte a040, a041, a042, a043, a044, a045, a046, a047, a050, a051, a052, a053, a054, a055, a056, a057;
    byte a060, a061, a062, a063, a064, a065, a066, a067, a070, a071, a072, a073, a074, a075, a076, a077;
    byte a100, a101, a102, a103, a104, a105, a106, a107, a110, a111, a112, a113, a114, a115, a116, a117;
    byte a120, a121, a122, a123, a124, a125, a126, a127, a130, a131, a132, a133, a134, a135, a136, a137;
    byte a140, a141, a142, a143, a144, a145, a146, a147, a150, a151, a152, a153, a154, a155, a156, a157;
    byte a160, a161, a162, a163, a164, a165, a166, a167, a170, a171, a172, a173, a174, a175, a176, a177;
}

/**
 * The producers' line.
 * <ul>
 * <li>{@code produced} ({@link MpscLinkedQueue.Counted} only): the nodes ever offered. Incremented
 *     (atomic add, volatile) by producers before they swap their node in; read (volatile) by the
 *     consumer, the emptiness test and the size, from any thread.</li>
 * <li>{@code tail}: the node offered last, or the stub. Swapped in by producers (an atomic exchange
 *     in {@link MpscLinkedQueue.Counted}, a compare-and-set in {@link MpscLinkedQueue.Numbered});
 *     compare-and-set by the consumer only in {@link MpscLinkedQueue.Counted#forgetTaken}; read
 *     (volatile) by the numbered queue's emptiness test and size.</li>
 * </ul>
 */
abstract class MpscLinkedQueueProducerFields extends MpscLinkedQueuePad0 {
    long produced;
    MpscLinkedQueue.Node tail;
}

/** Padding between the producers' line and the consumer's. */
abstract class MpscLinkedQueuePad1 extends MpscLinkedQueueProducerFields {
    byte b000, b001, b002, b003, b004, b005, b006, b007, b010, b011, b012, b013, b014, b015, b016, b017;
    byte b020, b021, b022, b023, b024, b025, b026, b027, b030, b031, b032, b033, b034, b035, b036, b037;
    byte b040, b041, b042, b043, b044, b045, b046, b047, b050, b051, b052, b053, b054, b055, b056, b057;
    byte b060, b061, b062, b063, b064, b065, b066, b067, b070, b071, b072, b073, b074, b075, b076, b077;
    byte b100, b101, b102, b103, b104, b105, b106, b107, b110, b111, b112, b113, b114, b115, b116, b117;
    byte b120, b121, b122, b123, b124, b125, b126, b127, b130, b131, b132, b133, b134, b135, b136, b137;
    byte b140, b141, b142, b143, b144, b145, b146, b147, b150, b151, b152, b153, b154, b155, b156, b157;
    byte b160, b161, b162, b163, b164, b165, b166, b167, b170, b171, b172, b173, b174, b175, b176, b177;
}

/**
 * The consumer's line.
 * <ul>
 * <li>{@code head}: the node taken last, or the stub: the next node to take is its {@code next}.
 *     Read and written (plain) by the consumer alone; whoever hands the consumer's role to another
 *     thread orders the two (the mailbox lock and being-processed flag, {@link MpscMailbox}).</li>
 * <li>{@code consumed}: the nodes ever taken. Written (release) by the consumer after each take;
 *     read (volatile) by the emptiness test and the size, from any thread, so that a thread which
 *     sees a take also sees what the consumer wrote before it.</li>
 * <li>{@code stub}: the head before the first take, and again after {@link MpscLinkedQueue.Counted#forgetTaken}.</li>
 * </ul>
 */
abstract class MpscLinkedQueueConsumerFields extends MpscLinkedQueuePad1 {
    MpscLinkedQueue.Node head;
    long consumed;
    final MpscLinkedQueue.Node stub;

    MpscLinkedQueueConsumerFields(MpscLinkedQueue.Node stub) {
        this.stub = stub;
    }
}

/** Padding after the consumer's line. */
abstract class MpscLinkedQueuePad2 extends MpscLinkedQueueConsumerFields {
    byte c000, c001, c002, c003, c004, c005, c006, c007, c010, c011, c012, c013, c014, c015, c016, c017;
    byte c020, c021, c022, c023, c024, c025, c026, c027, c030, c031, c032, c033, c034, c035, c036, c037;
    byte c040, c041, c042, c043, c044, c045, c046, c047, c050, c051, c052, c053, c054, c055, c056, c057;
    byte c060, c061, c062, c063, c064, c065, c066, c067, c070, c071, c072, c073, c074, c075, c076, c077;
    byte c100, c101, c102, c103, c104, c105, c106, c107, c110, c111, c112, c113, c114, c115, c116, c117;
    byte c120, c121, c122, c123, c124, c125, c126, c127, c130, c131, c132, c133, c134, c135, c136, c137;
    byte c140, c141, c142, c143, c144, c145, c146, c147, c150, c151, c152, c153, c154, c155, c156, c157;
    byte c160, c161, c162, c163, c164, c165, c166, c167, c170, c171, c172, c173, c174, c175, c176, c177;

    MpscLinkedQueuePad2(MpscLinkedQueue.Node stub) {
        super(stub);
    }
}

/**
 * An unbounded lock-free multi-producer single-consumer FIFO of intrusive nodes (D. Vyukov's MPSC
 * node-based queue, in its form with a dummy head, made intrusive): the object a producer already
 * allocates (an {@link MpscMailbox.Envelope}, a {@link Timers.Timer}) extends
 * {@link Node} and carries the link, so an offer allocates nothing. VarHandles only, no
 * {@code sun.misc.Unsafe}.
 *
 * <p><b>Shape.</b> A singly linked list from {@code head} to {@code tail}. {@code head} is the
 * node taken last (a stub before the first take): the nodes still queued are the ones after it. A
 * producer counts its node and swaps it in as the tail, then links the previous tail's
 * {@code next} to it (a release store). The consumer follows {@code next} (acquire reads): a take
 * moves {@code head} to the next node, clears the old head's {@code next} (so a dead node promoted
 * to the old generation keeps no young one alive) and counts the take ({@code consumed}, a release
 * store). The node taken stays the head until the next take: a caller whose nodes hold something
 * that must not stay reachable drops it once it has the node ({@link MpscMailbox.Envelope#handTo}),
 * or calls {@link Counted#forgetTaken} once the queue is empty.
 *
 * <p><b>Two ways to count an offer.</b> {@link Counted}: an atomic add on {@code produced}, then an
 * atomic exchange of the tail (two atomic instructions, neither of which can fail).
 * {@link Numbered}: the node takes its predecessor's number plus one and a compare-and-set swaps
 * it in (one atomic instruction, retried if another producer swapped first); the count offered is
 * the tail's number. The numbered offer reads the tail node, a line that another thread may have
 * just written: it wins where one thread sends many messages (the mailbox), and lost where each
 * offer follows another thread's write of the tail (the timers' queue, which every ask uses:
 * docs/lab/mailbox-kinds.md).
 *
 * <p><b>A half-done insert.</b> Between a producer's count and its link the node is counted but not
 * reachable (and the nodes offered after it, linked to it, are not reachable either). Meanwhile
 * {@link #isEmpty} is false and {@link #size} counts it; {@link #poll} waits for the link (a few
 * instructions, unless the producer lost its CPU there) and returns it; {@link #relaxedPoll},
 * {@link #peek} and {@link #drain} see the queue end before it and return null or stop. So no node
 * is lost or reordered: every node is reached through its predecessor's link, in the order of the
 * producers' swaps, which for one producer is its order of offers.
 *
 * <p><b>Ordering.</b> The swap (and the counted queue's add) are volatile read-modify-writes, and
 * {@link #isEmpty} and {@link #size} read the counts volatile, so an offer and a later volatile
 * access of the producer take part in the single total order the callers' Dekker-style arguments
 * use ({@link MpscMailbox}, {@link Timers#enqueue}): a thread that writes a flag (volatile) and
 * then finds the queue empty read the count offered before the offer's swap, so that producer's
 * later read of the flag sees it. What a producer wrote into its node before the offer happens-before
 * the consumer's use of it (the link's release store, the consumer's acquire read of {@code next}).
 *
 * <p>Threading: {@link #offer} from any thread; {@link #isEmpty} and {@link #size} from any thread
 * (racy unless the caller excludes offers); {@link #poll}, {@link #relaxedPoll}, {@link #peek},
 * {@link #drain} and {@link Counted#forgetTaken} from one consumer thread at a time, the caller
 * handing that role over with a happens-before edge.
 *
 * @param <N> the nodes' class
 */
abstract class MpscLinkedQueue<N extends MpscLinkedQueue.Node> extends MpscLinkedQueuePad2 {

    private static final VarHandle VH_PRODUCED;
    private static final VarHandle VH_TAIL;
    private static final VarHandle VH_CONSUMED;
    private static final VarHandle VH_NEXT;

    static {
        try {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            VH_PRODUCED = lookup.findVarHandle(MpscLinkedQueueProducerFields.class, "produced", long.class);
            VH_TAIL = lookup.findVarHandle(MpscLinkedQueueProducerFields.class, "tail", Node.class);
            VH_CONSUMED = lookup.findVarHandle(MpscLinkedQueueConsumerFields.class, "consumed", long.class);
            VH_NEXT = lookup.findVarHandle(Node.class, "next", Node.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * What a queue's element extends: its link and, in a {@link Numbered} queue, its number. A node
     * is offered at most once, to one queue.
     *
     * <p>Threading: {@code next} is written once (release) by the producer of the node queued after
     * this one, read (acquire) by the consumer, and cleared (plain) by the consumer once it has
     * moved past this node, after which nobody writes it again. {@code number} is written (plain)
     * by its producer before the compare-and-set that publishes the node as the tail, and read by
     * whoever reads the node from the tail (volatile or acquire) afterwards.
     */
    abstract static class Node {
        private Node next;
        private int number;
    }

    /** The head of an empty queue. */
    private static final class Stub extends Node {
    }

    /** An empty queue. Publish it safely (a final field), as its fields are plain until first used. */
    private MpscLinkedQueue() {
        super(new Stub());
        head = stub;
        tail = stub;
    }

    /** Any thread: queues {@code node}, which has never been offered. Lock-free. */
    final void offer(N node) {
        link(append(node), node);
    }

    /**
     * The first half of {@link #offer}: counts {@code node} and swaps it in as the tail. Until
     * {@link #link} it is counted but unreachable (the class comment says how each method sees that).
     * Apart from {@code offer} only tests call it, to stop an offer halfway.
     *
     * @return the previous tail, for {@link #link}
     */
    abstract Node append(N node);

    /** The second half of {@link #offer}: makes {@code node} reachable from {@code previous}, the tail it replaced. */
    static void link(Node previous, Node node) {
        // NOTE: publication point: the release store publishes what the producer wrote into the
        // node before offering it to the consumer's acquire read of next.
        VH_NEXT.setRelease(previous, node);
    }

    /**
     * Any thread: whether nothing is queued. A node counted but not yet linked (a half-done insert)
     * counts as queued. Reads the consumer's count, then the producers' (both volatile).
     */
    final boolean isEmpty() {
        final long taken = (long) VH_CONSUMED.getVolatile(this);
        return (int) taken == producedLow32();
    }

    /**
     * Any thread: the nodes queued, half-done inserts included: exact on the consumer's thread while
     * no offer runs, otherwise a snapshot that was true at some moment between the two reads.
     * Never negative: it reads the consumer's count first, and a node is counted before it is taken.
     */
    final int size() {
        final long taken = (long) VH_CONSUMED.getVolatile(this);
        return producedLow32() - (int) taken;
    }

    /**
     * Any thread: the low 32 bits of the count of nodes ever offered, read volatile. Counts are
     * compared in 32 bits: exact while fewer than 2^31 nodes are queued at once.
     */
    abstract int producedLow32();

    /**
     * Consumer: takes the first node; null only if none is counted. If the first node is counted
     * but not yet linked (a half-done insert), spins until its producer links it.
     */
    final N poll() {
        final Node last = head;
        Node first = (Node) VH_NEXT.getAcquire(last);
        if (first == null) {
            if ((int) consumed == producedLow32()) {
                return null;
            }
            // NOTE: a producer counted a node and has yet to link it (it links within a few
            // instructions of its count, unless it lost its CPU there): its node, or an earlier
            // one, will appear after the head, since the head is the node taken last.
            do {
                Thread.onSpinWait();
                first = (Node) VH_NEXT.getAcquire(last);
            } while (first == null);
        }
        return take(last, first);
    }

    /** Consumer: takes the first node if it is linked; null if nothing is queued or the first node's insert is half done. */
    final N relaxedPoll() {
        final Node last = head;
        final Node first = (Node) VH_NEXT.getAcquire(last);
        return first == null ? null : take(last, first);
    }

    /** Consumer: the first node, left queued; null as for {@link #relaxedPoll}. */
    @SuppressWarnings("unchecked")
    final N peek() {
        return (N) VH_NEXT.getAcquire(head);
    }

    /**
     * Consumer: takes up to {@code limit} nodes in order, handing each to {@code consumer} right
     * after taking it, and stops early where the queue ends or an insert is half done (those nodes
     * stay for the next call). If {@code consumer} throws, the node it was handed is taken and the
     * rest stay queued.
     *
     * @return the nodes taken
     */
    final int drain(Consumer<? super N> consumer, int limit) {
        int taken = 0;
        N node;
        while (taken < limit && (node = relaxedPoll()) != null) {
            taken++;
            consumer.accept(node);
        }
        return taken;
    }

    @SuppressWarnings("unchecked")
    private N take(Node last, Node first) {
        // NOTE: plain: last.next was linked once and nobody writes it again; only the consumer reads it.
        // Cleared so that a dead node promoted to the old generation keeps no young one alive: without
        // it the MPSC static-send row (a backlog of self-sends) took 13.6x longer (./bench --ab).
        last.next = null;
        head = first;
        VH_CONSUMED.setRelease(this, consumed + 1);
        return (N) first;
    }

    /**
     * The queue whose offer is an atomic add on the count, then an atomic exchange of the tail: for
     * the timers' queue of new schedules, and the one that can let go of the node taken last.
     *
     * @param <N> the nodes' class
     */
    static final class Counted<N extends Node> extends MpscLinkedQueue<N> {

        @Override
        Node append(N node) {
            VH_PRODUCED.getAndAdd(this, 1L);
            return (Node) VH_TAIL.getAndSet(this, node);
        }

        @Override
        int producedLow32() {
            return (int) (long) VH_PRODUCED.getVolatile(this);
        }

        /**
         * Consumer, when a poll found the queue empty: makes the stub the head again, so that the queue
         * no longer holds the node taken last. Does nothing if an offer came in meanwhile (that node
         * links to the one taken last, and the next take lets go of it), or if nothing was taken since
         * the last call. Costs a compare-and-set on the producers' line, so it suits a consumer that
         * then idles, not one that takes a node at a time. (A {@link Numbered} queue cannot: a
         * producer that read the stub before such a reset and swapped after it would number its
         * node from the stub's old number.)
         */
        void forgetTaken() {
            final Node last = head;
            if (last == stub || VH_NEXT.getAcquire(last) != null) {
                return;
            }
            // NOTE: the stub's next is null (the take that moved past it cleared it, and no producer
            // writes it again until it is the tail once more): the successful compare-and-set publishes
            // that to the producer whose exchange returns the stub, which then links its node to it.
            if (VH_TAIL.compareAndSet(this, last, stub)) {
                head = stub;
            }
        }
    }

    /**
     * The queue whose offer is one compare-and-set of the tail, the node numbered after the tail it
     * replaces: for the MPSC mailbox, where a sender's offers follow each other.
     *
     * @param <N> the nodes' class
     */
    static final class Numbered<N extends Node> extends MpscLinkedQueue<N> {

        @Override
        Node append(N node) {
            Node last;
            do {
                // NOTE: acquire: the number of the node read was written before the
                // compare-and-set that made it the tail.
                last = (Node) VH_TAIL.getAcquire(this);
                ((Node) node).number = last.number + 1;
            } while (!VH_TAIL.compareAndSet(this, last, node));
            return last;
        }

        @Override
        int producedLow32() {
            return ((Node) VH_TAIL.getVolatile(this)).number;
        }
    }
}
