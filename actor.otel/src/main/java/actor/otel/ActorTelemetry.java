package actor.otel;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ContextPropagator;
import actor.api.Continuation;
import actor.api.ErrorHandler;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapGetter;
import java.util.Objects;

/**
 * OpenTelemetry for an actor system: the {@link ContextPropagator} that carries OpenTelemetry's
 * {@link Context} from each send to the behaviour that receives it, with a span per sampled
 * behaviour and metrics per actor class.
 *
 * <pre>{@code
 * OpenTelemetry openTelemetry = ...;                       // the application's SDK, exporting to its collector
 * ActorTelemetry telemetry = ActorTelemetry.create(openTelemetry);
 * ActorSystem system = ActorSystem.start(ActorSystemConfig.builder()
 *         .contextPropagator(telemetry)
 *         .errorHandler(telemetry.errorHandler(ErrorHandler.logging()))
 *         .build());
 * }</pre>
 *
 * <h2>Traces</h2>
 * A send captures {@link Context#current()}; the receiving behaviour runs with it current, so a
 * trace started in an HTTP handler continues through every {@code send}, {@code ask}, scheduled
 * send, actor timer and {@code await} continuation. When the sender's span was sampled, the
 * behaviour gets a span of its own, a child of the sender's ({@code "<ActorClass> receive"}, kind
 * {@code CONSUMER}), with the attributes {@value #ATTR_ACTOR_CLASS}, {@value #ATTR_MESSAGE_CLASS},
 * {@value #ATTR_WORKER} and, when known, {@value #ATTR_QUEUE_WAIT_NANOS}; a behaviour that throws
 * records the exception and ends its span with status {@code ERROR}. A message sent outside any
 * sampled span (sampling off, or no trace at all) gets no span: the context still travels, and the
 * metrics still count it. No span starts a new trace.
 *
 * <h2>Metrics</h2>
 * On the {@code OpenTelemetry}'s meter {@value #INSTRUMENTATION_NAME}, each with the attribute
 * {@value #ATTR_ACTOR_CLASS}:
 * <ul>
 * <li>{@value #METRIC_RECEIVED}: behaviours run (messages received, timer messages, continuations);</li>
 * <li>{@value #METRIC_PROCESSING}: how long each took, in seconds;</li>
 * <li>{@value #METRIC_QUEUE_WAIT}: how long each message waited in its mailbox, in seconds;</li>
 * <li>{@value #METRIC_FAILURES}: behaviours that threw;</li>
 * <li>{@value #METRIC_DEAD_LETTERS}: dead letters, through {@link #errorHandler} (the receiver's
 *     class, {@code "ask"} for a late reply to an ask).</li>
 * </ul>
 * A shutdown's poison pills and death-watch notifications are the system's own messages: no
 * context, no span, not counted.
 *
 * <h2>Across nodes</h2>
 * A message to an {@code actor.remote} reference carries its sender's span context as a W3C
 * {@code traceparent} ({@link #toWire}; the {@code tracestate} is not carried), and a receiving
 * node whose system uses {@code ActorTelemetry} continues the trace from it. The reference's proxy is
 * an actor of the sending node, so its span ({@code "Proxy receive"}) sits between the sending
 * behaviour's and the remote behaviour's. A node without {@code ActorTelemetry} ignores the context.
 *
 * <h2>Why it is not found as a service</h2>
 * {@code actor.api} finds a {@link ContextPropagator} with {@link java.util.ServiceLoader} when the
 * configuration sets none, but this module does not provide one: it would have to use
 * {@code GlobalOpenTelemetry}, whose first {@code get()} fixes the global instance, and a
 * configuration built before the application set up its SDK would then silently trace into a no-op.
 * The application hands over its own {@code OpenTelemetry} instead.
 *
 * <p>Threading: thread-safe; one instance may serve several systems.
 */
public final class ActorTelemetry implements ContextPropagator {

    /** The instrumentation scope of the tracer and the meter. */
    public static final String INSTRUMENTATION_NAME = "actor.otel";
    /** Span and metric attribute: the actor's class name. */
    public static final String ATTR_ACTOR_CLASS = "actor.class";
    /** Span attribute: the message's class name ({@code actor.api.Continuation} for an await's continuation). */
    public static final String ATTR_MESSAGE_CLASS = "actor.message.class";
    /** Span attribute: the index of the worker that ran the behaviour. */
    public static final String ATTR_WORKER = "actor.worker";
    /** Span attribute: nanoseconds the message waited in its mailbox, when known. */
    public static final String ATTR_QUEUE_WAIT_NANOS = "actor.queue.wait_ns";
    /** Counter of behaviours run. */
    public static final String METRIC_RECEIVED = "actor.messages.received";
    /** Histogram of behaviour durations, in seconds. */
    public static final String METRIC_PROCESSING = "actor.processing.duration";
    /** Histogram of mailbox waits, in seconds. */
    public static final String METRIC_QUEUE_WAIT = "actor.queue.wait";
    /** Counter of behaviours that threw. */
    public static final String METRIC_FAILURES = "actor.failures";
    /** Counter of dead letters ({@link #errorHandler}). */
    public static final String METRIC_DEAD_LETTERS = "actor.dead_letters";

