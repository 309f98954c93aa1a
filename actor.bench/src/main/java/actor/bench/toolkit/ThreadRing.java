package actor.bench.toolkit;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.Message;
import actor.api.PoisonPill;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;

/**
 * Savina thread ring: a token passed {@code ringHops} times around {@code ringActors} actors. The
 * token is one mutable message: only its holder touches it.
 */
public final class ThreadRing implements Workload {

    static final class Token extends Message {
        int hopsLeft;

        Token(int hops) {
            this.hopsLeft = hops;
        }
    }

    static final class Link extends Actor<Token> {
        private Link next;
        private Link[] ring;

        Link(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Token token) {
            if (token.hopsLeft == 0) {
                for (Link link : ring) {
                    if (link != this) {
                        link.send(PoisonPill.FINISHED);
                    }
                }
                return Allocation.FINISHED;
            }
            token.hopsLeft--;
            next.send(token);
            return Allocation.NODELETE;
        }
    }

    @Override
    public long run(RunSpec spec) {
        final int actors = spec.sizes().ringActors();
        final ActorSystem system = Toolkit.start(spec);
        final Link[] ring = new Link[actors];
        for (int i = 0; i < actors; i++) {
            ring[i] = new Link(system);
        }
        for (int i = 0; i < actors; i++) {
            ring[i].next = ring[(i + 1) % actors];
            ring[i].ring = ring;
        }
        final long start = System.nanoTime();
        ring[0].send(new Token(spec.sizes().ringHops()));
        Toolkit.stop(system);
        return System.nanoTime() - start;
    }
}
