/**
 * Advanced settings: how the executor runs the actors, not what they do. The mailbox kind, where
 * new actors are placed ({@link actor.api.tuning.PlacementPolicy}, {@link actor.api.tuning.Hub}),
 * pinning workers to CPUs and how idle workers wait. Each is chosen on
 * {@link actor.api.ActorSystemConfig.Builder}; the defaults suit most applications
 * (docs/configuration.md).
 */
package actor.api.tuning;
