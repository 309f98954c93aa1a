package actor.blackbox;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.PoisonPill;
import actor.api.tuning.Slices;
import java.util.function.Function;

/**
 * Places actors on chosen workers through the documented ticket rule
 * ({@link Slices#initialWorkerOf}). Creates actors until one lands on the wanted worker; the
 * others are finished at once.
 */
final class Placed {

    private Placed() {
    }

    /** A new actor from {@code make} whose mailbox starts in {@code worker}'s slice. */
    static <A extends Actor<?>> A onWorker(ActorSystem system, int worker, Function<ActorSystem, A> make) {
        final int limit = system.config().mailboxes() * 4;
        for (int tries = 0; tries < limit; tries++) {
            final A actor = make.apply(system);
            if (Slices.initialWorkerOf(system, actor) == worker) {
                return actor;
            }
            actor.send(PoisonPill.FINISHED);
        }
        throw new IllegalStateException("no ticket on worker " + worker + " after " + limit + " actors");
    }
}
