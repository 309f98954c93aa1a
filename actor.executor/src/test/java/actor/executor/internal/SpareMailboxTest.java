package actor.executor.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import actor.api.tuning.PlacementPolicy;
import actor.steal.internal.WorkerQueueTable;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The spare mailbox of each worker's slice ({@link Placement}): no ticket names it, so a push
 * ({@link HandOffMoves#tryPush}) finds an actor-less mailbox to take in exchange on the worker it gives
 * a mailbox to.
 */
class SpareMailboxTest {

    private static WorkerQueueTable<Mailbox> table(int mailboxes, int workers) {
        final Mailbox[] all = new Mailbox[mailboxes];
        for (int i = 0; i < mailboxes; i++) {
            all[i] = new CopyQueueMailbox(i, new CopyQueue());
        }
        return new WorkerQueueTable<>(all, workers);
    }

    private static Set<Integer> outsideTickets(Placement placement, int count) {
        final Set<Integer> tickets = new TreeSet<>();
        for (int i = 0; i < count; i++) {
            tickets.add(placement.outsideTicket());
        }
        return tickets;
    }

    @Test
    void withStealingTheLastMailboxOfEverySliceIsASpareThatNoTicketNames() {
        final Placement placement = new Placement(table(32, 2), PlacementPolicy.NEAR_CREATOR, true);
        final Set<Integer> expected = new TreeSet<>();
        for (int i = 0; i < 32; i++) {
            assertEquals(i == 15 || i == 31, placement.isSpare(i), "mailbox " + i);
            if (!placement.isSpare(i)) {
                expected.add(i);
            }
        }
        assertEquals(expected, outsideTickets(placement, 300), "every other mailbox, and only those");
        final Set<Integer> hubs = new TreeSet<>();
        for (int i = 0; i < 100; i++) {
            hubs.add(placement.hubTicket());
        }
        assertEquals(expected, hubs);
    }

    @Test
    void withoutStealingOrInSmallSlicesEveryMailboxTakesTickets() {
        final Placement noStealing = new Placement(table(32, 2), PlacementPolicy.NEAR_CREATOR, false);
        assertEquals(32, outsideTickets(noStealing, 300).size());
        final Placement small = new Placement(table(6, 2), PlacementPolicy.NEAR_CREATOR, true);
        assertEquals(6, outsideTickets(small, 300).size(), "a slice of 3 keeps no spare");
        for (int i = 0; i < 6; i++) {
            assertFalse(small.isSpare(i));
        }
    }
}
