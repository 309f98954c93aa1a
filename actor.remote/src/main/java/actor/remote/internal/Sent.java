package actor.remote.internal;

/**
 * A batch a proxy offered successfully, handed to the agent, which keeps it until the peer
 * confirms a position at or past {@code position}, or reports it undelivered.
 *
 * @param route    where it went
 * @param position the publication's position after the batch (what {@code offer} returned)
 * @param epoch    the peer's epoch the batch was addressed to ({@link Peer#sendEpoch()})
 * @param messages the batch's messages, in order
 */
record Sent(Route route, long position, long epoch, Object[] messages) {
}
