package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.tuning.MailboxKind;
import actor.api.Message;
import actor.api.PoisonPill;
import actor.api.StatisticsMode;
import actor.stats.Counts;
import actor.steal.VictimSelectors;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Stress: a server whose clients all sit on another worker is moved to them with requests still
 * queued in its mailbox (a feeder's push), while every client keeps two requests in flight and the
 * workers are oversubscribed. Each client's requests reach the server in the order sent, each
 * reply comes back in order, none is lost or run twice, and no wake-up is lost; with every victim
 * selector and both mailbox kinds.
 */
class FeederPushTest {

    private static final int CLIENTS = 12;
    private static final int REQUESTS = 8_000;
    private static final int IN_FLIGHT = 2;

    static final class Request extends Message {
        final SeqClient from;
        final int seq;

        Request(SeqClient from, int seq) {
            this.from = from;
            this.seq = seq;
        }
    }

    static final class Reply extends Message {
        final int seq;

        Reply(int seq) {
            this.seq = seq;
        }
    }

    /** Checks that each client's requests come in order, and answers each. */
    static final class SeqServer extends Actor<Request> {
        /** Behaviours only; read after the clients are done (their latches order it). */
        final int[] lastSeq = new int[CLIENTS];
        int outOfOrder;
        long served;

        SeqServer(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Request request) {
            final int client = request.from.index;
            if (request.seq != lastSeq[client] + 1) {
                outOfOrder++;
            }
            lastSeq[client] = request.seq;
            served++;
            request.from.send(new Reply(request.seq));
            return Allocation.NODELETE;
        }
    }

    /** Keeps {@link #IN_FLIGHT} requests outstanding until {@link #REQUESTS}, checking the replies' order. */
    static final class SeqClient extends Actor<Reply> {
        final int index;
        final CountDownLatch done = new CountDownLatch(1);
        SeqServer server;
        int sent;
        int replies;
        int outOfOrder;

        SeqClient(ActorSystem system, int index) {
            super(system);
            this.index = index;
        }

        @Override
        protected Allocation receive(Reply reply) {
            if (reply.seq == 0) {
                while (sent < IN_FLIGHT) {
                    server.send(new Request(this, ++sent));
                }
                return Allocation.NODELETE;
            }
            if (reply.seq != replies + 1) {
                outOfOrder++;
            }
            replies = reply.seq;
            if (sent < REQUESTS) {
                server.send(new Request(this, ++sent));
            }
            if (replies == REQUESTS) {
                done.countDown();
            }
            return Allocation.NODELETE;
        }
    }

    static Stream<Arguments> configurations() {
        final List<Arguments> all = new ArrayList<>();
        for (MailboxKind kind : MailboxKind.values()) {
            for (String selector : List.of(VictimSelectors.RANDOM, VictimSelectors.LONGEST_VICTIM,
                    VictimSelectors.HIERARCHICAL)) {
                for (int workers : new int[] {2, 4}) {
                    all.add(Arguments.of(kind, selector, workers));
                }
            }
        }
        return all.stream();
    }

    @ParameterizedTest
    @MethodSource("configurations")
    @Timeout(120)
    void aServerMovedWithQueuedRequestsKeepsEveryClientsOrder(MailboxKind kind, String selector, int workers)
            throws Exception {
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("feeder-stress")
                .workers(workers).mailboxKind(kind).victimSelector(selector).statistics(StatisticsMode.ON).build());
        final SeqServer server;
        final List<SeqClient> clients = new ArrayList<>();
        try (system) {
            server = Placed.onWorker(system, 0, SeqServer::new);
            for (int i = 0; i < CLIENTS; i++) {
                final int index = i;
                final SeqClient client = Placed.onWorker(system, 1, s -> new SeqClient(s, index));
                client.server = server;
                clients.add(client);
            }
            for (SeqClient client : clients) {
                client.send(new Reply(0));
            }
            for (SeqClient client : clients) {
                assertTrue(client.done.await(60, TimeUnit.SECONDS), "client " + client.index + " got every reply");
            }
            server.send(PoisonPill.FINISHED);
            for (SeqClient client : clients) {
                client.send(PoisonPill.FINISHED);
            }
        }
        final Counts total = system.statistics().total();
        assertEquals((long) CLIENTS * REQUESTS, server.served, "every request served once");
        assertEquals(0, server.outOfOrder, "requests out of a client's order");
        for (SeqClient client : clients) {
            assertEquals(REQUESTS, client.sent, "client " + client.index + " sent every request");
            assertEquals(0, client.outOfOrder, "replies out of order at client " + client.index);
            assertEquals(REQUESTS, server.lastSeq[client.index], "the server saw client " + client.index + "'s last request");
        }
        assertEquals(0, total.lostWakeUps(), total.toString());
    }
}
