/**
 * OpenTelemetry for actor systems, optional: the trace context travels with every message, each
 * sampled behaviour is a span, and per-actor-class metrics go to the application's
 * {@code OpenTelemetry} ({@link actor.otel.ActorTelemetry}); a behaviour's log lines can carry the
 * actor, the message class and the trace id ({@link actor.otel.LogContext}). An application that
 * does not use it needs nothing of it: {@code requires actor.api;} still suffices, and neither
 * {@code actor.api} nor {@code actor.executor} depends on this module or on OpenTelemetry.
 */
// The OpenTelemetry API is in this module's API (ActorTelemetry.create takes an OpenTelemetry), so a
// user reads it through this module; its jars have no module descriptor, which is all the lint warns about.
@SuppressWarnings("requires-transitive-automatic")
module actor.otel {
    requires transitive actor.api;
    requires transitive io.opentelemetry.api;
    requires io.opentelemetry.context;

    exports actor.otel;
}
