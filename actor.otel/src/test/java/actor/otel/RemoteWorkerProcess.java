package actor.otel;

import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.remote.RemoteConfig;
import actor.remote.RemoteNode;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import org.agrona.concurrent.BackoffIdleStrategy;

/**
 * The other JVM of {@link CrossNodeTraceTest}: node {@code back} at {@code args[0]}, its Aeron
 * directory under {@code args[1]}, exporting C ({@link CrossNodeTraceTest.Worker}) as {@code worker},
 * with {@link ActorTelemetry} on an SDK of its own. Prints {@code ready}; once its stdin closes, it
 * stops and prints each span it finished as {@code span <name>|<trace id>|<span id>|<parent id>|<parent is remote>},
 * then {@code end}.
 */
public final class RemoteWorkerProcess {

    private RemoteWorkerProcess() {
    }

    /**
     * @param args the node's endpoint and the Aeron directory's parent
     * @throws IOException          if stdin fails
     * @throws InterruptedException if interrupted while stopping
     */
    public static void main(String[] args) throws IOException, InterruptedException {
        final InMemorySpanExporter spans = InMemorySpanExporter.create();
        final OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build())
                .build();
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1)
                .contextPropagator(ActorTelemetry.create(sdk)).build());
        final CrossNodeTraceTest.Worker worker = new CrossNodeTraceTest.Worker(system);
        final RemoteNode node = RemoteNode.start(system, RemoteConfig.builder().name("back").endpoint(args[0])
                .aeronDirectory(Path.of(args[1])).idleStrategy(() -> new BackoffIdleStrategy(1, 1, 1_000, 1_000_000)).build(),
                n -> n.export("worker", CrossNodeTraceTest.Job.class, worker.ref()));
        System.out.println("ready");
        while (System.in.read() >= 0) {
            // NOTE: waits for the test to close stdin.
        }
        node.close();
        if (!system.shutdown(Duration.ofSeconds(10))) {
            System.out.println("shutdown timed out");
        }
        for (SpanData span : spans.getFinishedSpanItems()) {
            System.out.println("span " + span.getName() + "|" + span.getTraceId() + "|" + span.getSpanId() + "|"
                    + span.getParentSpanId() + "|" + span.getParentSpanContext().isRemote());
        }
        System.out.println("end");
        sdk.close();
    }
}
