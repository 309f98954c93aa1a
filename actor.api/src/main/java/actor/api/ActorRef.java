package actor.api;

/**
 * A send-only reference to an actor that accepts {@code M}: what a request carries as its reply-to,
 * so the receiver can answer and do nothing else with the sender (no poison pills, no access to
 * its fields or methods). {@link Actor#ref()} makes one; two references to the same actor are equal.
 * Tests may implement it to record what a component sends.
 *
 * <p>Threading: {@link #send} may be called from any thread, as {@link Actor#send(Object)}.
 *
 * @param <M> the message type the actor accepts
 */
@FunctionalInterface
public interface ActorRef<M> {

    /**
     * Sends {@code message}, exactly as {@link Actor#send(Object)} on the actor would: queued in
     * order, or a dead letter if the actor has terminated.
     *
     * @param message the message
     * @throws NullPointerException if {@code message} is null
     */
    void send(M message);
}
