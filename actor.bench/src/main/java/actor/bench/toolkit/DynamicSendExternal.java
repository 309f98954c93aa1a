package actor.bench.toolkit;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.Message;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;

/**
 * Dynamic send from outside: {@code dynamicSendsExternal} times, the main thread creates a new
 * actor and sends it a new message; each actor is deleted after it. The chapter's own definition,
 * a chain of behaviours each creating the next actor, is {@link DynamicSend}.
 */
public final class DynamicSendExternal implements Workload {

    static final class Msg extends Message {
    }

    static final class OneShot extends Actor<Msg> {
        OneShot(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Msg msg) {
            return Allocation.DELETE;
        }
    }

    @Override
    public long run(RunSpec spec) {
        final long sends = spec.sizes().dynamicSendsExternal();
        final ActorSystem system = Toolkit.start(spec);
        final long start = System.nanoTime();
        for (long i = 0; i < sends; i++) {
            new OneShot(system).send(new Msg());
        }
        Toolkit.stop(system);
        return System.nanoTime() - start;
    }
}
