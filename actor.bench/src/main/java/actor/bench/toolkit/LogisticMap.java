package actor.bench.toolkit;

import actor.api.Actor;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.PoisonPill;
import actor.bench.suite.LogisticMapWork;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Savina's logistic map series: {@code logmapSeries} series workers each compute
 * {@code logmapTerms} terms of a logistic map, one request/reply exchange per term with a rate
 * computer of their own. The main thread sends every worker all its next-term requests at once and
 * then a request for the last term; a worker asks its computer for the next term and holds back
 * what comes meanwhile until the reply is there; after its last term it ends its computer. The run
 * ends when the collector has every worker's last term, checked against the series computed
 * sequentially.
 *
 * <p>Two forms of the worker, the same protocol otherwise: {@link #handWritten()} sends the request
 * with its own reference as the reply-to and keeps a queue of the messages it holds back, as
 * Savina's manually stashing worker does; {@link #asking()} asks from its behaviour
 * ({@code Actor.ask}), which holds the messages back for it.
 */
public final class LogisticMap implements Workload {

    private static final Duration ASK_TIMEOUT = Duration.ofSeconds(30);

    sealed interface WorkerMsg permits NextTerm, GetTerm, Term {
    }

    enum NextTerm implements WorkerMsg { INSTANCE }

    enum GetTerm implements WorkerMsg { INSTANCE }

    /** A computed term: the computer's reply (hand-written form) and a worker's last term to the collector. */
    record Term(double value) implements WorkerMsg {
    }

    record Compute(double term, ActorRef<? super Term> replyTo) {
    }

    /** Computes the next term of its rate's series for whoever asks. */
    static final class RateComputer extends Actor<Compute> {
        private final double rate;

        RateComputer(ActorSystem system, double rate) {
            super(system);
            this.rate = rate;
        }

        @Override
        protected Allocation receive(Compute compute) {
            compute.replyTo().send(new Term(LogisticMapWork.next(rate, compute.term())));
            return Allocation.NODELETE;
        }
    }

    /** Sums the workers' last terms; ends when it has them all. */
    static final class Collector extends Actor<Term> {
        private final int expected;
        private int received;
        /** Written by behaviours only; read by main after stop() (the workers have exited). */
        private double sum;

        Collector(ActorSystem system, int expected) {
            super(system);
            this.expected = expected;
        }

        @Override
        protected Allocation receive(Term term) {
            sum += term.value();
            return ++received == expected ? Allocation.FINISHED : Allocation.NODELETE;
        }
    }

    /** A series worker that writes the exchange by hand: request, reply, and a queue of held-back messages. */
    static final class HandWrittenWorker extends Actor<WorkerMsg> {
        private final RateComputer computer;
        private final ActorRef<Term> collector;
        private final ArrayDeque<WorkerMsg> heldBack = new ArrayDeque<>();
        private double term;
        private boolean waiting;

        HandWrittenWorker(ActorSystem system, RateComputer computer, ActorRef<Term> collector, double start) {
            super(system);
            this.computer = computer;
            this.collector = collector;
            this.term = start;
        }

        @Override
        protected Allocation receive(WorkerMsg msg) {
            if (msg instanceof Term reply) {
                term = reply.value();
                waiting = false;
                Allocation status = Allocation.NODELETE;
                while (!waiting && status == Allocation.NODELETE && !heldBack.isEmpty()) {
                    status = handle(heldBack.pollFirst());
                }
                return status;
            }
            if (waiting) {
                heldBack.addLast(msg);
                return Allocation.NODELETE;
            }
            return handle(msg);
        }

        private Allocation handle(WorkerMsg msg) {
            if (msg == NextTerm.INSTANCE) {
                computer.send(new Compute(term, ref()));
                waiting = true;
                return Allocation.NODELETE;
            }
            collector.send(new Term(term));
            computer.send(PoisonPill.FINISHED);
            return Allocation.FINISHED;
        }
    }

    /** A series worker that asks from its behaviour: the toolkit holds the other messages back. */
    static final class AskingWorker extends Actor<WorkerMsg> {
        private final RateComputer computer;
        private final ActorRef<Term> collector;
        private double term;

        AskingWorker(ActorSystem system, RateComputer computer, ActorRef<Term> collector, double start) {
            super(system);
            this.computer = computer;
            this.collector = collector;
            this.term = start;
        }

        @Override
        protected Allocation receive(WorkerMsg msg) {
            if (msg == NextTerm.INSTANCE) {
                return ask(computer.ref(), replyTo -> new Compute(term, replyTo), ASK_TIMEOUT, this::computed);
            }
            collector.send(new Term(term));
            computer.send(PoisonPill.FINISHED);
            return Allocation.FINISHED;
        }

        private Allocation computed(Term next, Throwable failure) {
            if (failure != null) {
                throw new IllegalStateException("no next term", failure);
            }
            term = next.value();
            return Allocation.NODELETE;
        }
    }

    /** How a series worker is made. */
    @FunctionalInterface
    private interface WorkerFactory {
        Actor<WorkerMsg> make(ActorSystem system, RateComputer computer, ActorRef<Term> collector, double start);
    }

    private final WorkerFactory workers;

    private LogisticMap(WorkerFactory workers) {
        this.workers = workers;
    }

    /** Row {@code logmap}: the exchange written by hand. */
    public static LogisticMap handWritten() {
        return new LogisticMap(HandWrittenWorker::new);
    }

    /** Row {@code logmap-ask}: the exchange asked from the behaviour. */
    public static LogisticMap asking() {
        return new LogisticMap(AskingWorker::new);
    }

    @Override
    public long run(RunSpec spec) {
        final int series = spec.sizes().logmapSeries();
        final int terms = spec.sizes().logmapTerms();
        final ActorSystem system = Toolkit.start(spec);
        final Collector collector = new Collector(system, series);
        final RateComputer[] computers = new RateComputer[series];
        final List<Actor<WorkerMsg>> all = new ArrayList<>(series);
        for (int i = 0; i < series; i++) {
            computers[i] = new RateComputer(system, LogisticMapWork.rate(i));
            all.add(workers.make(system, computers[i], collector.ref(), LogisticMapWork.start(i)));
        }
        final long start = System.nanoTime();
        for (Actor<WorkerMsg> worker : all) {
            for (int t = 0; t < terms; t++) {
                worker.send(NextTerm.INSTANCE);
            }
            worker.send(GetTerm.INSTANCE);
        }
        Toolkit.stop(system);
        final long elapsed = System.nanoTime() - start;
        LogisticMapWork.check("logmap", series, terms, collector.sum);
        return elapsed;
    }
}
