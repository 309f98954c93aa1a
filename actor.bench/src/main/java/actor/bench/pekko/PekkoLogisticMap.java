package actor.bench.pekko;

import actor.bench.suite.LogisticMapWork;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * Savina's logistic map series, as {@code actor.bench.toolkit.LogisticMap}'s hand-written form:
 * {@code logmapSeries} series workers each compute {@code logmapTerms} terms, one request/reply
 * exchange per term with a rate computer of their own; a worker tells the request with its own
 * reference as the reply-to and keeps a queue of what comes meanwhile. All actors are spawned
 * beforehand; the run ends when the collector has every worker's last term (the computers end
 * with the system).
 */
public final class PekkoLogisticMap implements Workload {

    private static final String NAME = "PekkoLogisticMap";

    private interface WorkerMsg {
    }

    private enum NextTerm implements WorkerMsg { INSTANCE }

    private enum GetTerm implements WorkerMsg { INSTANCE }

    /** A computed term: the computer's reply, and a worker's last term to the collector. */
    private record Term(double value) implements WorkerMsg {
    }

    private record Compute(double term, ActorRef<Term> replyTo) {
    }

    private static Behavior<Compute> computer(double rate) {
        return Behaviors.receive(Compute.class).onMessage(Compute.class, compute -> {
            compute.replyTo().tell(new Term(LogisticMapWork.next(rate, compute.term())));
            return Behaviors.same();
        }).build();
    }

    private static Behavior<Term> collector(int expected, CompletableFuture<Double> sum) {
        return Behaviors.setup(context -> new AbstractBehavior<Term>(context) {
            private int received;
            private double total;

            @Override
            public Receive<Term> createReceive() {
                return newReceiveBuilder().onMessage(Term.class, term -> {
                    total += term.value();
                    if (++received == expected) {
                        sum.complete(total);
                        return Behaviors.stopped();
                    }
                    return this;
                }).build();
            }
        });
    }

    /** The hand-written worker: request, reply, and a queue of held-back messages. */
    private static final class HandWrittenWorker extends AbstractBehavior<WorkerMsg> {
        private final ActorRef<Compute> computer;
        private final ActorRef<Term> collector;
        private final ActorRef<Term> self;
        private final ArrayDeque<WorkerMsg> heldBack = new ArrayDeque<>();
        private double term;
        private boolean waiting;

        HandWrittenWorker(ActorContext<WorkerMsg> context, ActorRef<Compute> computer, ActorRef<Term> collector,
                          double start) {
            super(context);
            this.computer = computer;
            this.collector = collector;
            this.self = context.getSelf().narrow();
            this.term = start;
        }

        @Override
        public Receive<WorkerMsg> createReceive() {
            return newReceiveBuilder().onAnyMessage(this::onMessage).build();
        }

        private Behavior<WorkerMsg> onMessage(WorkerMsg msg) {
            if (msg instanceof Term reply) {
                term = reply.value();
                waiting = false;
                Behavior<WorkerMsg> next = this;
                while (!waiting && next == this && !heldBack.isEmpty()) {
                    next = handle(heldBack.pollFirst());
                }
                return next;
            }
            if (waiting) {
                heldBack.addLast(msg);
                return this;
            }
            return handle(msg);
        }

        private Behavior<WorkerMsg> handle(WorkerMsg msg) {
            if (msg == NextTerm.INSTANCE) {
                computer.tell(new Compute(term, self));
                waiting = true;
                return this;
            }
            collector.tell(new Term(term));
            return Behaviors.stopped();
        }
    }


    @Override
    public long run(RunSpec spec) throws Exception {
        final int series = spec.sizes().logmapSeries();
        final int terms = spec.sizes().logmapTerms();
        final CompletableFuture<Double> sum = new CompletableFuture<>();
        final var started = PekkoSystems.startWith(NAME, spec, context -> {
            final ActorRef<Term> collector = context.spawn(collector(series, sum), "collector");
            final List<ActorRef<WorkerMsg>> all = new ArrayList<>(series);
            for (int i = 0; i < series; i++) {
                final ActorRef<Compute> computer = context.spawn(computer(LogisticMapWork.rate(i)), "computer-" + i);
                final double start = LogisticMapWork.start(i);
                all.add(context.spawn(Behaviors.<WorkerMsg>setup(c -> new HandWrittenWorker(c, computer, collector, start)),
                        "worker-" + i));
            }
            return all;
        });
        final long elapsed;
        final double collected;
        try {
            final long t0 = System.nanoTime();
            for (ActorRef<WorkerMsg> worker : started.value()) {
                for (int t = 0; t < terms; t++) {
                    worker.tell(NextTerm.INSTANCE);
                }
                worker.tell(GetTerm.INSTANCE);
            }
            collected = PekkoSystems.await(sum, NAME);
            elapsed = System.nanoTime() - t0;
        } finally {
            PekkoSystems.terminate(started.system(), NAME);
        }
        LogisticMapWork.check(NAME, series, terms, collected);
        return elapsed;
    }
}
