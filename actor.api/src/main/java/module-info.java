/**
 * The actor toolkit's public API. An application {@code requires actor.api;} and puts
 * {@code actor.executor} on its module path; the executor is found as a service.
 */
module actor.api {
    requires transitive actor.steal;
    requires transitive actor.stats;

    exports actor.api;
    exports actor.api.tuning;
    exports actor.api.routing;
    exports actor.api.spi to actor.executor;

    uses actor.api.spi.ExecutorProvider;
    uses actor.api.ContextPropagator;
}
