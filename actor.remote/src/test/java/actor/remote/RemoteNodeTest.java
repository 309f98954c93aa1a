package actor.remote;

import static actor.remote.Eventually.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.remote.codec.UnsupportedMessageTypeException;
import actor.testkit.ActorTestKit;
import actor.testkit.TestProbe;
import actor.remote.internal.Frames;
import io.aeron.Aeron;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two or three nodes in one JVM, each with its own system and embedded driver, over UDP on the
 * loopback interface: delivery and order, confirmations, and every way a message can fail to be
 * delivered, each reported exactly once. The invariant checked throughout: once the sending node
 * has closed, every message sent is either confirmed or reported undelivered, never both, never
 * neither.
 */
class RemoteNodeTest {

    sealed interface Protocol permits Ping, Pong, Seq {
    }

    record Ping(int n, String text) implements Protocol {
    }

    record Pong(int n) implements Protocol {
    }

    record Seq(int sender, long n) implements Protocol {
    }

    record Other(long x) {
    }

    /** Answers each ping with a pong to the node "a"'s actor "pinger". */
    static final class Ponger extends Actor<Ping> {
        private final ActorRef<Pong> replyTo;

        Ponger(ActorSystem system, ActorRef<Pong> replyTo) {
            super(system);
            this.replyTo = replyTo;
        }

        @Override
        protected Allocation receive(Ping ping) {
            replyTo.send(new Pong(ping.n()));
            return Allocation.NODELETE;
        }
    }

    /** Counts sequences and checks that each sender's arrive in order. */
    static final class Sequencer extends Actor<Seq> {
        final AtomicLong received = new AtomicLong();
        final AtomicLong outOfOrder = new AtomicLong();
        private final long[] next = new long[16];
        private final CountDownLatch done;

        Sequencer(ActorSystem system, long expected) {
            super(system);
            this.done = new CountDownLatch(1);
            this.expected = expected;
        }

        private final long expected;

        @Override
        protected Allocation receive(Seq seq) {
            if (seq.n() != next[seq.sender()]) {
                outOfOrder.incrementAndGet();
            }
            next[seq.sender()] = seq.n() + 1;
            if (received.incrementAndGet() == expected) {
                done.countDown();
            }
            return Allocation.NODELETE;
        }

