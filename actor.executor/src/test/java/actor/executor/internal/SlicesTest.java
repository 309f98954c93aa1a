package actor.executor.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.PoisonPill;
import actor.api.tuning.Slices;
import actor.steal.internal.WorkerQueueTable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link Slices#initialWorkerOf} names the worker whose slice of the executor's table holds an
 * actor's ticket, and refuses nulls.
 */
class SlicesTest {

    static final class Probe extends Actor<String> {
        Probe(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(String message) {
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(60)
    void theStartingWorkerIsTheOneWhoseSliceOfTheTableHoldsTheTicket() throws InterruptedException {
        for (int[] shape : new int[][] {{1, 1}, {2, 2}, {2, 7}, {3, 8}, {3, 48}}) {
            final int workers = shape[0];
            final int mailboxes = shape[1];
            final Integer[] slots = new Integer[mailboxes];
            Arrays.fill(slots, 0);
            final WorkerQueueTable<Integer> table = new WorkerQueueTable<>(slots, workers);
            final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(workers)
                    .mailboxes(mailboxes).build());
            final List<Probe> probes = new ArrayList<>();
            for (int i = 0; i < 2 * mailboxes; i++) {
                probes.add(new Probe(system));
            }
            for (Probe probe : probes) {
                assertEquals(table.workerOf(probe.ticket()), Slices.initialWorkerOf(system, probe),
                        workers + " workers, " + mailboxes + " mailboxes, " + probe);
                probe.send(PoisonPill.FINISHED);
            }
            final int last = probes.get(probes.size() - 1).ticket();
            assertTrue(system.stop(Duration.ofSeconds(30)));
            assertEquals(table.workerOf(last), Slices.initialWorkerOf(system, probes.get(probes.size() - 1)),
                    "the ticket is kept after termination");
        }
    }

    @Test
    @Timeout(60)
    void nullsAreRefused() {
        try (ActorSystem system = ActorSystem.start(1)) {
            final Probe probe = new Probe(system);
            assertEquals("system", assertThrows(NullPointerException.class,
                    () -> Slices.initialWorkerOf(null, probe)).getMessage());
            assertEquals("actor", assertThrows(NullPointerException.class,
                    () -> Slices.initialWorkerOf(system, null)).getMessage());
            probe.send(PoisonPill.FINISHED);
        }
    }
}
