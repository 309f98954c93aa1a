package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.Message;
import actor.api.PoisonPill;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The Java meaning of each allocation status, for actors and for messages. */
class AllocationTest {

    /** A message that counts its destroy hook and carries the status to apply after receipt. */
    static final class Tracked extends Message {
        final AtomicInteger destroyed = new AtomicInteger();

        @Override
        protected void onDestroy() {
            destroyed.incrementAndGet();
        }
    }

    /** Returns whatever status it is told to; counts its destroy hook. */
    static final class Obedient extends Actor<Tracked> {
        volatile Allocation next = Allocation.NODELETE;
        final AtomicInteger received = new AtomicInteger();
        final AtomicInteger destroyed = new AtomicInteger();

        Obedient(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Tracked m) {
            received.incrementAndGet();
            return next;
        }

        @Override
        protected void onDestroy() {
            destroyed.incrementAndGet();
        }

        ActorSystem exposedSystem() {
            return system();
        }
    }

    @ParameterizedTest
    @EnumSource(Allocation.class)
    @Timeout(30)
    void actorStatusDecidesHookTerminationAndReuse(Allocation status) {
        final Obedient actor;
        try (ActorSystem system = ActorSystem.start(1)) {
            actor = new Obedient(system);
            actor.next = status;
            actor.send(new Tracked());
            if (status == Allocation.NODELETE) {
                actor.send(PoisonPill.FINISHED);
            }
        }
        assertTrue(actor.isTerminated());
        final boolean hook = status == Allocation.DELETE || status == Allocation.DESTROY;
        assertEquals(hook ? 1 : 0, actor.destroyed.get(), "destroy hook runs for DELETE and DESTROY only");
        if (status == Allocation.DELETE) {
            assertThrows(IllegalStateException.class, actor::exposedSystem, "a deleted actor drops its system");
        } else {
            assertFalse(actor.exposedSystem().isRunning());
        }
    }

    @Test
    @Timeout(30)
    void destroyedAndFinishedActorsCanBeRegisteredAgainKeepingTheirTicketButDeletedOnesCannot() {
        try (ActorSystem system = ActorSystem.start(2)) {
            final Obedient reused = new Obedient(system);
            final int ticket = reused.ticket();
            reused.next = Allocation.DESTROY;
            reused.send(new Tracked());
            awaitTerminated(reused);

            assertSame(reused, system.register(reused));
            assertFalse(reused.isTerminated());
            assertEquals(ticket, reused.ticket(), "same system: same mailbox");
            reused.next = Allocation.FINISHED;
            reused.send(new Tracked());
            awaitTerminated(reused);
            system.register(reused);
            reused.next = Allocation.DELETE;
            reused.send(new Tracked());
            awaitTerminated(reused);
            assertEquals(3, reused.received.get());

            final IllegalStateException deleted = assertThrows(IllegalStateException.class, () -> system.register(reused));
            assertTrue(deleted.getMessage().contains("deleted"), deleted.getMessage());

            final Obedient live = new Obedient(system);
            final IllegalStateException twice = assertThrows(IllegalStateException.class, () -> system.register(live));
            assertTrue(twice.getMessage().contains("already registered"), twice.getMessage());
            live.send(PoisonPill.FINISHED);
        }
    }

    @Test
    @Timeout(30)
    void anActorMovesToAnotherSystemWithANewRegistration() {
        final Obedient traveller;
        try (ActorSystem first = ActorSystem.start(1)) {
            traveller = new Obedient(first);
            traveller.send(PoisonPill.DESTROY);
        }
        try (ActorSystem second = ActorSystem.start(ActorSystemConfig.builder().workers(2).shardingFactor(4).build())) {
            second.register(traveller);
            assertSame(second, traveller.exposedSystem());
            traveller.send(new Tracked()).send(PoisonPill.FINISHED);
        }
        assertEquals(1, traveller.received.get());
    }

    @ParameterizedTest
    @EnumSource(Allocation.class)
    @Timeout(30)
    void messageStatusRunsTheMessageHookForDeleteAndDestroyOnly(Allocation status) {
        final Tracked message = new Tracked();
        message.setAllocation(status);
        assertEquals(status, message.allocation());
        try (ActorSystem system = ActorSystem.start(1)) {
            new Obedient(system).send(message).send(PoisonPill.FINISHED);
        }
        final boolean hook = status == Allocation.DELETE || status == Allocation.DESTROY;
        assertEquals(hook ? 1 : 0, message.destroyed.get());
    }

    @Test
    @Timeout(30)
    void aPreallocatedMessageIsReusedAcrossSendsAndActors() {
        final Tracked shared = new Tracked();
        final Obedient a;
        final Obedient b;
        try (ActorSystem system = ActorSystem.start(2)) {
            a = new Obedient(system);
            b = new Obedient(system);
            for (int i = 0; i < 1000; i++) {
                a.send(shared);
                b.send(shared);
            }
            a.send(PoisonPill.FINISHED);
            b.send(PoisonPill.FINISHED);
        }
        assertEquals(1000, a.received.get());
        assertEquals(1000, b.received.get());
        assertEquals(0, shared.destroyed.get());
    }

    @Test
    @Timeout(30)
    void poisonPillsMapToTheirStatusAndAnActorMayOverrideThem() {
        final List<String> log = new CopyOnWriteArrayList<>();
        final class Stubborn extends Actor<Tracked> {
            int pills;

            Stubborn(ActorSystem s) {
                super(s);
            }

            @Override
            protected Allocation receive(Tracked m) {
                log.add("message");
                return Allocation.NODELETE;
            }

            @Override
            protected Allocation onPoisonPill(PoisonPill pill) {
                log.add(pill.toString());
                return ++pills < 2 ? Allocation.NODELETE : super.onPoisonPill(pill);
            }

            @Override
            protected void onDestroy() {
                log.add("destroyed");
            }
        }
        try (ActorSystem system = ActorSystem.start(1)) {
            new Stubborn(system).send(PoisonPill.FINISHED).send(new Tracked()).send(PoisonPill.DELETE);
        }
        assertEquals(List.of("PoisonPill.FINISHED", "message", "PoisonPill.DELETE", "destroyed"), log);
        assertEquals(Allocation.DELETE, PoisonPill.DELETE.status());
        assertEquals(Allocation.DESTROY, PoisonPill.DESTROY.status());
        assertEquals(Allocation.FINISHED, PoisonPill.FINISHED.status());
        assertThrows(UnsupportedOperationException.class, () -> PoisonPill.FINISHED.setAllocation(Allocation.DELETE));
        assertEquals(Allocation.NODELETE, PoisonPill.DELETE.allocation());
    }

    private static void awaitTerminated(Actor<?> actor) {
        while (!actor.isTerminated()) {
            Thread.onSpinWait();
        }
    }
}
