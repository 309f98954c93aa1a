package actor.bench.toolkit;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.Message;
import actor.bench.suite.DictionaryWork;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;
import java.util.HashMap;
import java.util.Map;

/**
 * Request-reply, after Savina's concurrent dictionary: {@code dictionaryClients} clients each make
 * {@code dictionaryRequests} requests (writes and reads, {@link DictionaryWork}) to one server
 * holding a map, each waiting for the reply before sending the next. The server starts on worker
 * 0 and the clients on the other workers ({@link Toolkit#clientWorker}). Without stealing (variant
 * {@code none}) they stay there and every request and reply crosses workers; with stealing on, a
 * thief may take the server's backlog or a hand-off pull a mailbox, and the conversation may end up
 * on one worker. Every reply is checked against the value the client wrote.
 */
public final class RequestReply implements Workload {

    /**
     * One per client, reused for each of its requests.
     * NOTE: mutable, but only one party touches it at a time: the client fills it and sends it;
     * the server reads it before it sends the reply; the client refills it after the reply.
     */
    static final class Request extends Message {
        final Client from;
        final Reply reply;
        boolean write;
        int key;
        int value;

        Request(Client from) {
            this.from = from;
            this.reply = new Reply();
        }
    }

    /** One per client, reused; the server writes {@code value} and then sends it. */
    static final class Reply extends Message {
        int value;
    }

    static final Reply START = new Reply();

    static final class Server extends Actor<Request> {
        private final Map<Integer, Integer> map = new HashMap<>();
        private final long total;
        /** Written by behaviours only; read by main after stop() (the workers have exited). */
        private long served;

        Server(ActorSystem system, long total) {
            super(system);
            this.total = total;
        }

        @Override
        protected Allocation receive(Request request) {
            final Reply reply = request.reply;
            if (request.write) {
                map.put(request.key, request.value);
                reply.value = request.value;
            } else {
                reply.value = map.getOrDefault(request.key, -1);
            }
            request.from.send(reply);
            return ++served == total ? Allocation.FINISHED : Allocation.NODELETE;
        }
    }

    static final class Client extends Actor<Reply> {
        private final int index;
        private final int requests;
        private final Server server;
        private final Request request = new Request(this);
        /** Written by behaviours only; read by main after stop(). */
        private int replies;
        private int wrong;

        Client(ActorSystem system, int index, int requests, Server server) {
            super(system);
            this.index = index;
            this.requests = requests;
            this.server = server;
        }

        @Override
        protected Allocation receive(Reply reply) {
            if (reply != START) {
                if (reply.value != request.value) {
                    wrong++;
                }
                if (++replies == requests) {
                    return Allocation.FINISHED;
                }
            }
            final Request next = request;
            next.write = DictionaryWork.isWrite(replies);
            next.key = DictionaryWork.key(index, requests, replies);
            next.value = DictionaryWork.value(next.key);
            server.send(next);
            return Allocation.NODELETE;
        }
    }

    @Override
    public long run(RunSpec spec) {
        final int clients = spec.sizes().dictionaryClients();
        final int requests = spec.sizes().dictionaryRequests();
        final ActorSystem system = Toolkit.start(spec);
        final Server server = Toolkit.onWorker(system, 0, s -> new Server(s, (long) clients * requests));
        final Client[] all = new Client[clients];
        for (int i = 0; i < clients; i++) {
            final int index = i;
            all[i] = Toolkit.onWorker(system, Toolkit.clientWorker(system, i),
                    s -> new Client(s, index, requests, server));
        }
        final long start = System.nanoTime();
        for (Client client : all) {
            client.send(START);
        }
        Toolkit.stop(system);
        final long elapsed = System.nanoTime() - start;
        long replies = 0;
        long wrong = 0;
        for (Client client : all) {
            replies += client.replies;
            wrong += client.wrong;
        }
        Toolkit.check("request-reply", "requests served", (long) clients * requests, server.served);
        Toolkit.check("request-reply", "replies received", (long) clients * requests, replies);
        Toolkit.check("request-reply", "wrong replies", 0, wrong);
        Toolkit.check("request-reply", "keys in the map", DictionaryWork.keys(clients, requests), server.map.size());
        return elapsed;
    }
}
