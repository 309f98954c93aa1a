package actor.otel;

import actor.api.Actor;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import java.util.Objects;
import java.util.Optional;
import java.util.ResourceBundle;

/**
 * The behaviour running on the calling thread, for log lines: its actor, its message's class, and
 * the trace and span ids of its context. Set by {@link ActorTelemetry} around every behaviour it
 * sees (every behaviour of a system that uses it, but death-watch notifications and a shutdown's
 * pills); nothing outside a behaviour.
 *
 * <p>Two ways to put it into log lines:
 * <ul>
 * <li>{@code System.Logger}: log through {@link #logger(String)}, which appends the context to
 *     each line: {@code "charged 12.50 [actor=com.example.Account#17 message=com.example.Charge
 *     trace_id=4bf92f3577b34da6a3ce929d0e0e4736 span_id=00f067aa0ba902b7]"}.</li>
 * <li>A mapped diagnostic context (SLF4J's {@code MDC}, Log4j's {@code ThreadContext}): a
 *     {@link Listener} given to {@link ActorTelemetry.Builder#logContextListener} puts the fields
 *     in when each behaviour starts and takes them out when it ends, and the logging library's
 *     pattern prints them ({@code %X{trace_id}}):
 * <pre>{@code
 * ActorTelemetry.builder(openTelemetry).logContextListener(new LogContext.Listener() {
 *     public void entered(LogContext context) {
 *         MDC.put("actor", context.actorName());
 *         MDC.put("message", context.messageClass().getName());
 *         MDC.put("trace_id", context.traceId());
 *         MDC.put("span_id", context.spanId());
 *     }
 *     public void left(LogContext context) {
 *         MDC.remove("actor"); MDC.remove("message"); MDC.remove("trace_id"); MDC.remove("span_id");
 *     }
 * }).build();
 * }</pre></li>
 * </ul>
 *
 * <p>Threading: an instance belongs to the worker running its behaviour; read it there, during the
 * behaviour ({@link #current()}, or in the listener).
 */
public abstract class LogContext {

    /** The behaviour running on each thread, or null. Written by {@link #swap} on the worker's own thread. */
    private static final ThreadLocal<LogContext> CURRENT = new ThreadLocal<>();

    private final Actor<?> actor;
    private final Class<?> messageClass;

    /** For {@link ActorTelemetry} only. */
    LogContext(Actor<?> actor, Class<?> messageClass) {
        this.actor = actor;
        this.messageClass = messageClass;
    }

    /** {@return the behaviour running on the calling thread; empty outside one} */
    public static Optional<LogContext> current() {
        return Optional.ofNullable(CURRENT.get());
    }

    /** {@return the actor whose behaviour runs} */
    public final Actor<?> actor() {
        return actor;
    }

    /** {@return the actor as its class name and ticket, e.g. {@code com.example.Account#17}} */
    public final String actorName() {
        return actor.toString();
    }

    /** {@return the class of the message the behaviour runs for ({@code actor.api.Continuation} for an await's continuation)} */
    public final Class<?> messageClass() {
        return messageClass;
    }

    /** {@return the trace id of the behaviour's context, 32 hex digits; empty when it has no trace} */
    public final String traceId() {
        final SpanContext span = span().getSpanContext();
        return span.isValid() ? span.getTraceId() : "";
    }

    /**
     * {@return the id of the behaviour's span, or of its sender's span when the behaviour has none
     * (not sampled), 16 hex digits; empty when it has no trace}
     */
    public final String spanId() {
        final SpanContext span = span().getSpanContext();
        return span.isValid() ? span.getSpanId() : "";
    }

    /** The span of the behaviour's context (invalid when there is none). */
    abstract Span span();

    /** {@return {@code actor=... message=...}, then {@code trace_id=... span_id=...} when there is a trace} */
    @Override
    public String toString() {
        final String ids = traceId().isEmpty() ? "" : " trace_id=" + traceId() + " span_id=" + spanId();
        return "actor=" + actorName() + " message=" + messageClass.getName() + ids;
    }

    /**
     * {@return {@code System.getLogger(name)}, appending the running behaviour's context to each
     * message} A message logged outside a behaviour, or looked up in a resource bundle, is left as it is.
     *
     * @param name the logger's name
     */
    public static System.Logger logger(String name) {
        return logger(System.getLogger(Objects.requireNonNull(name, "name")));
    }

    /**
     * {@return {@code delegate}, appending the running behaviour's context to each message}
     *
     * @param delegate the logger that writes the lines
     */
    public static System.Logger logger(System.Logger delegate) {
        return new ContextLogger(Objects.requireNonNull(delegate, "delegate"));
    }

    /** Makes {@code next} (null: none) the calling thread's running behaviour; returns the one it replaces. */
    static LogContext swap(LogContext next) {
        final LogContext previous = CURRENT.get();
        CURRENT.set(next);
        return previous;
    }

    /**
     * Told when each behaviour starts and ends ({@link ActorTelemetry.Builder#logContextListener}),
     * on its worker. A listener that throws is reported to the system's error handler; the
     * behaviour runs regardless.
     */
    public interface Listener {

        /**
         * The behaviour of {@code context} is about to run on this thread.
         *
         * @param context the running behaviour
         */
        void entered(LogContext context);

        /**
         * The behaviour of {@code context} has ended on this thread.
         *
         * @param context the behaviour that ran
         */
        void left(LogContext context);
    }

    /** A {@link System.Logger} that appends the running behaviour's context. */
    private static final class ContextLogger implements System.Logger {
        private final System.Logger delegate;

        ContextLogger(System.Logger delegate) {
            this.delegate = delegate;
        }

        @Override
        public String getName() {
            return delegate.getName();
        }

        @Override
        public boolean isLoggable(Level level) {
            return delegate.isLoggable(level);
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String message, Throwable thrown) {
            delegate.log(level, bundle, bundle == null ? withContext(message) : message, thrown);
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String format, Object... params) {
            delegate.log(level, bundle, bundle == null ? withContext(format) : format, params);
        }

        private static String withContext(String message) {
            final LogContext running = CURRENT.get();
            return running == null ? message : message + " [" + running + "]";
        }
    }
}
