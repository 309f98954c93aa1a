package actor.bench.toolkit;

import actor.api.Actor;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;
import java.time.Duration;

/**
 * Ask round trip: the main thread asks one echo actor {@code askRoundTrips} times, waiting for each
 * answer ({@link ActorSystem#ask}) before the next, as a caller outside the system does. Each
 * answer is checked.
 */
public final class Ask implements Workload {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    record Question(int n, ActorRef<Integer> replyTo) {
    }

    static final class Echo extends Actor<Question> {
        Echo(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Question question) {
            question.replyTo().send(question.n());
            return Allocation.NODELETE;
        }
    }

    @Override
    public long run(RunSpec spec) {
        final int asks = spec.sizes().askRoundTrips();
        final ActorSystem system = Toolkit.start(spec);
        final Echo echo = new Echo(system);
        final ActorRef<Question> ref = echo.ref();
        final long start = System.nanoTime();
        long sum = 0;
        for (int i = 0; i < asks; i++) {
            final int n = i;
            sum += system.<Question, Integer>ask(ref, replyTo -> new Question(n, replyTo), TIMEOUT).join();
        }
        final long elapsed = System.nanoTime() - start;
        echo.send(actor.api.PoisonPill.FINISHED);
        Toolkit.stop(system);
        Toolkit.check("ask", "sum of the answers", (long) asks * (asks - 1) / 2, sum);
        return elapsed;
    }
}