        boolean await(Duration timeout) throws InterruptedException {
            return done.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /** Where the nodes of these tests make their drivers' directories, so a failed test leaves none behind. */
    @TempDir
    static Path temporary;

    private static RemoteConfig.Builder node(String name, String endpoint) {
        return RemoteConfig.builder().name(name).endpoint(endpoint).aeronDirectory(temporary)
                .idleStrategy(() -> new org.agrona.concurrent.BackoffIdleStrategy(1, 1, 1_000, 1_000_000));
    }

    private static List<ActorError.RemoteUndelivered> undelivered(List<ActorError> errors) {
        return errors.stream().filter(ActorError.RemoteUndelivered.class::isInstance)
                .map(ActorError.RemoteUndelivered.class::cast).toList();
    }

    @Test
    @Timeout(30)
    void pingPongRoundTripsInOrderAndEveryMessageIsConfirmed() throws Exception {
        final String ea = Ports.freeEndpoint();
        final String eb = Ports.freeEndpoint();
        final int rounds = 200;
        try (ActorTestKit ka = ActorTestKit.start(); ActorTestKit kb = ActorTestKit.start()) {
            final RemoteNode a = RemoteNode.start(ka.system(), node("a", ea).peer("b", eb).build());
            final RemoteNode b = RemoteNode.start(kb.system(), node("b", eb).peer("a", ea).build());
            final TestProbe<Pong> pinger = ka.probe();
            a.export("pinger", Pong.class, pinger.ref());
            b.export("ponger", Ping.class, new Ponger(kb.system(), b.lookup("a", "pinger", Pong.class)).ref());
            final ActorRef<Ping> ponger = a.lookup("b", "ponger", Ping.class);
            assertEquals(ponger, a.lookup("b", "ponger", Ping.class), "one proxy per remote actor");
            for (int i = 0; i < rounds; i++) {
                ponger.send(new Ping(i, "round " + i));
                assertEquals(new Pong(i), pinger.expectMessage(Duration.ofSeconds(10)));
            }
            awaitTrue("a's pings confirmed", Duration.ofSeconds(5), () -> a.acknowledgedMessages() == rounds);
            awaitTrue("b's pongs confirmed", Duration.ofSeconds(5), () -> b.acknowledgedMessages() == rounds);
            assertEquals(rounds, a.sentMessages());
            assertEquals(rounds, b.receivedMessages());
            assertEquals(rounds, a.receivedMessages());
            assertEquals(PeerState.CONNECTED, a.peerState("b"));
            b.close();
            a.close();
            assertEquals(0, a.undeliveredMessages() + b.undeliveredMessages());
        }
    }

    @Test
    @Timeout(30)
    void aBurstFromSeveralThreadsArrivesInOrderPerSender() throws Exception {
        final String ea = Ports.freeEndpoint();
        final String eb = Ports.freeEndpoint();
        final int senders = 3;
        final int perSender = 20_000;
        try (ActorTestKit ka = ActorTestKit.start(); ActorTestKit kb = ActorTestKit.start()) {
            // A burst outruns any receiver: the proxy may hold it all while Aeron pushes back.
            final RemoteNode a = RemoteNode.start(ka.system(), node("a", ea).peer("b", eb)
                    .maxPendingMessages(senders * perSender).build());
            final RemoteNode b = RemoteNode.start(kb.system(), node("b", eb).build());
            awaitTrue("b connected", Duration.ofSeconds(5), () -> a.peerState("b") == PeerState.CONNECTED);
            final Sequencer sequencer = new Sequencer(kb.system(), (long) senders * perSender);
            b.export("seq", Seq.class, sequencer.ref());
            final ActorRef<Seq> remote = a.lookup("b", "seq", Seq.class);
            final List<Thread> threads = new ArrayList<>();
            for (int s = 0; s < senders; s++) {
                final int sender = s;
                final Thread thread = new Thread(() -> {
                    for (long n = 0; n < perSender; n++) {
                        remote.send(new Seq(sender, n));
                    }
                });
                thread.start();
                threads.add(thread);
            }
            for (Thread thread : threads) {
                thread.join();
            }
            assertTrue(sequencer.await(Duration.ofSeconds(20)), "received " + sequencer.received.get());
            assertEquals(0, sequencer.outOfOrder.get());
            awaitTrue("every message confirmed", Duration.ofSeconds(5),
                    () -> a.acknowledgedMessages() == (long) senders * perSender);
            a.close();
            b.close();
            assertEquals(0, a.undeliveredMessages());
            assertEquals((long) senders * perSender, b.receivedMessages());
        }
    }

    /**
     * An Aeron subscriber at {@code endpoint} that never polls and, once it has introduced itself,
     * never answers: a peer stuck, or silent.
     */
    private record StuckPeer(MediaDriver driver, Aeron aeron, Subscription subscription) implements AutoCloseable {
        static StuckPeer at(String endpoint, Path directory) {
            final MediaDriver driver = MediaDriver.launch(new MediaDriver.Context()
                    .aeronDirectoryName(directory.resolve("stuck").toString()).threadingMode(ThreadingMode.SHARED)
                    .sharedIdleStrategy(new SleepingMillisIdleStrategy(1)).dirDeleteOnStart(true).dirDeleteOnShutdown(true));
            final Aeron aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(driver.aeronDirectoryName()));
            return new StuckPeer(driver, aeron, aeron.addSubscription("aeron:udp?endpoint=" + endpoint, RemoteConfig.DEFAULT_STREAM_ID));
        }

        /**
         * Sends the node at {@code to} one STATUS as node {@code name} at {@code endpoint}, as a node
         * does first: the epoch to address its DATA at, without which none is sent to it.
         */
        void introduce(String name, String endpoint, String to) throws InterruptedException {
            final Publication publication = aeron.addPublication("aeron:udp?endpoint=" + to, RemoteConfig.DEFAULT_STREAM_ID);
            final byte[] status = Frames.status(name, endpoint, 42);
            awaitTrue("the stuck peer's publication connected", Duration.ofSeconds(5),
                    () -> publication.offer(new UnsafeBuffer(status)) > 0);
        }

        @Override
        public void close() {
            aeron.close();
            driver.close();
        }
    }

