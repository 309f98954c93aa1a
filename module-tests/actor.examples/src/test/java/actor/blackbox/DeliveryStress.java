package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A reusable delivery workload: several outside threads and several sender actors send numbered
 * messages to many receivers. Every receiver checks, per sender, that sequence numbers arrive
 * consecutively (FIFO, nothing lost, nothing twice) and that no two threads ever run it at once;
 * the totals are checked after stop.
 */
final class DeliveryStress {

    /** A numbered message from one sender. */
    static final class Numbered extends Message {
        final int sender;
        final long seq;

        Numbered(int sender, long seq) {
            this.sender = sender;
            this.seq = seq;
        }
    }

    /** Checks order and exclusion; finishes after its last expected message. */
    static final class Receiver extends Actor<Numbered> {
        private final long[] nextSeq;
        private final long expected;
        private final int spinsPerMessage;
        private final AtomicInteger inside = new AtomicInteger();
        private long received;
        volatile String violation;
        volatile long receivedAtEnd;

        Receiver(ActorSystem system, int senders, long perSender, int spinsPerMessage) {
            super(system);
            this.nextSeq = new long[senders];
            this.expected = senders * perSender;
            this.spinsPerMessage = spinsPerMessage;
        }

        @Override
        protected Allocation receive(Numbered m) {
            if (inside.getAndIncrement() != 0) {
                violation = "two threads ran " + this + " at once";
            }
            try {
                if (m.seq != nextSeq[m.sender]) {
                    violation = this + ": from sender " + m.sender + " expected #" + nextSeq[m.sender] + " got #" + m.seq;
                }
                nextSeq[m.sender] = m.seq + 1;
                for (int i = 0; i < spinsPerMessage; i++) {
                    Thread.onSpinWait();
                }
                if ((m.seq & 255) == 0) {
                    Thread.yield();
                }
                received++;
                if (received == expected) {
                    receivedAtEnd = received;
                    return Allocation.FINISHED;
                }
                return Allocation.NODELETE;
            } finally {
                inside.decrementAndGet();
            }
        }
    }

    /** Instructs a sender actor to send the next chunk. */
    static final class Go extends Message {
        final long from;

        Go(long from) {
            this.from = from;
        }
    }

    /** Sends numbered messages from a worker thread, a chunk per behaviour, then finishes. */
    static final class SenderActor extends Actor<Go> {
        private static final int CHUNK = 64;
        private final int id;
        private final List<Receiver> receivers;
        private final long perSender;

        SenderActor(ActorSystem system, int id, List<Receiver> receivers, long perSender) {
            super(system);
            this.id = id;
            this.receivers = receivers;
            this.perSender = perSender;
        }

        @Override
        protected Allocation receive(Go go) {
            final long end = Math.min(perSender, go.from + CHUNK);
            for (long seq = go.from; seq < end; seq++) {
                for (Receiver r : receivers) {
                    r.send(new Numbered(id, seq));
                }
            }
            if (end == perSender) {
                return Allocation.FINISHED;
            }
            send(new Go(end));
            return Allocation.NODELETE;
        }
    }

    private DeliveryStress() {
    }

    /**
     * Runs the workload on a system made from {@code config} (its error handler is replaced by a
     * recorder), stops it, checks everything, and returns the stopped system. Every receiver is
     * placed in worker 0's slice ({@link Placed}): a skewed load that only stealing spreads.
     */
    static ActorSystem run(ActorSystemConfig.Builder config, int receiverCount, int outsideThreads, int senderActors,
                           long perSender) throws InterruptedException {
        return run(config, receiverCount, outsideThreads, senderActors, perSender, 0);
    }

    /** As {@link #run(ActorSystemConfig.Builder, int, int, int, long)}, each receipt costing some spins. */
    static ActorSystem run(ActorSystemConfig.Builder config, int receiverCount, int outsideThreads, int senderActors,
                           long perSender, int spinsPerMessage) throws InterruptedException {
        final int senders = outsideThreads + senderActors;
        final List<Receiver> receivers = new ArrayList<>();
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(config.errorHandler(errors).build());
        try (system) {
            for (int r = 0; r < receiverCount; r++) {
                receivers.add(Placed.onWorker(system, 0, sys -> new Receiver(sys, senders, perSender, spinsPerMessage)));
            }
            for (int s = 0; s < senderActors; s++) {
                new SenderActor(system, outsideThreads + s, receivers, perSender).send(new Go(0));
            }
            final List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < outsideThreads; t++) {
                final int id = t;
                threads.add(new Thread(() -> {
                    for (long seq = 0; seq < perSender; seq++) {
                        for (Receiver r : receivers) {
                            r.send(new Numbered(id, seq));
                        }
                    }
                }, "outside-sender-" + t));
            }
            threads.forEach(Thread::start);
            for (Thread t : threads) {
                t.join();
            }
        }
        for (Receiver r : receivers) {
            assertNull(r.violation, r.violation);
            assertEquals(senders * perSender, r.receivedAtEnd, "messages received by " + r);
            assertTrue(r.isTerminated(), r + " terminated");
        }
        // NOTE: the stop waits for the receivers to finish the workload; on a loaded machine that
        // takes longer than stopWarningAfter, and the stop then reports the actors it waits for: a
        // StopWaiting says how long it waited, not that anything went wrong.
        assertEquals(List.of(), errors.all().stream().filter(e -> !(e instanceof ActorError.StopWaiting)).toList(),
                "nothing reported");
        return system;
    }
}
