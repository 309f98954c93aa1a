package actor.remote;

import static actor.remote.Eventually.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.remote.PeerProcess.Ping;
import actor.remote.PeerProcess.Pong;
import actor.remote.PeerProcess.Reply;
import actor.remote.PeerProcess.Request;
import actor.remote.PeerProcess.Seq;
import actor.testkit.ActorTestKit;
import actor.testkit.TestProbe;
import io.aeron.CncFileDescriptor;
import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import org.agrona.IoUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nodes in separate JVMs on the loopback interface: this test's JVM is one node, each
 * {@link PeerProcess} ({@link ChildJvm}) another. Ping-pong; requests that carry their reply-to,
 * answered from the other JVM in order; four senders into one receiver with each sender's order
 * checked; a peer killed with SIGKILL in the middle of a stream (reported, no hang, and exactly
 * the messages it had not confirmed are reported: some it had handed to its actor, whose
 * confirmation was still on its way, are among them, as "not known delivered" says); a killed peer
 * restarted and sent to again; the driver directory a killed node left behind,
 * replaced when a node of the same name and endpoint starts.
 */
class MultiProcessTest {

    private static final Duration LINE_TIMEOUT = Duration.ofSeconds(20);

    /** Where every node of these tests, here and in the child JVMs, makes its driver's directory. */
    @TempDir
    static Path temporary;

    private static RemoteConfig.Builder node(String name, String endpoint) {
        return RemoteConfig.builder().name(name).endpoint(endpoint).aeronDirectory(temporary)
                .heartbeatInterval(Duration.ofMillis(50)).peerTimeout(Duration.ofMillis(500));
    }

    @Test
    @Timeout(60)
    void pingPongBetweenTwoJvms() throws Exception {
        final String here = Ports.freeEndpoint();
        final String there = Ports.freeEndpoint();
        final int rounds = 1000;
        try (ActorTestKit kit = ActorTestKit.start();
             ChildJvm ponger = ChildJvm.start(temporary, "ponger", "ponger", "b", there, "a@" + here)) {
            final RemoteNode a = RemoteNode.start(kit.system(), node("a", here).peer("b", there).build());
            final TestProbe<Pong> pinger = kit.probe();
            a.export("pinger", Pong.class, pinger.ref());
            ponger.await("READY"::equals, LINE_TIMEOUT);
            awaitTrue("connected", LINE_TIMEOUT, () -> a.peerState("b") == PeerState.CONNECTED);
            final ActorRef<Ping> remote = a.lookup("b", "ponger", Ping.class);
            final long start = System.nanoTime();
            for (int i = 0; i < rounds; i++) {
                remote.send(new Ping(i));
                assertEquals(new Pong(i), pinger.expectMessage(Duration.ofSeconds(10)));
            }
            System.out.printf("ping-pong across two JVMs: %d round trips, %.1f us each%n", rounds,
                    (System.nanoTime() - start) / 1e3 / rounds);
            ponger.closeInput();
            assertEquals(0, ponger.exitValue(LINE_TIMEOUT));
            a.close();
            assertEquals(rounds, a.acknowledgedMessages());
            assertEquals(rounds, a.receivedMessages());
            assertEquals(0, a.undeliveredMessages());
        }
    }

    /** Counts replies and checks that they come in the order of the requests. */
    static final class ReplyCounter extends Actor<Reply> {
        final AtomicLong outOfOrder = new AtomicLong();
        final CountDownLatch done;
        private long next;

        ReplyCounter(ActorSystem system, int expected) {
            super(system);
            this.done = new CountDownLatch(expected);
        }

