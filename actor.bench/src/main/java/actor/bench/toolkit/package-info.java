/**
 * The suite's workloads on actorkit, one class per benchmark. Each iteration starts a fresh system,
 * times the workload until the last actor terminated ({@code stop()} returns), checks the result,
 * and fails if the result is wrong or the system reported any problem. Workloads that need actors
 * on given workers (cross-worker ping-pong, request-reply, broker, balance) place them with
 * {@code Toolkit.onWorker}, which relies only on the ticket-to-worker rule.
 *
 * <p>Threading: workloads run on the calling thread and the system's workers; a workload reads
 * its actors' fields only after {@code stop()} has returned (the workers have exited).
 */
package actor.bench.toolkit;
