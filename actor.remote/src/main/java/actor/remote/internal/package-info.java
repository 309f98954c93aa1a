/**
 * The node's machinery, not exported: the type registry, the wire format, the proxy actors that
 * send, the Aeron agent that receives, the authentication tag of every frame between nodes that
 * share a secret ({@link actor.remote.internal.FrameTag}), the check every received frame passes
 * before the agent uses it ({@link actor.remote.internal.Frame}, with its bounded
 * {@link actor.remote.internal.FrameReader}), and the count and throttled reports of the frames it
 * rejects ({@link actor.remote.internal.Rejections}). Each class states which threads touch it.
 */
package actor.remote.internal;
