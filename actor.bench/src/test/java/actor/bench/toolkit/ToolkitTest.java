package actor.bench.toolkit;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.tuning.MailboxKind;
import actor.api.tuning.Slices;
import actor.api.Message;
import actor.api.PoisonPill;
import actor.bench.suite.Benchmarks;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Sizes;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class ToolkitTest {

    static final class Probe extends Actor<Message> {
        Probe(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Message message) {
            return Allocation.FINISHED;
        }
    }

    private static ActorSystem start(int workers) {
        return Toolkit.start(new RunSpec(workers, "none", Sizes.SMALL, new HashMap<>()));
    }

    @Test
    @Timeout(60)
    void onWorkerPutsEveryActorOnTheWorkerAskedForInAnyOrder() {
        for (int workers = 1; workers <= 4; workers++) {
            final ActorSystem system = start(workers);
            for (int round = 0; round < 3; round++) {
                for (int w = workers - 1; w >= 0; w--) {
                    final Probe probe = Toolkit.onWorker(system, w, Probe::new);
                    final long slice = (long) probe.ticket() * workers / system.config().mailboxes();
                    assertEquals(w, slice, "ticket " + probe.ticket() + " of " + system.config().mailboxes());
                    assertEquals(w, Slices.initialWorkerOf(system, probe));
                    probe.send(PoisonPill.FINISHED);
                }
            }
            final int beyond = workers;
            assertThrows(IllegalArgumentException.class, () -> Toolkit.onWorker(system, beyond, Probe::new));
            Toolkit.stop(system);
        }
    }

    @Test
    @Timeout(60)
    void onWorkerGivesUpLoudlyAndFinishesEveryReject() {
        final ActorSystem system = start(2);
        final IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Toolkit.onWorker(system, w -> false, Probe::new));
        assertTrue(e.getMessage().contains("tries"), e.getMessage());
        Toolkit.stop(system);
        assertEquals(0, system.liveActors(), "every reject was finished");
    }

    @Test
    void clientsNeverShareTheServersWorkerAndUseEveryOtherOne() {
        for (int workers = 2; workers <= 5; workers++) {
            final ActorSystem system = start(workers);
            final Set<Integer> used = new HashSet<>();
            for (int client = 0; client < 3 * workers; client++) {
                final int w = Toolkit.clientWorker(system, client);
                assertNotEquals(0, w);
                assertTrue(w < workers);
                used.add(w);
            }
            assertEquals(workers - 1, used.size());
            Toolkit.stop(system);
        }
        final ActorSystem single = start(1);
        assertEquals(0, Toolkit.clientWorker(single, 5), "one worker: everyone shares it");
        Toolkit.stop(single);
    }

    @Test
    void aWrongResultFailsTheRunNamingWhatWasWrong() {
        Toolkit.check("broker", "meetings", 4, 4);
        final IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Toolkit.check("broker", "meetings", 4, 3));
        assertEquals("broker: meetings = 3, expected 4", e.getMessage());
    }

    @Test
    void aVariantNamesAMailboxKindOrElseAVictimSelector() {
        assertEquals(MailboxKind.COPY_QUEUE, Toolkit.mailboxKindOf(Benchmarks.COPY_QUEUE_VARIANT));
        assertEquals(MailboxKind.MPSC, Toolkit.mailboxKindOf(Benchmarks.MPSC_VARIANT));
        for (String selector : Benchmarks.STEALING_VARIANTS) {
            assertEquals(null, Toolkit.mailboxKindOf(selector), selector);
        }
    }

    /**
     * A stop that waits longer than the system's warning delay (5 s) is a slow iteration on a busy
     * machine, not a broken one: the system's notice goes to stderr and the run goes on. The probe
     * is told to finish once the notice is out (or after 60 s, when the notice never came).
     */
    @Test
    @Timeout(120)
    void aStopThatWaitsIsANoticeOnStderrNotAFailedRun() throws Exception {
        final ByteArrayOutputStream captured = new ByteArrayOutputStream();
        final PrintStream stderr = System.err;
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            final ActorSystem system = start(1);
            final Probe late = new Probe(system);
            final Thread finisher = new Thread(() -> {
                final long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (!captured.toString(StandardCharsets.UTF_8).contains("has waited") && System.nanoTime() < giveUp) {
                    try {
                        Thread.sleep(50);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        break;
                    }
                }
                late.send(PoisonPill.FINISHED);
            }, "finisher");
            finisher.start();
            assertDoesNotThrow(() -> Toolkit.stop(system));
            finisher.join();
        } finally {
            System.setErr(stderr);
        }
        final String notice = captured.toString(StandardCharsets.UTF_8);
        assertTrue(notice.contains("notice: stop(") && notice.contains(" has waited "), notice);
    }

    @Test
    @Timeout(60)
    void aRealProblemStillFailsTheRun() {
        final ActorSystem system = start(1);
        final Probe probe = new Probe(system);
        probe.send(new Message() { }).send(new Message() { });
        final IllegalStateException e = assertThrows(IllegalStateException.class, () -> Toolkit.stop(system));
        assertTrue(e.getMessage().contains("problem(s) reported"), e.getMessage());
    }
}
