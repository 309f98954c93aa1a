package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.tuning.Hub;
import actor.api.tuning.PlacementPolicy;
import actor.api.tuning.Slices;
import actor.api.PoisonPill;
import actor.steal.VictimSelectors;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Where new actors go under each {@link PlacementPolicy}, and hubs: read through the documented
 * ticket rule ({@link Slices#initialWorkerOf}), with stealing off so nothing moves.
 */
class PlacementPolicyTest {

    private static final int WORKERS = 4;

    /** Does nothing; finishes on a pill. */
    static class Leaf extends Actor<String> {
        Leaf(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(String message) {
            return Allocation.NODELETE;
        }
    }

    @Hub
    static class Broker extends Leaf {
        Broker(ActorSystem system) {
            super(system);
        }
    }

    /** Inherits {@link Hub} from {@link Broker}. */
    static final class SpecialBroker extends Broker {
        SpecialBroker(ActorSystem system) {
            super(system);
        }
    }

    /** Creates {@code children} leaves (or brokers) in one behaviour and hands them over. */
    static final class Parent extends Actor<Integer> {
        final CompletableFuture<List<Leaf>> children = new CompletableFuture<>();
        private final boolean hubs;

        Parent(ActorSystem system, boolean hubs) {
            super(system);
            this.hubs = hubs;
        }

        @Override
        protected Allocation receive(Integer count) {
            final List<Leaf> made = new CopyOnWriteArrayList<>();
            for (int i = 0; i < count; i++) {
                made.add(hubs ? new Broker(system()) : new Leaf(system()));
            }
            children.complete(made);
            return Allocation.FINISHED;
        }
    }

    private static ActorSystem start(PlacementPolicy policy) {
        return ActorSystem.start(ActorSystemConfig.builder().workers(WORKERS).victimSelector(VictimSelectors.NONE)
                .placement(policy).build());
    }

    private static int[] perWorker(ActorSystem system, List<? extends Actor<?>> actors) {
        final int[] counts = new int[WORKERS];
        actors.forEach(a -> counts[Slices.initialWorkerOf(system, a)]++);
        return counts;
    }

    private static void finish(ActorSystem system, List<? extends Actor<?>> actors) throws InterruptedException {
        actors.forEach(a -> a.send(PoisonPill.FINISHED));
        assertTrue(system.stop(Duration.ofSeconds(10)));
    }

    @Test
    @Timeout(30)
    void byDefaultABehavioursChildrenStayOnItsWorker() throws Exception {
        final ActorSystem system = start(PlacementPolicy.NEAR_CREATOR);
        assertEquals(PlacementPolicy.NEAR_CREATOR, ActorSystemConfig.builder().build().placement(), "the default");
        final Parent parent = new Parent(system, false);
        final int home = Slices.initialWorkerOf(system, parent);
        parent.send(8);
        final List<Leaf> children = parent.children.get(10, TimeUnit.SECONDS);
        final int[] counts = perWorker(system, children);
        assertEquals(8, counts[home], "all on the creator's worker " + home + ": " + Arrays.toString(counts));
        finish(system, children);
    }

    @Test
    @Timeout(30)
    void spreadSendsABehavioursChildrenToEveryWorkerInTurn() throws Exception {
        final ActorSystem system = start(PlacementPolicy.SPREAD);
        final Parent parent = new Parent(system, false);
        parent.send(8);
        final List<Leaf> children = parent.children.get(10, TimeUnit.SECONDS);
        final int[] counts = perWorker(system, children);
        for (int w = 0; w < WORKERS; w++) {
            assertEquals(2, counts[w], "worker " + w + ": " + Arrays.toString(counts));
        }
        finish(system, children);
    }

    @Test
    @Timeout(30)
    void hubsGetWorkersAndMailboxesOfTheirOwnWhereverTheyAreCreated() throws Exception {
        final ActorSystem system = start(PlacementPolicy.NEAR_CREATOR);
        final List<Leaf> outside = IntStream.range(0, WORKERS)
                .mapToObj(i -> (Leaf) (i % 2 == 0 ? new Broker(system) : new SpecialBroker(system))).toList();
        final int[] counts = perWorker(system, outside);
        for (int w = 0; w < WORKERS; w++) {
            assertEquals(1, counts[w], "one hub per worker: " + Arrays.toString(counts));
        }
        final Parent parent = new Parent(system, true);
        parent.send(WORKERS);
        final List<Leaf> inside = parent.children.get(10, TimeUnit.SECONDS);
        final int[] second = perWorker(system, inside);
        for (int w = 0; w < WORKERS; w++) {
            assertEquals(1, second[w], "hubs created by a behaviour are spread too: " + Arrays.toString(second));
        }
        final Set<Integer> tickets = new HashSet<>();
        outside.forEach(h -> tickets.add(h.ticket()));
        inside.forEach(h -> tickets.add(h.ticket()));
        assertEquals(2 * WORKERS, tickets.size(), "no two hubs share a mailbox");
        inside.forEach(h -> h.send(PoisonPill.FINISHED));
        finish(system, outside);
    }

    @Test
    void aNullPolicyIsRefusedAndTheChosenOneIsShown() {
        assertThrows(NullPointerException.class, () -> ActorSystemConfig.builder().placement(null));
        assertTrue(ActorSystemConfig.builder().placement(PlacementPolicy.SPREAD).build().toString()
                .contains("placement=SPREAD"));
    }
}
