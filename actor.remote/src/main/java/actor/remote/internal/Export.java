package actor.remote.internal;

import actor.api.ActorRef;

/**
 * A local actor reachable from other nodes under {@code name}: the receiving agent hands it every
 * decoded message that is a {@code type}.
 *
 * @param name the exported name
 * @param type the messages it accepts
 * @param ref  where they go
 */
record Export(String name, Class<?> type, ActorRef<Object> ref) {
}
