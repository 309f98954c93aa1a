package actor.otel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.Continuation;
import actor.api.ErrorHandler;
import actor.api.PoisonPill;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.LongPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link ActorTelemetry} against the OpenTelemetry SDK's in-memory exporters: one trace across
 * actors with the right parents, and metrics that count exactly what was sent.
 */
class ActorTelemetryTest {

    private static final long WAIT_SECONDS = 10;
    private static final AttributeKey<String> ACTOR_CLASS = AttributeKey.stringKey(ActorTelemetry.ATTR_ACTOR_CLASS);

    private final InMemorySpanExporter spans = InMemorySpanExporter.create();
    private final InMemoryMetricReader metrics = InMemoryMetricReader.create();
    private final OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
            .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build())
            .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(metrics).build())
            .build();

    @AfterEach
    void closeSdk() {
        sdk.close();
    }

    record Request(String payload, ActorRef<String> replyTo) { }

    /** Forwards each request to the back. */
    static final class Front extends Actor<Request> {
        private final ActorRef<Request> back;

        Front(ActorSystem system, ActorRef<Request> back) {
            super(system);
            this.back = back;
        }

        @Override
        protected Allocation receive(Request request) {
            back.send(request);
            return Allocation.NODELETE;
        }
    }

    /** Replies to each request. */
    static final class Back extends Actor<Request> {
        Back(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Request request) {
            request.replyTo().send("done " + request.payload());
            return Allocation.NODELETE;
        }
    }

    /** Throws on every message (and so stops: the default failure policy). */
    static final class Failing extends Actor<String> {
        Failing(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(String message) {
            throw new IllegalStateException("failing on " + message);
        }
    }

    private ActorSystem start(ActorTelemetry telemetry) {
        return ActorSystem.start(ActorSystemConfig.builder().workers(2).contextPropagator(telemetry)
                .errorHandler(telemetry.errorHandler(error -> { })).build());
    }

    private static CompletableFuture<String> ask(ActorSystem system, Front front, String payload) {
        return system.ask(front.ref(), (ActorRef<String> replyTo) -> new Request(payload, replyTo), Duration.ofSeconds(WAIT_SECONDS));
    }

    @Test
    @Timeout(60)
    void aRequestFromMainThroughTwoActorsIsOneTraceOfParentAndChildSpans() throws Exception {
        final ActorSystem system = start(ActorTelemetry.create(sdk));
        final Back back = new Back(system);
        final Front front = new Front(system, back.ref());
        final Span request = sdk.getTracer("test").spanBuilder("request").startSpan();
        final CompletableFuture<String> reply;
        final Scope scope = request.makeCurrent();
        try {
            reply = ask(system, front, "a");
        } finally {
            scope.close();
        }
        assertEquals("done a", reply.get(WAIT_SECONDS, TimeUnit.SECONDS));
        request.end();
        assertTrue(system.shutdown(Duration.ofSeconds(WAIT_SECONDS)));

        final Map<String, SpanData> byName = spans.getFinishedSpanItems().stream()
                .collect(Collectors.toMap(SpanData::getName, span -> span));
        assertEquals(3, spans.getFinishedSpanItems().size(), "request, front and back: " + byName.keySet());
        final SpanData main = byName.get("request");
        final SpanData a = byName.get("Front receive");
        final SpanData b = byName.get("Back receive");
        assertEquals(main.getTraceId(), a.getTraceId());
        assertEquals(main.getTraceId(), b.getTraceId());
        assertEquals(main.getSpanId(), a.getParentSpanId(), "A's span is a child of main's");
        assertEquals(a.getSpanId(), b.getParentSpanId(), "B's span is a child of A's");
        for (SpanData span : List.of(a, b)) {
            assertEquals(SpanKind.CONSUMER, span.getKind());
            assertEquals(Request.class.getName(), span.getAttributes().get(AttributeKey.stringKey(ActorTelemetry.ATTR_MESSAGE_CLASS)));
            final long worker = span.getAttributes().get(AttributeKey.longKey(ActorTelemetry.ATTR_WORKER));
            assertTrue(worker >= 0 && worker < 2, "worker " + worker);
            assertTrue(span.getAttributes().get(AttributeKey.longKey(ActorTelemetry.ATTR_QUEUE_WAIT_NANOS)) >= 0);
        }
        assertEquals(Front.class.getName(), a.getAttributes().get(ACTOR_CLASS));
        assertEquals(Back.class.getName(), b.getAttributes().get(ACTOR_CLASS));
    }

    @Test
    @Timeout(60)
    void aBehaviourThatThrowsEndsItsSpanWithErrorAndTheException() throws Exception {
        final ActorSystem system = start(ActorTelemetry.create(sdk));
        final Span request = sdk.getTracer("test").spanBuilder("request").startSpan();
        final Scope scope = request.makeCurrent();
        try {
            new Failing(system).send("x");
        } finally {
            scope.close();
        }
        request.end();
        assertTrue(system.stop(Duration.ofSeconds(WAIT_SECONDS)), "the failure stopped the actor");
        final SpanData failed = spans.getFinishedSpanItems().stream()
                .filter(span -> span.getName().equals("Failing receive")).findFirst().orElseThrow();
        assertEquals(StatusCode.ERROR, failed.getStatus().getStatusCode());
        assertEquals(1, failed.getEvents().stream().filter(event -> event.getName().equals("exception")).count());
    }

    @Test
    @Timeout(60)
    void metricsCountExactlyWhatWasSentAndUnsampledMessagesMakeNoSpans() throws Exception {
        final int requests = 25;
        final ActorSystem system = start(ActorTelemetry.create(sdk));
        final Back back = new Back(system);
        final Front front = new Front(system, back.ref());
        for (int i = 0; i < requests; i++) {
            assertEquals("done " + i, ask(system, front, String.valueOf(i)).get(WAIT_SECONDS, TimeUnit.SECONDS));
        }
        final Failing failing = new Failing(system);
        failing.send("x");
        final Back ended = new Back(system);
        ended.send(PoisonPill.FINISHED);
        while (!failing.isTerminated() || !ended.isTerminated()) {
            Thread.sleep(1);
        }
        ended.send(new Request("late", null));
        assertTrue(system.shutdown(Duration.ofSeconds(WAIT_SECONDS)));

        final Collection<MetricData> collected = metrics.collectAllMetrics();
        assertEquals(Map.of(Front.class.getName(), (long) requests, Back.class.getName(), (long) requests + 1,
                        Failing.class.getName(), 1L),
                sums(collected, ActorTelemetry.METRIC_RECEIVED), "Back: the requests and the pill");
        assertEquals(Map.of(Front.class.getName(), (long) requests, Back.class.getName(), (long) requests + 1,
                        Failing.class.getName(), 1L),
                histogramCounts(collected, ActorTelemetry.METRIC_PROCESSING));
        assertEquals(Map.of(Front.class.getName(), (long) requests, Back.class.getName(), (long) requests + 1,
                        Failing.class.getName(), 1L),
                histogramCounts(collected, ActorTelemetry.METRIC_QUEUE_WAIT));
        assertEquals(Map.of(Failing.class.getName(), 1L), sums(collected, ActorTelemetry.METRIC_FAILURES));
        assertEquals(Map.of(Back.class.getName(), 1L), sums(collected, ActorTelemetry.METRIC_DEAD_LETTERS));
        assertEquals(List.of(), spans.getFinishedSpanItems(), "no sampled span, no span");
    }

    /** Awaits the stage it is sent, and answers with its value. */
    static final class Awaiter extends Actor<CompletableFuture<String>> {
        final CompletableFuture<String> answered = new CompletableFuture<>();

        Awaiter(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(CompletableFuture<String> stage) {
            return await(stage, (value, failure) -> {
                answered.complete(value);
                return Allocation.NODELETE;
            });
        }
    }

    @Test
    @Timeout(60)
    void anAwaitsContinuationIsAChildSpanOfTheBehaviourThatAwaited() throws Exception {
        final ActorSystem system = start(ActorTelemetry.create(sdk));
        final Awaiter awaiter = new Awaiter(system);
        final CompletableFuture<String> stage = new CompletableFuture<>();
        final Span request = sdk.getTracer("test").spanBuilder("request").startSpan();
        final Scope scope = request.makeCurrent();
        try {
            awaiter.send(stage);
        } finally {
            scope.close();
        }
        request.end();
        stage.complete("v");
        assertEquals("v", awaiter.answered.get(WAIT_SECONDS, TimeUnit.SECONDS));
        assertTrue(system.shutdown(Duration.ofSeconds(WAIT_SECONDS)));
        final List<SpanData> behaviours = spans.getFinishedSpanItems().stream()
                .filter(span -> span.getName().equals("Awaiter receive")).toList();
        assertEquals(2, behaviours.size(), "the behaviour and its continuation: " + behaviours);
        final SpanData awaited = behaviours.stream().filter(span -> span.getParentSpanId()
                .equals(request.getSpanContext().getSpanId())).findFirst().orElseThrow();
        final SpanData continued = behaviours.stream().filter(span -> span != awaited).findFirst().orElseThrow();
        assertEquals(awaited.getSpanId(), continued.getParentSpanId());
        assertEquals(Continuation.class.getName(), continued.getAttributes().get(AttributeKey.stringKey(ActorTelemetry.ATTR_MESSAGE_CLASS)));
        assertNull(continued.getAttributes().get(AttributeKey.longKey(ActorTelemetry.ATTR_QUEUE_WAIT_NANOS)),
                "a continuation's queue wait is not known");
    }

    @Test
    void theErrorHandlerHandsEveryErrorOn() {
        final List<Object> handed = new CopyOnWriteArrayList<>();
        final ErrorHandler handler = ActorTelemetry.create(sdk).errorHandler(handed::add);
        final ActorError error = new ActorError.LiveActorsAbandoned(3);
        handler.handle(error);
        assertEquals(List.of(error), handed);
        assertEquals(Map.of(), sums(metrics.collectAllMetrics(), ActorTelemetry.METRIC_DEAD_LETTERS));
    }

    /** The long sums of {@code name}, by actor class. */
    static Map<String, Long> sums(Collection<MetricData> collected, String name) {
        return collected.stream().filter(metric -> metric.getName().equals(name))
                .flatMap(metric -> metric.getLongSumData().getPoints().stream())
                .collect(Collectors.toMap(point -> actorClass(point.getAttributes()), LongPointData::getValue));
    }

    /** The counts of the histogram {@code name}, by actor class. */
    static Map<String, Long> histogramCounts(Collection<MetricData> collected, String name) {
        return collected.stream().filter(metric -> metric.getName().equals(name))
                .flatMap(metric -> metric.getHistogramData().getPoints().stream())
                .collect(Collectors.toMap(point -> actorClass(point.getAttributes()), HistogramPointData::getCount));
    }

    private static String actorClass(Attributes attributes) {
        return attributes.get(ACTOR_CLASS);
    }
}