    /** The sequence numbers of the reported messages, each once, or an assertion error. */
    private static TreeSet<Long> reportedSequence(List<ActorError.RemoteUndelivered> reports) {
        final TreeSet<Long> seen = new TreeSet<>();
        for (ActorError.RemoteUndelivered report : reports) {
            for (Object message : report.messages()) {
                assertTrue(seen.add(((Seq) message).n()), "reported twice: " + message);
            }
        }
        return seen;
    }

    private static TreeSet<Long> range(long from, long to) {
        final TreeSet<Long> all = new TreeSet<>();
        for (long n = from; n < to; n++) {
            all.add(n);
        }
        return all;
    }

    @Test
    @Timeout(30)
    void aPeerThatStopsReadingHasBatchesHeldUpToTheBoundAndTheRestReported(@TempDir Path dir) throws Exception {
        final String ea = Ports.freeEndpoint();
        final String es = Ports.freeEndpoint();
        final int total = 20_000;
        try (ActorTestKit ka = ActorTestKit.start(); StuckPeer stuck = StuckPeer.at(es, dir)) {
            final RemoteNode a = RemoteNode.start(ka.system(), node("a", ea).peer("stuck", es)
                    .termLength(RemoteConfig.MIN_TERM_LENGTH).maxPendingMessages(500)
                    .peerTimeout(Duration.ofSeconds(30)).closeTimeout(Duration.ZERO).build());
            stuck.introduce("stuck", es, ea);
            awaitTrue("the stuck peer connected", Duration.ofSeconds(5), () -> a.peerState("stuck") == PeerState.CONNECTED);
            awaitTrue("the stuck peer has an image of a's publication, which it never polls", Duration.ofSeconds(5),
                    () -> stuck.subscription().imageCount() == 1);
            final ActorRef<Seq> ref = a.lookup("stuck", "seq", Seq.class);
            for (long n = 0; n < total; n++) {
                ref.send(new Seq(0, n));
            }
            awaitTrue("overflow reported", Duration.ofSeconds(10), () -> a.undeliveredMessages() >= total - 500 - a.sentMessages());
            a.close();
            assertEquals(0, a.acknowledgedMessages(), "the stuck peer confirmed nothing");
            assertEquals(total, a.undeliveredMessages(), "every message reported once the node closed");
            final List<ActorError.RemoteUndelivered> reports = undelivered(ka.takeErrors());
            assertEquals(range(0, total), reportedSequence(reports));
            assertTrue(reports.stream().anyMatch(r -> r.reason().startsWith("back-pressure")), reports.get(0).describe());
            assertTrue(reports.stream().anyMatch(r -> r.reason().contains("closed before")), reports.get(0).describe());
            assertTrue(a.sentMessages() > 0 && a.sentMessages() < total, "sent until the window filled: " + a.sentMessages());
        }
    }

    @Test
    @Timeout(30)
    void aSilentPeerIsLostAfterThePeerTimeoutWithWhatItDidNotConfirmReported(@TempDir Path dir) throws Exception {
        final String ea = Ports.freeEndpoint();
        final String es = Ports.freeEndpoint();
        try (ActorTestKit ka = ActorTestKit.start(); StuckPeer silent = StuckPeer.at(es, dir)) {
            final RemoteNode a = RemoteNode.start(ka.system(), node("a", ea).peer("silent", es)
                    .heartbeatInterval(Duration.ofMillis(50)).peerTimeout(Duration.ofMillis(300)).build());
            silent.introduce("silent", es, ea);
            awaitTrue("connected", Duration.ofSeconds(5), () -> a.peerState("silent") == PeerState.CONNECTED);
            awaitTrue("the silent peer has an image of a's publication, and never answers", Duration.ofSeconds(5),
                    () -> silent.subscription().imageCount() == 1);
            final ActorRef<Seq> ref = a.lookup("silent", "seq", Seq.class);
            for (long n = 0; n < 100; n++) {
                ref.send(new Seq(0, n));
            }
            awaitTrue("lost", Duration.ofSeconds(5), () -> a.peerState("silent") == PeerState.LOST);
            awaitTrue("reported", Duration.ofSeconds(5), () -> a.undeliveredMessages() == 100);
            assertEquals(100, a.sentMessages(), "sent, but never confirmed");
            ref.send(new Seq(0, 100));
            awaitTrue("a send to a lost peer is reported at once", Duration.ofSeconds(5), () -> a.undeliveredMessages() == 101);
            a.close();
            final List<ActorError.RemoteUndelivered> reports = undelivered(ka.takeErrors());
            assertEquals(range(0, 101), reportedSequence(reports));
            assertTrue(reports.get(0).reason().contains("silent for more than the peer timeout, 300 ms"), reports.get(0).reason());
            assertTrue(reports.get(reports.size() - 1).reason().startsWith("node 'silent' is lost"));
        }
    }

