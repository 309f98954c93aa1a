package actor.bench.pekko;

import actor.bench.suite.RunSpec;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * Starts and stops the typed actor systems of the Pekko workloads and awaits their completion
 * with a bound, so that a broken run fails instead of hanging.
 */
final class PekkoSystems {

    /** How long a workload may take before its run is declared broken. */
    private static final long AWAIT_MINUTES = 10;

    private static final long TERMINATE_SECONDS = 60;

    private PekkoSystems() {
    }

    /** A started system whose guardian has spawned the workload's actors and handed back {@code value}. */
    record Started<R>(ActorSystem<Void> system, R value) {
    }

    /**
     * Starts a system whose default dispatcher has {@code spec.workers()} threads and returns once
     * its guardian is running, so that the guardian's own start is never timed.
     */
    static <T> ActorSystem<T> start(String benchmark, RunSpec spec, Behavior<T> guardian) throws Exception {
        final CompletableFuture<Void> running = new CompletableFuture<>();
        final ActorSystem<T> system = ActorSystem.create(Behaviors.setup(context -> {
            running.complete(null);
            return guardian;
        }), benchmark, config(spec.workers()));
        try {
            await(running, benchmark);
        } catch (Exception | Error e) {
            terminate(system, benchmark);
            throw e;
        }
        return system;
    }

    /**
     * Starts a system whose guardian runs {@code setup} (typically spawning the workload's actors)
     * and returns once {@code setup} has returned its value.
     */
    static <R> Started<R> startWith(String benchmark, RunSpec spec, Function<ActorContext<Void>, R> setup)
            throws Exception {
        return startWith(benchmark, ConfigFactory.empty(), spec.workers(), setup);
    }

    /**
     * As {@link #startWith(String, RunSpec, Function)}, for a system called {@code benchmark} with
     * {@code workers} dispatcher threads and {@code extra} on top of the suite's configuration (the
     * remote rows' transport and serializers).
     */
    static <R> Started<R> startWith(String benchmark, Config extra, int workers, Function<ActorContext<Void>, R> setup)
            throws Exception {
        final CompletableFuture<R> value = new CompletableFuture<>();
        final ActorSystem<Void> system = ActorSystem.create(Behaviors.<Void>setup(context -> {
            try {
                value.complete(setup.apply(context));
            } catch (RuntimeException | Error e) {
                value.completeExceptionally(e);
                throw e;
            }
            return Behaviors.empty();
        }), benchmark, extra.withFallback(config(workers)));
        try {
            return new Started<>(system, await(value, benchmark));
        } catch (Exception | Error e) {
            terminate(system, benchmark);
            throw e;
        }
    }

    /**
     * The timed part of a workload driven by its guardian: tells the guardian {@code start}, waits
     * for {@code done}, and terminates the system (untimed) whatever happened.
     *
     * @return the nanoseconds from the tell until {@code done} opened
     */
    static <T> long timeRun(String benchmark, ActorSystem<T> guardian, T start, CountDownLatch done)
            throws Exception {
        try {
            final long t0 = System.nanoTime();
            guardian.tell(start);
            await(done, benchmark);
            return System.nanoTime() - t0;
        } finally {
            terminate(guardian, benchmark);
        }
    }

    /** Terminates {@code system} and waits until it has terminated. */
    static void terminate(ActorSystem<?> system, String benchmark) throws Exception {
        system.terminate();
        try {
            system.getWhenTerminated().toCompletableFuture().get(TERMINATE_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new IllegalStateException(benchmark + ": the actor system did not terminate within "
                    + TERMINATE_SECONDS + " s", e);
        }
    }

    /** Waits for {@code latch}. */
    static void await(CountDownLatch latch, String benchmark) throws InterruptedException {
        if (!latch.await(AWAIT_MINUTES, TimeUnit.MINUTES)) {
            throw expired(benchmark);
        }
    }

    /**
     * Waits for {@code future} and returns its value; a failure completed from inside an actor is
     * rethrown as it is, so that it fails the run.
     */
    static <T> T await(CompletableFuture<T> future, String benchmark) throws Exception {
        try {
            return future.get(AWAIT_MINUTES, TimeUnit.MINUTES);
        } catch (TimeoutException e) {
            throw expired(benchmark);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            if (e.getCause() instanceof Error cause) {
                throw cause;
            }
            throw e;
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

    private static IllegalStateException expired(String benchmark) {
        return new IllegalStateException(benchmark + " did not finish within " + AWAIT_MINUTES + " minutes");
    }

    /**
     * The suite's configuration of a system with {@code workers} dispatcher threads, on top of
     * {@code ConfigFactory.load()} (system properties, then Pekko's reference configuration).
     */
    static Config config(int workers) {
        if (workers < 1) {
            throw new IllegalArgumentException("workers = " + workers + ": must be at least 1");
        }
        return ConfigFactory.parseString("""
                pekko.loglevel = WARNING
                pekko.log-dead-letters = off
                pekko.log-dead-letters-during-shutdown = off
                pekko.actor.default-dispatcher {
                  executor = "fork-join-executor"
                  fork-join-executor {
                    parallelism-min = %d
                    parallelism-max = %d
                    parallelism-factor = 1.0
                  }
                }
                """.formatted(workers, workers)).withFallback(ConfigFactory.load());
    }
}
