package actor.bench.pekko;

import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * Savina counting actor: a producer tells a counter {@code countingMessages} increments, then
 * asks for the count; the run ends when the producer has the (checked) count back. Both actors
 * are spawned beforehand.
 */
public final class PekkoCounting implements Workload {

    private static final String NAME = "PekkoCounting";

    private sealed interface CounterMessage permits Increment, Retrieve {
    }

    private enum Increment implements CounterMessage { INSTANCE }

    private static final class Retrieve implements CounterMessage {
        final ActorRef<ProducerMessage> replyTo;

        Retrieve(ActorRef<ProducerMessage> replyTo) {
            this.replyTo = replyTo;
        }
    }

    private sealed interface ProducerMessage permits Start, Count {
    }

    private enum Start implements ProducerMessage { INSTANCE }

    private static final class Count implements ProducerMessage {
        final int value;

        Count(int value) {
            this.value = value;
        }
    }

    private static final class Counter extends AbstractBehavior<CounterMessage> {
        private int count;

        Counter(ActorContext<CounterMessage> context) {
            super(context);
        }

        @Override
        public Receive<CounterMessage> createReceive() {
            return newReceiveBuilder()
                    .onMessage(Increment.class, increment -> {
                        count++;
                        return this;
                    })
                    .onMessage(Retrieve.class, retrieve -> {
                        retrieve.replyTo.tell(new Count(count));
                        return Behaviors.stopped();
                    })
                    .build();
        }
    }

    private static final class Producer extends AbstractBehavior<ProducerMessage> {
        private final ActorRef<CounterMessage> counter;
        private final int messages;
        private final CompletableFuture<Void> done;

        Producer(ActorContext<ProducerMessage> context, ActorRef<CounterMessage> counter, int messages,
                 CompletableFuture<Void> done) {
            super(context);
            this.counter = counter;
            this.messages = messages;
            this.done = done;
        }

        @Override
        public Receive<ProducerMessage> createReceive() {
            return newReceiveBuilder()
                    .onMessage(Start.class, start -> onStart())
                    .onMessage(Count.class, this::onCount)
                    .build();
        }

        private Behavior<ProducerMessage> onStart() {
            for (int i = 0; i < messages; i++) {
                counter.tell(Increment.INSTANCE);
            }
            counter.tell(new Retrieve(getContext().getSelf()));
            return this;
        }

        private Behavior<ProducerMessage> onCount(Count count) {
            // Completed exceptionally rather than thrown: a throw would only stop this actor, not fail the run.
            if (count.value == messages) {
                done.complete(null);
            } else {
                done.completeExceptionally(new IllegalStateException(
                        NAME + ": the counter counted " + count.value + " increments, but " + messages + " were sent"));
            }
            return Behaviors.stopped();
        }
    }

    @Override
    public long run(RunSpec spec) throws Exception {
        final int messages = spec.sizes().countingMessages();
        final CompletableFuture<Void> done = new CompletableFuture<>();
        final var started = PekkoSystems.startWith(NAME, spec, context -> {
            final ActorRef<CounterMessage> counter = context.spawn(Behaviors.setup(Counter::new), "counter");
            return context.spawn(Behaviors.<ProducerMessage>setup(c -> new Producer(c, counter, messages, done)),
                    "producer");
        });
        try {
            final ActorRef<ProducerMessage> producer = started.value();
            final long t0 = System.nanoTime();
            producer.tell(Start.INSTANCE);
            PekkoSystems.await(done, NAME);
            return System.nanoTime() - t0;
        } finally {
            PekkoSystems.terminate(started.system(), NAME);
        }
    }
}
