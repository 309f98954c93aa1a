package actor.bench.pekko;

import actor.bench.suite.MatrixKernel;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;
import java.util.concurrent.CountDownLatch;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * Matrix multiply: Z = X·Y for square matrices of side {@code matrixSize}, one actor per row of
 * Z, each spawned and told its row. Creation is timed; the run ends when every row is computed.
 */
public final class PekkoMatrix implements Workload {

    private static final String NAME = "PekkoMatrix";

    private enum Start { INSTANCE }

    private static final class RowMessage {
        final int row;

        RowMessage(int row) {
            this.row = row;
        }
    }

    @Override
    public long run(RunSpec spec) throws Exception {
        final int n = spec.sizes().matrixSize();
        final double[] x = MatrixKernel.matrix(n, MatrixKernel.X_MOD);
        final double[] y = MatrixKernel.matrix(n, MatrixKernel.Y_MOD);
        final double[] z = new double[n * n];
        final CountDownLatch done = new CountDownLatch(n);
        final Behavior<RowMessage> rowActor = Behaviors.receive(RowMessage.class)
                .onMessage(RowMessage.class, message -> {
                    MatrixKernel.multiplyRow(x, y, z, message.row, n);
                    done.countDown();
                    return Behaviors.stopped();
                }).build();
        final ActorSystem<Start> guardian = PekkoSystems.start(NAME, spec, Behaviors.setup(context ->
                Behaviors.receive(Start.class).onMessage(Start.class, start -> {
                    for (int row = 0; row < n; row++) {
                        context.spawnAnonymous(rowActor).tell(new RowMessage(row));
                    }
                    return Behaviors.empty();
                }).build()));
        return PekkoSystems.timeRun(NAME, guardian, Start.INSTANCE, done);
    }
}
