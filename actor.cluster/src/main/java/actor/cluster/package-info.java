/**
 * The cluster's API: {@link actor.cluster.Cluster} joins a {@code RemoteNode} to a cluster
 * configured by {@link actor.cluster.ClusterConfig}, publishes {@link actor.cluster.ClusterEvent}s
 * about its {@link actor.cluster.Member}s, and gives references to the sharded entities of each
 * registered {@link actor.cluster.EntityType}, made by their {@link actor.cluster.EntityFactory}.
 *
 * <p>Threading: every public method may be called from any thread; the membership runs on one
 * thread of its own per cluster, JGroups on its own threads, and entities on the actor system's workers.
 */
package actor.cluster;
