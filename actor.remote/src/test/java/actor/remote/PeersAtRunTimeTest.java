package actor.remote;

import static actor.remote.Eventually.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.testkit.ActorTestKit;
import actor.testkit.TestProbe;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a membership service needs of a node, in one JVM over loopback UDP: peers added and removed
 * at run time ({@link RemoteNode#addPeer}, {@link RemoteNode#removePeer}) under the same trust
 * options as configured ones, names exported on demand ({@link RemoteNode#exportFactory}), and the
 * node's incarnation.
 */
class PeersAtRunTimeTest {

    record Note(int n) {
    }

    private static final byte[] SECRET = "the cluster secret, 32 bytes...".getBytes(StandardCharsets.US_ASCII);

    @TempDir
    static Path temporary;

    private static RemoteConfig.Builder node(String name, String endpoint) {
        return RemoteConfig.builder().name(name).endpoint(endpoint).aeronDirectory(temporary)
                .heartbeatInterval(Duration.ofMillis(20)).peerTimeout(Duration.ofMillis(500))
                .idleStrategy(() -> new BackoffIdleStrategy(1, 1, 1_000, 1_000_000));
    }

    @Test
    @Timeout(30)
    void aPeerAddedAtRunTimeIsSentToWithTheSecretAndAnswersBack() throws Exception {
        final String ea = Ports.freeEndpoint();
        final String eb = Ports.freeEndpoint();
        try (ActorTestKit ka = ActorTestKit.start(); ActorTestKit kb = ActorTestKit.start()) {
            final TestProbe<Note> sinkA = ka.probe();
            final TestProbe<Note> sinkB = kb.probe();
            final RemoteNode a = RemoteNode.start(ka.system(), node("a", ea).secret(SECRET).build(),
                    n -> n.export("sink", Note.class, sinkA.ref()));
            final RemoteNode b = RemoteNode.start(kb.system(), node("b", eb).secret(SECRET).build(),
                    n -> n.export("sink", Note.class, sinkB.ref()));
            assertThrows(IllegalArgumentException.class, () -> a.lookup("b", "sink", Note.class), "not a peer yet");
            assertTrue(a.addPeer("b", eb));
            assertFalse(a.addPeer("b", eb), "a peer already");
            final ActorRef<Note> toB = a.lookup("b", "sink", Note.class);
            for (int i = 0; i < 20; i++) {
                toB.send(new Note(i));
            }
            for (int i = 0; i < 20; i++) {
                assertEquals(new Note(i), sinkB.expectMessage(Duration.ofSeconds(10)));
            }
            awaitTrue("b learned a from its frames", Duration.ofSeconds(10), () -> b.peers().equals(List.of("a")));
            assertFalse(b.addPeer("a", ea), "learned already");
            b.lookup("a", "sink", Note.class).send(new Note(99));
            assertEquals(new Note(99), sinkA.expectMessage(Duration.ofSeconds(10)));
            awaitTrue("confirmed", Duration.ofSeconds(10), () -> a.acknowledgedMessages() == 20 && b.acknowledgedMessages() == 1);
            assertEquals(0, a.rejectedFrames() + b.rejectedFrames());
            assertEquals(List.of("b"), a.peers());
            a.close();
            b.close();
        }
    }

    @Test
    @Timeout(30)
    void addPeerKeepsTheAllowListAndRefusesWhatCannotBeAPeer() throws Exception {
        try (ActorTestKit kit = ActorTestKit.start()) {
            final String ea = Ports.freeEndpoint();
            final RemoteNode a = RemoteNode.start(kit.system(), node("a", ea).allowPeers("c").build());
            final IllegalArgumentException notAllowed = assertThrows(IllegalArgumentException.class,
                    () -> a.addPeer("b", Ports.freeEndpoint()));
            assertTrue(notAllowed.getMessage().contains("not on the allow-list"), notAllowed.getMessage());
            assertThrows(IllegalArgumentException.class, () -> a.addPeer("a", Ports.freeEndpoint()), "itself");
            assertThrows(IllegalArgumentException.class, () -> a.addPeer("c", "localhost:1|mtu=8192"), "no URI syntax");
            final String ec = Ports.freeEndpoint();
            assertTrue(a.addPeer("c", ec));
            final IllegalArgumentException moved = assertThrows(IllegalArgumentException.class,
                    () -> a.addPeer("c", Ports.freeEndpoint()));
            assertTrue(moved.getMessage().contains("remove it first"), moved.getMessage());
            assertEquals(List.of("c"), a.peers());
            a.close();
            assertThrows(IllegalStateException.class, () -> a.addPeer("c", ec), "closed");
        }
    }

    @Test
    @Timeout(30)
    void removingAPeerReportsAtOnceWhatItHadNotConfirmedAndEndsItsReferences() throws Exception {
        try (ActorTestKit kit = ActorTestKit.start()) {
            final RemoteNode a = RemoteNode.start(kit.system(), node("a", Ports.freeEndpoint())
                    .connectTimeout(Duration.ofSeconds(20)).build());
            // Nothing listens there: the sends are held while the peer connects.
            assertTrue(a.addPeer("b", Ports.freeEndpoint()));
            final ActorRef<Note> toB = a.lookup("b", "sink", Note.class);
            for (int i = 0; i < 5; i++) {
                toB.send(new Note(i));
            }
            Thread.sleep(100);
            assertEquals(0, a.undeliveredMessages(), "held while connecting");
            assertTrue(a.removePeer("b"));
            assertFalse(a.removePeer("b"));
            awaitTrue("reported", Duration.ofSeconds(10), () -> a.undeliveredMessages() == 5);
            assertThrows(IllegalArgumentException.class, () -> a.lookup("b", "sink", Note.class));
            assertEquals(List.of(), a.peers());
            awaitTrue("the reference ended", Duration.ofSeconds(10), toB::isTerminated);
            final List<ActorError> errors = kit.takeErrors();
            final List<Object> reported = errors.stream().filter(e -> e instanceof ActorError.RemoteUndelivered)
                    .flatMap(e -> ((ActorError.RemoteUndelivered) e).messages().stream()).toList();
            assertEquals(List.of(new Note(0), new Note(1), new Note(2), new Note(3), new Note(4)), reported);
            assertTrue(errors.stream().allMatch(e -> e instanceof ActorError.RemoteUndelivered u && u.node().equals("b")
                    && u.reason().contains("removed from the peers of node 'a'")), errors.toString());
            a.close();
        }
    }

    /** Records its notes, and terminates on a negative one. */
    static final class Recorder extends Actor<Note> {
        final List<Integer> notes = new CopyOnWriteArrayList<>();

        Recorder(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Note note) {
            notes.add(note.n());
            return note.n() < 0 ? Allocation.DELETE : Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(30)
    void namesExportedOnDemandMakeTheirActorOnTheFirstMessageAndAgainAfterItTerminated() throws Exception {
        final String ea = Ports.freeEndpoint();
        final String eb = Ports.freeEndpoint();
        try (ActorTestKit ka = ActorTestKit.start(); ActorTestKit kb = ActorTestKit.start()) {
            final Map<String, List<Recorder>> made = new ConcurrentHashMap<>();
            final AtomicInteger calls = new AtomicInteger();
            final TestProbe<Note> fixed = kb.probe();
            final RemoteNode b = RemoteNode.start(kb.system(), node("b", eb).build(), n -> {
                n.exportFactory("acc:", Note.class, id -> {
                    calls.incrementAndGet();
                    if (id.equals("none")) {
                        return null;
                    }
                    final Recorder recorder = new Recorder(kb.system());
                    made.computeIfAbsent(id, k -> new CopyOnWriteArrayList<>()).add(recorder);
                    return recorder.ref();
                });
                n.export("acc:fixed", Note.class, fixed.ref());
            });
            assertThrows(IllegalStateException.class, () -> b.exportFactory("acc:x", Note.class, id -> null), "overlaps");
            assertThrows(IllegalArgumentException.class, () -> b.exportFactory("$x", Note.class, id -> null));
            final RemoteNode a = RemoteNode.start(ka.system(), node("a", ea).peer("b", eb).build());
            final ActorRef<Note> x = a.lookup("b", "acc:x", Note.class);
            final ActorRef<Note> y = a.lookup("b", "acc:y", Note.class);
            for (int i = 0; i < 50; i++) {
                x.send(new Note(i));
                y.send(new Note(1000 + i));
            }
            a.lookup("b", "acc:fixed", Note.class).send(new Note(7));
            a.lookup("b", "acc:none", Note.class).send(new Note(8));
            assertEquals(new Note(7), fixed.expectMessage(Duration.ofSeconds(10)), "an export comes first");
            awaitTrue("delivered", Duration.ofSeconds(10), () -> made.containsKey("x") && made.containsKey("y")
                    && made.get("x").get(0).notes.size() == 50 && made.get("y").get(0).notes.size() == 50);
            assertEquals(IntStream.range(0, 50).boxed().toList(), made.get("x").get(0).notes, "in order");
            assertEquals(IntStream.range(1000, 1050).boxed().toList(), made.get("y").get(0).notes);
            assertTrue(b.exportedNames().containsAll(List.of("acc:fixed", "acc:x", "acc:y")), b.exportedNames().toString());
            awaitTrue("the refused name reported", Duration.ofSeconds(10), () -> kb.takeErrors().stream()
                    .anyMatch(e -> e instanceof ActorError.RemoteFailure f && f.problem().contains("'acc:none'")
                            && f.problem().contains("no actor is exported under that name")));
            // x terminates; its name ends with it, and the next message makes a new one.
            x.send(new Note(-1));
            awaitTrue("x's export ended", Duration.ofSeconds(10), () -> !b.exportedNames().contains("acc:x"));
            x.send(new Note(51));
            awaitTrue("made again", Duration.ofSeconds(10), () -> made.get("x").size() == 2
                    && made.get("x").get(1).notes.equals(List.of(51)));
            assertEquals(4, calls.get(), "x twice, y, none: once per name made");
            a.close();
            b.close();
        }
    }

    @Test
    @Timeout(30)
    void eachStartIsANewIncarnation() throws Exception {
        final String endpoint = Ports.freeEndpoint();
        try (ActorTestKit kit = ActorTestKit.start()) {
            final RemoteNode first = RemoteNode.start(kit.system(), node("a", endpoint).build());
            final long incarnation = first.incarnation();
            first.close();
            final RemoteNode second = RemoteNode.start(kit.system(), node("a", endpoint).build());
            assertTrue(incarnation != 0 && second.incarnation() != 0);
            assertFalse(incarnation == second.incarnation());
            second.close();
        }
    }
}