    @Test
    @Timeout(30)
    void messagesForAPeerThatNeverConnectsAreHeldThenReported() throws Exception {
        final String ea = Ports.freeEndpoint();
        try (ActorTestKit ka = ActorTestKit.start()) {
            final RemoteNode a = RemoteNode.start(ka.system(), node("a", ea).peer("absent", Ports.freeEndpoint())
                    .connectTimeout(Duration.ofMillis(300)).build());
            final ActorRef<Seq> ref = a.lookup("absent", "seq", Seq.class);
            for (long n = 0; n < 10; n++) {
                ref.send(new Seq(0, n));
            }
            assertEquals(PeerState.CONNECTING, a.peerState("absent"));
            awaitTrue("reported after the connect timeout", Duration.ofSeconds(5), () -> a.undeliveredMessages() == 10);
            assertEquals(PeerState.LOST, a.peerState("absent"));
            assertEquals(0, a.sentMessages());
            a.close();
            final List<ActorError.RemoteUndelivered> reports = undelivered(ka.takeErrors());
            assertEquals(range(0, 10), reportedSequence(reports));
            assertTrue(reports.get(0).reason().contains("not connected within 300 ms"), reports.get(0).reason());
        }
    }

    @Test
    @Timeout(30)
    void aClosedPeerIsLostAtOnceAndWhenItComesBackItIsSentToAgain() throws Exception {
        final String ea = Ports.freeEndpoint();
        final String eb = Ports.freeEndpoint();
        try (ActorTestKit ka = ActorTestKit.start(); ActorTestKit kb = ActorTestKit.start()) {
            final RemoteNode a = RemoteNode.start(ka.system(), node("a", ea).peer("b", eb).build());
            final RemoteNode b = RemoteNode.start(kb.system(), node("b", eb).peer("a", ea).build());
            final TestProbe<Seq> first = kb.probe();
            b.export("seq", Seq.class, first.ref());
            final ActorRef<Seq> ref = a.lookup("b", "seq", Seq.class);
            for (long n = 0; n < 10; n++) {
                ref.send(new Seq(0, n));
            }
            assertEquals(10, first.receiveMessages(10, Duration.ofSeconds(10)).size());
            awaitTrue("confirmed", Duration.ofSeconds(5), () -> a.acknowledgedMessages() == 10);
            b.close();
            awaitTrue("lost", Duration.ofSeconds(5), () -> a.peerState("b") == PeerState.LOST);
            for (long n = 10; n < 15; n++) {
                ref.send(new Seq(0, n));
            }
            awaitTrue("reported at once", Duration.ofSeconds(5), () -> a.undeliveredMessages() == 5);

            final RemoteNode again = RemoteNode.start(kb.system(), node("b", eb).peer("a", ea).build());
            final TestProbe<Seq> second = kb.probe();
            again.export("seq", Seq.class, second.ref());
            awaitTrue("reconnected", Duration.ofSeconds(10), () -> a.peerState("b") == PeerState.CONNECTED);
            for (long n = 15; n < 25; n++) {
                ref.send(new Seq(0, n));
            }
            final List<Seq> after = second.receiveMessages(10, Duration.ofSeconds(10));
            assertEquals(range(15, 25).stream().map(n -> new Seq(0, n)).toList(), after);
            awaitTrue("confirmed", Duration.ofSeconds(5), () -> a.acknowledgedMessages() == 20);
            again.close();
            a.close();
            assertEquals(range(10, 15), reportedSequence(undelivered(ka.takeErrors())));
            assertEquals(25, a.acknowledgedMessages() + a.undeliveredMessages());
        }
    }

