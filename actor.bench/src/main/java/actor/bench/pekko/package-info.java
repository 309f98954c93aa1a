/**
 * The suite's workloads on Apache Pekko typed actors, one class per benchmark, each the same
 * workload as its actorkit twin with the same sizes; Pekko places its actors itself. Each
 * iteration starts a fresh actor system ({@code PekkoSystems}), times from the first tell until the
 * workload signals completion through a latch or future (rescue: the sum of its rounds' reply
 * latencies), checks the result, and terminates the system untimed; a run that takes more than
 * ten minutes fails.
 *
 * <p>Threading: workloads run on the calling thread and the default dispatcher's threads; results
 * cross back to the calling thread only through latches, futures and atomics.
 */
package actor.bench.pekko;
