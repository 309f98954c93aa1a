/**
 * Advanced settings: how the executor runs the actors, not what they do. The mailbox kind, where
 * new actors are placed ({@link actor.api.tuning.PlacementPolicy}, {@link actor.api.tuning.Hub}),
 * pinning workers to CPUs and how idle workers wait. Each is chosen on
 * {@link actor.api.ActorSystemConfig.Builder}; the defaults suit most applications
 * (docs/configuration.md). {@link actor.api.tuning.Slices} reads back where an actor's mailbox
 * starts, for benchmarks and tests that place load on chosen workers.
 */
package actor.api.tuning;
