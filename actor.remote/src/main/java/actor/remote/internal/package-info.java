/**
 * The node's machinery, not exported: the type registry, the wire format, the proxy actors that
 * send, and the Aeron agent that receives. Each class states which threads touch it.
 */
package actor.remote.internal;
