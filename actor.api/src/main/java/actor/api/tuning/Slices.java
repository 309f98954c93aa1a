package actor.api.tuning;

import actor.api.Actor;
import actor.api.ActorSystem;
import java.util.Objects;

/**
 * The slices of mailboxes the workers start with: the M mailboxes of a system are split into N
 * contiguous slices, one per worker. For benchmarks and tests that place load on chosen workers;
 * an application lets the placement rules ({@link PlacementPolicy}, {@link Hub}) decide.
 */
public final class Slices {

    private Slices() {
    }

    /**
     * {@return the worker whose slice holds {@code actor}'s mailbox when the system starts} Ticket
     * {@code t} ({@link Actor#ticket()}) starts on worker {@code floor(((t + 1) * N - 1) / M)}
     * ({@code t * N / M} when N divides M, as with the default sharding). Work stealing may move
     * the mailbox later. To place load on chosen workers, create actors and keep those that land
     * where wanted.
     *
     * @param system the system {@code actor} belongs to, for N and M
     * @param actor  an actor registered with {@code system} at some point
     * @throws NullPointerException     if {@code system} or {@code actor} is null
     * @throws IllegalArgumentException if {@code actor} was never registered
     */
    public static int initialWorkerOf(ActorSystem system, Actor<?> actor) {
        Objects.requireNonNull(system, "system");
        Objects.requireNonNull(actor, "actor");
        final long ticket = actor.ticket();
        if (ticket < 0) {
            throw new IllegalArgumentException(actor + " was never registered");
        }
        return (int) (((ticket + 1) * system.config().workers() - 1) / system.config().mailboxes());
    }
}
