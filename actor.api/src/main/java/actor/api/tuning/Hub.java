package actor.api.tuning;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an actor class whose actors are hubs: each serves many others (a broker, a dictionary, a
 * router), so two of them on one worker would make it the bottleneck. New hubs are placed far from
 * each other: on the worker with the fewest hubs placed so far, on a mailbox of their own
 * ({@link PlacementPolicy}). Inherited by subclasses.
 *
 * <pre>{@code
 * @Hub
 * final class Broker extends Actor<Meet> { ... }
 * }</pre>
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Hub {
}
