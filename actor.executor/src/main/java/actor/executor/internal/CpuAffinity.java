package actor.executor.internal;

import actor.api.ActorSystemConfig;
import actor.api.tuning.WorkerPinning;
import actor.steal.Topology;
import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import java.util.BitSet;

/**
 * Worker pinning ({@link WorkerPinning#CPU}): each worker thread binds itself to its CPU of the
 * topology with Linux's {@code sched_setaffinity}, called through JNA. JNA is an optional
 * dependency: every JNA type is confined to the nested {@link Linux} class, loaded only once
 * {@link #workerCpus} has found JNA, so an executor that does not pin never touches it.
 *
 * <p>Threading: {@link #workerCpus} runs on the thread starting the system; {@link #pinCurrentThread},
 * {@link #currentCpu} and {@link #currentThreadCpus} act on the calling thread.
 */
final class CpuAffinity {

    /** Longs in a CPU mask: at least the C library's {@code CPU_SETSIZE} of 1024 CPUs. */
    private static final int MIN_MASK_LONGS = 16;
    /** Largest mask tried when the kernel wants a larger one than the CPUs named (EINVAL). */
    private static final int MAX_MASK_LONGS = 1 << 12;
    private static final int EINVAL = 22;

    private CpuAffinity() {
    }

    /**
     * The CPU each worker pins itself to, or null when {@code config} does not pin.
     *
     * @throws IllegalStateException if it cannot pin: not Linux, JNA not reachable, or a worker's CPU
     *                               outside the CPUs the calling thread may use (naming it)
     */
    static int[] workerCpus(ActorSystemConfig config) {
        if (config.pinning() == WorkerPinning.NONE) {
            return null;
        }
        final String os = System.getProperty("os.name", "");
        if (!os.startsWith("Linux")) {
            throw new IllegalStateException("pinning = CPU: workers are pinned with Linux's sched_setaffinity; this is "
                    + os + " (use WorkerPinning.NONE)");
        }
        try {
            Class.forName("com.sun.jna.Native", false, CpuAffinity.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalStateException("pinning = CPU needs JNA: add net.java.dev.jna:jna to the application "
                    + "(on the module path, its module requires com.sun.jna)", e);
        }
        final Topology topology = config.topology();
        final BitSet allowed = currentThreadCpus();
        final int[] cpus = new int[config.workers()];
        for (int w = 0; w < cpus.length; w++) {
            cpus[w] = topology.cpu(topology.position(w));
            if (!allowed.get(cpus[w])) {
                throw new IllegalStateException("pinning = CPU: worker " + w + " is placed on CPU " + cpus[w]
                        + " of the topology (" + topology + "), but this process may run only on CPUs " + allowed);
            }
        }
        return cpus;
    }

    /**
     * Binds the calling thread to {@code cpu}.
     *
     * @throws IllegalStateException if the kernel refuses, with its error number
     */
    static void pinCurrentThread(int cpu) {
        Linux.pin(cpu);
    }

    /** {@return the CPU the calling thread runs on now} */
    static int currentCpu() {
        return Linux.currentCpu();
    }

    /** {@return the CPUs the calling thread may run on} */
    static BitSet currentThreadCpus() {
        return Linux.allowed();
    }

    /** Everything that touches JNA. */
    private static final class Linux {

        /** The C library's scheduling calls; each throws {@link LastErrorException} when it returns -1. */
        interface LibC extends Library {
            LibC INSTANCE = Native.load("c", LibC.class);

            int sched_setaffinity(int pid, NativeLong cpusetsize, long[] mask) throws LastErrorException;

            int sched_getaffinity(int pid, NativeLong cpusetsize, long[] mask) throws LastErrorException;

            int sched_getcpu() throws LastErrorException;
        }

        private Linux() {
        }

        static void pin(int cpu) {
            final long[] mask = new long[Math.max(MIN_MASK_LONGS, cpu / Long.SIZE + 1)];
            mask[cpu / Long.SIZE] = 1L << (cpu % Long.SIZE);
            try {
                LibC.INSTANCE.sched_setaffinity(0, new NativeLong((long) mask.length * Long.BYTES), mask);
            } catch (LastErrorException e) {
                throw new IllegalStateException("sched_setaffinity(CPU " + cpu + ") failed: errno " + e.getErrorCode(), e);
            }
        }

        static int currentCpu() {
            try {
                return LibC.INSTANCE.sched_getcpu();
            } catch (LastErrorException e) {
                throw new IllegalStateException("sched_getcpu failed: errno " + e.getErrorCode(), e);
            }
        }

        static BitSet allowed() {
            for (int longs = MIN_MASK_LONGS; ; longs *= 2) {
                final long[] mask = new long[longs];
                try {
                    LibC.INSTANCE.sched_getaffinity(0, new NativeLong((long) longs * Long.BYTES), mask);
                    return BitSet.valueOf(mask);
                } catch (LastErrorException e) {
                    if (e.getErrorCode() != EINVAL || longs >= MAX_MASK_LONGS) {
                        throw new IllegalStateException("sched_getaffinity failed: errno " + e.getErrorCode(), e);
                    }
                }
            }
        }
    }
}
