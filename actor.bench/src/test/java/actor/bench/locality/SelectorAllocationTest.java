package actor.bench.locality;

import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.steal.Topology;
import actor.steal.VictimSelector;
import actor.steal.VictimSelectors;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The steal path allocates nothing: a selector choosing over a simulated machine (a real topology,
 * real steal stamps, every third worker with mailboxes waiting) a million times allocates less than
 * a byte per call on the calling thread, as counted by the JVM
 * ({@code com.sun.management.ThreadMXBean}).
 */
class SelectorAllocationTest {

    private static final int CALLS = 1_000_000;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {VictimSelectors.HIERARCHICAL, VictimSelectors.RANDOM, VictimSelectors.LONGEST_VICTIM})
    void aSelectorAllocatesNothingPerCall(String name) {
        final com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        final SimulatedMachine machine = new SimulatedMachine(Topology.parse("sockets=4,coresPerL3=8"), 1);
        machine.run(OccupancyPattern.HALF, VictimSelectors.byName(name), 0, 2_000);
        for (int w = 0; w < 32; w += 3) {
            machine.arrive(w, 2);
        }
        final VictimSelector selector = VictimSelectors.byName(name);
        long victims = run(selector, machine, CALLS);
        long fewest = Long.MAX_VALUE;
        for (int trial = 0; trial < 3; trial++) {
            final long before = threads.getCurrentThreadAllocatedBytes();
            victims += run(selector, machine, CALLS);
            fewest = Math.min(fewest, threads.getCurrentThreadAllocatedBytes() - before);
        }
        assertTrue(victims > 0, "the selector chose victims: the calls did work");
        assertTrue(fewest < CALLS, name + " allocated " + fewest + " bytes in " + CALLS + " calls");
    }

    /** {@return how many of {@code calls} calls, by every thief in turn, chose a victim} */
    private static long run(VictimSelector selector, SimulatedMachine machine, int calls) {
        long victims = 0;
        final int workers = machine.workers();
        for (int i = 0; i < calls; i++) {
            if (selector.selectVictim(i % workers, machine) != VictimSelector.NONE) {
                victims++;
            }
        }
        return victims;
    }
}
