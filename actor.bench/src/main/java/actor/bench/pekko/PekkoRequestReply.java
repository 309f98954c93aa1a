package actor.bench.pekko;

import actor.bench.suite.DictionaryWork;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * Request-reply, after Savina's concurrent dictionary: {@code dictionaryClients} clients each make
 * {@code dictionaryRequests} requests (writes and reads, {@link DictionaryWork}) to one server
 * holding a map, each waiting for the reply before sending the next; all spawned beforehand, and
 * placed by Pekko. Every reply is checked against the value the client wrote; the run ends when
 * every client has its last reply.
 */
public final class PekkoRequestReply implements Workload {

    private static final String NAME = "PekkoRequestReply";

    private sealed interface ClientMessage permits Start, Reply {
    }

    private enum Start implements ClientMessage { INSTANCE }

    /** One per client, reused; the server writes {@code value} and then tells it. */
    private static final class Reply implements ClientMessage {
        int value;
    }

    /**
     * One per client, reused for each of its requests.
     * NOTE: mutable, but only one party touches it at a time: the client fills it and tells it;
     * the server reads it before it tells the reply; the client refills it after the reply.
     */
    private static final class Request {
        final ActorRef<ClientMessage> replyTo;
        final Reply reply = new Reply();
        boolean write;
        int key;
        int value;

        Request(ActorRef<ClientMessage> replyTo) {
            this.replyTo = replyTo;
        }
    }

    private static final class Server extends AbstractBehavior<Request> {
        private final Map<Integer, Integer> map = new HashMap<>();

        Server(ActorContext<Request> context) {
            super(context);
        }

        @Override
        public Receive<Request> createReceive() {
            return newReceiveBuilder().onMessage(Request.class, this::onRequest).build();
        }

        private Behavior<Request> onRequest(Request request) {
            final Reply reply = request.reply;
            if (request.write) {
                map.put(request.key, request.value);
                reply.value = request.value;
            } else {
                reply.value = map.getOrDefault(request.key, -1);
            }
            request.replyTo.tell(reply);
            return this;
        }
    }

    /** What the clients got, summed when each has its last reply. */
    private record Tally(AtomicLong replies, AtomicLong wrong, CountDownLatch done) {
    }

    private static final class Client extends AbstractBehavior<ClientMessage> {
        private final int index;
        private final int requests;
        private final ActorRef<Request> server;
        private final Request request;
        private final Tally tally;
        private int replies;
        private int wrong;

        Client(ActorContext<ClientMessage> context, int index, int requests, ActorRef<Request> server, Tally tally) {
            super(context);
            this.index = index;
            this.requests = requests;
            this.server = server;
            this.request = new Request(context.getSelf());
            this.tally = tally;
        }

        @Override
        public Receive<ClientMessage> createReceive() {
            return newReceiveBuilder()
                    .onMessage(Reply.class, this::onReply)
                    .onMessage(Start.class, start -> sendNext())
                    .build();
        }

        private Behavior<ClientMessage> onReply(Reply reply) {
            if (reply.value != request.value) {
                wrong++;
            }
            if (++replies == requests) {
                tally.replies().addAndGet(replies);
                tally.wrong().addAndGet(wrong);
                tally.done().countDown();
                return Behaviors.stopped();
            }
            return sendNext();
        }

        private Behavior<ClientMessage> sendNext() {
            final Request next = request;
            next.write = DictionaryWork.isWrite(replies);
            next.key = DictionaryWork.key(index, requests, replies);
            next.value = DictionaryWork.value(next.key);
            server.tell(next);
            return this;
        }
    }

    @Override
    public long run(RunSpec spec) throws Exception {
        final int clients = spec.sizes().dictionaryClients();
        final int requests = spec.sizes().dictionaryRequests();
        final Tally tally = new Tally(new AtomicLong(), new AtomicLong(), new CountDownLatch(clients));
        final var started = PekkoSystems.startWith(NAME, spec, context -> {
            final ActorRef<Request> server = context.spawn(Behaviors.setup(Server::new), "server");
            final List<ActorRef<ClientMessage>> all = new ArrayList<>(clients);
            for (int i = 0; i < clients; i++) {
                final int index = i;
                all.add(context.spawn(Behaviors.<ClientMessage>setup(
                        c -> new Client(c, index, requests, server, tally)), "client-" + i));
            }
            return all;
        });
        final long elapsed;
        try {
            final long t0 = System.nanoTime();
            for (ActorRef<ClientMessage> client : started.value()) {
                client.tell(Start.INSTANCE);
            }
            PekkoSystems.await(tally.done(), NAME);
            elapsed = System.nanoTime() - t0;
        } finally {
            PekkoSystems.terminate(started.system(), NAME);
        }
        PekkoSystems.check(NAME, "replies received", (long) clients * requests, tally.replies().get());
        PekkoSystems.check(NAME, "wrong replies", 0, tally.wrong().get());
        return elapsed;
    }
}
