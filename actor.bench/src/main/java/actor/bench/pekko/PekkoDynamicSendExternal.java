package actor.bench.pekko;

import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * Dynamic send from outside: {@code dynamicSendsExternal} times, spawning a new actor and telling it
 * a new message, until every one of those actors has received its message (and stopped). Creation
 * is timed. Pekko cannot spawn from a non-actor thread, so one driver actor does the creating and
 * sending. The chapter's own definition is {@link PekkoDynamicSend}.
 */
public final class PekkoDynamicSendExternal implements Workload {

    private static final String NAME = "PekkoDynamicSendExternal";

    /**
     * Children spawned per {@link Spawn}: the driver re-tells itself between chunks so that it
     * does not hold a dispatcher thread for the whole loop while its children wait to run.
     */
    private static final int CHUNK = 1_000;

    private enum Spawn { INSTANCE }

    private static final class Hello {
    }

    private static final class Driver extends AbstractBehavior<Spawn> {
        private final long sends;
        private final Behavior<Hello> child;
        private long spawned;

        Driver(ActorContext<Spawn> context, long sends, Behavior<Hello> child) {
            super(context);
            this.sends = sends;
            this.child = child;
        }

        @Override
        public Receive<Spawn> createReceive() {
            return newReceiveBuilder().onMessage(Spawn.class, spawn -> onSpawn()).build();
        }

        private Behavior<Spawn> onSpawn() {
            final long end = Math.min(sends, spawned + CHUNK);
            for (; spawned < end; spawned++) {
                getContext().spawnAnonymous(child).tell(new Hello());
            }
            if (spawned < sends) {
                getContext().getSelf().tell(Spawn.INSTANCE);
            }
            return this;
        }
    }

    @Override
    public long run(RunSpec spec) throws Exception {
        final long sends = spec.sizes().dynamicSendsExternal();
        final CountDownLatch done = new CountDownLatch(1);
        final AtomicLong pending = new AtomicLong(sends);
        // Stateless, so one immutable behavior serves every child.
        final Behavior<Hello> child = Behaviors.receive(Hello.class).onMessage(Hello.class, hello -> {
            if (pending.decrementAndGet() == 0) {
                done.countDown();
            }
            return Behaviors.stopped();
        }).build();
        final ActorSystem<Spawn> driver = PekkoSystems.start(NAME, spec,
                Behaviors.setup(context -> new Driver(context, sends, child)));
        return PekkoSystems.timeRun(NAME, driver, Spawn.INSTANCE, done);
    }
}
