package actor.bench.toolkit;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.Message;
import actor.bench.suite.MatrixKernel;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;

/** Matrix multiply: an actor per row of X computes that row of Z = X . Y. Creation is measured. */
public final class Matrix implements Workload {

    static final class Row extends Message {
        final int row;

        Row(int row) {
            this.row = row;
        }
    }

    static final class RowWorker extends Actor<Row> {
        private final double[] x;
        private final double[] y;
        private final double[] z;
        private final int n;

        RowWorker(ActorSystem system, double[] x, double[] y, double[] z, int n) {
            super(system);
            this.x = x;
            this.y = y;
            this.z = z;
            this.n = n;
        }

        @Override
        protected Allocation receive(Row row) {
            MatrixKernel.multiplyRow(x, y, z, row.row, n);
            return Allocation.DELETE;
        }
    }

    @Override
    public long run(RunSpec spec) {
        final int n = spec.sizes().matrixSize();
        final double[] x = MatrixKernel.matrix(n, MatrixKernel.X_MOD);
        final double[] y = MatrixKernel.matrix(n, MatrixKernel.Y_MOD);
        final double[] z = new double[n * n];
        final ActorSystem system = Toolkit.start(spec);
        final long start = System.nanoTime();
        for (int row = 0; row < n; row++) {
            new RowWorker(system, x, y, z, n).send(new Row(row));
        }
        Toolkit.stop(system);
        return System.nanoTime() - start;
    }
}
