package actor.bench.suite;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;

/** Heap readings for retained-size measurements. */
public final class HeapProbe {

    private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

    private HeapProbe() {
    }

    /** Used heap after two full collections, in bytes. */
    public static long usedAfterFullGc() {
        System.gc();
        System.gc();
        return MEMORY.getHeapMemoryUsage().getUsed();
    }
}
