package actor.bench.toolkit;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.Message;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;

/**
 * Dynamic send as the reference chapter defines it: a chain of {@code dynamicSends} links. The
 * main thread creates the first actor and its message; every behaviour then creates a new actor
 * and a new message, sends the message to the new actor and deletes itself
 * ({@link Allocation#DELETE}). The last link ends the chain, and the run, by deleting itself
 * without a successor. Each creation and send happens inside a behaviour, on a worker.
 */
public final class DynamicSend implements Workload {

    /** Carries the link's position in the chain (1 for the first) and the shared tally. */
    static final class Hop extends Message {
        final long link;
        final Tally tally;

        Hop(long link, Tally tally) {
            this.link = link;
            this.tally = tally;
        }
    }

    /**
     * What the chain did, for the check after the run.
     * NOTE: plain fields written by one link after another; each link's writes happen before its
     * send to the next link, and the next link's receive happens after that send, so no two
     * writes race. Main reads them after stop(), once the workers have exited.
     */
    static final class Tally {
        long links;
        long last;
    }

    static final class Link extends Actor<Hop> {
        private final long chain;

        Link(ActorSystem system, long chain) {
            super(system);
            this.chain = chain;
        }

        @Override
        protected Allocation receive(Hop hop) {
            final Tally tally = hop.tally;
            tally.links++;
            tally.last = hop.link;
            if (hop.link < chain) {
                new Link(system(), chain).send(new Hop(hop.link + 1, tally));
            }
            return Allocation.DELETE;
        }
    }

    @Override
    public long run(RunSpec spec) {
        final long links = spec.sizes().dynamicSends();
        final Tally tally = new Tally();
        final ActorSystem system = Toolkit.start(spec);
        final long start = System.nanoTime();
        new Link(system, links).send(new Hop(1, tally));
        Toolkit.stop(system);
        final long elapsed = System.nanoTime() - start;
        Toolkit.check("dynamic-send", "links run", links, tally.links);
        Toolkit.check("dynamic-send", "last link", links, tally.last);
        return elapsed;
    }
}
