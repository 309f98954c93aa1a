/**
 * A three-JVM example of a cluster: a modular application that requires {@code actor.cluster}
 * only. Run with {@code --add-opens java.base/jdk.internal.misc=org.agrona} (actor.remote's one need).
 */
module actor.cluster.examples {
    // Transitive: the exported messages and entity type are made of actor.cluster's and actor.api's types.
    requires transitive actor.cluster;

    exports actor.cluster.examples;
}
