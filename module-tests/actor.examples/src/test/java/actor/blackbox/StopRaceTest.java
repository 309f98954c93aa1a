package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.tuning.MailboxKind;
import actor.api.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Sends racing the end of a system: outside threads keep sending to live actors while the system
 * is aborted, so some sends meet the final sweep and some reach closed mailboxes. Every message sent
 * is either received or reported undelivered, exactly once, with every mailbox kind (the MPSC kind
 * sends without the lock the sweep closes the mailbox under).
 */
class StopRaceTest {

    private static final int ROUNDS = 30;
    private static final int SENDERS = 3;

    static final class Ping extends Message {
    }

    /** Counts what it receives; never terminates, so the abort leaves it live. */
    static final class Counter extends Actor<Ping> {
        private final AtomicLong received;

        Counter(ActorSystem system, AtomicLong received) {
            super(system);
            this.received = received;
        }

        @Override
        protected Allocation receive(Ping ping) {
            received.incrementAndGet();
            return Allocation.NODELETE;
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(MailboxKind.class)
    @Timeout(60)
    void everySendRacingTheStopIsReceivedOrReportedExactlyOnce(MailboxKind kind) throws Exception {
        long raced = 0;
        for (int round = 0; round < ROUNDS; round++) {
            final RecordingErrorHandler errors = new RecordingErrorHandler();
            final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("race-" + round)
                    .workers(2).mailboxKind(kind).errorHandler(errors).build());
            final AtomicLong received = new AtomicLong();
            final List<Counter> targets = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                targets.add(new Counter(system, received));
            }
            final AtomicBoolean halt = new AtomicBoolean();
            final AtomicLong sent = new AtomicLong();
            final List<Thread> senders = new ArrayList<>();
            for (int t = 0; t < SENDERS; t++) {
                final int offset = t;
                senders.add(new Thread(() -> {
                    long n = 0;
                    while (!halt.get()) {
                        targets.get((int) (n++ + offset) % targets.size()).send(new Ping());
                        sent.incrementAndGet();
                    }
                }, "race-sender-" + t));
            }
            senders.forEach(Thread::start);
            LockSupport.parkNanos(1_000_000L * (1 + round % 3));
            system.abort();
            final long atAbort = sent.get();
            LockSupport.parkNanos(1_000_000);
            halt.set(true);
            for (Thread sender : senders) {
                sender.join();
            }
            raced += sent.get() - atAbort;
            final long undelivered = errors.undeliveredCount();
            assertEquals(sent.get(), received.get() + undelivered, kind + ", round " + round + ": sent "
                    + sent.get() + ", received " + received.get() + ", reported undelivered " + undelivered);
        }
        assertTrue(raced > 0, "some sends came after the abort");
    }
}
