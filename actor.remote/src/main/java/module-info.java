/**
 * Remote actors over <a href="https://aeron.io">Aeron</a>: a {@code RemoteNode} bound to
 * an actor system exports local actors under names and looks up actors of other nodes as typed
 * references; a message sent to such a reference is encoded by a {@link actor.remote.codec.MessageCodec}
 * (a built-in one for records and enums, or the application's own, found as a service) and goes
 * over an Aeron publication, a whole batch of queued messages in one Aeron message.
 *
 * <p>The one module of the toolkit that needs a JVM flag: Agrona, under Aeron, reads
 * {@code jdk.internal.misc.Unsafe}, so a JVM running it needs
 * {@code --add-opens java.base/jdk.internal.misc=org.agrona} on the module path
 * ({@code =ALL-UNNAMED} on the class path).
 */
// Agrona's buffers and idle strategies are in this module's API (codecs, configuration), so a user
// reads Agrona through it; Agrona has no module descriptor, which is all the lint warns about.
@SuppressWarnings("requires-transitive-automatic")
module actor.remote {
    requires transitive actor.api;
    requires transitive org.agrona;
    requires io.aeron.client;
    requires io.aeron.driver;

    exports actor.remote;
    exports actor.remote.codec;

    uses actor.remote.codec.MessageCodec;
    provides actor.remote.codec.MessageCodec with actor.remote.codec.RecordCodec;
}
