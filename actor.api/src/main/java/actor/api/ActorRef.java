package actor.api;

/**
 * A send-only reference to an actor that accepts {@code M}: what a request carries as its reply-to,
 * so the receiver can answer and do nothing else with the sender (no poison pills, no access to
 * its fields or methods). {@link Actor#ref()} makes one; two references to the same actor are equal.
 * The creator of an actor holds an {@link OwnedRef}, which can also end it.
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

    /**
     * Sends {@code message} unless the actor's {@link MailboxBound} is reached, as
     * {@link Actor#trySend} on the actor: then returns false and does nothing else. The default,
     * for references without a bound of their own (a remote actor, one a test implements), sends
     * and returns true.
     *
     * @param message the message
     * @return true if the message was sent (queued, for a local actor)
     * @throws NullPointerException if {@code message} is null
     */
    default boolean trySend(M message) {
        send(message);
        return true;
    }

    /**
     * {@return whether a message sent now would be a dead letter: the actor has terminated and has
     * not been registered again, or the {@link ActorSystem#ask ask} this reference replies to has
     * ended} For code that keeps references on others' behalf and must let go of those that ended
     * (a remote node's exports); the answer may be stale by the time it is used, as the actor may
     * terminate or be registered again meanwhile. The default, for references that cannot tell
     * (those a test implements), is false.
     */
    default boolean isTerminated() {
        return false;
    }

    /**
     * {@return this reference, typed for a sub-protocol of {@code M}: it sends only {@code N}} For
     * handing out a part of an actor's protocol, as Pekko's {@code ref.narrow()}: an actor that
     * accepts {@code ParentMsg} gives a child that reports {@code Count}s an {@code ActorRef<Count>}
     * instead of an {@code ActorRef<? super Count>}:
     *
     * <pre>{@code
     * ActorRef<Count> reportTo = ref().narrow();       // Count implements ParentMsg
     * }</pre>
     *
     * <p>The same object, so equal to this reference and sending exactly as it does; a narrowed
     * {@link OwnedRef} is typed as a plain {@code ActorRef}, which cannot end the actor. Narrowing
     * to a type that is not a subtype of {@code M} does not compile.
     *
     * @param <N> the sub-protocol: {@code M} or a subtype of it
     */
    @SuppressWarnings("unchecked")
    default <N extends M> ActorRef<N> narrow() {
        // NOTE: a reference only consumes its type: one that sends any M sends any N too.
        return (ActorRef<N>) this;
    }
}
