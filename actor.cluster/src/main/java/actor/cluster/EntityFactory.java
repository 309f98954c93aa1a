package actor.cluster;

import actor.api.Actor;
import actor.api.ActorSystem;

/**
 * Makes the entity of one identity on the member that owns it, on its first message there.
 * Registered for its {@link EntityType} on every member ({@link ClusterConfig.Builder#entity}).
 *
 * <p>Called from the thread that sends the first message (a local sender, or the node's receiving
 * thread for a message from another member): keep it short, never blocking. The cluster stops the
 * entity with {@link actor.api.PoisonPill#DELETE} when it is no longer its owner's (the membership
 * changed, or this side lost its majority); an entity may also terminate by itself, and is made
 * again on its next message.
 *
 * @param <M> the message type
 */
@FunctionalInterface
public interface EntityFactory<M> {

    /**
     * {@return a new entity for {@code id}, registered with {@code system}}
     *
     * @param system the member's actor system
     * @param id     the entity's identity
     */
    Actor<M> create(ActorSystem system, String id);
}
