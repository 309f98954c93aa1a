package actor.bench.pekko;

import actor.bench.suite.RunSpec;
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
 * Savina thread ring: one token passed {@code ringHops} times around a ring of
 * {@code ringActors} actors spawned beforehand; the run ends when the token's hops are used up.
 */
public final class PekkoThreadRing implements Workload {

    private static final String NAME = "PekkoThreadRing";

    private sealed interface RingMessage permits Token, Exit {
    }

    /**
     * Mutable so that the one token object travels the whole ring without an allocation per hop;
     * only its current holder touches it, and each tell publishes it to the next holder.
     */
    private static final class Token implements RingMessage {
        int remaining;

        Token(int remaining) {
            this.remaining = remaining;
        }
    }

    private enum Exit implements RingMessage { INSTANCE }

    private static final class Member extends AbstractBehavior<RingMessage> {
        private final List<ActorRef<RingMessage>> ring;
        private final int next;
        private final CountDownLatch done;

        Member(ActorContext<RingMessage> context, List<ActorRef<RingMessage>> ring, int next, CountDownLatch done) {
            super(context);
            this.ring = ring;
            this.next = next;
            this.done = done;
        }

        @Override
        public Receive<RingMessage> createReceive() {
            return newReceiveBuilder()
                    .onMessage(Token.class, this::onToken)
                    .onMessage(Exit.class, exit -> Behaviors.stopped())
                    .build();
        }

        private Behavior<RingMessage> onToken(Token token) {
            if (token.remaining > 0) {
                token.remaining--;
                ring.get(next).tell(token);
                return this;
            }
            done.countDown();
            final ActorRef<RingMessage> self = getContext().getSelf();
            for (ActorRef<RingMessage> member : ring) {
                if (!member.equals(self)) {
                    member.tell(Exit.INSTANCE);
                }
            }
            return Behaviors.stopped();
        }
    }

    @Override
    public long run(RunSpec spec) throws Exception {
        final int actors = spec.sizes().ringActors();
        final int hops = spec.sizes().ringHops();
        final CountDownLatch done = new CountDownLatch(1);
        final var started = PekkoSystems.startWith(NAME, spec, context -> {
            // Still being filled while the members start; the token, sent after, publishes it to them.
            final List<ActorRef<RingMessage>> ring = new ArrayList<>(actors);
            for (int i = 0; i < actors; i++) {
                final int next = (i + 1) % actors;
                ring.add(context.spawnAnonymous(Behaviors.<RingMessage>setup(c -> new Member(c, ring, next, done))));
            }
            return ring;
        });
        try {
            final ActorRef<RingMessage> first = started.value().get(0);
            final Token token = new Token(hops);
            final long t0 = System.nanoTime();
            first.tell(token);
            PekkoSystems.await(done, NAME);
            return System.nanoTime() - t0;
        } finally {
            PekkoSystems.terminate(started.system(), NAME);
        }
    }
}
