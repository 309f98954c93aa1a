package actor.remote.codec;

/**
 * A message type that cannot go over the wire: no codec handles it, or the codec that should
 * cannot encode one of its parts. Thrown when the type is registered (an export, a lookup), never
 * when a message is sent; the message says which type, which part, and what would work.
 */
public final class UnsupportedMessageTypeException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /**
     * A type refused at registration.
     *
     * @param message what cannot be encoded and why
     */
    public UnsupportedMessageTypeException(String message) {
        super(message);
    }
}