    private static final AttributeKey<String> ACTOR_CLASS = AttributeKey.stringKey(ATTR_ACTOR_CLASS);
    private static final AttributeKey<String> MESSAGE_CLASS = AttributeKey.stringKey(ATTR_MESSAGE_CLASS);
    private static final AttributeKey<Long> WORKER = AttributeKey.longKey(ATTR_WORKER);
    private static final AttributeKey<Long> QUEUE_WAIT_NANOS = AttributeKey.longKey(ATTR_QUEUE_WAIT_NANOS);
    private static final double NANOS_PER_SECOND = 1e9;
    /** The attributes of a dead letter with no receiving actor: a late reply to an ask. */
    private static final Attributes ASK = Attributes.of(ACTOR_CLASS, "ask");
    /** The W3C header a remote message's context travels as. */
    private static final String TRACEPARENT = "traceparent";
    /** Reads a {@code traceparent} from a carrier that is the header's value itself. */
    private static final TextMapGetter<String> FROM_TRACEPARENT = new TextMapGetter<>() {
        @Override
        public String get(String carrier, String key) {
            return TRACEPARENT.equals(key) ? carrier : null;
        }
    };

    private final Tracer tracer;
    private final LongCounter received;
    private final DoubleHistogram processing;
    private final DoubleHistogram queueWait;
    private final LongCounter failures;
    private final LongCounter deadLetters;
    private final LogContext.Listener listener;
    /** Per actor class: its span name and metric attributes, made once. */
    private final ClassValue<ActorClass> classes = new ClassValue<>() {
        @Override
        protected ActorClass computeValue(Class<?> type) {
            return new ActorClass(type);
        }
    };

    private ActorTelemetry(Builder builder) {
        this.tracer = builder.openTelemetry.getTracer(INSTRUMENTATION_NAME);
        final Meter meter = builder.openTelemetry.getMeter(INSTRUMENTATION_NAME);
        this.received = meter.counterBuilder(METRIC_RECEIVED).setUnit("{message}")
                .setDescription("Behaviours run: messages received, timer messages and await continuations").build();
        this.processing = meter.histogramBuilder(METRIC_PROCESSING).setUnit("s")
                .setDescription("How long each behaviour ran").build();
        this.queueWait = meter.histogramBuilder(METRIC_QUEUE_WAIT).setUnit("s")
                .setDescription("How long each message waited in its mailbox").build();
        this.failures = meter.counterBuilder(METRIC_FAILURES).setUnit("{failure}")
                .setDescription("Behaviours that threw").build();
        this.deadLetters = meter.counterBuilder(METRIC_DEAD_LETTERS).setUnit("{message}")
                .setDescription("Messages sent to actors that had terminated").build();
        this.listener = builder.listener;
    }

    /**
     * {@return telemetry into {@code openTelemetry}, with no log context listener}
     *
     * @param openTelemetry the application's instance (its tracer and meter providers)
     */
    public static ActorTelemetry create(OpenTelemetry openTelemetry) {
        return builder(openTelemetry).build();
    }

    /**
     * {@return a builder of telemetry into {@code openTelemetry}}
     *
     * @param openTelemetry the application's instance (its tracer and meter providers)
     */
    public static Builder builder(OpenTelemetry openTelemetry) {
        return new Builder(Objects.requireNonNull(openTelemetry, "openTelemetry"));
    }

    /**
     * An error handler that counts dead letters ({@value #METRIC_DEAD_LETTERS}) and hands every
     * error on to {@code delegate}.
     *
     * @param delegate the handler that reports errors, e.g. {@link ErrorHandler#logging()}
     * @return the handler for {@link actor.api.ActorSystemConfig.Builder#errorHandler}
     */
    public ErrorHandler errorHandler(ErrorHandler delegate) {
        Objects.requireNonNull(delegate, "delegate");
        return error -> {
            if (error instanceof ActorError.DeadLetter dead) {
                deadLetters.add(1, dead.actor() == null ? ASK : classes.get(dead.actor().getClass()).attributes);
            }
            delegate.handle(error);
        };
    }

    @Override
    public Object capture() {
        return Context.current();
    }

    @Override
    public Object attach(Object context) {
        return ((Context) context).makeCurrent();
    }

    @Override
    public void detach(Object attached) {
        ((Scope) attached).close();
    }

    /**
     * {@inheritDoc}
     *
     * @return the W3C {@code traceparent} of the context's span ({@code 00-<trace id>-<span id>-<flags>}),
     *         or null when the context has no span
     */
    @Override
    public String toWire(Object context) {
        final SpanContext span = Span.fromContext((Context) context).getSpanContext();
        return span.isValid()
                ? "00-" + span.getTraceId() + "-" + span.getSpanId() + "-" + span.getTraceFlags().asHex() : null;
    }

