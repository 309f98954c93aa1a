package actor.remote;

import static actor.remote.Eventually.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.PoisonPill;
import actor.remote.codec.UnsupportedMessageTypeException;
import actor.testkit.ActorTestKit;
import actor.testkit.TestProbe;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * References to actors inside messages, between nodes in one JVM: a request carries its reply-to
 * and the reply goes back over the wire; a reference comes home as the actor's own and travels on
 * to a third node as the original actor; the exports made for references end with their actors;
 * {@code ask} works against a remote actor.
 */
class ReferencesTest {

    /** A request whose reply-to is an actor of the sending node. */
    record Request(int n, ActorRef<Reply> replyTo) {
    }

    record Reply(int n) {
    }

    /** Text for an actor of a third node. */
    record Note(String text) {
    }

    /** Asks the relay to send {@code text} to {@code to} and to answer {@code back} with both references. */
    record Forward(ActorRef<Note> to, String text, ActorRef<Echo> back) {
    }

    record Echo(ActorRef<Note> to, ActorRef<Echo> back) {
    }

    record Lists(ActorRef<List<String>> replyTo) {
    }

    /** Answers each request to its reply-to, and keeps the reply-tos it saw. */
    static final class Server extends Actor<Request> {
        final Set<ActorRef<Reply>> replyTos = ConcurrentHashMap.newKeySet();

        Server(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Request request) {
            replyTos.add(request.replyTo());
            request.replyTo().send(new Reply(request.n()));
            return Allocation.NODELETE;
        }
    }

    /** Sends each note on, and echoes the references it was given. */
    static final class Relay extends Actor<Forward> {
        Relay(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Forward forward) {
            forward.to().send(new Note(forward.text()));
            forward.back().send(new Echo(forward.to(), forward.back()));
            return Allocation.NODELETE;
        }
    }

    @TempDir
    static Path temporary;

    private static RemoteConfig.Builder node(String name, String endpoint) {
        return RemoteConfig.builder().name(name).endpoint(endpoint).aeronDirectory(temporary)
                .idleStrategy(() -> new org.agrona.concurrent.BackoffIdleStrategy(1, 1, 1_000, 1_000_000));
    }

    private static List<String> generated(RemoteNode node) {
        return node.exportedNames().stream().filter(name -> name.startsWith("$")).toList();
    }

    @Test
    @Timeout(30)
    void aRequestCarriesItsReplyToAndEveryReplyComesBackInOrder() throws Exception {
        final String ea = Ports.freeEndpoint();
        final String eb = Ports.freeEndpoint();
        final int requests = 200;
        try (ActorTestKit ka = ActorTestKit.start(); ActorTestKit kb = ActorTestKit.start()) {
            final RemoteNode a = RemoteNode.start(ka.system(), node("a", ea).peer("b", eb).build());
            final Server server = new Server(kb.system());
            final RemoteNode b = RemoteNode.start(kb.system(), node("b", eb).build(), n -> n.export("server", Request.class, server.ref()));
            final TestProbe<Reply> client = ka.probe();
            final ActorRef<Request> remote = a.lookup("b", "server", Request.class);
            for (int n = 0; n < requests; n++) {
                remote.send(new Request(n, client.ref()));
            }
            assertEquals(IntStream.range(0, requests).mapToObj(Reply::new).toList(),
                    client.receiveMessages(requests, Duration.ofSeconds(10)));
            final List<String> names = generated(a);
            assertEquals(1, names.size(), "the client exported once: " + a.exportedNames());
            assertEquals(1, server.replyTos.size(), "every request decoded to one reference");
            assertSame(server.replyTos.iterator().next(), b.lookup("a", names.get(0), Reply.class),
                    "the proxy a lookup of the client returns");
            assertEquals(List.of(), generated(b), "the server's replies carry no reference");
            awaitTrue("all confirmed", Duration.ofSeconds(5),
                    () -> a.acknowledgedMessages() == requests && b.acknowledgedMessages() == requests);
            b.close();
            a.close();
            assertEquals(0, a.undeliveredMessages() + b.undeliveredMessages());
        }
    }

