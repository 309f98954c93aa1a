/**
 * Routers: an {@link actor.api.ActorRef} that spreads the messages sent to it over several
 * routees, as Pekko typed's {@code Routers.group} and {@code Routers.pool} do. A
 * {@link actor.api.routing.Router#group group} routes to references it is given; a
 * {@link actor.api.routing.Pool pool} spawns its routees, all of one class, and ends them. Which
 * routee gets a message is the {@link actor.api.routing.Routing} strategy's choice: round-robin,
 * random, or consistent hashing of a key of the message.
 *
 * <p>Threading: a router is an {@code ActorRef}: any thread may send through it, concurrently,
 * with no lock and no allocation per send. Its routee set is one immutable snapshot, replaced by
 * a compare-and-set when the router drops routees it found terminated. Actors that use no router
 * pay nothing for this package.
 */
package actor.api.routing;
