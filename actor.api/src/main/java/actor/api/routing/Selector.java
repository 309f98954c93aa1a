package actor.api.routing;

/**
 * A {@link Routing} strategy applied to one routee set: chooses the routee of each message.
 *
 * <p>Threading: called by every sender at once; implementations are lock-free and allocate nothing.
 *
 * @param <M> the messages it routes
 */
interface Selector<M> {

    /** {@return the index, in the routee set it was made for, of the routee that gets {@code message}} */
    int select(M message);
}