    @Test
    @Timeout(30)
    void messagesThatArriveAndCannotBeDeliveredAreReportedWhereTheyArrive() throws Exception {
        final String ea = Ports.freeEndpoint();
        final String eb = Ports.freeEndpoint();
        try (ActorTestKit ka = ActorTestKit.start(); ActorTestKit kb = ActorTestKit.start()) {
            final RemoteNode a = RemoteNode.start(ka.system(), node("a", ea).peer("b", eb).build());
            final RemoteNode b = RemoteNode.start(kb.system(), node("b", eb).build());
            final TestProbe<Pong> pongs = kb.probe();
            final TestProbe<Ping> pings = kb.probe();
            b.export("pongs", Pong.class, pongs.ref());
            b.export("pings", Ping.class, pings.ref());
            a.lookup("b", "nobody", Pong.class).send(new Pong(1));
            a.lookup("b", "pongs", Protocol.class).send(new Ping(2, "to the wrong actor"));
            a.lookup("b", "pongs", Other.class).send(new Other(3));
            a.lookup("b", "pongs", Pong.class).send(new Pong(4));
            assertEquals(new Pong(4), pongs.expectMessage(Duration.ofSeconds(10)));
            awaitTrue("all four confirmed as handled", Duration.ofSeconds(5), () -> a.acknowledgedMessages() == 4);
            final List<String> problems = kb.takeErrors().stream().map(e -> assertInstanceOf(ActorError.RemoteFailure.class, e))
                    .map(ActorError.RemoteFailure::problem).toList();
            final String all = String.join("\n", problems);
            assertTrue(all.contains("1 of 1 message(s) from node 'a' to actor 'nobody' not delivered: no actor is "
                    + "exported under that name here"), all);
            assertTrue(all.contains("a " + Ping.class.getName() + ", which the actor, exported for " + Pong.class.getName()
                    + ", does not accept"), all);
            assertTrue(all.contains("which this node has not registered"), all);
            assertEquals(3, problems.stream().mapToInt(p -> Integer.parseInt(p.substring(0, p.indexOf(' ')))).sum(),
                    "three messages not delivered, in one report per batch: " + all);
            assertEquals(1, b.receivedMessages());
            assertEquals(List.of("a"), b.peers(), "a peer learned from its messages");
            assertEquals(0, pings.pending());
            b.close();
            a.close();
        }
    }

    @Test
    @Timeout(30)
    void deadLettersCountWhatATerminatedActorOfTheSystemRefusedAndRemoteLossesCountOnTheNode() throws Exception {
        final String ea = Ports.freeEndpoint();
        final String eb = Ports.freeEndpoint();
        try (ActorTestKit ka = ActorTestKit.start(); ActorTestKit kb = ActorTestKit.start()) {
            final TestProbe<Seq> ended = kb.probe();
            final RemoteNode b = RemoteNode.start(kb.system(), node("b", eb).build(), n -> n.export("ended", Seq.class, ended.ref()));
            // Long enough for b to connect on a loaded machine; "absent" never does.
            final RemoteNode a = RemoteNode.start(ka.system(), node("a", ea).peer("b", eb)
                    .peer("absent", Ports.freeEndpoint()).connectTimeout(Duration.ofSeconds(2)).build());
            awaitTrue("b connected", Duration.ofSeconds(2), () -> a.peerState("b") == PeerState.CONNECTED);
            ended.send(actor.api.PoisonPill.FINISHED);
            awaitTrue("the exported actor terminated", Duration.ofSeconds(5), ended::isTerminated);
            final ActorRef<Seq> toEnded = a.lookup("b", "ended", Seq.class);
            final ActorRef<Seq> toAbsent = a.lookup("absent", "x", Seq.class);
            for (long n = 0; n < 5; n++) {
                toEnded.send(new Seq(0, n));
                toAbsent.send(new Seq(0, n));
            }
            awaitTrue("the lost ones reported", Duration.ofSeconds(5), () -> a.undeliveredMessages() == 5);
            awaitTrue("the others confirmed", Duration.ofSeconds(5), () -> a.acknowledgedMessages() == 5);
            assertEquals(0, ka.system().deadLetters(), "not known delivered is not a dead letter: it may have arrived");
            assertEquals(5, kb.system().deadLetters(), "refused by a terminated actor of b's system");
            assertEquals(5, b.receivedMessages(), "handed to the exported actor's reference");
            assertEquals(5, undelivered(ka.takeErrors()).stream().mapToInt(r -> r.messages().size()).sum());
            assertEquals(5, kb.takeErrors().stream().filter(ActorError.DeadLetter.class::isInstance).count());
            b.close();
            a.close();
        }
    }

