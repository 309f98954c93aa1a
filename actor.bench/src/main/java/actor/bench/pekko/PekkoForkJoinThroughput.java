package actor.bench.pekko;

import actor.bench.suite.RunSpec;
import actor.bench.suite.SavinaWork;
import actor.bench.suite.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * Savina fork-join throughput: the calling thread tells each of {@code throughputActors} actors,
 * spawned beforehand, {@code throughputMessages} messages, interleaved across the actors; each
 * message costs a small computation. The run ends when every actor has processed all of its
 * messages.
 */
public final class PekkoForkJoinThroughput implements Workload {

    private static final String NAME = "PekkoForkJoinThroughput";

    private enum Compute { INSTANCE }

    private static final class Worker extends AbstractBehavior<Compute> {
        private final int messages;
        private final CountDownLatch done;
        private int received;

        Worker(ActorContext<Compute> context, int messages, CountDownLatch done) {
            super(context);
            this.messages = messages;
            this.done = done;
        }

        @Override
        public Receive<Compute> createReceive() {
            return newReceiveBuilder().onMessage(Compute.class, compute -> onCompute()).build();
        }

        private Behavior<Compute> onCompute() {
            SavinaWork.compute();
            if (++received == messages) {
                done.countDown();
                return Behaviors.stopped();
            }
            return this;
        }
    }

    @Override
    public long run(RunSpec spec) throws Exception {
        final int actors = spec.sizes().throughputActors();
        final int messages = spec.sizes().throughputMessages();
        final CountDownLatch done = new CountDownLatch(actors);
        final var started = PekkoSystems.startWith(NAME, spec, context -> {
            final Behavior<Compute> worker = Behaviors.setup(c -> new Worker(c, messages, done));
            final List<ActorRef<Compute>> workers = new ArrayList<>(actors);
            for (int i = 0; i < actors; i++) {
                workers.add(context.spawnAnonymous(worker));
            }
            return workers;
        });
        try {
            final List<ActorRef<Compute>> workers = started.value();
            final long t0 = System.nanoTime();
            for (int m = 0; m < messages; m++) {
                for (int i = 0; i < actors; i++) {
                    workers.get(i).tell(Compute.INSTANCE);
                }
            }
            PekkoSystems.await(done, NAME);
            return System.nanoTime() - t0;
        } finally {
            PekkoSystems.terminate(started.system(), NAME);
        }
    }
}
