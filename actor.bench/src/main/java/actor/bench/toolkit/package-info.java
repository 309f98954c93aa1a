/**
 * The suite's workloads on actorkit, one class per benchmark. Each iteration starts a fresh system,
 * times the workload until the last actor terminated ({@code stop()} returns), checks the result,
 * and fails if the result is wrong or the system reported any problem; rescue instead times the
 * sum of its rounds' reply latencies. Workloads that need actors on given workers (cross-worker
 * ping-pong, request-reply, broker, balance, rescue's blocker) place them with
 * {@code Toolkit.onWorker}, which relies only on the ticket-to-worker rule; rescue places its
 * neighbours by the thread a probe ran on, as its rescues move mailboxes.
 *
 * <p>Threading: workloads run on the calling thread and the system's workers; a workload reads
 * its actors' fields only after {@code stop()} has returned (the workers have exited).
 */
package actor.bench.toolkit;
