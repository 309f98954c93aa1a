package actor.remote.internal;

import actor.remote.PeerState;
import io.aeron.Publication;
import java.util.ArrayList;
import java.util.List;

/**
 * One peer node: the publication to it, its state as the senders see it, and what the receiving
 * agent tracks of it.
 *
 * <p>Threading: {@link #state} and {@link #lostReason} are written by the agent only and read by
 * the proxies (the sending actors) on any worker: the reason is written before the state (volatile),
 * so a proxy that reads LOST reads its reason. {@link #sentWhileLostNanos} is written by the
 * proxies and read by the agent. The other mutable fields belong to the agent alone, or to the
 * thread that made the peer before the agent saw it (published through the node's concurrent map
 * or before the agent started).
 */
final class Peer {

    final String name;
    final String endpoint;
    /** Concurrent: proxies offer data on it from the workers, the agent offers status messages. */
    final Publication publication;
    /** Whether the configuration names it; a learned peer is forgotten once lost and unused long enough. */
    final boolean configured;
    /** The receiver part of the authentication context of the frames sent to it ({@link FrameTag#context}). */
    final byte[] tagContext;

    /** Written by the agent (after {@link #lostReason}); read by proxies. */
    private volatile PeerState state = PeerState.CONNECTING;
    /** Why the peer is lost; written by the agent before {@link #state}, read after it. */
    private volatile String lostReason = "";
    /**
     * When a proxy last had messages for the peer while it was lost (and reported them): written by
     * the proxies, on their rare lost path only (volatile, last writer wins: any recent time will
     * do); read by the agent, which forgets a learned peer only after this too is old enough.
     */
    private volatile long sentWhileLostNanos;

    /** Agent only: when the state last changed. */
    long stateSinceNanos;
    /** Agent only: when the last message from this peer arrived. */
    long lastHeardNanos;
    /** Agent only: when the peer last reported an image of {@link #publication} (it receives what is sent now). */
    long imageSeenNanos;
    /** Agent only: when the next status message is due. */
    long nextStatusNanos;
    /** Agent only: a status is owed because an image of this peer advanced. */
    boolean statusOwed;
    /** Agent only: the highest position of {@link #publication} the peer confirmed delivered. */
    long acked;
    /** Agent only: where the peer's current image of {@link #publication} joined; unconfirmed data before it is lost. */
    long joinFloor = -1;
    /** Agent only: {@link #acked} when the current image joined: data up to it was confirmed by the previous one. */
    long ackedAtJoin = -1;
    /** Agent only: the routes to this peer that have had messages, each with what it retains. */
    final List<Route> routes = new ArrayList<>();

    Peer(String name, String endpoint, Publication publication, boolean configured, long nowNanos) {
        this.name = name;
        this.endpoint = endpoint;
        this.publication = publication;
        this.configured = configured;
        this.tagContext = FrameTag.context(name);
        this.stateSinceNanos = nowNanos;
        this.lastHeardNanos = nowNanos;
        this.nextStatusNanos = nowNanos;
        this.sentWhileLostNanos = nowNanos;
    }

    PeerState state() {
        return state;
    }

    /** Why the peer is lost: read after {@link #state()} returned LOST. */
    String lostReason() {
        return lostReason;
    }

    /** A proxy had messages for the peer while it was lost: it is still in use. Any thread. */
    void sentWhileLost() {
        sentWhileLostNanos = System.nanoTime();
    }

    /** Agent only: since when the peer has been lost and unused (meaningful while it is LOST). */
    long unusedSinceNanos() {
        final long sent = sentWhileLostNanos;
        return sent - stateSinceNanos > 0 ? sent : stateSinceNanos;
    }

    /** Agent only. */
    void connected(long nowNanos) {
        stateSinceNanos = nowNanos;
        lastHeardNanos = nowNanos;
        state = PeerState.CONNECTED;
    }

    /** Agent only. */
    void lost(String reason, long nowNanos) {
        stateSinceNanos = nowNanos;
        lostReason = reason;
        // NOTE: publication point: the reason is written before the state, and proxies read the state first.
        state = PeerState.LOST;
    }

    @Override
    public String toString() {
        return name + "@" + endpoint;
    }
}
