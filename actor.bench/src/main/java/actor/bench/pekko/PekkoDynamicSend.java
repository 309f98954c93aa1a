package actor.bench.pekko;

import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * Dynamic send as the reference chapter defines it: a chain of {@code dynamicSends} links, each a
 * new actor receiving a new message, each stopping after it has passed the chain on.
 *
 * <p>Structure: in Pekko typed only an actor's parent can spawn it, and an actor that stops stops
 * its children first, so a link cannot spawn its successor as a child and then stop: the child
 * would be stopped before (or while) it handles its message, which breaks the chain; keeping every
 * link alive instead would nest the chain {@code dynamicSends} deep. So one spawner (the guardian)
 * is the parent of every link: a link allocates the next message and tells it to the spawner, which
 * spawns the next link and forwards the message to it; then the link stops. Compared with
 * actorkit's chain, each link costs one extra tell (to the spawner). The last link ends the run.
 */
public final class PekkoDynamicSend implements Workload {

    private static final String NAME = "PekkoDynamicSend";

    /** The message of link {@code link} (1 for the first), carrying the chain's tally. */
    private static final class Hop {
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
     * tell to the spawner, whose tell to the next link happens before that link runs.
     */
    private static final class Tally {
        long links;
        long last;
    }

    private static Behavior<Hop> spawner(long chain, CompletableFuture<Tally> done) {
        return Behaviors.setup(context -> {
            final ActorRef<Hop> self = context.getSelf();
            // Stateless, so one immutable behavior serves every link.
            final Behavior<Hop> link = Behaviors.receive(Hop.class).onMessage(Hop.class, hop -> {
                final Tally tally = hop.tally;
                tally.links++;
                tally.last = hop.link;
                if (hop.link < chain) {
                    self.tell(new Hop(hop.link + 1, tally));
                } else {
                    done.complete(tally);
                }
                return Behaviors.stopped();
            }).build();
            return Behaviors.receive(Hop.class).onMessage(Hop.class, hop -> {
                context.spawnAnonymous(link).tell(hop);
                return Behaviors.same();
            }).build();
        });
    }

    @Override
    public long run(RunSpec spec) throws Exception {
        final long links = spec.sizes().dynamicSends();
        final CompletableFuture<Tally> done = new CompletableFuture<>();
        final ActorSystem<Hop> system = PekkoSystems.start(NAME, spec, spawner(links, done));
        final long elapsed;
        final Tally tally;
        try {
            final long t0 = System.nanoTime();
            system.tell(new Hop(1, new Tally()));
            tally = PekkoSystems.await(done, NAME);
            elapsed = System.nanoTime() - t0;
        } finally {
            PekkoSystems.terminate(system, NAME);
        }
        PekkoSystems.check(NAME, "links run", links, tally.links);
        PekkoSystems.check(NAME, "last link", links, tally.last);
        return elapsed;
    }
}
