package actor.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;

import actor.api.Actor;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.ContextPropagator;
import actor.testkit.ActorTestKit;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sender's context across nodes ({@link ContextPropagator#toWire}, {@link Wire}'s context flag),
 * between nodes in one JVM: it reaches the remote behaviour, and comes back with its reply; a node
 * without a propagator delivers the messages and ignores their contexts.
 */
class ContextAcrossNodesTest {

    private static final long WAIT_SECONDS = 10;

    /** A request id in a thread local, written to the wire as {@code "id:<request id>"}. */
    static final class RequestIds implements ContextPropagator {
        static final ThreadLocal<String> CURRENT = new ThreadLocal<>();
        static final String NONE = "-";

        @Override
        public Object capture() {
            final String id = CURRENT.get();
            return id == null ? NONE : id;
        }

        @Override
        public Object attach(Object context) {
            final String previous = CURRENT.get();
            CURRENT.set(context == NONE ? null : (String) context);
            return previous == null ? NONE : previous;
        }

        @Override
        public void detach(Object attached) {
            CURRENT.set(attached == NONE ? null : (String) attached);
        }

        @Override
        public Object beforeBehaviour(Object context, Actor<?> actor, Object message, int worker, long queueWaitNanos) {
            return attach(context);
        }

        @Override
        public void afterBehaviour(Object started, Throwable failure) {
            detach(started);
        }

        @Override
        public String toWire(Object context) {
            return context == NONE ? null : "id:" + context;
        }

        @Override
        public Object fromWire(String wire) {
            return wire.startsWith("id:") ? wire.substring(3) : null;
        }
    }

    record Note(String text, ActorRef<Reply> replyTo) {
    }

    record Reply(String text) {
    }

    /** Records the request id each note arrives under, as {@code "<text>@<id>"}, and answers it. */
    static final class Server extends Actor<Note> {
        final LinkedBlockingQueue<String> seen = new LinkedBlockingQueue<>();

        Server(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Note note) {
            seen.add(note.text() + "@" + RequestIds.CURRENT.get());
            note.replyTo().send(new Reply("re " + note.text()));
            return Allocation.NODELETE;
        }
    }

    /** Records the request id each reply arrives under, as {@code "<text>@<id>"}. */
    static final class Client extends Actor<Reply> {
        final LinkedBlockingQueue<String> seen = new LinkedBlockingQueue<>();

        Client(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Reply reply) {
            seen.add(reply.text() + "@" + RequestIds.CURRENT.get());
            return Allocation.NODELETE;
        }
    }

    @TempDir
    static Path temporary;

    private static RemoteConfig.Builder node(String name, String endpoint) {
        return RemoteConfig.builder().name(name).endpoint(endpoint).aeronDirectory(temporary)
                .idleStrategy(() -> new org.agrona.concurrent.BackoffIdleStrategy(1, 1, 1_000, 1_000_000));
    }

    private static ActorSystemConfig.Builder system(ContextPropagator propagator) {
        final ActorSystemConfig.Builder config = ActorSystemConfig.builder().workers(2);
        return propagator == null ? config.withoutContextPropagator() : config.contextPropagator(propagator);
    }

    /**
     * Sends three notes from node a to the recorder on node b, from a thread with the request ids
     * "r1", none, and "r3", each asking for a reply to a's client; returns what b's server and then
     * a's client saw, in order.
     */
    private static String roundTrip(ContextPropagator onA, ContextPropagator onB) throws Exception {
        final String ea = Ports.freeEndpoint();
        final String eb = Ports.freeEndpoint();
        try (ActorTestKit ka = ActorTestKit.start(system(onA)); ActorTestKit kb = ActorTestKit.start(system(onB))) {
            final Client atA = new Client(ka.system());
            final Server atB = new Server(kb.system());
            final RemoteNode a = RemoteNode.start(ka.system(), node("a", ea).peer("b", eb).build());
            final RemoteNode b = RemoteNode.start(kb.system(), node("b", eb).build(),
                    n -> n.export("inbox", Note.class, atB.ref()));
            final ActorRef<Note> toB = a.lookup("b", "inbox", Note.class);
            final StringBuilder seen = new StringBuilder();
            for (String id : new String[] {"r1", null, "r3"}) {
                RequestIds.CURRENT.set(id);
                try {
                    toB.send(new Note("n" + id, atA.ref()));
                } finally {
                    RequestIds.CURRENT.remove();
                }
            }
            for (LinkedBlockingQueue<String> recorded : List.of(atB.seen, atA.seen)) {
                for (int i = 0; i < 3; i++) {
                    seen.append(recorded.poll(WAIT_SECONDS, TimeUnit.SECONDS)).append(' ');
                }
            }
            b.close();
            a.close();
            assertEquals(0, a.undeliveredMessages() + b.undeliveredMessages());
            return seen.toString().trim();
        }
    }

    @Test
    @Timeout(60)
    void theRequestIdCrossesToTheRemoteBehaviourAndBackWithItsReply() throws Exception {
        assertEquals("nr1@r1 nnull@null nr3@r3 re nr1@r1 re nnull@null re nr3@r3",
                roundTrip(new RequestIds(), new RequestIds()));
    }

    @Test
    @Timeout(60)
    void aNodeWithoutAPropagatorDeliversTheMessagesAndIgnoresTheirContexts() throws Exception {
        assertEquals("nr1@null nnull@null nr3@null re nr1@null re nnull@null re nr3@null",
                roundTrip(new RequestIds(), null), "b ignores the contexts; its replies carry none");
        assertEquals("nr1@null nnull@null nr3@null re nr1@null re nnull@null re nr3@null",
                roundTrip(null, new RequestIds()), "a sends none");
    }
}
