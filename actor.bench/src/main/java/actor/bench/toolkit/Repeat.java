package actor.bench.toolkit;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.Message;
import actor.api.PoisonPill;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;

/**
 * Repeat: one client fans a request out to {@code repeatServers} servers, which all reply to the
 * client's single mailbox; {@code repeatRounds} rounds. Creation is measured.
 */
public final class Repeat implements Workload {

    static final class Request extends Message {
    }

    static final class Reply extends Message {
    }

    static final Request REQUEST = new Request();
    static final Reply REPLY = new Reply();
    static final Reply START = new Reply();

    static final class Client extends Actor<Reply> {
        private final Server[] servers;
        private final int rounds;
        private int round;
        private int replies;

        Client(ActorSystem system, Server[] servers, int rounds) {
            super(system);
            this.servers = servers;
            this.rounds = rounds;
        }

        @Override
        protected Allocation receive(Reply reply) {
            if (reply != START && ++replies < servers.length) {
                return Allocation.NODELETE;
            }
            if (reply != START) {
                replies = 0;
                if (++round == rounds) {
                    for (Server server : servers) {
                        server.send(PoisonPill.FINISHED);
                    }
                    return Allocation.FINISHED;
                }
            }
            for (Server server : servers) {
                server.send(REQUEST);
            }
            return Allocation.NODELETE;
        }
    }

    static final class Server extends Actor<Request> {
        private Client client;

        Server(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Request request) {
            client.send(REPLY);
            return Allocation.NODELETE;
        }
    }

    @Override
    public long run(RunSpec spec) {
        final int count = spec.sizes().repeatServers();
        final ActorSystem system = Toolkit.start(spec);
        final long start = System.nanoTime();
        final Server[] servers = new Server[count];
        for (int i = 0; i < count; i++) {
            servers[i] = new Server(system);
        }
        final Client client = new Client(system, servers, spec.sizes().repeatRounds());
        for (Server server : servers) {
            server.client = client;
        }
        client.send(START);
        Toolkit.stop(system);
        return System.nanoTime() - start;
    }
}
