package actor.cluster.internal;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.ErrorHandler;
import actor.api.PoisonPill;
import actor.cluster.ClusterConfig;
import actor.cluster.EntityFactory;
import actor.cluster.EntityType;
import actor.cluster.Member;
import actor.remote.RemoteNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The sharded entities of one member: the references that route each message to its entity's
 * owner, the entities this member hosts, and their exports on the node.
 *
 * <ul>
 *   <li><b>Routing</b> ({@link EntityRef}). A message to an entity goes to the owner that
 *       {@link Rendezvous} chooses from the agreed membership: to the entity itself when that is
 *       this member, else over {@code actor.remote} to the name {@code entity/<type>/<id>} on the
 *       owner's node. Per sender, messages to one entity leave in order, on one proxy or into one
 *       mailbox, and arrive in that order.</li>
 *   <li><b>Hosting.</b> The owner makes the entity on its first message, with the type's factory,
 *       and keeps it until it terminates by itself (the next message makes it again) or is no longer
 *       this member's to host.</li>
 *   <li><b>Exports.</b> Each type's names are exported on demand ({@code RemoteNode.exportFactory}):
 *       a message from another member reaches this member's reference of the entity, which hosts
 *       it, or forwards it if the sender's membership was older than this one's.</li>
 *   <li><b>Rebalancing</b> ({@link #install}). When the membership changes, each hosted entity
 *       whose owner is now another member is stopped ({@link PoisonPill#DELETE}: what it has queued
 *       runs first) and its export ended; on a side without a majority every entity is stopped.
 *       Peers are added before the new membership is used, and removed after, so the messages a
 *       removed member had not confirmed are reported at once.</li>
 *   <li><b>Nothing lost silently.</b> A message sent while this member does not act (no majority,
 *       not admitted, removed) is reported ({@link ActorError.RemoteUndelivered}, this node's name
 *       and the entity's name); one sent to an owner that dies before confirming it is reported by
 *       {@code actor.remote}, with the same entity name.</li>
 * </ul>
 *
 * <p>Threading: {@link #install} runs on the membership thread; the routing and hosting on any
 * sending thread (the node's receiving thread among them). The membership in use is one immutable
 * {@link Snapshot}, published through a volatile field; the hosted entities are a concurrent map.
 */
public final class Sharding {

    /** The start of every entity's exported name. */
    public static final String EXPORT_PREFIX = "entity/";
    /** The longest exported name {@code actor.remote} takes. */
    private static final int MAX_EXPORT_NAME_LENGTH = 255;

    /** The membership in use: who owns what, and whether this member acts (else why not). */
    record Snapshot(List<Member> members, boolean active, String inactive) {
    }

    /** A registered type: its factory and its names' prefix. */
    record Type<M>(EntityType<M> type, EntityFactory<M> factory, String prefix) {
    }

    private final RemoteNode remote;
    private final ActorSystem system;
    private final ErrorHandler errors;
    private final Member self;
    private final String clusterName;
    private final Map<String, Type<?>> types = new HashMap<>();
    /** The entities hosted here, by key. */
    private final Map<String, Actor<?>> hosted = new ConcurrentHashMap<>();
    /** The exports made on demand, by name, with their keys; added on the node's receiving thread, removed by {@link #install}. */
    private final Map<String, String> exported = new ConcurrentHashMap<>();
    /** Written by {@link #install} (membership thread); read by every sender. */
    private volatile Snapshot snapshot;
    /** The members that are peers of the node; membership thread only. */
    private List<Member> peers = List.of();

    public Sharding(RemoteNode remote, Member self, ClusterConfig config) {
        this.remote = remote;
        this.system = remote.system();
        this.errors = system.config().errorHandler();
        this.self = self;
        this.clusterName = config.clusterName();
        this.snapshot = new Snapshot(List.of(), false, "it has not joined cluster '" + clusterName + "' yet");
        for (ClusterConfig.Entity<?> entity : config.entities()) {
            register(entity);
        }
    }

    private <M> void register(ClusterConfig.Entity<M> entity) {
        final String prefix = EXPORT_PREFIX + entity.type().name() + "/";
        final Type<M> type = new Type<>(entity.type(), entity.factory(), prefix);
        types.put(entity.type().name(), type);
        remote.exportFactory(prefix, entity.type().messageType(), id -> {
            final EntityRef<M> ref = new EntityRef<>(this, type, id);
            exported.put(ref.exportName, ref.key);
            return ref;
        });
    }

    /**
     * {@return the reference to entity {@code id} of {@code type}}
     *
     * @throws IllegalArgumentException if the type is not registered, or the id is empty or too long
     */
    @SuppressWarnings("unchecked")
    public <M> ActorRef<M> entityRef(EntityType<M> type, String id) {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(id, "id");
        final Type<?> registered = types.get(type.name());
        if (registered == null || !registered.type().equals(type)) {
            throw new IllegalArgumentException("entity type " + type + " is not registered on this member"
                    + " (ClusterConfig.Builder.entity); registered: " + types.keySet());
        }
        final int longest = MAX_EXPORT_NAME_LENGTH - registered.prefix().length();
        if (id.isEmpty() || id.length() > longest) {
            throw new IllegalArgumentException("entity id '" + id + "': must have 1 to " + longest + " characters");
        }
        return new EntityRef<>(this, (Type<M>) registered, id);
    }

    /** {@return the owner of entity {@code id} of {@code type} in the membership in use, or null if this member does not act} */
    public Member ownerOf(String type, String id) {
        final Snapshot current = snapshot;
        return current.active() ? Rendezvous.owner(current.members(), Rendezvous.key(type, id)) : null;
    }

    /** {@return how many entities this member hosts} */
    public int hostedCount() {
        return (int) hosted.values().stream().filter(entity -> !entity.ref().isTerminated()).count();
    }

    /**
     * Installs a membership: peers for the new members, the snapshot, the entities and exports no
     * longer this member's stopped and ended, then the departed members' peers removed.
     *
     * @param agreed the agreed membership
     * @param active whether this member acts
     * @param why    why it does not, if it does not
     */
    public void install(Agreed agreed, boolean active, String why) {
        final List<Member> members = agreed.members();
        final List<Member> departed = new ArrayList<>();
        for (Member peer : peers) {
            if (!members.contains(peer)) {
                departed.add(peer);
            }
        }
        for (Member member : members) {
            if (!member.equals(self) && !peers.contains(member)) {
                departed.stream().filter(old -> old.name().equals(member.name())).forEach(this::removePeer);
                try {
                    remote.addPeer(member.name(), member.endpoint());
                } catch (IllegalArgumentException refused) {
                    errors.handle(new ActorError.RemoteFailure(remote.name(), "member " + member + " of cluster '"
                            + clusterName + "' cannot be a peer of this node", refused));
                }
            }
        }
        final Snapshot next = new Snapshot(members, active, active ? "" : why);
        // NOTE: publication point: senders read the snapshot once per message; one that read the
        // previous one may still send to an entity stopped below (a dead letter, reported) or to a
        // departed member (reported undelivered when its peer is removed below).
        snapshot = next;
        for (Map.Entry<String, Actor<?>> entry : hosted.entrySet()) {
            if (!ownsHere(next, entry.getKey()) && hosted.remove(entry.getKey(), entry.getValue())) {
                entry.getValue().send(PoisonPill.DELETE);
            }
        }
        for (Map.Entry<String, String> entry : exported.entrySet()) {
            if (!ownsHere(next, entry.getValue()) && exported.remove(entry.getKey(), entry.getValue())) {
                remote.unexport(entry.getKey());
            }
        }
        for (Member gone : departed) {
            if (members.stream().noneMatch(m -> m.name().equals(gone.name()))) {
                removePeer(gone);
            }
        }
        peers = members.stream().filter(m -> !m.equals(self)).toList();
    }

    private void removePeer(Member member) {
        remote.removePeer(member.name());
    }

    /** Stops every hosted entity (the cluster closes). */
    public void stopAll() {
        snapshot = new Snapshot(List.of(), false, "it left cluster '" + clusterName + "'");
        for (Map.Entry<String, Actor<?>> entry : hosted.entrySet()) {
            if (hosted.remove(entry.getKey(), entry.getValue())) {
                entry.getValue().send(PoisonPill.DELETE);
            }
        }
    }

    private boolean ownsHere(Snapshot current, String key) {
        return current.active() && self.equals(Rendezvous.owner(current.members(), key));
    }

    /** The route of {@code ref} under {@code current}. */
    <M> Route<M> route(EntityRef<M> ref, Snapshot current) {
        if (!current.active()) {
            return new Route<>(current, null, null);
        }
        final Member owner = Rendezvous.owner(current.members(), ref.key);
        if (owner.equals(self)) {
            return new Route<>(current, owner, null);
        }
        return new Route<>(current, owner, remote.lookup(owner.name(), ref.exportName, ref.type.type().messageType()));
    }

    /** Sends {@code message} to the entity hosted here, made now if need be; routes it again if this member no longer owns it. */
    @SuppressWarnings("unchecked")
    <M> void deliverHere(EntityRef<M> ref, M message, boolean again) {
        final Actor<?> entity = hosted.compute(ref.key, (key, existing) -> {
            if (existing != null && !existing.ref().isTerminated()) {
                return existing;
            }
            return ownsHere(snapshot, key) ? ref.type.factory().create(system, ref.id) : null;
        });
        if (entity != null) {
            ((Actor<M>) entity).send(message);
        } else if (!again) {
            ref.route(snapshot).send(ref, message, true);
        } else {
            undeliverable(ref, message, "node '" + self.name() + "' no longer owns it");
        }
    }

    /** Reports {@code message}, which no member can be given now. */
    <M> void undeliverable(EntityRef<M> ref, M message, String reason) {
        errors.handle(new ActorError.RemoteUndelivered(self.name(), ref.exportName, reason, List.of(message)));
    }

    /** Why this member does not act now. */
    String inactive(Snapshot current) {
        return "node '" + self.name() + "' does not act for cluster '" + clusterName + "': " + current.inactive();
    }

    /** The membership in use. */
    Snapshot snapshot() {
        return snapshot;
    }

    /**
     * Where messages of one reference go under one snapshot: nowhere (this member does not act),
     * to the entity hosted here ({@code proxy} null), or through a proxy to the owner's node.
     */
    record Route<M>(Snapshot snapshot, Member owner, ActorRef<M> proxy) {

        void send(EntityRef<M> ref, M message, boolean again) {
            if (owner == null) {
                ref.sharding.undeliverable(ref, message, ref.sharding.inactive(snapshot));
            } else if (proxy == null) {
                ref.sharding.deliverHere(ref, message, again);
            } else {
                proxy.send(message);
            }
        }
    }
}
