package actor.bench.toolkit;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.Message;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;

/**
 * Static send as the reference chapter defines it: one actor and one message, both allocated
 * before the clock starts; the main thread sends the message once, and from then on the actor's
 * behaviour sends that same message to its own mailbox again, until it has received it
 * {@code staticSends} times (one send from main, the rest from the behaviour) and terminates.
 */
public final class StaticSend implements Workload {

    static final class Msg extends Message {
    }

    static final class SelfSender extends Actor<Msg> {
        private final long sends;
        /** Written by behaviours only; read by main after stop() (the workers have exited). */
        private long received;

        SelfSender(ActorSystem system, long sends) {
            super(system);
            this.sends = sends;
        }

        @Override
        protected Allocation receive(Msg msg) {
            if (++received == sends) {
                return Allocation.FINISHED;
            }
            send(msg);
            return Allocation.NODELETE;
        }
    }

    @Override
    public long run(RunSpec spec) {
        final long sends = spec.sizes().staticSends();
        final ActorSystem system = Toolkit.start(spec);
        final SelfSender actor = new SelfSender(system, sends);
        final Msg msg = new Msg();
        final long start = System.nanoTime();
        actor.send(msg);
        Toolkit.stop(system);
        final long elapsed = System.nanoTime() - start;
        Toolkit.check("static-send", "receipts", sends, actor.received);
        return elapsed;
    }
}
