/**
 * The suite's workloads on actorkit, one class per benchmark. Each iteration starts a fresh system,
 * times the workload until the last actor terminated ({@code stop()} returns), and fails if the
 * system reported any problem.
 *
 * <p>Threading: workloads run on the calling thread and the system's workers.
 */
package actor.bench.toolkit;
