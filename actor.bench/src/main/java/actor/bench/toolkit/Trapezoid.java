package actor.bench.toolkit;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;

/**
 * Trapezoidal approximation (Savina's, the locality reference's TRAPR): a master splits the
 * integral of Savina's function over [1, 5] into {@code trapezoidPieces} trapezoids, gives each of
 * {@code trapezoidWorkers} new workers an equal share, and adds up their answers; each worker
 * computes its share, replies and finishes. The total is checked against the same sum computed
 * sequentially, to the last bit the order of additions allows. Creation is measured.
 */
public final class Trapezoid implements Workload {

    static final double LEFT = 1;
    static final double RIGHT = 5;

    /** Savina's integrand. */
    static double f(double x) {
        final double a = Math.sin(x * x * x - 1);
        final double b = x + 1;
        final double c = a / b;
        final double d = Math.sqrt(1 + Math.exp(Math.sqrt(2 * x)));
        return c * d;
    }

    /** The area of {@code pieces} trapezoids of width {@code h} from {@code left}. */
    static double area(double left, long pieces, double h) {
        double sum = 0;
        for (long i = 0; i < pieces; i++) {
            final double lx = left + i * h;
            sum += 0.5 * (f(lx) + f(lx + h)) * h;
        }
        return sum;
    }

    /** A worker's share. */
    record Share(double left, long pieces, double h) {
    }

    static final class Master extends Actor<Double> {
        private final int workers;
        private int answered;
        double total;

        Master(ActorSystem system, int workers) {
            super(system);
            this.workers = workers;
        }

        @Override
        protected Allocation receive(Double area) {
            total += area;
            return ++answered == workers ? Allocation.FINISHED : Allocation.NODELETE;
        }
    }

    static final class Worker extends Actor<Share> {
        private final Master master;

        Worker(ActorSystem system, Master master) {
            super(system);
            this.master = master;
        }

        @Override
        protected Allocation receive(Share share) {
            master.send(area(share.left(), share.pieces(), share.h()));
            return Allocation.FINISHED;
        }
    }

    @Override
    public long run(RunSpec spec) {
        final int workers = spec.sizes().trapezoidWorkers();
        final long pieces = spec.sizes().trapezoidPieces();
        if (pieces % workers != 0) {
            throw new IllegalArgumentException("trapezoidPieces = " + pieces + " must be a multiple of trapezoidWorkers = " + workers);
        }
        final long share = pieces / workers;
        final double h = (RIGHT - LEFT) / pieces;
        final ActorSystem system = Toolkit.start(spec);
        final long start = System.nanoTime();
        final Master master = new Master(system, workers);
        for (int w = 0; w < workers; w++) {
            new Worker(system, master).send(new Share(LEFT + w * share * h, share, h));
        }
        Toolkit.stop(system);
        final long elapsed = System.nanoTime() - start;
        double expected = 0;
        for (int w = 0; w < workers; w++) {
            expected += area(LEFT + w * share * h, share, h);
        }
        final double error = Math.abs(master.total - expected);
        Toolkit.check("trapezoid", "the total, within 1e-9 of the sequential sum",
                0, error <= 1e-9 * Math.max(1, Math.abs(expected)) ? 0 : 1);
        return elapsed;
    }
}
