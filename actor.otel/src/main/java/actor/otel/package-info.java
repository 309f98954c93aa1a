/**
 * OpenTelemetry for actor systems. {@link actor.otel.ActorTelemetry} is the system's
 * {@link actor.api.ContextPropagator}: it carries OpenTelemetry's {@code Context} from each send to
 * the receiving behaviour, starts a span for a behaviour whose sender's span was sampled, and
 * records per-actor-class metrics; its {@link actor.otel.ActorTelemetry#errorHandler error handler}
 * counts dead letters. {@link actor.otel.LogContext} is the running behaviour's actor, message class
 * and trace ids, for log lines.
 *
 * <p>Threading: every class here is thread-safe; the hooks run on the system's workers and timer
 * thread, and {@link actor.otel.LogContext#current()} reads the calling thread's own state.
 */
package actor.otel;