    /**
     * {@inheritDoc}
     *
     * @return a context whose span is the remote sender's, read as a W3C {@code traceparent}; null if
     *         {@code wire} is not a valid one
     */
    @Override
    public Object fromWire(String wire) {
        final Context remote = W3CTraceContextPropagator.getInstance().extract(Context.root(), wire, FROM_TRACEPARENT);
        return Span.fromContext(remote).getSpanContext().isValid() ? remote : null;
    }

    @Override
    public Object beforeBehaviour(Object context, Actor<?> actor, Object message, int worker, long queueWaitNanos) {
        final Context parent = (Context) context;
        final ActorClass type = classes.get(actor.getClass());
        if (queueWaitNanos >= 0) {
            queueWait.record(queueWaitNanos / NANOS_PER_SECOND, type.attributes);
        }
        final Class<?> messageClass = message instanceof Continuation<?> ? Continuation.class : message.getClass();
        final Span span = Span.fromContext(parent).getSpanContext().isSampled()
                ? startSpan(parent, type, messageClass, worker, queueWaitNanos) : null;
        final Behaviour running = new Behaviour(type, actor, messageClass, span == null ? parent : parent.with(span), span);
        running.enter(listener);
        return running;
    }

    @Override
    public void afterBehaviour(Object started, Throwable failure) {
        final Behaviour running = (Behaviour) started;
        final Attributes attributes = running.type.attributes;
        processing.record((System.nanoTime() - running.startNanos) / NANOS_PER_SECOND, attributes);
        received.add(1, attributes);
        if (failure != null) {
            failures.add(1, attributes);
        }
        final Span span = running.span;
        if (span != null) {
            if (failure != null) {
                span.recordException(failure);
                span.setStatus(StatusCode.ERROR, failure.getClass().getName());
            }
            span.end();
        }
        running.leave(listener);
    }

    private Span startSpan(Context parent, ActorClass type, Class<?> messageClass, int worker, long queueWaitNanos) {
        final SpanBuilder builder = tracer.spanBuilder(type.spanName)
                .setParent(parent)
                .setSpanKind(SpanKind.CONSUMER)
                .setAttribute(ACTOR_CLASS, type.name)
                .setAttribute(MESSAGE_CLASS, messageClass.getName())
                .setAttribute(WORKER, (long) worker);
        if (queueWaitNanos >= 0) {
            builder.setAttribute(QUEUE_WAIT_NANOS, queueWaitNanos);
        }
        return builder.startSpan();
    }

    /** What the telemetry keeps per actor class. Immutable. */
    private static final class ActorClass {
        final String name;
        final String spanName;
        final Attributes attributes;

        ActorClass(Class<?> type) {
            this.name = type.getName();
            final String simple = type.getSimpleName();
            this.spanName = (simple.isEmpty() ? name : simple) + " receive";
            this.attributes = Attributes.of(ACTOR_CLASS, name);
        }
    }

    /**
     * The behaviour running on a worker, between the hooks: its span (null when not sampled), the
     * scope that made its context current, and what {@link LogContext} shows. Confined to that
     * worker's thread.
     */
    private static final class Behaviour extends LogContext {
        final ActorClass type;
        final Span span;
        final long startNanos = System.nanoTime();
        private final Context context;
        private Scope scope;
        private LogContext outer;

        Behaviour(ActorClass type, Actor<?> actor, Class<?> messageClass, Context context, Span span) {
            super(actor, messageClass);
            this.type = type;
            this.context = context;
            this.span = span;
        }

        @Override
        Span span() {
            return Span.fromContext(context);
        }

        /** Makes the context current and tells {@code listener}; if that throws, undoes both and ends the span. */
        void enter(LogContext.Listener listener) {
            scope = context.makeCurrent();
            outer = LogContext.swap(this);
            if (listener == null) {
                return;
            }
            try {
                listener.entered(this);
            } catch (RuntimeException | Error refused) {
                LogContext.swap(outer);
                scope.close();
                if (span != null) {
                    span.end();
                }
                throw refused;
            }
        }

        void leave(LogContext.Listener listener) {
            try {
                if (listener != null) {
                    listener.left(this);
                }
            } finally {
                LogContext.swap(outer);
                scope.close();
            }
        }
    }

    /** Collects settings; {@link #build()} makes the telemetry. Not thread-safe. */
    public static final class Builder {
        private final OpenTelemetry openTelemetry;
        private LogContext.Listener listener;

        private Builder(OpenTelemetry openTelemetry) {
            this.openTelemetry = openTelemetry;
        }

        /**
         * Told on the worker when each behaviour starts and ends, with its {@link LogContext}: the
         * place to fill a logging library's mapped diagnostic context (SLF4J's {@code MDC}, Log4j's
         * {@code ThreadContext}). Default: none.
         *
         * @param listener the listener, called on every worker, so thread-safe
         * @return this builder
         */
        public Builder logContextListener(LogContext.Listener listener) {
            this.listener = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /** {@return the telemetry} */
        public ActorTelemetry build() {
            return new ActorTelemetry(this);
        }
    }
}
