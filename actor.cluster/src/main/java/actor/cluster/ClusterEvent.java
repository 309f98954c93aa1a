package actor.cluster;

/**
 * What a member learns about the cluster, in the order it learns it ({@link Cluster#subscribe}).
 * A member that fails goes {@link MemberUp} → {@link MemberUnreachable} → {@link MemberDown} →
 * {@link MemberRemoved}; one that leaves goes {@link MemberUp} → {@link MemberRemoved}; one
 * unreachable for less than the {@linkplain ClusterConfig#downAfter() downing time} comes back with
 * {@link MemberReachable}. {@link QuorumLost} and {@link QuorumRegained} are about this member's side.
 */
public sealed interface ClusterEvent {

    /** {@code member} was admitted to the agreed membership: entities may be placed on it. */
    record MemberUp(Member member) implements ClusterEvent {
    }

    /** {@code member}, in the agreed membership, is out of this side's view (failed, or partitioned away). */
    record MemberUnreachable(Member member) implements ClusterEvent {
    }

    /** {@code member}, unreachable, is back in this side's view before it was downed. */
    record MemberReachable(Member member) implements ClusterEvent {
    }

    /**
     * {@code member} was downed by the majority side: unreachable for the downing time, or replaced
     * by a new incarnation of its node. {@link MemberRemoved} follows.
     */
    record MemberDown(Member member) implements ClusterEvent {
    }

    /**
     * {@code member} is no longer in the agreed membership (downed, or it left); its entities are
     * made again on their new owners on their next message. When it is this node's own member, the
     * node was removed: it hosts nothing any more, and must restart (a new incarnation) to rejoin.
     */
    record MemberRemoved(Member member) implements ClusterEvent {
    }

    /**
     * This member's side of the cluster holds {@code reachable} of the {@code agreed} members of
     * the last agreed membership, not a strict majority: it stopped its entities, sends to entities
     * are reported undelivered, and it changes no membership until a majority is reachable again.
     *
     * @param reachable the agreed members in this side's view
     * @param agreed    the size of the last agreed membership
     */
    record QuorumLost(int reachable, int agreed) implements ClusterEvent {
    }

    /**
     * A strict majority of the last agreed membership is reachable again: entities are made again on
     * their next message.
     *
     * @param reachable the agreed members in this side's view
     * @param agreed    the size of the last agreed membership
     */
    record QuorumRegained(int reachable, int agreed) implements ClusterEvent {
    }
}
