package actor.api.spi;

import actor.api.ActorSystemConfig;

/**
 * Service that makes the executor of an actor system. {@code actor.api} finds it with
 * {@link java.util.ServiceLoader}; {@code actor.executor} provides it, so an application only
 * {@code requires actor.api} and puts {@code actor.executor} on its module path.
 */
public interface ExecutorProvider {

    /** Starts an executor for {@code config}: its workers are running when this returns. */
    ActorExecutor start(ActorSystemConfig config, ActorAccess access);
}
