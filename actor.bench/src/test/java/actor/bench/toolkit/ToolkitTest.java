package actor.bench.toolkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.MailboxKind;
import actor.api.Message;
import actor.api.PoisonPill;
import actor.bench.suite.Benchmarks;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Sizes;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Set;
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
                    assertEquals(w, system.initialWorkerOf(probe));
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
}
