/**
 * How messages become bytes: the {@link actor.remote.codec.MessageCodec} service, found with
 * {@link java.util.ServiceLoader}, the built-in {@link actor.remote.codec.RecordCodec} for records
 * and enums, and the node's {@link actor.remote.codec.ActorRefCodec}, through which codecs write the
 * references to actors that messages carry.
 *
 * <p>A node asks the codecs for a {@link actor.remote.codec.TypeCodec} once per message type, when
 * the type is registered (by an export, a lookup, or explicitly), never per message. Encoding runs
 * on the actor system's workers, several at once; decoding on the node's receiving thread. A type
 * codec must therefore be safe to use from several threads at once (the built-in ones hold no
 * mutable state).
 */
package actor.remote.codec;
