/**
 * Queue stealing for a message-centric executor: the {@link actor.steal.WorkerQueueTable} with its
 * null-locked slot swap. This module knows nothing about actors; the executor composes it.
 *
 * <p>Threading: every class here is safe to use from all workers at once, as each documents.
 */
package actor.steal;
