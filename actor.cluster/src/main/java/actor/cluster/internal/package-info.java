/**
 * The cluster's machinery, not exported: the membership state machine and its downing rule
 * ({@link actor.cluster.internal.Membership}, one thread), the JGroups channel that carries it
 * ({@link actor.cluster.internal.Engine}), the owner choice ({@link actor.cluster.internal.Rendezvous},
 * pure), and the entities hosted and routed to ({@link actor.cluster.internal.Sharding}, any thread).
 * Each class states which threads touch it.
 */
package actor.cluster.internal;
