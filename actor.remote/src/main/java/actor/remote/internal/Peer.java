package actor.remote.internal;

import actor.remote.PeerState;
import io.aeron.Publication;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One peer node: the publication to it, its state as the senders see it, and what the receiving
 * agent tracks of it.
 *
 * <p>Epochs ({@link Wire}): {@link #receiveEpoch} is the one this node takes the peer's DATA at,
 * drawn when the peer is made and again when the agent fences it; {@link #sendEpoch} the one the
 * peer takes this node's DATA at, learned from its STATUS, 0 until then.
 *
 * <p>Threading: {@link #state}, {@link #lostReason} and {@link #sendEpoch} are written by the
 * agent only and read by the proxies (the sending actors) on any worker: the reason is written
 * before the state (volatile), so a proxy that reads LOST reads its reason. {@link #receiveEpoch}
 * is the agent's (volatile for the tests that read it). {@link #sentWhileLostNanos} is written by
 * the proxies and read by the agent. The other mutable fields belong to the agent alone, or to the
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

    /** The epoch the peer takes this node's DATA at, from its latest STATUS; 0 before the first. Written by the agent. */
    private volatile long sendEpoch;
    /** Agent only (volatile for tests): the epoch this node takes the peer's DATA at. */
    volatile long receiveEpoch = drawEpoch();
    /** Agent only: {@link #receiveEpoch} was drawn anew since the peer was last heard from. */
    boolean fencedSinceHeard;
    /** Agent only: {@link #sendEpoch} before its last change, and {@link #acked} then (confirmed at that epoch). */
    long previousSendEpoch;
    long ackedAtEpochChange;

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

    /** A random epoch, never 0 (0 stands for none). */
    static long drawEpoch() {
        long epoch;
        do {
            epoch = ThreadLocalRandom.current().nextLong();
        } while (epoch == 0);
        return epoch;
    }

    /** The epoch to write in DATA to this peer; 0 while none is known (no DATA may go). Any thread. */
    long sendEpoch() {
        return sendEpoch;
    }

    /** Agent only: the peer's STATUS carried {@code epoch}. */
    void sendEpoch(long epoch) {
        sendEpoch = epoch;
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
