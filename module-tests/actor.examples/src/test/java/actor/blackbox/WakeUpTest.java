package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.tuning.IdleStrategy;
import actor.api.Allocation;
import actor.api.tuning.MailboxKind;
import actor.api.Message;
import actor.api.PoisonPill;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * No lost wake-up: a message sent from outside to a system whose workers are all asleep is always
 * received. With stealing off the workers' own safety-net rescan is a second (1 s), so a lost
 * wake-up shows up as a latency of about a second; the bound below is far under that and far over a
 * real wake-up. (Workers that may steal also rescan every 20 ms, which would hide a lost wake-up.)
 */
class WakeUpTest {

    static final class Knock extends Message {
        final long sentAt;

        Knock(long sentAt) {
            this.sentAt = sentAt;
        }
    }

    /** Hands each knock's latency to the test thread. */
    static final class Door extends Actor<Knock> {
        private final LinkedBlockingQueue<Long> latencies;

        Door(ActorSystem system, LinkedBlockingQueue<Long> latencies) {
            super(system);
            this.latencies = latencies;
        }

        @Override
        protected Allocation receive(Knock knock) {
            latencies.add(System.nanoTime() - knock.sentAt);
            return Allocation.NODELETE;
        }
    }

    static Stream<Arguments> kindsAndWorkers() {
        return Stream.of(MailboxKind.values())
                .flatMap(kind -> Stream.of(1, 2, 4).map(workers -> Arguments.of(kind, workers)));
    }

    @ParameterizedTest(name = "{0}, {1} workers")
    @MethodSource("kindsAndWorkers")
    @Timeout(120)
    void aMessageToASleepingSystemIsAlwaysReceivedPromptly(MailboxKind kind, int workers) throws Exception {
        final String name = "wake-" + kind + "-" + workers;
        final LinkedBlockingQueue<Long> received = new LinkedBlockingQueue<>();
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name(name).workers(workers)
                .idleStrategy(() -> IdleStrategy.of(Thread::yield, () -> { })).sleepAfter(Duration.ZERO).victimSelector("none").mailboxKind(kind).build())) {
            final Door[] doors = new Door[workers * 3];
            for (int i = 0; i < doors.length; i++) {
                doors[i] = new Door(system, received);
            }
            final long[] latencies = new long[100];
            try {
                for (int i = 0; i < latencies.length; i++) {
                    awaitAllWorkersParked(name);
                    doors[i % doors.length].send(new Knock(System.nanoTime()));
                    final Long latency = received.poll(10, TimeUnit.SECONDS);
                    assertTrue(latency != null, "knock " + i + " was never received");
                    assertTrue(latency < TimeUnit.MILLISECONDS.toNanos(400), "knock " + i + " took "
                            + latency / 1_000 + " µs: a lost wake-up, rescued by the 1 s rescan");
                    latencies[i] = latency;
                }
                Arrays.sort(latencies);
                final long median = latencies[latencies.length / 2];
                System.out.printf("wake-up of a sleeping system, %s, %d workers: median %d µs, max %d µs over %d tries%n",
                        kind, workers, median / 1_000, latencies[latencies.length - 1] / 1_000, latencies.length);
                assertTrue(median < TimeUnit.MILLISECONDS.toNanos(50), "median wake-up " + median / 1_000 + " µs");
            } finally {
                for (Door door : doors) {
                    door.send(PoisonPill.FINISHED);
                }
            }
        }
    }

    /**
     * With a yielding idle strategy a worker is only ever parked when it sleeps. The workers only: a
     * spare carrier (named {@code <system>-worker-<w>-spare-<k>}) parks without a timeout when idle.
     * After 30 s the states and stacks of the system's threads are the failure's message (a CI run
     * once waited here the whole 120 s of the test's timeout, with nothing to show why).
     */
    private static void awaitAllWorkersParked(String systemName) throws InterruptedException {
        final Pattern worker = Pattern.compile(Pattern.quote(systemName) + "-worker-\\d+");
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            final Map<Thread, StackTraceElement[]> threads = Thread.getAllStackTraces();
            final List<Thread> workers = threads.keySet().stream()
                    .filter(t -> worker.matcher(t.getName()).matches()).toList();
            if (!workers.isEmpty() && workers.stream().allMatch(t -> t.getState() == Thread.State.TIMED_WAITING)) {
                return;
            }
            if (System.nanoTime() > deadline) {
                final StringBuilder states = new StringBuilder();
                threads.forEach((thread, stack) -> {
                    if (thread.getName().startsWith(systemName)) {
                        states.append('\n').append(thread.getName()).append(' ').append(thread.getState());
                        for (StackTraceElement frame : stack) {
                            states.append("\n    at ").append(frame);
                        }
                    }
                });
                fail("the workers did not all sleep within 30 s:" + states);
            }
            Thread.sleep(1);
        }
    }
}
