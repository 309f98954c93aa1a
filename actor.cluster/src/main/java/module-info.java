/**
 * A cluster of {@code actor.remote} nodes: membership, failure detection and views from JGroups
 * (one jar, the automatic module {@code org.jgroups}), a downing rule that keeps the side with the
 * strict majority of the last agreed membership, and sharded entities: actors addressed by a type
 * and an identity, created on first use on the member that rendezvous hashing chooses, reached over
 * {@code actor.remote}. Needs {@code actor.remote}'s one flag,
 * {@code --add-opens java.base/jdk.internal.misc=org.agrona}, and nothing else.
 */
// actor.remote (and through it actor.api) is in this module's API: a cluster is made on a node,
// and entity references are actor references.
module actor.cluster {
    requires transitive actor.remote;
    requires org.jgroups;

    exports actor.cluster;
}
