package actor.bench.pekko;

import actor.bench.suite.RunSpec;
import actor.bench.suite.SavinaWork;
import actor.bench.suite.Workload;
import java.util.concurrent.CountDownLatch;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * Savina fork-join create: spawns {@code forkJoinActors} actors and tells each one message, on
 * which it performs a small computation and stops. Creation is timed; the run ends when every
 * actor has processed its message.
 */
public final class PekkoForkJoinCreate implements Workload {

    private static final String NAME = "PekkoForkJoinCreate";

    private enum Start { INSTANCE }

    private enum Compute { INSTANCE }

    @Override
    public long run(RunSpec spec) throws Exception {
        final int actors = spec.sizes().forkJoinActors();
        final CountDownLatch done = new CountDownLatch(actors);
        final Behavior<Compute> worker = Behaviors.receive(Compute.class).onMessage(Compute.class, compute -> {
            SavinaWork.compute();
            done.countDown();
            return Behaviors.stopped();
        }).build();
        final ActorSystem<Start> guardian = PekkoSystems.start(NAME, spec, Behaviors.setup(context ->
                Behaviors.receive(Start.class).onMessage(Start.class, start -> {
                    for (int i = 0; i < actors; i++) {
                        context.spawnAnonymous(worker).tell(Compute.INSTANCE);
                    }
                    return Behaviors.empty();
                }).build()));
        return PekkoSystems.timeRun(NAME, guardian, Start.INSTANCE, done);
    }
}
