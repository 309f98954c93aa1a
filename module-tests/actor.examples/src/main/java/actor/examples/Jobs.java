package actor.examples;

import actor.api.Actor;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.Allocation;
import java.io.PrintStream;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

/**
 * Death watch: a supervisor starts a worker per job and watches each, with a notification that
 * names the job. A worker sends its result and ends; the one whose job fails is stopped by the
 * failure policy. The supervisor learns of every end exactly once, after the result the worker
 * sent, so a job that ended without a result failed.
 */
public final class Jobs {

    /** What the supervisor accepts: the start, the workers' results, and its death-watch notifications. */
    sealed interface SupervisorMsg permits Start, Result, WorkerEnded {
    }

    /** Starts {@code jobs} workers, numbered from 1. */
    record Start(int jobs) implements SupervisorMsg {
    }

    /** A worker's result for its job. */
    record Result(int job, int value) implements SupervisorMsg {
    }

    /** The notification: the worker of {@code job} has ended. */
    record WorkerEnded(int job) implements SupervisorMsg {
    }

    /** A job for a worker. */
    record Job(int job) {
    }

    /** Does one job, replies and ends; job 2 fails. */
    static final class Worker extends Actor<Job> {
        private final ActorRef<? super Result> replyTo;

        Worker(ActorSystem system, ActorRef<? super Result> replyTo) {
            super(system);
            this.replyTo = replyTo;
        }

        @Override
        protected Allocation receive(Job job) {
            if (job.job() == 2) {
                throw new IllegalArgumentException("job 2 cannot be done");
            }
            replyTo.send(new Result(job.job(), job.job() * job.job()));
            return Allocation.DELETE;
        }
    }

    /** Starts the workers, watches them, and completes {@code outcomes} once every one has ended. */
    static final class Supervisor extends Actor<SupervisorMsg> {
        private final Map<Integer, String> outcomes = new TreeMap<>();
        private final CompletableFuture<Map<Integer, String>> done;
        private int running;

        Supervisor(ActorSystem system, CompletableFuture<Map<Integer, String>> done) {
            super(system);
            this.done = done;
        }

        @Override
        protected Allocation receive(SupervisorMsg msg) {
            if (msg instanceof Start start) {
                for (int job = 1; job <= start.jobs(); job++) {
                    final Worker worker = new Worker(system(), ref());
                    watch(worker, new WorkerEnded(job));       // Pekko: context.watchWith(worker, new WorkerEnded(job))
                    worker.send(new Job(job));
                    running++;
                }
                return Allocation.NODELETE;
            }
            if (msg instanceof Result result) {
                outcomes.put(result.job(), "result " + result.value());
                return Allocation.NODELETE;
            }
            final WorkerEnded ended = (WorkerEnded) msg;       // comes after the worker's result, if it sent one
            outcomes.putIfAbsent(ended.job(), "failed");
            if (--running > 0) {
                return Allocation.NODELETE;
            }
            done.complete(outcomes);
            return Allocation.FINISHED;
        }
    }

    private Jobs() {
    }

    /** Runs three jobs and prints each one's outcome, in job order. */
    public static void run(PrintStream out) {
        final CompletableFuture<Map<Integer, String>> outcomes = new CompletableFuture<>();
        try (ActorSystem system = ActorSystem.start()) {
            new Supervisor(system, outcomes).send(new Start(3));
            outcomes.join().forEach((job, outcome) -> out.println("job " + job + ": " + outcome));
        }
    }

    public static void main(String[] args) {
        run(System.out);
    }
}
