/**
 * The executor of the actor toolkit, provided to {@code actor.api} as a service. It exports
 * nothing: applications use {@code actor.api} only.
 */
module actor.executor {
    requires actor.api;
    requires actor.steal;
    requires actor.stats;
    requires org.agrona;

    provides actor.api.spi.ExecutorProvider with actor.executor.internal.ShardedExecutorProvider;
}
