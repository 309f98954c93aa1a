/**
 * Stealing machinery used by the executor: the worker-queue table with its null-locked slot swap,
 * the per-worker steal stamps, and the builtin selectors. Exported only to {@code actor.executor}
 * and to the micro-benchmarks.
 *
 * <p>Threading: as each class documents; every method here may be called from several workers at
 * once, except where a method says it belongs to one worker.
 */
package actor.steal.internal;
