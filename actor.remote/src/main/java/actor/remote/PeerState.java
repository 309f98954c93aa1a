package actor.remote;

/** What a node knows of one of its peers ({@link RemoteNode#peerState}). */
public enum PeerState {
    /**
     * Not connected yet: messages to it are held (up to the configured bound) for at most the
     * connect timeout, then reported undelivered.
     */
    CONNECTING,
    /** Connected and heard from within the peer timeout: messages to it are sent. */
    CONNECTED,
    /**
     * Silent for longer than the peer timeout, closed, or never connected in time: what was sent
     * to it and not confirmed has been reported undelivered, and messages to it are reported at
     * once, until it is heard from again (it reconnects by itself).
     */
    LOST
}
