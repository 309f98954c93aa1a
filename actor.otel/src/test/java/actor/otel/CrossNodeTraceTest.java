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
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * One trace across two nodes, in one JVM and in two, over loopback: {@code main -> A -> B ->
 * remote C -> B -> reply}. The context crosses the wire as a W3C {@code traceparent}; each remote reference's
 * proxy, an actor of the sending node, has its span between the sender's and the receiver's (and
 * one more, under it, for the flush that sends the batch).
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

    /** A finished span, from this JVM's exporter or from the other JVM's lines. */
    record Hop(String name, String traceId, String spanId, String parentSpanId, boolean remoteParent) {
        static Hop of(SpanData span) {
            return new Hop(span.getName(), span.getTraceId(), span.getSpanId(), span.getParentSpanId(),
                    span.getParentSpanContext().isRemote());
        }

        /** Reads a {@link RemoteWorkerProcess} line, {@code span name|trace|span|parent|remote}. */
        static Hop parse(String line) {
            final String[] fields = line.substring("span ".length()).split("\\|");
            return new Hop(fields[0], fields[1], fields[2], fields[3], Boolean.parseBoolean(fields[4]));
        }
    }

    /**
     * Runs node {@code front} (A and B) in this JVM against the node {@code back} at
     * {@code backEndpoint}, sends the request under a span of its own, and returns that span,
     * ended, once the reply came and the front system has stopped.
     */
    private Span request(String backEndpoint) throws Exception {
        final ActorSystem frontSystem = system();
        final RemoteNode front = RemoteNode.start(frontSystem, node("front", freeEndpoint()).peer("back", backEndpoint).build());
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
        assertTrue(frontSystem.shutdown(Duration.ofSeconds(WAIT_SECONDS)));
        return request;
    }

    /**
     * The trace of {@code request}: {@code request -> Front -> Middle -> Proxy -> Worker (remote parent)
     * -> Proxy -> Middle (remote parent)}, every span of {@code hops} in it.
     */
    private static void assertOneTrace(Span request, List<Hop> hops) {
        final String trace = request.getSpanContext().getTraceId();
        assertTrue(hops.stream().allMatch(hop -> hop.traceId().equals(trace)), "one trace: " + hops);
        final Hop front = only(hops, "Front receive", request.getSpanContext().getSpanId());
        final Hop middleRequest = only(hops, "Middle receive", front.spanId());
        final Hop outgoing = only(hops, PROXY, middleRequest.spanId());
        final Hop remote = only(hops, "Worker receive", outgoing.spanId());
        assertTrue(remote.remoteParent(), "C's parent came over the wire");
        final Hop returning = only(hops, PROXY, remote.spanId());
        final Hop middleDone = only(hops, "Middle receive", returning.spanId());
        assertTrue(middleDone.remoteParent(), "B's second span's parent came back over the wire");
    }

    @Test
    @Timeout(60)
    void aRequestThroughARemoteActorIsOneTraceWithTheRemoteSpanUnderTheSendersProxy() throws Exception {
        final String backEndpoint = freeEndpoint();
        final ActorSystem backSystem = system();
        final Worker worker = new Worker(backSystem);
        final RemoteNode back = RemoteNode.start(backSystem, node("back", backEndpoint).build(),
                n -> n.export("worker", Job.class, worker.ref()));
        final Span request = request(backEndpoint);
        back.close();
        assertTrue(backSystem.shutdown(Duration.ofSeconds(WAIT_SECONDS)));
        final List<SpanData> finished = spans.getFinishedSpanItems();
        assertOneTrace(request, finished.stream().map(Hop::of).toList());
        final SpanData remote = finished.stream().filter(span -> span.getName().equals("Worker receive")).findFirst().orElseThrow();
        assertEquals(Job.class.getName(), remote.getAttributes().get(AttributeKey.stringKey(ActorTelemetry.ATTR_MESSAGE_CLASS)));
    }

    @Test
    @Timeout(120)
    void theSameTraceCrossesIntoAnotherJvm() throws Exception {
        final String backEndpoint = freeEndpoint();
        final List<Hop> hops = new ArrayList<>();
        final Span request;
        try (OtherJvm back = OtherJvm.start(RemoteWorkerProcess.class, backEndpoint, temporary.toString())) {
            back.await("ready");
            request = request(backEndpoint);
            back.closeInput();
            for (String line = back.await(""); !line.equals("end"); line = back.await("")) {
                if (line.startsWith("span ")) {
                    hops.add(Hop.parse(line));
                }
            }
        }
        assertEquals(List.of("Proxy receive", "Proxy receive", "Worker receive"), hops.stream().map(Hop::name).sorted().toList(),
                "the other JVM's spans: C's, and its proxy's for the reply and for the flush that sent it");
        spans.getFinishedSpanItems().forEach(span -> hops.add(Hop.of(span)));
        assertOneTrace(request, hops);
    }

    /** The one span named {@code name} whose parent is {@code parentSpanId}. */
    private static Hop only(List<Hop> hops, String name, String parentSpanId) {
        final List<Hop> found = hops.stream()
                .filter(hop -> hop.name().equals(name) && hop.parentSpanId().equals(parentSpanId)).toList();
        assertEquals(1, found.size(), name + " under " + parentSpanId + " in " + hops);
        return found.get(0);
    }

    /**
     * A {@code main} class of this test run in a JVM of its own, on the run's module path and class
     * path together (as a class path), with the one flag Agrona needs there; its stdout read line by line.
     */
    static final class OtherJvm implements AutoCloseable {
        private final Process process;
        private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

        private OtherJvm(Process process) {
            this.process = process;
            final Thread reader = new Thread(() -> {
                try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line = out.readLine(); line != null; line = out.readLine()) {
                        lines.add(line);
                    }
                } catch (IOException e) {
                    lines.add("READ FAILED " + e);
                }
            }, "stdout of the other JVM");
            reader.setDaemon(true);
            reader.start();
        }

        static OtherJvm start(Class<?> main, String... args) throws IOException {
            final List<String> classPath = new ArrayList<>();
            for (String property : List.of("jdk.module.path", "java.class.path")) {
                final String value = System.getProperty(property);
                if (value != null && !value.isEmpty()) {
                    classPath.add(value);
                }
            }
            final List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED", "-XX:+UseSerialGC", "-Xmx128m",
                    "-XX:TieredStopAtLevel=1", "-cp", String.join(File.pathSeparator, classPath), main.getName()));
            command.addAll(List.of(args));
            return new OtherJvm(new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start());
        }

        /** {@return the next line that starts with {@code prefix}, waiting at most {@link #WAIT_SECONDS} in all} */
        String await(String prefix) throws InterruptedException {
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
            while (true) {
                final String line = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (line == null) {
                    throw new AssertionError("no line starting with '" + prefix + "' from the other JVM (alive: "
                            + process.isAlive() + ")");
                }
                if (line.startsWith(prefix)) {
                    return line;
                }
            }
        }

        /** Closes its stdin, which ends {@link RemoteWorkerProcess}. */
        void closeInput() throws IOException {
            process.getOutputStream().close();
        }

        /** Waits at most {@link #WAIT_SECONDS} for it to end, else kills it and fails. */
        @Override
        public void close() {
            try {
                if (process.waitFor(WAIT_SECONDS, TimeUnit.SECONDS)) {
                    return;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            process.destroyForcibly();
            throw new AssertionError("the other JVM did not end within " + WAIT_SECONDS + " s");
        }
    }
}
