/**
 * The executor of the actor toolkit, provided to {@code actor.api} as a service. Applications use
 * {@code actor.api} only; the internals are exported to the micro-benchmarks alone.
 */
module actor.executor {
    requires actor.api;
    requires actor.steal;
    requires actor.stats;
    requires org.agrona;
    // Flight Recorder events (actor.Steal, actor.LongBehaviour); JFR instruments them, so their
    // package is exported to it, and to nobody else.
    requires jdk.jfr;
    // Worker pinning (WorkerPinning.CPU) only: JNA is an optional dependency, read when an
    // application puts it in the module graph.
    requires static com.sun.jna;

    exports actor.executor.internal to actor.bench;
    exports actor.executor.jfr to jdk.jfr;

    provides actor.api.spi.ExecutorProvider with actor.executor.internal.ShardedExecutorProvider;
}
