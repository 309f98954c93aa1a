package actor.executor.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.PlacementPolicy;
import actor.api.PoisonPill;
import actor.api.StatisticsMode;
import actor.stats.Statistics;
import actor.steal.internal.WorkerQueueTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The spare mailbox of each worker's slice ({@link Placement}): no ticket names it, and a thief
 * gives it (or, once it is gone, a mailbox it took from the same victim earlier) in exchange for
 * the mailbox it takes, so a steal moves none of the thief's own actors to the victim
 * ({@link Thief}).
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

    /** Records the thread each of its messages ran on. */
    static final class Resident extends Actor<CountDownLatch> {
        final Set<String> threads = ConcurrentHashMap.newKeySet();

        Resident(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(CountDownLatch ran) {
            threads.add(Thread.currentThread().getName());
            ran.countDown();
            return Allocation.NODELETE;
        }
    }

    /** Spins for {@code micros} per message and ends after its last one. */
    static final class Busy extends Actor<Integer> {
        private final CountDownLatch done;
        private int left;

        Busy(ActorSystem system, int messages, CountDownLatch done) {
            super(system);
            this.left = messages;
            this.done = done;
        }

        @Override
        protected Allocation receive(Integer micros) {
            final long until = System.nanoTime() + TimeUnit.MICROSECONDS.toNanos(micros);
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            done.countDown();
            return --left == 0 ? Allocation.DELETE : Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(120)
    void aThiefGivesAMailboxWithoutActorsSoItsOwnActorsStayWithIt() throws InterruptedException {
        for (int round = 0; round < 20; round++) {
            try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("spare").workers(2).mailboxes(32)
                    .statistics(StatisticsMode.ON).build())) {
                final List<Resident> residents = new ArrayList<>();
                final List<Busy> busy = new ArrayList<>();
                final CountDownLatch worked = new CountDownLatch(4 * 50);
                while (residents.size() < 30) {
                    final Resident resident = new Resident(system);
                    if (system.initialWorkerOf(resident) == 1) {
                        residents.add(resident);
                    } else {
                        resident.send(PoisonPill.FINISHED);
                    }
                }
                final Set<Integer> residentMailboxes = new TreeSet<>();
                residents.forEach(r -> residentMailboxes.add(r.ticket()));
                assertEquals(15, residentMailboxes.size(), "residents in every mailbox of worker 1 but its spare");
                while (busy.size() < 4) {
                    final Busy candidate = new Busy(system, 50, worked);
                    if (system.initialWorkerOf(candidate) == 0 && busy.stream().noneMatch(b -> b.ticket() == candidate.ticket())) {
                        busy.add(candidate);
                    } else {
                        candidate.send(PoisonPill.DELETE);
                    }
                }
                for (Busy b : busy) {
                    for (int m = 0; m < 50; m++) {
                        b.send(100);
                    }
                }
                assertTrue(worked.await(60, TimeUnit.SECONDS), "the busy actors' work");
                // NOTE: one probe at a time: a mailbox holding one message is not worth a steal, so
                // the probes cannot move the residents themselves.
                for (Resident resident : residents) {
                    final CountDownLatch ran = new CountDownLatch(1);
                    resident.send(ran);
                    assertTrue(ran.await(60, TimeUnit.SECONDS), "resident #" + resident.ticket() + " ran");
                }
                residents.forEach(r -> r.send(PoisonPill.FINISHED));
                final Statistics statistics = system.statistics();
                final long steals = statistics.workers().get(1).steals();
                // NOTE: worker 0 may rescue a resident's probe from worker 1 if the operating system
                // preempts worker 1 with the probe queued (a busy machine); that moves the resident
                // by design, so such a round says nothing about what worker 1 gives when it steals.
                if (steals == 0 || statistics.workers().get(0).steals() > 0) {
                    continue;
                }
                for (Resident resident : residents) {
                    assertEquals(Set.of("spare-worker-1"), resident.threads,
                            "resident #" + resident.ticket() + " after " + steals + " steals\n" + statistics.toText());
                }
                return;
            }
        }
        throw new AssertionError("no round of 20 had worker 1 steal and worker 0 not");
    }
}