        @Override
        protected Allocation receive(Reply reply) {
            if (reply.n() != next) {
                outOfOrder.incrementAndGet();
            }
            next = reply.n() + 1;
            done.countDown();
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(60)
    void requestsCarryTheirReplyToAndEveryReplyComesBackFromTheOtherJvmInOrder() throws Exception {
        final String here = Ports.freeEndpoint();
        final String there = Ports.freeEndpoint();
        final int requests = 5000;
        try (ActorTestKit kit = ActorTestKit.start();
             ChildJvm server = ChildJvm.start(temporary, "server", "server", "b", there, "a@" + here)) {
            final RemoteNode a = RemoteNode.start(kit.system(), node("a", here).peer("b", there).build());
            server.await("READY"::equals, LINE_TIMEOUT);
            awaitTrue("connected", LINE_TIMEOUT, () -> a.peerState("b") == PeerState.CONNECTED);
            final ReplyCounter client = new ReplyCounter(kit.system(), requests);
            final ActorRef<Request> remote = a.lookup("b", "server", Request.class);
            for (long n = 0; n < requests; n++) {
                remote.send(new Request(n, client.ref()));
            }
            assertTrue(client.done.await(30, TimeUnit.SECONDS), "replies: " + (requests - client.done.getCount()));
            assertEquals(0, client.outOfOrder.get(), "the replies came in the order of the requests");
            assertEquals(1, a.exportedNames().size(), "the client, exported once: " + a.exportedNames());
            awaitTrue("every request confirmed", LINE_TIMEOUT, () -> a.acknowledgedMessages() == requests);
            server.closeInput();
            assertEquals(0, server.exitValue(LINE_TIMEOUT));
            a.close();
            assertEquals(requests, a.receivedMessages());
            assertEquals(0, a.undeliveredMessages());
        }
    }

    /** Counts what each sender's messages and checks they come in order. */
    static final class Sequencer extends Actor<Seq> {
        final long[] received;
        final AtomicLong outOfOrder = new AtomicLong();
        private final CountDownLatch done;

        Sequencer(ActorSystem system, int senders, long expected) {
            super(system);
            this.received = new long[senders];
            this.done = new CountDownLatch((int) expected);
        }

        @Override
        protected Allocation receive(Seq seq) {
            if (seq.n() != received[seq.sender()]) {
                outOfOrder.incrementAndGet();
            }
            received[seq.sender()] = seq.n() + 1;
            done.countDown();
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(90)
    void fourSendersIntoOneReceiverEachInOrder() throws Exception {
        final String here = Ports.freeEndpoint();
        final int senders = 4;
        final int perSender = 10_000;
        try (ActorTestKit kit = ActorTestKit.start()) {
            final RemoteNode receiver = RemoteNode.start(kit.system(), node("r", here).build());
            final Sequencer sequencer = new Sequencer(kit.system(), senders, (long) senders * perSender);
            receiver.export("sink", Seq.class, sequencer.ref());
            final List<ChildJvm> children = new ArrayList<>();
            try {
                for (int id = 0; id < senders; id++) {
                    children.add(ChildJvm.start(temporary, "sender " + id, "sender", "s" + id, Ports.freeEndpoint(), "r@" + here,
                            Integer.toString(id), Integer.toString(perSender)));
                }
                for (ChildJvm child : children) {
                    assertEquals("SENT " + perSender + " 0", child.await(line -> line.startsWith("SENT"), Duration.ofSeconds(60)),
                            "each sender had all its messages confirmed");
                    assertEquals(0, child.exitValue(LINE_TIMEOUT));
                }
            } finally {
                for (ChildJvm child : children) {
                    child.close();
                }
            }
            assertTrue(sequencer.done.await(10, TimeUnit.SECONDS));
            assertEquals(0, sequencer.outOfOrder.get());
            for (int id = 0; id < senders; id++) {
                assertEquals(perSender, sequencer.received[id], "sender " + id);
            }
            assertEquals((long) senders * perSender, receiver.receivedMessages());
            assertEquals(List.of("s0", "s1", "s2", "s3"), receiver.peers(), "the senders, learned from their messages");
            receiver.close();
        }
    }

    /** Sends Seq(0, n), n = 0, 1, ..., from its own thread, a little at a time, until stopped; the count sent. */
    private static final class Stream implements AutoCloseable {
        final AtomicLong sent = new AtomicLong();
        private final AtomicBoolean stop = new AtomicBoolean();
        private final Thread thread;

        Stream(ActorRef<Seq> to) {
            thread = new Thread(() -> {
                while (!stop.get()) {
                    for (int i = 0; i < 50; i++) {
                        to.send(new Seq(0, sent.getAndIncrement()));
                    }
                    try {
                        Thread.sleep(1);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
            }, "stream");
            thread.start();
        }

        /** Stops the stream; the count sent is then final. */
        @Override
        public void close() {
            stop.set(true);
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while stopping the stream", e);
            }
        }
    }

    private static TreeSet<Long> reported(List<ActorError> errors) {
        final TreeSet<Long> seen = new TreeSet<>();
        for (ActorError error : errors) {
            for (Object message : ((ActorError.RemoteUndelivered) error).messages()) {
                assertTrue(seen.add(((Seq) message).n()), "reported twice: " + message);
            }
        }
        return seen;
    }

    private static TreeSet<Long> range(long from, long to) {
        return LongStream.range(from, to).boxed().collect(java.util.stream.Collectors.toCollection(TreeSet::new));
    }

    @Test
    @Timeout(60)
    void aPeerKilledMidStreamIsLostAndWhatItDidNotConfirmIsReported() throws Exception {
        final String here = Ports.freeEndpoint();
        final String there = Ports.freeEndpoint();
        try (ActorTestKit kit = ActorTestKit.start(); ChildJvm sink = ChildJvm.start(temporary, "sink", "sink", "b", there, "a@" + here)) {
            final RemoteNode a = RemoteNode.start(kit.system(), node("a", here).peer("b", there).build());
            sink.await("READY"::equals, LINE_TIMEOUT);
            awaitTrue("connected", LINE_TIMEOUT, () -> a.peerState("b") == PeerState.CONNECTED);
            final Stream stream = new Stream(a.lookup("b", "sink", Seq.class));
            final long lostAfterMillis;
            try {
                sink.await("GOT 0 2000"::equals, LINE_TIMEOUT);
                assertEquals(137, sink.kill(), "SIGKILL");
                final long killed = System.nanoTime();
                awaitTrue("lost", Duration.ofSeconds(10), () -> a.peerState("b") == PeerState.LOST);
                lostAfterMillis = (System.nanoTime() - killed) / 1_000_000;
                Thread.sleep(100);
            } finally {
                stream.close();
            }
            final long total = stream.sent.get();
            awaitTrue("every message confirmed or reported", Duration.ofSeconds(10),
                    () -> a.acknowledgedMessages() + a.undeliveredMessages() == total);
            a.close();
            final List<ActorError> errors = kit.takeErrors();
            assertTrue(errors.stream().allMatch(ActorError.RemoteUndelivered.class::isInstance), errors.toString());
            final long confirmed = a.acknowledgedMessages();
            assertTrue(confirmed > 0 && confirmed < total, "confirmed before the kill: " + confirmed + " of " + total);
            assertEquals(range(confirmed, total), reported(errors),
                    "exactly the messages after the last confirmed one, each once");
            assertTrue(((ActorError.RemoteUndelivered) errors.get(0)).reason().contains("node 'b' is lost"));
            assertTrue(lostAfterMillis < 3000, "lost after " + lostAfterMillis + " ms (peer timeout 500 ms)");
        }
    }

    @Test
    @Timeout(60)
    void aKilledNodesDriverDirectoryIsReplacedWhenANodeOfTheSameNameAndEndpointStarts(@TempDir Path dir) throws Exception {
        final String here = Ports.freeEndpoint();
        final String there = Ports.freeEndpoint();
        final Path left = dir.resolve("actor.remote-b-" + there.replace(':', '_'));
        try (ActorTestKit kit = ActorTestKit.start()) {
            try (ChildJvm killed = ChildJvm.start(dir, "sink", "sink", "b", there, "a@" + here)) {
                killed.await("READY"::equals, LINE_TIMEOUT);
                assertEquals(137, killed.kill(), "SIGKILL");
            }
            assertEquals(List.of(left), listed(dir), "the killed node's directory, left behind");
            final long killedPid = driverPid(left);
            assertNotEquals(ProcessHandle.current().pid(), killedPid);
            final Path stale = Files.writeString(left.resolve("aeron").resolve("left-by-the-killed-node"), "stale");
            final TestProbe<Seq> sink = kit.probe();
            final RemoteNode b = RemoteNode.start(kit.system(), node("b", there).aeronDirectory(dir).build(),
                    n -> n.export("sink", Seq.class, sink.ref()));
            assertEquals(List.of(left), listed(dir), "the same directory, no second one");
            assertFalse(Files.exists(stale), "the killed node's files were deleted");
            assertEquals(ProcessHandle.current().pid(), driverPid(left), "the directory is this process's driver's now");
            final RemoteNode a = RemoteNode.start(kit.system(), node("a", here).peer("b", there).build());
            a.lookup("b", "sink", Seq.class).send(new Seq(0, 1));
            assertEquals(new Seq(0, 1), sink.expectMessage(LINE_TIMEOUT), "the restarted node works");
            a.close();
            b.close();
            assertEquals(List.of(), listed(dir), "closing deletes it");
        }
    }

    private static List<Path> listed(Path dir) throws IOException {
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            return files.sorted().toList();
        }
    }

    /** The process id an Aeron driver wrote into the CnC file of the node directory {@code nodeDirectory}. */
    private static long driverPid(Path nodeDirectory) {
        final MappedByteBuffer cnc = IoUtil.mapExistingFile(nodeDirectory.resolve("aeron").resolve(CncFileDescriptor.CNC_FILE).toFile(), "cnc");
        try {
            return CncFileDescriptor.pid(CncFileDescriptor.createMetaDataBuffer(cnc));
        } finally {
            IoUtil.unmap(cnc);
        }
    }

    @Test
    @Timeout(60)
    void aKilledPeerRestartedAtTheSameEndpointIsSentToAgain() throws Exception {
        final String here = Ports.freeEndpoint();
        final String there = Ports.freeEndpoint();
        try (ActorTestKit kit = ActorTestKit.start()) {
            final RemoteNode a = RemoteNode.start(kit.system(), node("a", here).peer("b", there).build());
            final ActorRef<Seq> sink = a.lookup("b", "sink", Seq.class);
            try (ChildJvm first = ChildJvm.start(temporary, "sink", "sink", "b", there, "a@" + here)) {
                first.await("READY"::equals, LINE_TIMEOUT);
                awaitTrue("connected", LINE_TIMEOUT, () -> a.peerState("b") == PeerState.CONNECTED);
                for (long n = 0; n < 100; n++) {
                    sink.send(new Seq(0, n));
                }
                assertEquals(range(0, 100).stream().map(n -> "GOT 0 " + n).toList(), first.take("GOT", 100, LINE_TIMEOUT));
                awaitTrue("confirmed", LINE_TIMEOUT, () -> a.acknowledgedMessages() == 100);
                first.kill();
            }
            awaitTrue("lost", Duration.ofSeconds(10), () -> a.peerState("b") == PeerState.LOST);
            for (long n = 100; n < 110; n++) {
                sink.send(new Seq(0, n));
            }
            awaitTrue("sends to the lost peer reported", LINE_TIMEOUT, () -> a.undeliveredMessages() == 10);
            try (ChildJvm second = ChildJvm.start(temporary, "sink again", "sink", "b", there, "a@" + here)) {
                second.await("READY"::equals, LINE_TIMEOUT);
                awaitTrue("reconnected", LINE_TIMEOUT, () -> a.peerState("b") == PeerState.CONNECTED);
                for (long n = 110; n < 210; n++) {
                    sink.send(new Seq(0, n));
                }
                final List<String> got = second.take("GOT", 100, LINE_TIMEOUT);
                assertEquals(range(110, 210).stream().map(n -> "GOT 0 " + n).toList(), got,
                        "the restarted peer gets what is sent once it is back, in order (its sink starts at 0: ORDER lines are skipped)");
                awaitTrue("confirmed", LINE_TIMEOUT, () -> a.acknowledgedMessages() == 200);
                second.closeInput();
                assertEquals(0, second.exitValue(LINE_TIMEOUT));
            }
            a.close();
            assertEquals(range(100, 110), reported(kit.takeErrors()));
            assertEquals(210, a.acknowledgedMessages() + a.undeliveredMessages());
        }
    }
}
