/**
 * Work stealing for a message-centric executor: the {@link actor.steal.VictimSelector} service that
 * chooses whom an idle worker steals from, the {@link actor.steal.WorkerView} it sees, the builtin
 * selectors ({@link actor.steal.VictimSelectors}) and the {@link actor.steal.VictimSelectorContract}
 * every selector must pass, and the machine's {@link actor.steal.Topology} (read from Linux's sysfs,
 * or described as text) that locality-aware selectors steal along. This module knows nothing about
 * actors; the executor composes it.
 *
 * <p>Threading: selectors are called by every idle worker at once and must be thread-safe.
 * Topologies are immutable.
 */
package actor.steal;
