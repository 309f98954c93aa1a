package actor.examples;

import actor.api.Actor;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.OwnedRef;
import actor.api.PoisonPill;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;

/**
 * Asking from a behaviour: a series actor computes the terms of a logistic map by asking a rate
 * actor for each next term. While an ask is open the series actor is suspended, so the requests
 * for further terms, and the request for the terms so far, wait their turn in order.
 */
public final class Series {

    /** What the rate actor accepts: the term to compute the next of, and where to send it. */
    record Compute(double term, ActorRef<Double> replyTo) {
    }

    /** What the series actor accepts: compute the next term, or report the terms so far. */
    sealed interface SeriesMsg permits Next, Report {
    }

    /** Compute the next term. */
    enum Next implements SeriesMsg { TERM }

    /** Report the terms so far, and end. */
    record Report(CompletableFuture<List<String>> terms) implements SeriesMsg {
    }

    /** The logistic map at one rate: {@code rate * x * (1 - x)}. */
    static final class Rate extends Actor<Compute> {
        private final double rate;

        Rate(ActorSystem system, double rate) {
            super(system);
            this.rate = rate;
        }

        @Override
        protected Allocation receive(Compute compute) {
            compute.replyTo().send(rate * compute.term() * (1 - compute.term()));
            return Allocation.NODELETE;
        }
    }

    /** Asks for each next term and keeps them. */
    static final class Logistic extends Actor<SeriesMsg> {
        private static final Duration TIMEOUT = Duration.ofSeconds(5);
        private final ActorRef<Compute> rate;
        private final List<String> terms = new ArrayList<>();
        private double term;

        Logistic(ActorSystem system, ActorRef<Compute> rate, double start) {
            super(system);
            this.rate = rate;
            this.term = start;
        }

        @Override
        protected Allocation receive(SeriesMsg msg) {
            if (msg == Next.TERM) {
                return ask(rate, replyTo -> new Compute(term, replyTo), TIMEOUT, this::computed);
            }
            ((Report) msg).terms().complete(terms);                    // after every reply asked for before it
            return Allocation.FINISHED;
        }

        private Allocation computed(Double next, Throwable failure) {   // failure: a TimeoutException
            if (failure != null) {
                terms.add("no term: " + failure.getMessage());
                return Allocation.NODELETE;
            }
            term = next;
            terms.add(String.format(Locale.ROOT, "%.4f", next));
            return Allocation.NODELETE;
        }
    }

    private Series() {
    }

    /** Computes four terms of the map at rate 3.2 from 0.5 and prints them. */
    public static void run(PrintStream out) {
        final CompletableFuture<List<String>> terms = new CompletableFuture<>();
        try (ActorSystem system = ActorSystem.start()) {
            final OwnedRef<Compute> rate = system.spawnRef(s -> new Rate(s, 3.2), "rate");
            final OwnedRef<SeriesMsg> series = system.spawnRef(s -> new Logistic(s, rate, 0.5), "series");
            for (int i = 0; i < 4; i++) {
                series.send(Next.TERM);
            }
            series.send(new Report(terms));
            terms.join().forEach(out::println);
            rate.send(PoisonPill.FINISHED);
        }
    }

    public static void main(String[] args) {
        run(System.out);
    }
}
