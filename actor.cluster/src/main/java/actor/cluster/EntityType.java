package actor.cluster;

import java.util.Objects;

/**
 * A kind of sharded entity: its name, the same on every member, and the messages its entities
 * accept. Declared once, as a constant of the entity's class:
 *
 * <pre>{@code
 * public static final EntityType<AccountMsg> TYPE = EntityType.of("account", AccountMsg.class);
 * }</pre>
 *
 * @param <M>         the message type
 * @param name        1 to {@link #MAX_NAME_LENGTH} letters, digits, {@code .}, {@code _} or {@code -}
 * @param messageType the messages (a record, an enum, or a sealed interface of them, as
 *                    {@code actor.remote} encodes them)
 */
public record EntityType<M>(String name, Class<M> messageType) {

    /** Longest type name. */
    public static final int MAX_NAME_LENGTH = 64;

    /**
     * Checks the name.
     *
     * @throws IllegalArgumentException if the name is empty, too long, or has other characters
     */
    public EntityType {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(messageType, "messageType");
        if (name.isEmpty() || name.length() > MAX_NAME_LENGTH || !name.chars().allMatch(c -> c < 128
                && (Character.isLetterOrDigit(c) || c == '.' || c == '_' || c == '-'))) {
            throw new IllegalArgumentException("entity type name '" + name + "': 1 to " + MAX_NAME_LENGTH
                    + " ASCII letters, digits, '.', '_' or '-'");
        }
    }

    /**
     * {@return the entity type {@code name} for messages of {@code messageType}}
     *
     * @param <M>         the message type
     * @param name        its name, the same on every member
     * @param messageType its messages
     */
    public static <M> EntityType<M> of(String name, Class<M> messageType) {
        return new EntityType<>(name, messageType);
    }
}
