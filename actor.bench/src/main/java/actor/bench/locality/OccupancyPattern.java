package actor.bench.locality;

import java.util.SplittableRandom;

/**
 * Where new work arrives in a simulated machine, each round. Rates are fractions of the machine's
 * capacity (a worker runs one mailbox in {@link SimulatedMachine#ROUNDS_PER_MAILBOX} rounds), so
 * every machine is loaded alike; with the follow-ups mailboxes leave behind
 * ({@link SimulatedMachine#FOLLOW_UP_CHANCE}), the arrivals below load each machine to about 75-80%.
 */
public enum OccupancyPattern {

    /** One hub worker (worker 0) receives all new work, as a master actor creating workers would. */
    HUB("one hub") {
        @Override
        void arrive(SimulatedMachine machine, SplittableRandom random) {
            final double rate = 0.375 * machine.workers() / SimulatedMachine.ROUNDS_PER_MAILBOX;
            final int whole = (int) rate;
            machine.arrive(0, whole + (random.nextDouble() < rate - whole ? 1 : 0));
        }
    },

    /** The first half of the workers (the first sockets) receive work at 160% of their capacity; the rest none. */
    HALF("half loaded") {
        @Override
        void arrive(SimulatedMachine machine, SplittableRandom random) {
            for (int w = 0; w < machine.workers() / 2; w++) {
                if (random.nextDouble() < 0.8 / SimulatedMachine.ROUNDS_PER_MAILBOX) {
                    machine.arrive(w, 1);
                }
            }
        }
    },

    /** Every worker receives work at random, at 40% of its capacity on average. */
    RANDOM("random") {
        @Override
        void arrive(SimulatedMachine machine, SplittableRandom random) {
            for (int w = 0; w < machine.workers(); w++) {
                if (random.nextDouble() < 0.4 / SimulatedMachine.ROUNDS_PER_MAILBOX) {
                    machine.arrive(w, 1);
                }
            }
        }
    };

    private final String label;

    OccupancyPattern(String label) {
        this.label = label;
    }

    /** {@return the name in the table} */
    public String label() {
        return label;
    }

    /** Adds this round's new mailboxes to the machine. */
    abstract void arrive(SimulatedMachine machine, SplittableRandom random);
}
