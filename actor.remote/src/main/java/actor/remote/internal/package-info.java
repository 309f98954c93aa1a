/**
 * The node's machinery, not exported: the type registry, the wire format, the proxy actors that
 * send, the Aeron agent that receives, and the check every received frame passes before the agent
 * uses it ({@link actor.remote.internal.Frame}, with its bounded {@link actor.remote.internal.FrameReader}).
 * Each class states which threads touch it.
 */
package actor.remote.internal;
