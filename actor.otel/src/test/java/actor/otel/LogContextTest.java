package actor.otel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.text.MessageFormat;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ResourceBundle;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The logging context, as docs/observing.md shows it: a behaviour's log lines carry its actor, its
 * message class and its trace ids, through a {@code System.Logger} from {@link LogContext#logger}
 * or through a listener that fills a mapped diagnostic context (here a stand-in for SLF4J's MDC).
 */
class LogContextTest {

    private static final long WAIT_SECONDS = 10;

    private final InMemorySpanExporter spans = InMemorySpanExporter.create();
    private final OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
            .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build())
            .build();

    @AfterEach
    void closeSdk() {
        sdk.close();
    }

    /** Collects the lines it is given, formatted. */
    static final class RecordingLogger implements System.Logger {
        final List<String> lines = new CopyOnWriteArrayList<>();

        @Override
        public String getName() {
            return "recording";
        }

        @Override
        public boolean isLoggable(Level level) {
            return true;
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String message, Throwable thrown) {
            lines.add(level + " " + message);
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String format, Object... params) {
            lines.add(level + " " + MessageFormat.format(format, params));
        }
    }

    record Charge(long cents) { }

    /** The example's actor: logs each charge through the context logger. */
    static final class Account extends Actor<Charge> {
        private final System.Logger log;

        Account(ActorSystem system, System.Logger log) {
            super(system);
            this.log = log;
        }

        @Override
        protected Allocation receive(Charge charge) {
            log.log(System.Logger.Level.INFO, "charged {0} cents", String.valueOf(charge.cents()));
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(60)
    void aBehavioursLogLinesCarryItsActorMessageClassAndTraceIds() throws Exception {
        final RecordingLogger lines = new RecordingLogger();
        final System.Logger log = LogContext.logger(lines);
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2)
                .contextPropagator(ActorTelemetry.create(sdk)).build());
        final Account account = new Account(system, log);
        final Span request = sdk.getTracer("test").spanBuilder("request").startSpan();
        final Scope scope = request.makeCurrent();
        try {
            account.send(new Charge(1250));
        } finally {
            scope.close();
        }
        account.send(new Charge(7));
        log.log(System.Logger.Level.INFO, "outside");
        assertTrue(system.shutdown(Duration.ofSeconds(WAIT_SECONDS)));
        request.end();

        final SpanData behaviour = spans.getFinishedSpanItems().stream()
                .filter(span -> span.getName().equals("Account receive")).findFirst().orElseThrow();
        assertEquals(List.of(
                "INFO charged 1250 cents [actor=" + account + " message=" + Charge.class.getName()
                        + " trace_id=" + request.getSpanContext().getTraceId() + " span_id=" + behaviour.getSpanId() + "]",
                "INFO charged 7 cents [actor=" + account + " message=" + Charge.class.getName() + "]",
                "INFO outside"),
                lines.lines.stream().sorted().toList(), "the untraced charge has no trace ids");
    }

    /** A stand-in for SLF4J's MDC: a map per thread. */
    static final class Mdc {
        static final ThreadLocal<Map<String, String>> MAP = ThreadLocal.withInitial(HashMap::new);

        private Mdc() {
        }
    }

    /** Fills the MDC around each behaviour, as an application does for SLF4J. */
    static final class MdcListener implements LogContext.Listener {
        @Override
        public void entered(LogContext context) {
            Mdc.MAP.get().put("actor", context.actorName());
            Mdc.MAP.get().put("message", context.messageClass().getName());
            Mdc.MAP.get().put("trace_id", context.traceId());
        }

        @Override
        public void left(LogContext context) {
            Mdc.MAP.get().clear();
        }
    }

    /** Records the MDC its behaviour sees, and the actor of {@link LogContext#current()} as {@code "current"}. */
    static final class MdcReader extends Actor<String> {
        final LinkedBlockingQueue<Map<String, String>> seen = new LinkedBlockingQueue<>();

        MdcReader(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(String message) {
            final Map<String, String> mdc = new HashMap<>(Mdc.MAP.get());
            mdc.put("current", LogContext.current().map(LogContext::actorName).orElse("none"));
            seen.add(mdc);
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(60)
    void aListenerFillsAMappedDiagnosticContextForTheBehaviourOnly() throws Exception {
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1)
                .contextPropagator(ActorTelemetry.builder(sdk).logContextListener(new MdcListener()).build()).build());
        final MdcReader reader = new MdcReader(system);
        final Span request = sdk.getTracer("test").spanBuilder("request").startSpan();
        final Scope scope = request.makeCurrent();
        try {
            reader.send("traced");
        } finally {
            scope.close();
        }
        assertEquals(Map.of("actor", reader.toString(), "message", String.class.getName(),
                "trace_id", request.getSpanContext().getTraceId(), "current", reader.toString()),
                reader.seen.poll(WAIT_SECONDS, TimeUnit.SECONDS));
        request.end();
        assertFalse(LogContext.current().isPresent(), "nothing outside a behaviour");
        assertTrue(Mdc.MAP.get().isEmpty());
        assertTrue(system.shutdown(Duration.ofSeconds(WAIT_SECONDS)));
    }
}
