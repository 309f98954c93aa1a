package actor.remote;

import static actor.remote.Eventually.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.ActorError;
import actor.api.ActorRef;
import actor.remote.PeerProcess.Seq;
import actor.testkit.ActorTestKit;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The delivery contract where a receiver fails and comes back, in two JVMs: once a message is
 * reported undelivered it is never delivered. A receiver killed with SIGKILL under load and started
 * again at the same name and endpoint gets none of the messages the sender reported (they were
 * still in the sender's publication, and its new subscription would have taken them); a receiver
 * stopped for 12 s ({@code kill -STOP}, longer than Aeron's 10 s client and image timeouts) and
 * continued receives again within the peer timeout, and gets none of what was reported while it
 * was stopped. Throughout, every message sent is confirmed or reported, never both.
 */
class FenceTest {

    private static final Duration LINE_TIMEOUT = Duration.ofSeconds(20);
    /** The peer timeout of the child nodes ({@link PeerProcess}), and of this test's. */
    private static final Duration PEER_TIMEOUT = Duration.ofSeconds(3);

    @TempDir
    static Path temporary;

    private static RemoteConfig.Builder node(String name, String endpoint) {
        return RemoteConfig.builder().name(name).endpoint(endpoint).aeronDirectory(temporary)
                .heartbeatInterval(Duration.ofMillis(100)).peerTimeout(PEER_TIMEOUT);
    }

    /** Sends Seq(0, n), n = 0, 1, ..., from its own thread, {@code burst} at a time every millisecond, until closed. */
    private static final class Stream {
        final AtomicLong sent = new AtomicLong();
        private final AtomicBoolean stop = new AtomicBoolean();
        private final Thread thread;

        Stream(ActorRef<Seq> to, int burst) {
            thread = new Thread(() -> {
                while (!stop.get()) {
                    for (int i = 0; i < burst; i++) {
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
        void close() throws InterruptedException {
            stop.set(true);
            thread.join();
        }
    }

    /** The numbers of the messages reported, each reported once. */
    private static TreeSet<Long> reported(List<ActorError> errors) {
        final TreeSet<Long> seen = new TreeSet<>();
        for (ActorError error : errors) {
            assertTrue(error instanceof ActorError.RemoteUndelivered, "only undelivered messages are reported here: " + error.describe());
            for (Object message : ((ActorError.RemoteUndelivered) error).messages()) {
                assertTrue(seen.add(((Seq) message).n()), "reported twice: " + message);
            }
        }
        return seen;
    }

    /** The numbers in the {@code GOT 0 n} lines among {@code lines}, each delivered once. */
    private static TreeSet<Long> delivered(List<String> lines, TreeSet<Long> into) {
        for (String line : lines) {
            if (line.startsWith("GOT 0 ")) {
                final long n = Long.parseLong(line.substring("GOT 0 ".length()));
                assertTrue(into.add(n), "delivered twice: " + n);
            }
        }
        return into;
    }

    private static TreeSet<Long> intersection(TreeSet<Long> a, TreeSet<Long> b) {
        final TreeSet<Long> both = new TreeSet<>(a);
        both.retainAll(b);
        return both;
    }

    private static String head(TreeSet<Long> set) {
        return set.size() + " " + (set.size() <= 10 ? set : set.stream().limit(10).toList() + "... " + set.last());
    }

    @Test
    @Timeout(120)
    void noMessageReportedUndeliveredReachesTheReceiverRestartedAfterAKill() throws Exception {
        final String here = Ports.freeEndpoint();
        final String there = Ports.freeEndpoint();
        try (ActorTestKit kit = ActorTestKit.start()) {
            final RemoteNode a = RemoteNode.start(kit.system(), node("a", here).peer("b", there).build());
            final TreeSet<Long> first = new TreeSet<>();
            final TreeSet<Long> second = new TreeSet<>();
            final long total;
            try (ChildJvm killed = ChildJvm.start(temporary, "sink", "sink", "b", there, "a@" + here)) {
                killed.await("READY"::equals, LINE_TIMEOUT);
                awaitTrue("connected", LINE_TIMEOUT, () -> a.peerState("b") == PeerState.CONNECTED);
                final Stream stream = new Stream(a.lookup("b", "sink", Seq.class), 20);
                try {
                    killed.await("GOT 0 5000"::equals, LINE_TIMEOUT);
                    assertEquals(137, killed.kill(), "SIGKILL");
                    delivered(killed.seen(), first);
                    delivered(killed.rest(LINE_TIMEOUT), first);
                    // Restarted once the sender has declared it lost and reported what it had not
                    // confirmed: some of that is still in the sender's publication.
                    awaitTrue("lost", LINE_TIMEOUT, () -> a.peerState("b") == PeerState.LOST);
                    try (ChildJvm restarted = ChildJvm.start(temporary, "sink again", "sink", "b", there, "a@" + here)) {
                        restarted.await("READY"::equals, LINE_TIMEOUT);
                        awaitTrue("connected to the restarted node", LINE_TIMEOUT, () -> a.peerState("b") == PeerState.CONNECTED);
                        final long back = stream.sent.get();
                        restarted.await(line -> line.startsWith("GOT 0 ") && Long.parseLong(line.substring(6)) > back, LINE_TIMEOUT);
                        // What the old publication held would have come within Aeron's timeouts (10 s).
                        Thread.sleep(12_000);
                        stream.close();
                        total = stream.sent.get();
                        awaitTrue("every message confirmed or reported", LINE_TIMEOUT,
                                () -> a.acknowledgedMessages() + a.undeliveredMessages() == total);
                        restarted.closeInput();
                        delivered(restarted.seen(), second);
                        delivered(restarted.rest(LINE_TIMEOUT), second);
                    }
                } finally {
                    stream.close();
                }
            }
            a.close();
            final TreeSet<Long> reported = reported(kit.takeErrors());
            System.out.printf("sent %d, confirmed %d, reported %d; the killed node got %d, the restarted one %d%n", total,
                    a.acknowledgedMessages(), reported.size(), first.size(), second.size());
            assertEquals(total, a.acknowledgedMessages() + reported.size(), "sent = confirmed + reported");
            assertEquals(reported.size(), a.undeliveredMessages());
            assertTrue(!second.isEmpty(), "the restarted node got messages");
            assertTrue(intersection(first, second).isEmpty(), () -> "delivered twice: " + head(intersection(first, second)));
            assertTrue(intersection(reported, second).isEmpty(), () -> "reported undelivered, then delivered to the "
                    + "restarted node: " + head(intersection(reported, second)));
            // The killed node may have handed reported messages to its actor: those whose confirmation
            // was on its way when it was killed, before they were reported ("not known delivered").
            System.out.println("reported, and delivered by the killed node before the kill: " + head(intersection(reported, first)));
        }
    }

    @Test
    @Timeout(60)
    void aReceiverStoppedForTwelveSecondsReceivesAgainWithinThePeerTimeout() throws Exception {
        final String here = Ports.freeEndpoint();
        final String there = Ports.freeEndpoint();
        try (ActorTestKit kit = ActorTestKit.start();
             ChildJvm sink = ChildJvm.start(temporary, "sink", "sink", "b", there, "a@" + here)) {
            final RemoteNode a = RemoteNode.start(kit.system(), node("a", here).peer("b", there).build());
            sink.await("READY"::equals, LINE_TIMEOUT);
            awaitTrue("connected", LINE_TIMEOUT, () -> a.peerState("b") == PeerState.CONNECTED);
            final Stream stream = new Stream(a.lookup("b", "sink", Seq.class), 5);
            final TreeSet<Long> before = new TreeSet<>();
            final TreeSet<Long> after = new TreeSet<>();
            final long total;
            final long resumedAfterMillis;
            final int seenBefore;
            try {
                sink.await("GOT 0 2000"::equals, LINE_TIMEOUT);
                sink.signal("STOP");
                final long stopped = System.nanoTime();
                awaitTrue("lost", LINE_TIMEOUT, () -> a.peerState("b") == PeerState.LOST);
                Thread.sleep(12_000 - (System.nanoTime() - stopped) / 1_000_000);
                // Every line the node printed before it was stopped has been read by now.
                delivered(sink.seen(), before);
                delivered(sink.available(), before);
                seenBefore = sink.seen().size();
                final long sentBefore = stream.sent.get();
                sink.signal("CONT");
                final long continued = System.nanoTime();
                sink.await(line -> line.startsWith("GOT 0 ") && Long.parseLong(line.substring(6)) > sentBefore,
                        PEER_TIMEOUT);
                resumedAfterMillis = (System.nanoTime() - continued) / 1_000_000;
                awaitTrue("connected again", PEER_TIMEOUT, () -> a.peerState("b") == PeerState.CONNECTED);
                Thread.sleep(1000);
            } finally {
                stream.close();
            }
            total = stream.sent.get();
            awaitTrue("every message confirmed or reported", LINE_TIMEOUT,
                    () -> a.acknowledgedMessages() + a.undeliveredMessages() == total);
            sink.closeInput();
            final List<String> rest = sink.rest(LINE_TIMEOUT);
            delivered(sink.seen().subList(seenBefore, sink.seen().size()), after);
            assertEquals(0, sink.exitValue(LINE_TIMEOUT));
            a.close();
            final TreeSet<Long> reported = reported(kit.takeErrors());
            System.out.printf("sent %d, confirmed %d, reported %d; delivered %d before the stop, %d after; messages again %d ms"
                    + " after the node continued%n", total, a.acknowledgedMessages(), reported.size(), before.size(), after.size(),
                    resumedAfterMillis);
            assertEquals(total, a.acknowledgedMessages() + reported.size(), "sent = confirmed + reported");
            assertTrue(intersection(reported, after).isEmpty(), () -> "reported undelivered while the node was stopped, then "
                    + "delivered: " + head(intersection(reported, after)));
        }
    }
}
