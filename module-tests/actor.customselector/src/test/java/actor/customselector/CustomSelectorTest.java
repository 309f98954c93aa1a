package actor.customselector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.Message;
import actor.api.PoisonPill;
import actor.api.StatisticsMode;
import actor.api.tuning.Slices;
import actor.stats.Counts;
import actor.steal.Topology;
import actor.steal.VictimSelector;
import actor.steal.VictimSelectorContract;
import actor.steal.VictimSelectors;
import actor.steal.WorkerView;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class CustomSelectorTest {

    @Test
    void theProvidedSelectorIsFoundByName() {
        assertTrue(VictimSelectors.names().contains(RoundRobinVictimSelector.NAME), VictimSelectors.names().toString());
        assertEquals(RoundRobinVictimSelector.class, VictimSelectors.byName("round-robin").getClass());
        final ActorSystemConfig config = ActorSystemConfig.builder().victimSelector("round-robin").build();
        assertEquals(RoundRobinVictimSelector.class, config.victimSelector().getClass());
    }

    @Test
    void theProvidedSelectorPassesTheContract() {
        VictimSelectorContract.verify(RoundRobinVictimSelector::new);
    }

    static final class Work extends Message {
    }

    /** Spins a little per message, and finishes after its quota. */
    static final class Busy extends Actor<Work> {
        private final int quota;
        private int done;

        Busy(ActorSystem system, int quota) {
            super(system);
            this.quota = quota;
        }

        @Override
        protected Allocation receive(Work work) {
            for (int i = 0; i < 100; i++) {
                Thread.onSpinWait();
            }
            return ++done == quota ? Allocation.FINISHED : Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(60)
    void theExecutorUsesTheSelectorChosenByName() {
        final long callsBefore = RoundRobinVictimSelector.calls();
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(3)
                .victimSelector(RoundRobinVictimSelector.NAME).statistics(StatisticsMode.ON).build());
        final Work work = new Work();
        int rejected = 0;
        try (system) {
            final Busy[] busy = new Busy[16];
            int placed = 0;
            while (placed < busy.length) {
                final Busy candidate = new Busy(system, 5_000);
                if (Slices.initialWorkerOf(system, candidate) == 0) {
                    busy[placed++] = candidate;
                } else {
                    candidate.send(PoisonPill.FINISHED);
                    rejected++;
                }
            }
            for (int round = 0; round < 5_000; round++) {
                for (Busy b : busy) {
                    b.send(work);
                }
            }
        }
        assertTrue(RoundRobinVictimSelector.calls() > callsBefore, "the executor never asked the selector");
        final Counts total = system.statistics().total();
        assertTrue(total.steals() > 0, "the selector's choices led to steals: " + total);
        assertEquals(16 * 5_000 + rejected, total.messagesReceived(), "the work, and a pill per actor placed elsewhere");
    }

    @Test
    @Timeout(60)
    void selectorsSeeTheConfiguredTopology() throws InterruptedException {
        final Topology twoNodes = Topology.parse("sockets=2,coresPerL3=2");
        final AtomicReference<Topology> seen = new AtomicReference<>();
        final AtomicReference<Integer> level = new AtomicReference<>();
        final VictimSelector recording = new VictimSelector() {
            @Override
            public String name() {
                return "recording";
            }

            @Override
            public int selectVictim(int thief, WorkerView view) {
                level.compareAndSet(null, view.sharedLevel(0, 3));
                seen.compareAndSet(null, view.topology());
                return NONE;
            }
        };
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(4).topology(twoNodes)
                .victimSelector(recording).build())) {
            while (seen.get() == null) {
                Thread.sleep(1);
            }
            assertEquals(system.config().topology(), seen.get());
        }
        assertEquals(twoNodes, seen.get(), "idle workers ask the selector, whose view holds the configured topology");
        assertEquals(twoNodes.level(Topology.LevelKind.SYSTEM), level.get(), "workers 0 and 3 are on different nodes");
    }
}
