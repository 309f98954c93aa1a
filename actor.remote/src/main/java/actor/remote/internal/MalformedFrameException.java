package actor.remote.internal;

/**
 * A frame received from another node, or a reference to an actor inside one, that does not follow
 * the wire format ({@link Wire}): a length or count past its end, a field it ends before, bytes
 * left after it, a malformed name or endpoint. The message says what and where; the receiving
 * agent reports it ({@code ActorError.RemoteFailure}) and drops the frame, or the message that
 * carries the reference. Thrown by {@link FrameReader} before anything is read or made from the
 * bad value, and never out of the agent.
 *
 * <p>It has no stack trace: the message locates the problem, and a stranger sending malformed
 * frames should cost the node little.
 */
final class MalformedFrameException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    MalformedFrameException(String problem) {
        super(problem, null, false, false);
    }
}
