/**
 * What the remote rows share: the messages, the server JVM each client JVM starts, and its main.
 * A remote row runs in two JVMs on loopback: the suite's child JVM is the client (it times the
 * workload) and starts a server JVM once, which lives as long as it does.
 */
package actor.bench.remote;
