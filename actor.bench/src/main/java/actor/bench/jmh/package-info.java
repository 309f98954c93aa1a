/**
 * JMH micro-benchmarks of the toolkit's hot paths: a static send (one preallocated message to one
 * actor), a dynamic send (a new actor and a new message each time), the copy queue on its own, and
 * the work-stealing slot swap of the worker-queue table, and scheduled sends ({@code TimerBenchmark}:
 * lateness, schedule-and-cancel throughput, a message loop beside pending timers).
 *
 * <p>They run on the class path, where the internal packages ({@code actor.executor.internal},
 * {@code actor.steal.internal}) are reachable; build with the JMH annotation processor and start
 * {@code org.openjdk.jmh.Main}, as each class's javadoc shows. Every benchmark reports the average
 * time per operation; add {@code -prof gc} to see the bytes allocated per operation.
 *
 * <p>Threading: the send benchmarks run one producer thread (the JMH thread) against the system's
 * workers; the only state they share with the workers is a {@link actor.bench.jmh.ReceiptCounter}.
 * The copy-queue benchmark is single-threaded; the slot-swap benchmark runs one or two thieves, each
 * owning its own slice of the table.
 */
package actor.bench.jmh;