    record Tags(List<String> tags) {
    }

    @Test
    @Timeout(30)
    void misuseFailsAtTheCallWithTheReason() throws Exception {
        final String ea = Ports.freeEndpoint();
        try (ActorTestKit ka = ActorTestKit.start()) {
            final RemoteNode a = RemoteNode.start(ka.system(), node("a", ea).peer("b", Ports.freeEndpoint()).build());
            final TestProbe<Pong> probe = ka.probe();
            a.export("x", Pong.class, probe.ref());
            assertTrue(assertThrows(IllegalStateException.class, () -> a.export("x", Pong.class, probe.ref()))
                    .getMessage().contains("already exported as 'x'"));
            assertTrue(assertThrows(IllegalArgumentException.class, () -> a.lookup("c", "x", Pong.class))
                    .getMessage().contains("unknown node 'c'"));
            assertTrue(assertThrows(UnsupportedMessageTypeException.class, () -> a.lookup("b", "x", Tags.class))
                    .getMessage().contains("Tags.tags has type java.util.List<java.lang.String>"));
            assertThrows(IllegalArgumentException.class, () -> a.lookup("b", "", Pong.class));
            assertTrue(a.unexport("x"));
            assertTrue(!a.unexport("x"));
            final RuntimeException taken = assertThrows(RuntimeException.class,
                    () -> RemoteNode.start(ka.system(), node("other", ea).build()));
            assertTrue(String.valueOf(taken.getMessage()).contains(ea.substring(ea.indexOf(':') + 1)), String.valueOf(taken));
            a.close();
            assertThrows(IllegalStateException.class, () -> a.lookup("b", "x", Pong.class));
            assertThrows(IllegalStateException.class, () -> a.export("y", Pong.class, probe.ref()));
        }
        final ActorSystem stopped = ActorSystem.start(1);
        stopped.stop();
        assertThrows(IllegalStateException.class, () -> RemoteNode.start(stopped, node("z", Ports.freeEndpoint()).build()));
    }

    @Test
    @Timeout(30)
    void closingDeletesTheDriversDirectoryAndEndsTheReferences(@TempDir Path dir) throws Exception {
        final String ea = Ports.freeEndpoint();
        try (ActorTestKit ka = ActorTestKit.start()) {
            final RemoteNode a = RemoteNode.start(ka.system(), node("a", ea).peer("b", Ports.freeEndpoint())
                    .aeronDirectory(dir).build());
            assertEquals(1, listed(dir), "the embedded driver's directory");
            final ActorRef<Pong> ref = a.lookup("b", "x", Pong.class);
            a.close();
            a.close();
            assertEquals(0, listed(dir));
            ref.send(new Pong(1));
            final List<ActorError> errors = ka.takeErrors();
            assertEquals(1, errors.size(), errors.toString());
            assertEquals(new Pong(1), assertInstanceOf(ActorError.DeadLetter.class, errors.get(0)).message());
            assertNotEquals(0, ka.system().deadLetters());
        }
    }

    private static long listed(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.count();
        }
    }