    @Test
    @Timeout(30)
    void aReferenceComesHomeAsTheActorsOwnAndTravelsOnToAThirdNodeAsTheOriginalActor() throws Exception {
        final String ea = Ports.freeEndpoint();
        final String eb = Ports.freeEndpoint();
        final String ec = Ports.freeEndpoint();
        try (ActorTestKit ka = ActorTestKit.start(); ActorTestKit kb = ActorTestKit.start(); ActorTestKit kc = ActorTestKit.start()) {
            final TestProbe<Note> target = kc.probe();
            final RemoteNode c = RemoteNode.start(kc.system(), node("c", ec).build(), n -> n.export("target", Note.class, target.ref()));
            final Relay relay = new Relay(kb.system());
            final RemoteNode b = RemoteNode.start(kb.system(), node("b", eb).build(), n -> n.export("relay", Forward.class, relay.ref()));
            final RemoteNode a = RemoteNode.start(ka.system(), node("a", ea).peer("b", eb).peer("c", ec).build());
            final ActorRef<Note> toTarget = a.lookup("c", "target", Note.class);
            final TestProbe<Echo> back = ka.probe();
            a.lookup("b", "relay", Forward.class).send(new Forward(toTarget, "via b", back.ref()));
            assertEquals(new Note("via b"), target.expectMessage(Duration.ofSeconds(10)), "b sent to c's actor itself");
            final Echo echo = back.expectMessage(Duration.ofSeconds(10));
            assertSame(toTarget, echo.to(), "c's actor, as a's own proxy of it");
            assertSame(back.ref(), echo.back(), "a's own actor came home as its own reference");
            assertEquals(List.of("a", "c"), b.peers(), "b learned a from its messages and c from the reference");
            assertEquals(List.of("a", "b"), c.peers(), "c learned a from its heartbeats and b from its message");
            assertEquals(List.of(), generated(b), "b sent only references it had received");
            a.close();
            b.close();
            c.close();
            assertEquals(0, a.undeliveredMessages() + b.undeliveredMessages() + c.undeliveredMessages());
        }
    }

    @Test
    @Timeout(30)
    void theExportMadeForAReferenceEndsWithItsActorAndALateReplyIsReportedWhereItArrives() throws Exception {
        final String ea = Ports.freeEndpoint();
        final String eb = Ports.freeEndpoint();
        try (ActorTestKit ka = ActorTestKit.start(); ActorTestKit kb = ActorTestKit.start()) {
            final RemoteNode a = RemoteNode.start(ka.system(), node("a", ea).peer("b", eb).build());
            final Server server = new Server(kb.system());
            final RemoteNode b = RemoteNode.start(kb.system(), node("b", eb).build(), n -> n.export("server", Request.class, server.ref()));
            final ActorRef<Request> remote = a.lookup("b", "server", Request.class);
            final TestProbe<Reply> first = ka.probe();
            remote.send(new Request(1, first.ref()));
            assertEquals(new Reply(1), first.expectMessage(Duration.ofSeconds(10)));
            final List<String> firstName = generated(a);
            assertEquals(1, firstName.size());
            first.send(PoisonPill.FINISHED);
            awaitTrue("the export ended with its actor", Duration.ofSeconds(5), () -> generated(a).isEmpty());
            server.replyTos.iterator().next().send(new Reply(2));
            awaitTrue("the late reply handled by a (confirmed to b)", Duration.ofSeconds(5), () -> b.acknowledgedMessages() == 2);
            assertEquals(1, a.receivedMessages(), "the late reply was not delivered");
            final List<ActorError> errors = ka.takeErrors();
            assertEquals(1, errors.size(), errors.toString());
            assertTrue(assertInstanceOf(ActorError.RemoteFailure.class, errors.get(0)).problem()
                    .contains("to actor '" + firstName.get(0) + "' not delivered: no actor is exported under that name here"),
                    errors.get(0).describe());
            final TestProbe<Request> inbox = ka.probe();
            a.export("inbox", Request.class, inbox.ref());
            b.lookup("a", "inbox", Request.class).send(new Request(4, server.replyTos.iterator().next()));
            awaitTrue("the request with the ended reference handled by a", Duration.ofSeconds(5), () -> b.acknowledgedMessages() == 3);
            final List<ActorError> stale = ka.takeErrors();
            assertEquals(1, stale.size(), stale.toString());
            assertTrue(assertInstanceOf(ActorError.RemoteFailure.class, stale.get(0)).failure().getMessage()
                    .equals("a reference to actor '" + firstName.get(0) + "' of this node, which is not exported (any more: "
                            + "its actor terminated, or this node restarted since)"), stale.get(0).describe());
            assertEquals(0, inbox.pending());
            final TestProbe<Reply> second = ka.probe();
            remote.send(new Request(3, second.ref()));
            assertEquals(new Reply(3), second.expectMessage(Duration.ofSeconds(10)));
            assertEquals(1, generated(a).size());
            assertNotEquals(firstName, generated(a), "a new actor, a new name");
            b.close();
            a.close();
        }
    }

