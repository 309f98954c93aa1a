/**
 * A two-JVM example of remote actors: a modular application that requires {@code actor.remote}
 * only, and brings its own wire format for one message type as a service. Run with
 * {@code --add-opens java.base/jdk.internal.misc=org.agrona} (Agrona's one need).
 */
module actor.remote.examples {
    // Transitive: the exported codec implements actor.remote's interfaces.
    requires transitive actor.remote;

    exports actor.remote.examples;

    provides actor.remote.codec.MessageCodec with actor.remote.examples.PingCodec;
}
