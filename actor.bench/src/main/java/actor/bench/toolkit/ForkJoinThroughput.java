package actor.bench.toolkit;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.Message;
import actor.bench.suite.RunSpec;
import actor.bench.suite.SavinaWork;
import actor.bench.suite.Workload;

/**
 * Savina fork-join throughput: {@code throughputMessages} messages to each of {@code throughputActors}
 * actors, interleaved, each running one small computation.
 */
public final class ForkJoinThroughput implements Workload {

    static final class Job extends Message {
    }

    static final Job JOB = new Job();

    static final class Joiner extends Actor<Job> {
        private int left;

        Joiner(ActorSystem system, int messages) {
            super(system);
            this.left = messages;
        }

        @Override
        protected Allocation receive(Job job) {
            SavinaWork.compute();
            return --left == 0 ? Allocation.FINISHED : Allocation.NODELETE;
        }
    }

    @Override
    public long run(RunSpec spec) {
        final int count = spec.sizes().throughputActors();
        final int messages = spec.sizes().throughputMessages();
        final ActorSystem system = Toolkit.start(spec);
        final Joiner[] actors = new Joiner[count];
        for (int i = 0; i < count; i++) {
            actors[i] = new Joiner(system, messages);
        }
        final long start = System.nanoTime();
        for (int m = 0; m < messages; m++) {
            for (Joiner actor : actors) {
                actor.send(JOB);
            }
        }
        Toolkit.stop(system);
        return System.nanoTime() - start;
    }
}
