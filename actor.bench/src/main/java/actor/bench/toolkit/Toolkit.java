package actor.bench.toolkit;

import actor.api.ActorError;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.bench.suite.RunSpec;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Starts and stops an actorkit system the way every workload of the suite runs it. Anything the
 * system reports (a failed behaviour, an undelivered message) fails the run: a benchmark that
 * silently lost work would measure nothing.
 */
final class Toolkit {

    /** Problems reported by the system of the running iteration (iterations run one at a time). */
    private static final Queue<ActorError> ERRORS = new ConcurrentLinkedQueue<>();

    private Toolkit() {
    }

    /** {@code spec.workers()} workers, the victim selector named by the variant, otherwise defaults. */
    static ActorSystem start(RunSpec spec) {
        ERRORS.clear();
        return ActorSystem.start(ActorSystemConfig.builder().name("bench").workers(spec.workers())
                .victimSelector(spec.variant()).errorHandler(ERRORS::add).build());
    }

    /**
     * Stops {@code system}, waiting for its last actor.
     *
     * @throws IllegalStateException if the system reported any problem during the iteration
     */
    static void stop(ActorSystem system) {
        system.stop();
        final ActorError first = ERRORS.peek();
        if (first != null) {
            throw new IllegalStateException(ERRORS.size() + " problem(s) reported, first: " + first.describe());
        }
    }

    /**
     * Fails the run when a workload's result is wrong.
     *
     * @throws IllegalStateException naming the benchmark, the quantity and both values, if
     *                               {@code actual != expected}
     */
    static void check(String benchmark, String quantity, long expected, long actual) {
        if (actual != expected) {
            throw new IllegalStateException(benchmark + ": " + quantity + " = " + actual + ", expected " + expected);
        }
    }
}
