package actor.remote;

/** What a node knows of one of its peers ({@link RemoteNode#peerState}). */
public enum PeerState {
    /**
     * Not connected yet (its publication is not, or its first STATUS, which says which epoch to
     * address it at, has not come): messages to it are held (up to the configured bound) for at most the
     * connect timeout, then reported undelivered.
     */
    CONNECTING,
    /** Connected and heard from within the peer timeout: messages to it are sent. */
    CONNECTED,
    /**
     * Silent for longer than the peer timeout, closed, or never connected in time: what was sent
     * to it and not confirmed has been reported undelivered, and messages to it are reported at
     * once, until it is heard from again (it reconnects by itself); for good if the node's Aeron
     * client closed under it (a {@link actor.api.ActorError.RemoteFailure} said so).
     */
    LOST
}
