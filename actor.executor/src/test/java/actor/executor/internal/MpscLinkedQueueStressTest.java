package actor.executor.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link MpscLinkedQueue} under contention: more producer threads than cores offer numbered nodes
 * while one consumer takes them with every kind of take (strict and relaxed polls, drains with a
 * limit, peeks, and on the counted queue a forget whenever it finds the queue empty), for both kinds
 * of queue. Every node must come out exactly
 * once, each producer's in its order of offers, and the counts must agree at the end. Producers
 * that lose their CPU between their exchange and their link (likely, with more threads than cores)
 * are the half-done inserts the consumer must wait for or stop at.
 */
class MpscLinkedQueueStressTest {

    private static final int PER_PRODUCER = 500_000;

    @ParameterizedTest
    @EnumSource(MpscLinkedQueueTest.Kind.class)
    @Timeout(120)
    void everyNodeComesOutOnceAndInEachProducersOrder(MpscLinkedQueueTest.Kind queueKind) throws Exception {
        final int producers = Math.max(4, 2 * Runtime.getRuntime().availableProcessors() + 1);
        final MpscLinkedQueue<MpscLinkedQueueTest.Item> queue = queueKind.create();
        final CountDownLatch start = new CountDownLatch(1);
        final List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            final int producer = p;
            final Thread thread = new Thread(() -> {
                awaitQuietly(start);
                for (int i = 0; i < PER_PRODUCER; i++) {
                    queue.offer(new MpscLinkedQueueTest.Item(producer, i));
                }
            }, "producer-" + p);
            thread.start();
            threads.add(thread);
        }
        final int[] next = new int[producers];
        final AtomicReference<String> failure = new AtomicReference<>();
        final long total = (long) producers * PER_PRODUCER;
        long taken = 0;
        long round = 0;
        start.countDown();
        while (taken < total && failure.get() == null) {
            round++;
            final int kind = (int) (round % 5);
            if (kind == 0) {
                final MpscLinkedQueueTest.Item item = queue.poll();
                if (item != null) {
                    check(item, next, failure);
                    taken++;
                } else if (queue instanceof MpscLinkedQueue.Counted<MpscLinkedQueueTest.Item> counted) {
                    counted.forgetTaken();
                }
            } else if (kind == 1) {
                final MpscLinkedQueueTest.Item item = queue.relaxedPoll();
                if (item != null) {
                    check(item, next, failure);
                    taken++;
                }
            } else if (kind == 2) {
                final MpscLinkedQueueTest.Item first = queue.peek();
                if (first != null) {
                    final MpscLinkedQueueTest.Item item = queue.relaxedPoll();
                    if (item != first) {
                        failure.compareAndSet(null, "peek saw " + first + ", the poll after it took " + item);
                    }
                    check(item, next, failure);
                    taken++;
                }
            } else {
                final int size = queue.size();
                taken += queue.drain(item -> check(item, next, failure), kind == 3 ? Math.max(1, size) : 7);
            }
        }
        for (Thread thread : threads) {
            thread.join();
        }
        assertNull(failure.get());
        assertEquals(total, taken);
        for (int p = 0; p < producers; p++) {
            assertEquals(PER_PRODUCER, next[p], "nodes of producer " + p);
        }
        assertTrue(queue.isEmpty());
        assertEquals(0, queue.size());
        assertNull(queue.poll());
    }

    /** The consumer's check: {@code item} is the next of its producer's sequence. */
    private static void check(MpscLinkedQueueTest.Item item, int[] next, AtomicReference<String> failure) {
        if (item.sequence != next[item.producer]) {
            failure.compareAndSet(null, "producer " + item.producer + ": expected " + next[item.producer]
                    + ", took " + item.sequence);
        }
        next[item.producer] = item.sequence + 1;
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
