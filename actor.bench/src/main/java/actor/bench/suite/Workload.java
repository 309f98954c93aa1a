package actor.bench.suite;

/**
 * One benchmark on one actor system. {@link #run} performs one whole iteration: it starts the
 * system (untimed), runs the workload to completion, and stops the system (untimed, except that
 * completion itself must have been observed). Both systems time the same span: from the first
 * creation or send of the workload until the last actor has finished its work.
 */
@FunctionalInterface
public interface Workload {

    /**
     * Runs one iteration.
     *
     * @return the measured duration in nanoseconds
     */
    long run(RunSpec spec) throws Exception;
}
