package actor.api.spi;

import actor.api.ActorSystemConfig;
import java.util.function.LongSupplier;

/**
 * Service that makes the executor of an actor system. {@code actor.api} finds it with
 * {@link java.util.ServiceLoader}; {@code actor.executor} provides it, so an application only
 * {@code requires actor.api} and puts {@code actor.executor} on its module path.
 */
public interface ExecutorProvider {

    /**
     * Starts an executor for {@code config}: its workers are running when this returns.
     *
     * @param deadLetters the system's count of dead letters (counted by {@code actor.api}), for
     *                    the executor's statistics
     */
    ActorExecutor start(ActorSystemConfig config, ActorAccess access, LongSupplier deadLetters);
}
