package actor.remote.internal;

import actor.api.ActorRef;

/**
 * A local actor reachable from other nodes under {@code name}: the receiving agent hands it every
 * decoded message that is a {@code type}.
 *
 * @param name      the exported name
 * @param type      the messages it accepts ({@code Object} for the export of a reference: the record
 *                  that carried the reference, the same on both nodes, names its type)
 * @param ref       where they go
 * @param generated whether the node made it, for a reference sent in a message ({@link References}) or
 *                  on demand ({@link Node#exportFactory}): it ends once its actor terminates
 */
record Export(String name, Class<?> type, ActorRef<Object> ref, boolean generated) {
}
