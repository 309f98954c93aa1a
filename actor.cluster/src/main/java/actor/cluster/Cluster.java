package actor.cluster;

import actor.api.ActorError;
import actor.api.ActorRef;
import actor.cluster.internal.ClusterCore;
import actor.cluster.internal.Sharding;
import actor.remote.RemoteNode;
import java.util.List;
import java.util.Optional;

/**
 * A member of a cluster: a {@link RemoteNode} that joined the others of its cluster's name. The
 * membership (who is in, who is reachable, who is downed) comes from JGroups and the downing rule of
 * docs/cluster.md; messages to entities travel over the node, as every remote message does.
 *
 * <pre>{@code
 * try (ActorSystem system = ActorSystem.start();
 *      RemoteNode node = RemoteNode.start(system, RemoteConfig.builder().name("a").endpoint("localhost:40001").build());
 *      Cluster cluster = Cluster.join(node, ClusterConfig.builder().clusterName("bank")
 *              .bind("localhost:7801").seeds("localhost:7801", "localhost:7802", "localhost:7803")
 *              .initialMembers(2).entity(Account.TYPE, Account::new).build())) {
 *     cluster.subscribe(listener.ref());                       // MemberUp, MemberUnreachable, MemberDown...
 *     ActorRef<AccountMsg> account = cluster.entityRef(Account.TYPE, "acc-42");
 *     account.send(new Deposit(100));                          // made on its owner on its first message
 * }                                                            // leaves, then the node and the system close
 * }</pre>
 *
 * <p>Guarantees:
 * <ul>
 *   <li><b>One owner.</b> An entity's owner is chosen from the agreed membership by rendezvous
 *       hashing: every member that holds the same membership chooses the same one. Only members on
 *       the side that holds a strict majority of the last agreed membership host entities; a
 *       minority side stops its entities ({@link ClusterEvent.QuorumLost}).</li>
 *   <li><b>Order.</b> Messages from one sender to one entity arrive in the order sent, while its
 *       owner stays the same.</li>
 *   <li><b>At most once, nothing lost silently.</b> A message is never sent twice. One that no
 *       member acts on (this member's side has no majority, it is not admitted) and one sent to an
 *       owner that died, or was downed, before confirming it are reported to the system's
 *       {@linkplain actor.api.ErrorHandler error handler} as {@link ActorError.RemoteUndelivered},
 *       whose {@code actor} names the entity ({@link #entityOf}); the application may send it again.</li>
 *   <li><b>Failover.</b> When an owner leaves or is downed, its entities are made again on their new
 *       owners on their next message (their state is the entity's business: persist it, or rebuild
 *       it). Entities are not handed off live: one that moves because a member joined is stopped
 *       on its old owner (what it had queued runs first) and made on the new one.</li>
 * </ul>
 *
 * <p>Close the cluster before its node ({@code try}-with-resources closes in reverse order): it
 * tells the others it leaves, waits for the membership without it (at most 3 s), stops its
 * entities and leaves the JGroups channel.
 *
 * <p>Threading: every method may be called from any thread.
 */
public final class Cluster implements AutoCloseable {

    /**
     * The entity a report names.
     *
     * @param type the entity type's name
     * @param id   the entity's identity
     */
    public record EntityId(String type, String id) {
    }

    private final ClusterCore core;

    private Cluster(ClusterCore core) {
        this.core = core;
    }

    /**
     * Joins {@code node} to the cluster of {@code config}: connects to the seeds, and asks to be
     * admitted (or forms the cluster with the other new members once they are
     * {@link ClusterConfig#initialMembers()}). Returns once connected, usually before this member is
     * admitted: {@link #subscribe} tells when ({@link ClusterEvent.MemberUp} of {@link #self()}).
     * Registers the names of the configured entity types on the node ({@code entity/<type>/<id>},
     * {@link RemoteNode#exportFactory}).
     *
     * @param node   the running node whose name, endpoint and incarnation make this member
     * @param config the cluster's configuration
     * @return the member
     * @throws IllegalStateException if the membership channel cannot start (its bind endpoint is in
     *                               use, say), or the node is closed
     */
    public static Cluster join(RemoteNode node, ClusterConfig config) {
        return new Cluster(ClusterCore.join(node, config));
    }

    /** {@return this member: its node's name, endpoint and incarnation} */
    public Member self() {
        return core.self();
    }

    /** {@return the agreed membership, sorted; empty before this member knows one} */
    public List<Member> members() {
        return core.members();
    }

    /**
     * {@return whether this member acts: it is admitted, and its side holds a strict majority of the
     * last agreed membership} Only then does it host entities.
     */
    public boolean isActive() {
        return core.active();
    }

    /**
     * Sends {@code subscriber} the membership as it is now ({@link ClusterEvent.MemberUp} of each
     * member, {@link ClusterEvent.MemberUnreachable} of each unreachable one), then every event, in
     * the order this member learns them.
     *
     * @param subscriber where the events go
     */
    public void subscribe(ActorRef<? super ClusterEvent> subscriber) {
        core.subscribe(subscriber);
    }

    /**
     * {@return a reference to entity {@code id} of {@code type}} Each message sent to it goes to the
     * entity's owner in the membership of the moment, made there on its first message. Two references
     * to the same entity are equal.
     *
     * @param <M>  the message type
     * @param type a type registered in the configuration
     * @param id   the entity's identity, 1 to 255 characters less those of {@code entity/<type>/}
     * @throws IllegalArgumentException if the type is not registered, or the id is empty or too long
     */
    public <M> ActorRef<M> entityRef(EntityType<M> type, String id) {
        return core.entityRef(type, id);
    }

    /**
     * {@return the member that owns entity {@code id} of {@code type} in the membership of the moment;
     * empty while this member does not act}
     *
     * @param type an entity type
     * @param id   an entity's identity
     */
    public Optional<Member> ownerOf(EntityType<?> type, String id) {
        return Optional.ofNullable(core.ownerOf(type, id));
    }

    /** {@return how many entities this member hosts now} */
    public int hostedEntities() {
        return core.hostedEntities();
    }

    /**
     * {@return the entity a report names, if it is one}
     *
     * @param report a report of messages not known delivered
     */
    public static Optional<EntityId> entityOf(ActorError.RemoteUndelivered report) {
        final String actor = report.actor();
        if (!actor.startsWith(Sharding.EXPORT_PREFIX)) {
            return Optional.empty();
        }
        final int slash = actor.indexOf('/', Sharding.EXPORT_PREFIX.length());
        return slash < 0 ? Optional.empty()
                : Optional.of(new EntityId(actor.substring(Sharding.EXPORT_PREFIX.length(), slash), actor.substring(slash + 1)));
    }

    /** Leaves the cluster (see the class comment); idempotent. */
    @Override
    public void close() {
        core.close();
    }

    @Override
    public String toString() {
        return core.toString();
    }
}