    @Test
    @Timeout(30)
    void askWorksAgainstARemoteActorAndItsReplyToEndsWithTheAsk() throws Exception {
        final String ea = Ports.freeEndpoint();
        final String eb = Ports.freeEndpoint();
        final int asks = 20;
        try (ActorTestKit ka = ActorTestKit.start(); ActorTestKit kb = ActorTestKit.start()) {
            final RemoteNode a = RemoteNode.start(ka.system(), node("a", ea).peer("b", eb).build());
            final Server server = new Server(kb.system());
            final RemoteNode b = RemoteNode.start(kb.system(), node("b", eb).build(), n -> n.export("server", Request.class, server.ref()));
            final ActorRef<Request> remote = a.lookup("b", "server", Request.class);
            final List<CompletableFuture<Reply>> answers = new ArrayList<>();
            for (int n = 0; n < asks; n++) {
                final int question = n;
                answers.add(ka.system().ask(remote, replyTo -> new Request(question, replyTo), Duration.ofSeconds(10)));
            }
            for (int n = 0; n < asks; n++) {
                assertEquals(new Reply(n), answers.get(n).get(10, TimeUnit.SECONDS));
            }
            assertEquals(asks, server.replyTos.size(), "one reply-to per ask");
            awaitTrue("the asks' exports ended with them", Duration.ofSeconds(5), () -> generated(a).isEmpty());
            b.close();
            a.close();
            assertEquals(0, a.undeliveredMessages() + b.undeliveredMessages());
        }
    }

    @Test
    @Timeout(30)
    void aReferenceWhoseMessagesCannotBeEncodedIsRefusedAtRegistrationAndGeneratedNamesAreTheNodes() throws Exception {
        try (ActorTestKit ka = ActorTestKit.start()) {
            final RemoteNode a = RemoteNode.start(ka.system(), node("a", Ports.freeEndpoint()).peer("b", Ports.freeEndpoint()).build());
            final UnsupportedMessageTypeException lists = assertThrows(UnsupportedMessageTypeException.class,
                    () -> a.lookup("b", "x", Lists.class));
            assertTrue(lists.getMessage().startsWith("no codec takes java.util.List (the message type of a reference to an actor in "
                    + Lists.class.getName() + ")"), lists.getMessage());
            final IllegalArgumentException reserved = assertThrows(IllegalArgumentException.class,
                    () -> a.export("$mine", Reply.class, ka.<Reply>probe().ref()));
            assertTrue(reserved.getMessage().contains("names starting with '$' are the node's own"), reserved.getMessage());
            a.close();
        }
    }
}
