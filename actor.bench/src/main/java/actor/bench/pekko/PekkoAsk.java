package actor.bench.pekko;

import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;
import java.time.Duration;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * Ask round trip: the main thread asks one echo actor {@code askRoundTrips} times with
 * {@link AskPattern#ask}, waiting for each answer before the next. Each answer is checked.
 */
public final class PekkoAsk implements Workload {

    private static final String NAME = "PekkoAsk";
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private record Question(int n, ActorRef<Integer> replyTo) {
    }

    private static Behavior<Question> echo() {
        return Behaviors.receiveMessage(question -> {
            question.replyTo().tell(question.n());
            return Behaviors.same();
        });
    }

    @Override
    public long run(RunSpec spec) throws Exception {
        final int asks = spec.sizes().askRoundTrips();
        final ActorSystem<Question> system = PekkoSystems.start(NAME, spec, echo());
        try {
            final long start = System.nanoTime();
            long sum = 0;
            for (int i = 0; i < asks; i++) {
                final int n = i;
                sum += AskPattern.<Question, Integer>ask(system, replyTo -> new Question(n, replyTo), TIMEOUT,
                        system.scheduler()).toCompletableFuture().join();
            }
            final long elapsed = System.nanoTime() - start;
            if (sum != (long) asks * (asks - 1) / 2) {
                throw new IllegalStateException("ask: sum of the answers = " + sum);
            }
            return elapsed;
        } finally {
            PekkoSystems.terminate(system, NAME);
        }
    }
}
