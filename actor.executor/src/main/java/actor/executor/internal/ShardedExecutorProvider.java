package actor.executor.internal;

import actor.api.ActorSystemConfig;
import actor.api.spi.ActorAccess;
import actor.api.spi.ActorExecutor;
import actor.api.spi.ExecutorProvider;
import java.util.function.LongSupplier;

/** The {@link ExecutorProvider} service: makes and starts a {@link ShardedExecutor}. */
public final class ShardedExecutorProvider implements ExecutorProvider {

    /** For {@link java.util.ServiceLoader}. */
    public ShardedExecutorProvider() {
    }

    @Override
    public ActorExecutor start(ActorSystemConfig config, ActorAccess access, LongSupplier deadLetters) {
        final ShardedExecutor executor = new ShardedExecutor(config, access, deadLetters);
        executor.start();
        return executor;
    }
}
