package actor.bench.pekko;

import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;
import java.util.concurrent.CountDownLatch;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * Static send from outside: the cost of telling one preallocated message, {@code staticSendsExternal}
 * times from a non-actor thread, to one actor that was spawned beforehand, until the actor has
 * received them all. The chapter's own definition is {@link PekkoStaticSend}.
 */
public final class PekkoStaticSendExternal implements Workload {

    private static final String NAME = "PekkoStaticSendExternal";

    private enum Tick { INSTANCE }

    private static final class Counter extends AbstractBehavior<Tick> {
        private final long sends;
        private final CountDownLatch done;
        private long received;

        Counter(ActorContext<Tick> context, long sends, CountDownLatch done) {
            super(context);
            this.sends = sends;
            this.done = done;
        }

        @Override
        public Receive<Tick> createReceive() {
            return newReceiveBuilder().onMessage(Tick.class, tick -> onTick()).build();
        }

        private Behavior<Tick> onTick() {
            if (++received == sends) {
                done.countDown();
                return Behaviors.stopped();
            }
            return this;
        }
    }

    @Override
    public long run(RunSpec spec) throws Exception {
        final long sends = spec.sizes().staticSendsExternal();
        final CountDownLatch done = new CountDownLatch(1);
        final var started = PekkoSystems.startWith(NAME, spec, context -> context.spawn(
                Behaviors.<Tick>setup(c -> new Counter(c, sends, done)), "counter"));
        try {
            final ActorRef<Tick> counter = started.value();
            final long t0 = System.nanoTime();
            for (long i = 0; i < sends; i++) {
                counter.tell(Tick.INSTANCE);
            }
            PekkoSystems.await(done, NAME);
            return System.nanoTime() - t0;
        } finally {
            PekkoSystems.terminate(started.system(), NAME);
        }
    }
}
