package actor.bench.toolkit;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.PoisonPill;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;

/**
 * NQueens, all solutions (Savina's NQueensFirstNSolutions, the locality reference's NQN): a master
 * hands out partial boards to {@code nqueensWorkers} workers round-robin. A worker extends a board by
 * one row in every valid way and sends each extension back to the master as new work, until the
 * board is {@code nqueensThreshold} rows deep; from there it searches the rest sequentially. Every
 * complete board found is a result message to the master, and every work item ends with a done
 * message; when all work sent is done, the master finishes the workers. The number of solutions is
 * checked (14,200 for a 12 x 12 board). Creation is measured.
 */
public final class NQueens implements Workload {

    /** Known solution counts, by board size. */
    private static final long[] SOLUTIONS = {1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596};

    /** A partial board: {@code rows[i]} is the column of the queen in row i, for the first {@code depth} rows. */
    record Work(int[] rows, int depth) implements MasterMsg {
    }

    /** What the master accepts: new work to hand out, a solution found, a work item finished. */
    sealed interface MasterMsg permits Work, Result, Done {
    }

    record Result() implements MasterMsg {
    }

    record Done() implements MasterMsg {
    }

    /** Whether the first {@code depth} rows of {@code rows} hold no two queens that attack each other. */
    static boolean valid(int depth, int[] rows) {
        for (int i = 0; i < depth; i++) {
            final int p = rows[i];
            for (int j = i + 1; j < depth; j++) {
                final int q = rows[j];
                if (q == p || q == p - (j - i) || q == p + (j - i)) {
                    return false;
                }
            }
        }
        return true;
    }

    static final class Master extends Actor<MasterMsg> {
        private final Worker[] workers;
        private int next;
        private long sent;
        private long done;
        long solutions;

        Master(ActorSystem system, int workerCount, int size, int threshold) {
            super(system);
            workers = new Worker[workerCount];
            for (int i = 0; i < workerCount; i++) {
                workers[i] = new Worker(system, this, size, threshold);
            }
        }

        @Override
        protected Allocation receive(MasterMsg message) {
            if (message instanceof Work work) {
                workers[next].send(work);
                next = next + 1 == workers.length ? 0 : next + 1;
                sent++;
            } else if (message instanceof Result) {
                solutions++;
            } else if (++done == sent) {
                for (Worker worker : workers) {
                    worker.send(PoisonPill.FINISHED);
                }
                return Allocation.FINISHED;
            }
            return Allocation.NODELETE;
        }
    }

    static final class Worker extends Actor<Work> {
        private static final Result RESULT = new Result();
        private static final Done DONE = new Done();
        private final Master master;
        private final int size;
        private final int threshold;

        Worker(ActorSystem system, Master master, int size, int threshold) {
            super(system);
            this.master = master;
            this.size = size;
            this.threshold = threshold;
        }

        @Override
        protected Allocation receive(Work work) {
            final int depth = work.depth();
            if (depth == size) {
                master.send(RESULT);
            } else if (depth >= threshold) {
                search(work.rows(), depth);
            } else {
                for (int column = 0; column < size; column++) {
                    final int[] extended = new int[depth + 1];
                    System.arraycopy(work.rows(), 0, extended, 0, depth);
                    extended[depth] = column;
                    if (valid(depth + 1, extended)) {
                        master.send(new Work(extended, depth + 1));
                    }
                }
            }
            master.send(DONE);
            return Allocation.NODELETE;
        }

        private void search(int[] rows, int depth) {
            if (depth == size) {
                master.send(RESULT);
                return;
            }
            final int[] extended = new int[depth + 1];
            for (int column = 0; column < size; column++) {
                System.arraycopy(rows, 0, extended, 0, depth);
                extended[depth] = column;
                if (valid(depth + 1, extended)) {
                    search(extended, depth + 1);
                }
            }
        }
    }

    @Override
    public long run(RunSpec spec) {
        final int size = spec.sizes().nqueensSize();
        if (size >= SOLUTIONS.length) {
            throw new IllegalArgumentException("nqueensSize = " + size + ": the check knows boards up to "
                    + (SOLUTIONS.length - 1));
        }
        final ActorSystem system = Toolkit.start(spec);
        final long start = System.nanoTime();
        final Master master = new Master(system, spec.sizes().nqueensWorkers(), size, spec.sizes().nqueensThreshold());
        master.send(new Work(new int[0], 0));
        Toolkit.stop(system);
        final long elapsed = System.nanoTime() - start;
        Toolkit.check("nqueens", "solutions of a " + size + " x " + size + " board", SOLUTIONS[size], master.solutions);
        return elapsed;
    }
}
