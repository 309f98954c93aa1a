package actor.api.tuning;

/**
 * Whether worker threads are bound to CPUs ({@link actor.api.ActorSystemConfig.Builder#pinning}). Worker
 * {@code i} is placed on the CPU at position {@code i % cpus()} of the configured
 * {@link actor.steal.Topology}; pinning makes that placement real.
 */
public enum WorkerPinning {
    /**
     * The default: the operating system runs each worker thread on whichever allowed CPU it likes,
     * and may move it. The topology then says where work is meant to run, which locality-aware
     * stealing follows, but not where it runs.
     */
    NONE,
    /**
     * Each worker thread binds itself to its CPU as it starts, with Linux's {@code sched_setaffinity}
     * (through JNA). Linux only; needs {@code net.java.dev.jna:jna} at run time (an optional
     * dependency of the executor; on the module path, an application module that
     * {@code requires com.sun.jna}). {@link actor.api.ActorSystem#start(ActorSystemConfig)} fails with an
     * {@link IllegalStateException} if it cannot pin: another operating system, JNA missing, or a
     * worker's CPU outside the ones this process may use.
     */
    CPU
}
