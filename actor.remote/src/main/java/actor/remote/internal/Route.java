package actor.remote.internal;

import java.util.ArrayDeque;

/**
 * The way to one actor exported on one peer, shared by the proxy that sends there and the agent
 * that keeps what it sent until the peer confirms it.
 *
 * <p>Threading: {@link #retained} and {@link #listed} belong to the agent; the rest is final.
 */
final class Route {

    final Peer peer;
    final String actor;
    /** Agent only: batches sent and not confirmed, in position order. */
    final ArrayDeque<Sent> retained = new ArrayDeque<>();
    /** Agent only: whether {@link Peer#routes} holds this route. */
    boolean listed;

    Route(Peer peer, String actor) {
        this.peer = peer;
        this.actor = actor;
    }

    @Override
    public String toString() {
        return actor + " on " + peer;
    }
}
