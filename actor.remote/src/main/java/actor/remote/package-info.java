/**
 * Nodes and their configuration: {@code RemoteNode} exports actors and looks up those
 * of its peers, configured by {@link actor.remote.RemoteConfig}.
 *
 * <p>Threading: every public method may be called from any thread; a node's receiving side runs on
 * a thread of its own, its sending side on the actor system's workers.
 */
package actor.remote;
