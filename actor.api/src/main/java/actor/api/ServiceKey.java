package actor.api;

import java.util.Objects;

/**
 * The typed key under which actors are registered with a system's {@link Receptionist}: an id and
 * the message class the actors under it accept, as Pekko's {@code ServiceKey.create(classOf, id)}.
 * Two keys are equal when both their message classes and their ids are, so keys with one id and
 * different message classes name different sets of actors.
 *
 * <pre>{@code
 * static final ServiceKey<LedgerMsg> LEDGERS = new ServiceKey<>(LedgerMsg.class, "ledgers");
 * }</pre>
 *
 * @param messageClass the class of the messages the registered actors accept
 * @param id           the key's name, not blank
 * @param <M>          that message type
 */
public record ServiceKey<M>(Class<M> messageClass, String id) {

    /**
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if {@code id} is empty or blank
     */
    public ServiceKey {
        Objects.requireNonNull(messageClass, "messageClass");
        Objects.requireNonNull(id, "id");
        if (id.isBlank()) {
            throw new IllegalArgumentException("id = \"" + id + "\": must not be empty or blank");
        }
    }
}
