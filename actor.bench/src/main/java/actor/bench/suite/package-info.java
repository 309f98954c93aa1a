/**
 * The benchmark suite: {@link actor.bench.suite.Suite} runs every {@link actor.bench.suite.Benchmarks
 * benchmark} on each system in its own JVM ({@link actor.bench.suite.RunOne}) and writes the
 * {@link actor.bench.suite.Report}, headed by the {@link actor.bench.suite.RunInfo} it ran with.
 * Workloads of both systems share the definitions here (sizes, the matrix kernel, Savina's unit of
 * work, the request-reply request stream, the broker's colours, the I/O rows' simulated device and
 * requests), so both do identical work.
 *
 * <p>{@code Condition} puts the runs under load ({@code Contender},
 * {@code CpuQuota}); an A/B run compares two builds ({@code AbVariant},
 * {@code AbReport}).
 *
 * <p>Threading: the runner is single-threaded, apart from a thread per child JVM that copies its
 * output and the shutdown hook that ends the condition; workloads create their own actor systems.
 */
package actor.bench.suite;
