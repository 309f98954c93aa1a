package actor.bench.pekko;

import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * Repeat: one client scatters one shared Request to {@code repeatServers} servers and gathers
 * their replies, {@code repeatRounds} times, then stops the servers. Creation of the client and
 * the servers is timed.
 */
public final class PekkoRepeat implements Workload {

    private static final String NAME = "PekkoRepeat";

    private enum Start { INSTANCE }

    private enum Reply { INSTANCE }

    private static final class Request {
        final ActorRef<Reply> client;

        Request(ActorRef<Reply> client) {
            this.client = client;
        }
    }

    /** Stateless, so one immutable behavior serves every server. */
    private static final Behavior<Request> SERVER = Behaviors.receive(Request.class)
            .onMessage(Request.class, request -> {
                request.client.tell(Reply.INSTANCE);
                return Behaviors.same();
            }).build();

    private static final class Client extends AbstractBehavior<Reply> {
        private final List<ActorRef<Request>> servers;
        private final Request request;
        private final int rounds;
        private final CountDownLatch done;
        private int replies;
        private int round;

        Client(ActorContext<Reply> context, int serverCount, int rounds, CountDownLatch done) {
            super(context);
            this.rounds = rounds;
            this.done = done;
            this.request = new Request(context.getSelf());
            this.servers = new ArrayList<>(serverCount);
            for (int i = 0; i < serverCount; i++) {
                servers.add(context.spawnAnonymous(SERVER));
            }
            scatter();
        }

        @Override
        public Receive<Reply> createReceive() {
            return newReceiveBuilder().onMessage(Reply.class, reply -> onReply()).build();
        }

        private Behavior<Reply> onReply() {
            if (++replies < servers.size()) {
                return this;
            }
            replies = 0;
            if (++round < rounds) {
                scatter();
                return this;
            }
            for (ActorRef<Request> server : servers) {
                getContext().stop(server);
            }
            done.countDown();
            return Behaviors.stopped();
        }

        private void scatter() {
            for (int i = 0, size = servers.size(); i < size; i++) {
                servers.get(i).tell(request);
            }
        }
    }

    @Override
    public long run(RunSpec spec) throws Exception {
        final int serverCount = spec.sizes().repeatServers();
        final int rounds = spec.sizes().repeatRounds();
        final CountDownLatch done = new CountDownLatch(1);
        final ActorSystem<Start> guardian = PekkoSystems.start(NAME, spec, Behaviors.setup(context ->
                Behaviors.receive(Start.class).onMessage(Start.class, start -> {
                    context.spawn(Behaviors.<Reply>setup(c -> new Client(c, serverCount, rounds, done)), "client");
                    return Behaviors.empty();
                }).build()));
        return PekkoSystems.timeRun(NAME, guardian, Start.INSTANCE, done);
    }
}