    @Test
    @Timeout(30)
    void aSecondNodeOfTheSameNameAndEndpointIsRefusedWhileTheFirstRunsAndStartsOnceItClosed(@TempDir Path dir) throws Exception {
        final String ea = Ports.freeEndpoint();
        try (ActorTestKit ka = ActorTestKit.start()) {
            final RemoteNode first = RemoteNode.start(ka.system(), node("a", ea).aeronDirectory(dir).build());
            final IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> RemoteNode.start(ka.system(), node("a", ea).aeronDirectory(dir).build()));
            assertTrue(refused.getMessage().startsWith("the media driver directory " + dir.resolve("actor.remote-a-"
                    + ea.replace(':', '_')) + " is in use by a running node"), refused.getMessage());
            assertEquals(1, listed(dir), "the first node's directory, untouched");
            first.close();
            final RemoteNode again = RemoteNode.start(ka.system(), node("a", ea).aeronDirectory(dir).build());
            assertEquals(1, listed(dir));
            again.close();
            assertEquals(0, listed(dir));
        }
    }

    @Test
    @Timeout(30)
    void exportsMadeInTheSetupAreInPlaceBeforeTheFirstMessageArrives() throws Exception {
        final String ea = Ports.freeEndpoint();
        final String eb = Ports.freeEndpoint();
        try (ActorTestKit ka = ActorTestKit.start(); ActorTestKit kb = ActorTestKit.start()) {
            final RemoteNode a = RemoteNode.start(ka.system(), node("a", ea).peer("b", eb).build());
            final ActorRef<Seq> ref = a.lookup("b", "seq", Seq.class);
            for (long n = 0; n < 100; n++) {
                ref.send(new Seq(0, n));
            }
            final TestProbe<Seq> probe = kb.probe();
            final RemoteNode b = RemoteNode.start(kb.system(), node("b", eb).build(),
                    node -> node.export("seq", Seq.class, probe.ref()));
            assertEquals(range(0, 100).stream().map(n -> new Seq(0, n)).toList(),
                    probe.receiveMessages(100, Duration.ofSeconds(10)), "held until b connected, then all in order");
            awaitTrue("confirmed", Duration.ofSeconds(5), () -> a.acknowledgedMessages() == 100);
            b.close();
            a.close();
        }
    }

    @Test
    @Timeout(30)
    void aSetupThatThrowsClosesTheNodeAndEndsItsReferences() throws Exception {
        final String ea = Ports.freeEndpoint();
        try (ActorTestKit ka = ActorTestKit.start()) {
            final List<ActorRef<Pong>> looked = new ArrayList<>();
            final IllegalStateException thrown = assertThrows(IllegalStateException.class,
                    () -> RemoteNode.start(ka.system(), node("a", ea).peer("b", Ports.freeEndpoint()).build(), node -> {
                        looked.add(node.lookup("b", "x", Pong.class));
                        throw new IllegalStateException("setup failed");
                    }));
            assertEquals("setup failed", thrown.getMessage());
            awaitTrue("the reference ended", Duration.ofSeconds(5), () -> {
                looked.get(0).send(new Pong(1));
                return ka.system().deadLetters() > 0;
            });
            ka.takeErrors();
            final RemoteNode again = RemoteNode.start(ka.system(), node("a", ea).build());
            assertEquals(List.of(), again.peers(), "the endpoint was released");
            again.close();
        }
    }

    @Test
    @Timeout(30)
    void aNodeOnAnExternalDriverTalksToOneOnItsEmbeddedDriverAndLeavesTheDriverRunning(@TempDir Path dir) throws Exception {
        final String ea = Ports.freeEndpoint();
        final String eb = Ports.freeEndpoint();
        try (MediaDriver external = MediaDriver.launch(new MediaDriver.Context()
                .aeronDirectoryName(dir.resolve("external").toString()).threadingMode(ThreadingMode.SHARED)
                .sharedIdleStrategy(new SleepingMillisIdleStrategy(1)).dirDeleteOnStart(true).dirDeleteOnShutdown(true));
             ActorTestKit ka = ActorTestKit.start(); ActorTestKit kb = ActorTestKit.start()) {
            final RemoteNode a = RemoteNode.start(ka.system(), node("a", ea).peer("b", eb).driverMode(DriverMode.EXTERNAL)
                    .aeronDirectory(Path.of(external.aeronDirectoryName())).build());
            final TestProbe<Seq> probe = kb.probe();
            final RemoteNode b = RemoteNode.start(kb.system(), node("b", eb).build(), n -> n.export("seq", Seq.class, probe.ref()));
            final ActorRef<Seq> ref = a.lookup("b", "seq", Seq.class);
            for (long n = 0; n < 10; n++) {
                ref.send(new Seq(0, n));
            }
            assertEquals(range(0, 10).stream().map(n -> new Seq(0, n)).toList(), probe.receiveMessages(10, Duration.ofSeconds(10)));
            awaitTrue("confirmed", Duration.ofSeconds(5), () -> a.acknowledgedMessages() == 10);
            a.close();
            b.close();
            assertTrue(Files.exists(Path.of(external.aeronDirectoryName(), "cnc.dat")), "the node neither starts nor stops an external driver");
            try (Aeron client = Aeron.connect(new Aeron.Context().aeronDirectoryName(external.aeronDirectoryName()))) {
                assertTrue(client.clientId() >= 0, "the external driver still serves clients");
            }
        }
    }
}
