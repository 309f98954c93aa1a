package actor.bench.toolkit;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.Message;
import actor.bench.suite.RunSpec;
import actor.bench.suite.SavinaWork;
import actor.bench.suite.Workload;

/** Savina fork-join create: {@code forkJoinActors} actors created, each running one small computation. */
public final class ForkJoinCreate implements Workload {

    static final class Go extends Message {
    }

    static final Go GO = new Go();

    static final class Forked extends Actor<Go> {
        Forked(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Go go) {
            SavinaWork.compute();
            return Allocation.DELETE;
        }
    }

    @Override
    public long run(RunSpec spec) {
        final int actors = spec.sizes().forkJoinActors();
        final ActorSystem system = Toolkit.start(spec);
        final long start = System.nanoTime();
        for (int i = 0; i < actors; i++) {
            new Forked(system).send(GO);
        }
        Toolkit.stop(system);
        return System.nanoTime() - start;
    }
}
