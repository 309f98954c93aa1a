package actor.bench.pekko;

import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * Static send as the reference chapter defines it: one actor, spawned beforehand, and one
 * preallocated message; the main thread tells it the message once, and from then on the actor
 * tells that same message to itself ({@code getContext().getSelf()}), until it has received it
 * {@code staticSends} times and stops.
 */
public final class PekkoStaticSend implements Workload {

    private static final String NAME = "PekkoStaticSend";

    private enum Tick { INSTANCE }

    private static final class SelfSender extends AbstractBehavior<Tick> {
        private final ActorRef<Tick> self;
        private final long sends;
        private final CompletableFuture<Long> done;
        private long received;

        SelfSender(ActorContext<Tick> context, long sends, CompletableFuture<Long> done) {
            super(context);
            this.self = context.getSelf();
            this.sends = sends;
            this.done = done;
        }

        @Override
        public Receive<Tick> createReceive() {
            return newReceiveBuilder().onMessage(Tick.class, this::onTick).build();
        }

        private Behavior<Tick> onTick(Tick tick) {
            if (++received == sends) {
                done.complete(received);
                return Behaviors.stopped();
            }
            self.tell(tick);
            return this;
        }
    }

    @Override
    public long run(RunSpec spec) throws Exception {
        final long sends = spec.sizes().staticSends();
        final CompletableFuture<Long> done = new CompletableFuture<>();
        final var started = PekkoSystems.startWith(NAME, spec, context -> context.spawn(
                Behaviors.<Tick>setup(c -> new SelfSender(c, sends, done)), "self-sender"));
        final long elapsed;
        final long received;
        try {
            final ActorRef<Tick> actor = started.value();
            final long t0 = System.nanoTime();
            actor.tell(Tick.INSTANCE);
            received = PekkoSystems.await(done, NAME);
            elapsed = System.nanoTime() - t0;
        } finally {
            PekkoSystems.terminate(started.system(), NAME);
        }
        PekkoSystems.check(NAME, "receipts", sends, received);
        return elapsed;
    }
}
