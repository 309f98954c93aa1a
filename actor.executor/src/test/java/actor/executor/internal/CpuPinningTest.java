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
import actor.api.tuning.WorkerPinning;
import actor.steal.Topology;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * Pinning, verified by what each worker thread reads of itself: the CPU it runs on
 * ({@code sched_getcpu}) and the CPUs it may run on ({@code sched_getaffinity}).
 */
@EnabledOnOs(OS.LINUX)
class CpuPinningTest {

    /** Where a behaviour ran: the worker, the CPU it ran on, the CPUs its thread may use. */
    record Sample(int worker, int cpu, BitSet allowed) {
    }

    /** Records a sample per message. */
    static final class Recorder extends Actor<Integer> {
        final ConcurrentLinkedQueue<Sample> samples;
        final CountDownLatch done;

        Recorder(ActorSystem system, ConcurrentLinkedQueue<Sample> samples, CountDownLatch done) {
            super(system);
            this.samples = samples;
            this.done = done;
        }

        @Override
        protected Allocation receive(Integer message) {
            final int worker = ((WorkerRunner.WorkerThread) Thread.currentThread()).worker.index;
            samples.add(new Sample(worker, CpuAffinity.currentCpu(), CpuAffinity.currentThreadCpus()));
            done.countDown();
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(60)
    void everyWorkerRunsOnItsCpuAndMayRunNowhereElse() throws InterruptedException {
        final Topology topology = Topology.detect();
        for (int workers : new int[] {topology.cpus(), 2 * topology.cpus()}) {
            // NOTE: stealing off, so that each worker runs its own actor's messages and samples itself.
            final List<Sample> samples = run(ActorSystemConfig.builder().workers(workers).victimSelector("none")
                    .pinning(WorkerPinning.CPU));
            final BitSet workersSeen = new BitSet();
            for (Sample sample : samples) {
                final int cpu = topology.cpu(topology.position(sample.worker()));
                assertEquals(cpu, sample.cpu(), "worker " + sample.worker() + " of " + workers + " on " + topology);
                final BitSet only = new BitSet();
                only.set(cpu);
                assertEquals(only, sample.allowed(), "worker " + sample.worker() + " may run only on its CPU");
                workersSeen.set(sample.worker());
            }
            assertEquals(workers, workersSeen.cardinality(), "a sample from every worker: " + samples);
        }
    }

    @Test
    @Timeout(60)
    void withoutPinningTheThreadsKeepTheProcessAffinity() throws InterruptedException {
        final BitSet process = CpuAffinity.currentThreadCpus();
        final List<Sample> samples = run(ActorSystemConfig.builder().workers(2));
        for (Sample sample : samples) {
            assertEquals(process, sample.allowed(), "pinning is off by default");
        }
    }

    @Test
    void aCpuThisProcessMayNotUseFailsTheStartNamingIt() {
        final int beyond = CpuAffinity.currentThreadCpus().length() + 1;
        final IllegalStateException e = assertThrows(IllegalStateException.class, () -> ActorSystem.start(
                ActorSystemConfig.builder().workers(beyond).topology(Topology.flat(beyond))
                        .pinning(WorkerPinning.CPU).build()));
        assertTrue(e.getMessage().contains("worker " + (beyond - 1) + " is placed on CPU " + (beyond - 1)), e.getMessage());
        assertTrue(e.getMessage().contains("this process may run only on CPUs " + CpuAffinity.currentThreadCpus()),
                e.getMessage());
    }

    /** Starts a system, sends 20 messages to an actor on each worker, and returns where they ran. */
    private static List<Sample> run(ActorSystemConfig.Builder builder) throws InterruptedException {
        final ConcurrentLinkedQueue<Sample> samples = new ConcurrentLinkedQueue<>();
        try (ActorSystem system = ActorSystem.start(builder.build())) {
            final int workers = system.config().workers();
            final CountDownLatch done = new CountDownLatch(20 * workers);
            final Recorder[] onWorker = new Recorder[workers];
            int placed = 0;
            while (placed < workers) {
                final Recorder recorder = new Recorder(system, samples, done);
                final int worker = Slices.initialWorkerOf(system, recorder);
                if (onWorker[worker] == null) {
                    onWorker[worker] = recorder;
                    placed++;
                } else {
                    recorder.send(PoisonPill.FINISHED);
                }
            }
            for (int i = 0; i < 20; i++) {
                for (Recorder recorder : onWorker) {
                    recorder.send(i);
                }
            }
            assertTrue(done.await(30, TimeUnit.SECONDS), "every message ran");
            for (Recorder recorder : onWorker) {
                recorder.send(PoisonPill.FINISHED);
            }
        }
        return List.copyOf(samples);
    }
}
