/**
 * Benchmarks: the reference chapter's suite and Savina workloads, on this toolkit and on Apache
 * Pekko typed actors side by side, plus JMH micro-benchmarks of the hot paths. Open, as JMH
 * requires; the benchmarks themselves run on the class path (see {@code ./bench}).
 */
open module actor.bench {
    requires actor.api;
    requires actor.executor;
    requires actor.steal;
    requires actor.remote;
    requires org.agrona;
    requires pekko.actor.typed;
    requires pekko.actor;
    requires scala.library;
    requires typesafe.config;
    requires jmh.core;
    requires jdk.unsupported;
    requires java.management;
    // The locality simulation's allocation test reads per-thread allocated bytes (com.sun.management).
    requires jdk.management;
}
