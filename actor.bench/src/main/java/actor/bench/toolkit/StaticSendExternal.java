package actor.bench.toolkit;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.Message;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;

/**
 * Static send from outside: one actor, one preallocated message, sent {@code staticSendsExternal}
 * times from the main thread (not an actor), until the actor has received them all. The chapter's
 * own definition, sends from inside a behaviour, is {@link StaticSend}.
 */
public final class StaticSendExternal implements Workload {

    static final class Msg extends Message {
    }

    static final class Receiver extends Actor<Msg> {
        private long left;

        Receiver(ActorSystem system, long sends) {
            super(system);
            this.left = sends;
        }

        @Override
        protected Allocation receive(Msg msg) {
            return --left == 0 ? Allocation.FINISHED : Allocation.NODELETE;
        }
    }

    @Override
    public long run(RunSpec spec) {
        final long sends = spec.sizes().staticSendsExternal();
        final ActorSystem system = Toolkit.start(spec);
        final Receiver receiver = new Receiver(system, sends);
        final Msg msg = new Msg();
        final long start = System.nanoTime();
        for (long i = 0; i < sends; i++) {
            receiver.send(msg);
        }
        Toolkit.stop(system);
        return System.nanoTime() - start;
    }
}
