package actor.examples;

import actor.api.Actor;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.OwnedRef;
import actor.api.PoisonPill;
import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Refs first: the program spawns a foreman and holds only its reference; the foreman spawns its
 * workers as children, named, and hands each a reference narrowed to the one message a worker
 * sends it. It stops one worker early with a pill through that worker's reference; when the
 * foreman ends, the workers still live end with it, each after the jobs queued for it.
 */
public final class Crew {

    /** What the foreman accepts: the order to hire, and the workers' reports. */
    sealed interface ForemanMsg permits Hire, Done {
    }

    /** Hire {@code workers} workers and give each {@code jobs} jobs. */
    record Hire(int workers, int jobs) implements ForemanMsg {
    }

    /** A worker's report of one job. */
    record Done(String worker, int job) implements ForemanMsg {
    }

    /** One job for a worker. */
    record Job(int job) {
    }

    /** Does its jobs, reports each, and records how many it did when it ends. */
    static final class Worker extends Actor<Job> {
        private final String name;
        private final ActorRef<Done> foreman;
        private final Map<String, Integer> ends;
        private int done;

        Worker(ActorSystem system, String name, ActorRef<Done> foreman, Map<String, Integer> ends) {
            super(system);
            this.name = name;
            this.foreman = foreman;
            this.ends = ends;
        }

        @Override
        protected Allocation receive(Job job) {
            done++;
            foreman.send(new Done(name, job.job()));
            return Allocation.NODELETE;
        }

        @Override
        protected Allocation onPoisonPill(PoisonPill pill) {
            ends.put(name, done);
            return pill.status();
        }
    }

    /** Hires the crew, stops the last worker after one job, and ends once every job is reported. */
    static final class Foreman extends Actor<ForemanMsg> {
        private final Map<String, Integer> ends;
        private int expected;

        Foreman(ActorSystem system, Map<String, Integer> ends) {
            super(system);
            this.ends = ends;
        }

        @Override
        protected Allocation receive(ForemanMsg msg) {
            if (msg instanceof Hire hire) {
                final ActorRef<Done> reports = ref().narrow();           // Pekko: context.getSelf().narrow()
                for (int w = 1; w <= hire.workers(); w++) {
                    final String name = "worker-" + w;
                    final OwnedRef<Job> worker = spawnChild(s -> new Worker(s, name, reports, ends), name);
                    final int jobs = w < hire.workers() ? hire.jobs() : 1;
                    for (int job = 1; job <= jobs; job++) {
                        worker.send(new Job(job));
                    }
                    if (jobs < hire.jobs()) {
                        worker.send(PoisonPill.FINISHED);                // Pekko: context.stop(worker)
                    }
                    expected += jobs;
                }
                return Allocation.NODELETE;
            }
            return --expected > 0 ? Allocation.NODELETE : Allocation.FINISHED;   // the workers end with it
        }
    }

    private Crew() {
    }

    /** Runs a crew of three with two jobs each, and prints how many jobs each worker did. */
    public static void run(PrintStream out) {
        final Map<String, Integer> ends = new ConcurrentSkipListMap<>();
        try (ActorSystem system = ActorSystem.start()) {
            final OwnedRef<ForemanMsg> foreman = system.spawnRef(s -> new Foreman(s, ends), "foreman");
            foreman.send(new Hire(3, 2));
        }
        ends.forEach((worker, jobs) -> out.println(worker + " did " + jobs + " job(s)"));
    }

    public static void main(String[] args) {
        run(System.out);
    }
}
