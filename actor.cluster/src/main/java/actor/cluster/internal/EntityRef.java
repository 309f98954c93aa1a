package actor.cluster.internal;

import actor.api.ActorRef;
import java.util.Objects;

/**
 * A reference to one sharded entity, the same on every member: each message goes to the entity's
 * owner in the membership in use ({@link Sharding}). Two references to the same entity are equal.
 *
 * <p>Threading: {@link #send} from any thread. The route is cached per snapshot in a plain-written
 * volatile field: racing senders may each compute it, and each writes a complete route.
 *
 * @param <M> the entity's message type
 */
final class EntityRef<M> implements ActorRef<M> {

    final Sharding sharding;
    final Sharding.Type<M> type;
    final String id;
    final String key;
    final String exportName;
    /** The route under the last snapshot a sender used; written by any sender (last writer wins), read by every sender. */
    private volatile Sharding.Route<M> route;

    EntityRef(Sharding sharding, Sharding.Type<M> type, String id) {
        this.sharding = sharding;
        this.type = type;
        this.id = id;
        this.key = Rendezvous.key(type.type().name(), id);
        this.exportName = type.prefix() + id;
    }

    @Override
    public void send(M message) {
        Objects.requireNonNull(message, "message");
        route(sharding.snapshot()).send(this, message, false);
    }

    /** The route under {@code current}: the cached one, or a new one. */
    Sharding.Route<M> route(Sharding.Snapshot current) {
        Sharding.Route<M> cached = route;
        if (cached == null || cached.snapshot() != current) {
            cached = sharding.route(this, current);
            // NOTE: benign race: senders that computed routes for different snapshots may overwrite
            // each other; a stale one is recomputed by the next send, which compares snapshots.
            route = cached;
        }
        return cached;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof EntityRef<?> that && that.sharding == sharding && that.exportName.equals(exportName);
    }

    @Override
    public int hashCode() {
        return exportName.hashCode();
    }

    @Override
    public String toString() {
        return "EntityRef[" + key + "]";
    }
}
