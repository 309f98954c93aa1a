package actor.otel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.remote.RemoteConfig;
import actor.remote.RemoteNode;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * One trace across two nodes (in one JVM, over loopback): {@code main -> A -> B -> remote C -> B
 * -> reply}. The context crosses the wire as a W3C {@code traceparent}; each remote reference's
 * proxy, an actor of the sending node, has its span between the sender's and the receiver's.
 */
class CrossNodeTraceTest {

    private static final long WAIT_SECONDS = 10;
    private static final String PROXY = "Proxy receive";

    @TempDir
    static Path temporary;

    private final InMemorySpanExporter spans = InMemorySpanExporter.create();
    private final OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
            .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build())
            .build();

    @AfterEach
    void closeSdk() {
        sdk.close();
    }

    /** What B accepts: a request from A, or C's answer. */
    sealed interface MiddleMessage permits Request, Done {
    }

    record Request(String payload, ActorRef<String> replyTo) implements MiddleMessage {
    }

    record Done(long id, String result) implements MiddleMessage {
    }

    record Job(long id, String payload, ActorRef<Done> back) {
    }

    /** A: forwards each request to B. */
    static final class Front extends Actor<Request> {
        private final ActorRef<MiddleMessage> middle;

        Front(ActorSystem system, ActorRef<MiddleMessage> middle) {
            super(system);
            this.middle = middle;
        }

        @Override
        protected Allocation receive(Request request) {
            middle.send(request);
            return Allocation.NODELETE;
        }
    }

    /** B: hands each request to the remote C as a job, and answers the request when C is done. */
    static final class Middle extends Actor<MiddleMessage> {
        private final Map<Long, ActorRef<String>> pending = new HashMap<>();
        private ActorRef<Job> remote;
        private long nextId;

        Middle(ActorSystem system) {
            super(system);
        }

        void remote(ActorRef<Job> worker) {
            this.remote = worker;
        }

        /** This actor's reference, for C's answers (a {@code Done} is one of its messages). */
        @SuppressWarnings("unchecked")
        private ActorRef<Done> doneRef() {
            return (ActorRef<Done>) (ActorRef<?>) ref();
        }

        @Override
        protected Allocation receive(MiddleMessage message) {
            if (message instanceof Request request) {
                final long id = nextId++;
                pending.put(id, request.replyTo());
                remote.send(new Job(id, request.payload(), doneRef()));
            } else if (message instanceof Done done) {
                pending.remove(done.id()).send(done.result());
            }
            return Allocation.NODELETE;
        }
    }

    /** C, on the other node: does the job. */
    static final class Worker extends Actor<Job> {
        Worker(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Job job) {
            job.back().send(new Done(job.id(), "done " + job.payload()));
            return Allocation.NODELETE;
        }
    }

    private static String freeEndpoint() {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return "localhost:" + socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static RemoteConfig.Builder node(String name, String endpoint) {
        return RemoteConfig.builder().name(name).endpoint(endpoint).aeronDirectory(temporary)
                .idleStrategy(() -> new BackoffIdleStrategy(1, 1, 1_000, 1_000_000));
    }

    private ActorSystem system() {
        return ActorSystem.start(ActorSystemConfig.builder().workers(2).contextPropagator(ActorTelemetry.create(sdk)).build());
    }

    @Test
    @Timeout(60)
    void aRequestThroughARemoteActorIsOneTraceWithTheRemoteSpanUnderTheSendersProxy() throws Exception {
        final String frontEndpoint = freeEndpoint();
        final String backEndpoint = freeEndpoint();
        final ActorSystem frontSystem = system();
        final ActorSystem backSystem = system();
        final Worker worker = new Worker(backSystem);
        final RemoteNode back = RemoteNode.start(backSystem, node("back", backEndpoint).build(),
                n -> n.export("worker", Job.class, worker.ref()));
        final RemoteNode front = RemoteNode.start(frontSystem, node("front", frontEndpoint).peer("back", backEndpoint).build());
        final Middle middle = new Middle(frontSystem);
        middle.remote(front.lookup("back", "worker", Job.class));
        final Front a = new Front(frontSystem, middle.ref());

        final Span request = sdk.getTracer("test").spanBuilder("request").startSpan();
        final CompletableFuture<String> reply;
        final Scope scope = request.makeCurrent();
        try {
            reply = frontSystem.ask(a.ref(), (ActorRef<String> replyTo) -> new Request("x", replyTo), Duration.ofSeconds(WAIT_SECONDS));
        } finally {
            scope.close();
        }
        assertEquals("done x", reply.get(WAIT_SECONDS, TimeUnit.SECONDS));
        request.end();
        front.close();
        back.close();
        assertTrue(frontSystem.shutdown(Duration.ofSeconds(WAIT_SECONDS)));
        assertTrue(backSystem.shutdown(Duration.ofSeconds(WAIT_SECONDS)));

        final List<SpanData> finished = spans.getFinishedSpanItems();
        final String trace = request.getSpanContext().getTraceId();
        assertTrue(finished.stream().allMatch(span -> span.getTraceId().equals(trace)), "one trace: " + finished);
        final SpanData frontSpan = only(finished, "Front receive", request.getSpanContext().getSpanId());
        final SpanData middleRequest = only(finished, "Middle receive", frontSpan.getSpanId());
        final SpanData outgoing = only(finished, PROXY, middleRequest.getSpanId());
        final SpanData remote = only(finished, "Worker receive", outgoing.getSpanId());
        assertTrue(remote.getParentSpanContext().isRemote(), "C's parent came over the wire");
        assertEquals(Job.class.getName(), remote.getAttributes().get(AttributeKey.stringKey(ActorTelemetry.ATTR_MESSAGE_CLASS)));
        final SpanData returning = only(finished, PROXY, remote.getSpanId());
        final SpanData middleDone = only(finished, "Middle receive", returning.getSpanId());
        assertEquals(Done.class.getName(), middleDone.getAttributes().get(AttributeKey.stringKey(ActorTelemetry.ATTR_MESSAGE_CLASS)));
    }

    /** The one span named {@code name} whose parent is {@code parentSpanId}. */
    private static SpanData only(List<SpanData> finished, String name, String parentSpanId) {
        final List<SpanData> found = finished.stream()
                .filter(span -> span.getName().equals(name) && span.getParentSpanId().equals(parentSpanId)).toList();
        assertEquals(1, found.size(), name + " under " + parentSpanId + " in " + finished);
        return found.get(0);
    }
}
