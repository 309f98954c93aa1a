package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.Checks;
import actor.api.tuning.MailboxKind;
import actor.api.PoisonPill;
import actor.steal.VictimSelectors;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Threads that send to one actor in a tight loop keep its mailbox's lock busy most of the time; a
 * worker that finds the lock held puts its gulp off, a bounded number of times (the copy-queue
 * kind). The property: the actor's messages run while the senders are still sending (the senders
 * stop only once it has received a target count), each sender's messages in its order, never two
 * behaviours of the actor at once; with 1, 2 and 6 workers on 2 cores and both mailbox kinds.
 */
class ContinuousSendersTest {

    private static final int SENDERS = 3;
    private static final long TARGET = 60_000;

    static Stream<Arguments> kindsAndWorkers() {
        return Stream.of(MailboxKind.values()).flatMap(kind -> Stream.of(1, 2, 6).map(workers -> Arguments.of(kind, workers)));
    }

    /** Checks each sender's order and that its behaviours never overlap; counts what it received. */
    static final class Sink extends Actor<DeliveryStress.Numbered> {
        final AtomicLong received = new AtomicLong();
        final long[] next = new long[SENDERS];
        final List<String> violations = new ArrayList<>();
        private final AtomicBoolean running = new AtomicBoolean();

        Sink(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(DeliveryStress.Numbered message) {
            if (!running.compareAndSet(false, true)) {
                violations.add("two behaviours at once");
            }
            if (message.seq != next[message.sender]) {
                violations.add("sender " + message.sender + ": got " + message.seq + ", expected "
                        + next[message.sender]);
            }
            next[message.sender] = message.seq + 1;
            received.incrementAndGet();
            running.set(false);
            return Allocation.NODELETE;
        }
    }

    @ParameterizedTest(name = "{0}, {1} workers")
    @MethodSource("kindsAndWorkers")
    @Timeout(120)
    void messagesRunWhileTheirSendersStillSendInOrderAndOneAtATime(MailboxKind kind, int workers) throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("continuous").workers(workers)
                .victimSelector(VictimSelectors.RANDOM).mailboxKind(kind).checks(Checks.DEBUG).errorHandler(errors)
                .build());
        final Sink sink = new Sink(system);
        final long[] sent = new long[SENDERS];
        final boolean[] reachedWhileSending = new boolean[SENDERS];
        final List<Thread> senders = new ArrayList<>();
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        for (int s = 0; s < SENDERS; s++) {
            final int sender = s;
            final Thread thread = new Thread(() -> {
                long sequence = 0;
                while (System.nanoTime() < deadline) {
                    sink.send(new DeliveryStress.Numbered(sender, sequence++));
                    if (sink.received.get() >= TARGET) {
                        reachedWhileSending[sender] = true;
                        break;
                    }
                }
                sent[sender] = sequence;
            }, "sender-" + s);
            thread.start();
            senders.add(thread);
        }
        for (Thread sender : senders) {
            sender.join();
        }
        sink.send(PoisonPill.FINISHED);
        system.stop();
        long total = 0;
        for (int s = 0; s < SENDERS; s++) {
            assertTrue(reachedWhileSending[s], "sender " + s + " sent for 60 s without the actor reaching "
                    + TARGET + " messages: " + sink.received.get());
            total += sent[s];
            assertEquals(sent[s], sink.next[s], "every message of sender " + s + " ran, in order");
        }
        assertEquals(total, sink.received.get());
        assertEquals(List.of(), sink.violations);
        // NOTE: the stop waits for the workload to end; on a loaded machine that takes longer than
        // stopWarningAfter, and the stop then reports the actors it waits for (a StopWaiting: how
        // long, not that anything went wrong).
        assertEquals(List.of(), errors.all().stream().filter(e -> !(e instanceof ActorError.StopWaiting)).toList());
    }
}
