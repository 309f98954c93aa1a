package actor.bench.toolkit;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.Message;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;

/**
 * Savina's dining philosophers: {@code philosophers} philosophers round a table and one arbitrator
 * that owns the forks. A philosopher asks the arbitrator to eat; the arbitrator grants both forks
 * if they are free and denies otherwise; a denied philosopher asks again at once. One who ate
 * gives the forks back and, until it has eaten {@code philosopherRounds} times, sends itself a
 * start, on which it asks again; then it tells the arbitrator it leaves. The arbitrator terminates when all have left. Actors are
 * created as an application would, with no placement; messages are allocated per send, as in
 * Savina. The run records its denials ({@code denials}): how often a philosopher was run again
 * while the forks' holder had not yet given them back.
 */
public final class Philosopher implements Workload {

    /** Everything a philosopher and the arbitrator exchange. */
    abstract static sealed class Note extends Message permits Hungry, Done, Leave, Answer, Start {
    }

    /** A philosopher asks for both its forks. */
    static final class Hungry extends Note {
        final Diner diner;

        Hungry(Diner diner) {
            this.diner = diner;
        }
    }

    /** A philosopher gives its forks back. */
    static final class Done extends Note {
        final int seat;

        Done(int seat) {
            this.seat = seat;
        }
    }

    /** A philosopher has eaten all its rounds. */
    static final class Leave extends Note {
    }

    /** A philosopher's note to itself: ask for the forks. */
    static final class Start extends Note {
    }

    /** The arbitrator's answer: eat, or ask again. */
    static final class Answer extends Note {
        final boolean granted;

        Answer(boolean granted) {
            this.granted = granted;
        }
    }

    static final class Arbitrator extends Actor<Note> {
        private final boolean[] forkTaken;
        /** Written by behaviours only; main reads it after stop(). */
        private int left;

        Arbitrator(ActorSystem system, int philosophers) {
            super(system);
            this.forkTaken = new boolean[philosophers];
        }

        @Override
        protected Allocation receive(Note note) {
            if (note instanceof Hungry hungry) {
                final int leftFork = hungry.diner.seat;
                final int rightFork = (leftFork + 1) % forkTaken.length;
                final boolean granted = !forkTaken[leftFork] && !forkTaken[rightFork];
                if (granted) {
                    forkTaken[leftFork] = true;
                    forkTaken[rightFork] = true;
                }
                hungry.diner.send(new Answer(granted));
            } else if (note instanceof Done done) {
                forkTaken[done.seat] = false;
                forkTaken[(done.seat + 1) % forkTaken.length] = false;
            } else {
                return ++left == forkTaken.length ? Allocation.FINISHED : Allocation.NODELETE;
            }
            return Allocation.NODELETE;
        }
    }

    static final class Diner extends Actor<Note> {
        private final int seat;
        private final int rounds;
        private final Arbitrator arbitrator;
        /** Written by behaviours only; main reads them after stop(). */
        private int eaten;
        private long denied;

        Diner(ActorSystem system, int seat, int rounds, Arbitrator arbitrator) {
            super(system);
            this.seat = seat;
            this.rounds = rounds;
            this.arbitrator = arbitrator;
        }

        @Override
        protected Allocation receive(Note note) {
            if (note instanceof Start) {
                arbitrator.send(new Hungry(this));
                return Allocation.NODELETE;
            }
            if (!((Answer) note).granted) {
                denied++;
                arbitrator.send(new Hungry(this));
                return Allocation.NODELETE;
            }
            eaten++;
            arbitrator.send(new Done(seat));
            if (eaten < rounds) {
                send(new Start());
                return Allocation.NODELETE;
            }
            arbitrator.send(new Leave());
            return Allocation.FINISHED;
        }
    }

    @Override
    public long run(RunSpec spec) {
        final int count = spec.sizes().philosophers();
        final int rounds = spec.sizes().philosopherRounds();
        if (count < 2) {
            throw new IllegalArgumentException("philosopher: philosophers = " + count + ": must be at least 2");
        }
        final ActorSystem system = Toolkit.start(spec);
        final Arbitrator arbitrator = new Arbitrator(system, count);
        final Diner[] diners = new Diner[count];
        for (int i = 0; i < count; i++) {
            diners[i] = new Diner(system, i, rounds, arbitrator);
        }
        final long start = System.nanoTime();
        for (Diner diner : diners) {
            diner.send(new Start());
        }
        Toolkit.stop(system);
        final long elapsed = System.nanoTime() - start;
        long denials = 0;
        for (Diner diner : diners) {
            Toolkit.check("philosopher", "rounds eaten by philosopher " + diner.seat, rounds, diner.eaten);
            denials += diner.denied;
        }
        Toolkit.check("philosopher", "philosophers left", count, arbitrator.left);
        spec.extras().put("denials", (double) denials);
        return elapsed;
    }
}
