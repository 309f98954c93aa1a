package actor.remote;

/**
 * What {@link RemoteNode#resolve} fails with: the peer does not export the name, or not for the
 * messages to be sent, or did not answer in time (then the cause is a
 * {@link java.util.concurrent.TimeoutException}), or the node closed first. As Pekko's
 * {@code ActorNotFound} from {@code resolveOne}.
 */
public final class ActorNotFoundException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The peer asked. */
    private final String node;
    /** The name asked for. */
    private final String actor;

    /**
     * A failed resolve, with its reason.
     *
     * @param node   the peer asked
     * @param actor  the name asked for
     * @param type   the messages to be sent, as the caller named them
     * @param reason why there is no such actor
     * @param cause  the underlying problem, or null
     */
    public ActorNotFoundException(String node, String actor, Class<?> type, String reason, Throwable cause) {
        super("no actor '" + actor + "' on node '" + node + "' for " + type.getName() + ": " + reason, cause);
        this.node = node;
        this.actor = actor;
    }

    /** {@return the name of the node asked} */
    public String node() {
        return node;
    }

    /** {@return the name asked for} */
    public String actor() {
        return actor;
    }
}
