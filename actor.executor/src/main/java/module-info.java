/**
 * The executor of the actor toolkit, provided to {@code actor.api} as a service. Applications use
 * {@code actor.api} only; the internals are exported to the micro-benchmarks alone.
 */
module actor.executor {
    requires actor.api;
    requires actor.steal;
    requires actor.stats;
    requires org.agrona;

    exports actor.executor.internal to actor.bench;

    provides actor.api.spi.ExecutorProvider with actor.executor.internal.ShardedExecutorProvider;
}
