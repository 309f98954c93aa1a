package actor.api.tuning;

/**
 * Where a new actor's mailbox (its ticket) goes, chosen per system
 * ({@link actor.api.ActorSystemConfig.Builder#placement}). Actors created outside the workers (by
 * {@code main}, a test, an I/O thread) are spread under every policy: the i-th goes to worker
 * {@code i mod N}. Whatever the policy, actors of a class marked {@link Hub} go to the worker that
 * has received the fewest hubs so far, each on a mailbox of its own while the worker's slice has
 * one. Work stealing may move any mailbox later.
 */
public enum PlacementPolicy {

    /**
     * An actor created by a behaviour goes to a mailbox of the worker running that behaviour, near
     * its creator: a chain or tree of actors talking to their parents pays no cross-core hand-off
     * per message (the reference's locality-aware placement). It never goes to the creator's
     * own mailbox, where a long behaviour of one would hold up the other, except along a chain:
     * if the last behaviour of the creator's class that created an actor also ended its own actor,
     * the new actor joins the creator's mailbox (unless a live actor other than the creator joined
     * it already), so a chain of actors that each create the next and end stays in one mailbox
     * and its sends join the running batch. The default.
     */
    NEAR_CREATOR,

    /**
     * Every new actor is spread over the workers, wherever it was created: for actors that will
     * each do much independent work, which would otherwise wait for a thief to carry them away.
     */
    SPREAD
}
