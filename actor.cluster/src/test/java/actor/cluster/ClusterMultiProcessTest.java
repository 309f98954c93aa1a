package actor.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.ActorError;
import actor.api.ActorRef;
import actor.cluster.ClusterEvent.MemberDown;
import actor.cluster.ClusterEvent.MemberRemoved;
import actor.cluster.ClusterEvent.MemberUnreachable;
import actor.cluster.ClusterEvent.MemberUp;
import actor.cluster.Counter.Ack;
import actor.cluster.Counter.Add;
import actor.remote.RemoteConfig;
import actor.remote.RemoteNode;
import actor.testkit.ActorTestKit;
import actor.testkit.TestProbe;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A three-member cluster on loopback: this test's JVM is member a, two {@link ClusterProcess}es are
 * b and c. The cluster forms from its seeds; entities spread over the three answer in each sender's
 * order; c is killed with SIGKILL, detected and downed within the configured times, the messages
 * sent to its entities meanwhile are reported with the entity they were for, and its entities
 * answer again from a and b (the others keep their state); c restarted rejoins as a new
 * incarnation and gets its entities back.
 */
class ClusterMultiProcessTest {

    private static final Duration LINE_TIMEOUT = Duration.ofSeconds(30);
    private static final long DETECTION_MILLIS = 1000;
    private static final long DOWN_AFTER_MILLIS = 1000;
    private static final int ENTITIES = 30;
    private static final int ROUNDS = 20;

    @TempDir
    static Path temporary;

    @Test
    @Timeout(90)
    void aClusterFormsSurvivesAKilledMemberAndTakesItBackAsANewIncarnation() throws Exception {
        final String[] binds = {freeTcpEndpoint(), freeTcpEndpoint(), freeTcpEndpoint()};
        final String seeds = String.join(",", binds);
        final String endpointB = freeUdpEndpoint();
        final String endpointC = freeUdpEndpoint();
        final String[] argsB = {"b", endpointB, binds[1], seeds, "3", "" + DETECTION_MILLIS, "" + DOWN_AFTER_MILLIS};
        final String[] argsC = {"c", endpointC, binds[2], seeds, "3", "" + DETECTION_MILLIS, "" + DOWN_AFTER_MILLIS};
        try (ActorTestKit kit = ActorTestKit.start();
             ChildJvm b = ChildJvm.start(temporary, "b", argsB);
             ChildJvm c = ChildJvm.start(temporary, "c", argsC)) {
            final RemoteNode node = RemoteNode.start(kit.system(), RemoteConfig.builder().name("a")
                    .endpoint(freeUdpEndpoint()).aeronDirectory(temporary).build());
            final Cluster a = Cluster.join(node, ClusterProcess.config("a", binds[0], seeds, 3, DETECTION_MILLIS, DOWN_AFTER_MILLIS));
            final TestProbe<ClusterEvent> events = kit.probe();
            a.subscribe(events.ref());

            // The cluster forms from the seeds, once the three initial members are in one view.
            b.await(line -> line.startsWith("UP "), LINE_TIMEOUT);
            final long cFirst = Long.parseLong(c.await(line -> line.startsWith("UP "), LINE_TIMEOUT).substring(3));
            awaitTrue("a admitted", () -> a.isActive() && a.members().size() == 3);
            assertEquals(List.of("a", "b", "c"), a.members().stream().map(Member::name).toList());
            assertEquals(node.incarnation(), a.self().incarnation());
            final Member memberC = a.members().get(2);
            assertEquals(cFirst, memberC.incarnation());
            assertEquals(Set.of(new MemberUp(a.members().get(0)), new MemberUp(a.members().get(1)), new MemberUp(memberC)),
                    new HashSet<>(events.receiveMessages(3, LINE_TIMEOUT)));

            // Entities spread over the three members; each one's acknowledgements come in order.
            final TestProbe<Ack> acks = kit.probe();
            final List<ActorRef<Add>> refs = new ArrayList<>();
            for (int e = 0; e < ENTITIES; e++) {
                refs.add(a.entityRef(Counter.TYPE, "e" + e));
            }
            assertEquals(refs.get(0), a.entityRef(Counter.TYPE, "e0"), "equal references");
            for (int round = 1; round <= ROUNDS; round++) {
                for (ActorRef<Add> ref : refs) {
                    ref.send(new Add("a", round, acks.ref()));
                }
            }
            final Map<String, List<Ack>> byEntity = byEntity(acks.receiveMessages(ENTITIES * ROUNDS, LINE_TIMEOUT));
            final Map<String, String> hostBefore = new TreeMap<>();
            for (Map.Entry<String, List<Ack>> entity : byEntity.entrySet()) {
                final List<Ack> list = entity.getValue();
                for (int i = 0; i < ROUNDS; i++) {
                    assertEquals(new Ack(entity.getKey(), i + 1, i + 1, list.get(0).node(), 0), list.get(i), "in order, one instance");
                }
                assertEquals(a.ownerOf(Counter.TYPE, entity.getKey()).orElseThrow().name(), list.get(0).node());
                hostBefore.put(entity.getKey(), list.get(0).node());
            }
            assertEquals(Set.of("a", "b", "c"), new HashSet<>(hostBefore.values()), "spread over the three: " + hostBefore);
            final Set<String> onC = new TreeSet<>();
            hostBefore.forEach((id, host) -> {
                if (host.equals("c")) {
                    onC.add(id);
                }
            });

            // c dies. What is sent to its entities before it is downed is reported, naming each entity.
            assertEquals(137, c.kill());
            final long killed = System.nanoTime();
            for (String id : onC) {
                a.entityRef(Counter.TYPE, id).send(new Add("a", ROUNDS + 1, acks.ref()));
            }
            assertEquals(new MemberUnreachable(memberC), events.expectMessage(LINE_TIMEOUT));
            assertEquals(new MemberDown(memberC), events.expectMessage(LINE_TIMEOUT));
            final long downedMillis = (System.nanoTime() - killed) / 1_000_000;
            assertEquals(new MemberRemoved(memberC), events.expectMessage(LINE_TIMEOUT));
            System.out.printf("member c killed: downed after %d ms (failure detection %d ms, downing %d ms)%n",
                    downedMillis, DETECTION_MILLIS, DOWN_AFTER_MILLIS);
            assertTrue(downedMillis < DETECTION_MILLIS + DOWN_AFTER_MILLIS + 5_000, "downed within the configured times"
                    + " and a scheduling margin: " + downedMillis + " ms");
            assertEquals(List.of("a", "b"), a.members().stream().map(Member::name).toList());
            awaitTrue("the messages to c's entities reported", () -> reportedEntities(kit).size() >= onC.size());
            assertEquals(onC, reported, "each message sent to c's entities after the kill, reported once with its entity");

            // c's entities answer again, from a and b, as new instances; the others kept their state.
            for (ActorRef<Add> ref : refs) {
                ref.send(new Add("a", ROUNDS + 2, acks.ref()));
            }
            final Map<String, List<Ack>> after = byEntity(acks.receiveMessages(ENTITIES, LINE_TIMEOUT));
            for (Map.Entry<String, List<Ack>> entity : after.entrySet()) {
                final Ack ack = entity.getValue().get(0);
                assertEquals(a.ownerOf(Counter.TYPE, entity.getKey()).orElseThrow().name(), ack.node());
                if (onC.contains(entity.getKey())) {
                    assertNotEquals("c", ack.node());
                    assertEquals(1, ack.count(), "made again on a survivor: " + ack);
                } else {
                    assertEquals(hostBefore.get(entity.getKey()), ack.node(), "did not move: " + ack);
                    assertEquals(ROUNDS + 1, ack.count(), "kept its state: " + ack);
                }
            }

            // c restarts: a new incarnation, admitted; its entities come back to it.
            try (ChildJvm restarted = ChildJvm.start(temporary, "c again", argsC)) {
                final long cSecond = Long.parseLong(restarted.await(line -> line.startsWith("UP "), LINE_TIMEOUT).substring(3));
                assertNotEquals(cFirst, cSecond);
                final ClusterEvent up = events.expectMessage(LINE_TIMEOUT);
                assertEquals(new MemberUp(new Member("c", endpointC, cSecond)), up);
                awaitTrue("c in a's membership", () -> a.members().size() == 3);
                for (String id : onC) {
                    a.entityRef(Counter.TYPE, id).send(new Add("a", ROUNDS + 3, acks.ref()));
                }
                for (Ack ack : acks.receiveMessages(onC.size(), LINE_TIMEOUT)) {
                    assertEquals(new Ack(ack.entity(), ROUNDS + 3, 1, "c", 0), ack, "back on c, as a new instance");
                }
                restarted.closeInput();
                assertEquals(0, restarted.exitValue(LINE_TIMEOUT));
            }
            b.closeInput();
            assertEquals(0, b.exitValue(LINE_TIMEOUT));
            a.close();
            node.close();
        }
    }

    /** The entities named by the undelivered reports taken so far (recorded, as the kit's errors are taken). */
    private final Set<String> reported = new TreeSet<>();

    private Set<String> reportedEntities(ActorTestKit kit) {
        for (ActorError error : kit.takeErrors()) {
            if (error instanceof ActorError.RemoteUndelivered undelivered) {
                final Cluster.EntityId entity = Cluster.entityOf(undelivered).orElseThrow(() -> new AssertionError(undelivered));
                assertEquals("counter", entity.type());
                assertEquals("c", undelivered.node());
                assertEquals(1, undelivered.messages().size(), undelivered.toString());
                assertEquals(ROUNDS + 1, ((Add) undelivered.messages().get(0)).seq());
                assertTrue(reported.add(entity.id()), "reported once: " + entity);
            } else {
                throw new AssertionError("unexpected: " + error);
            }
        }
        return reported;
    }

    private static Map<String, List<Ack>> byEntity(List<Ack> acks) {
        final Map<String, List<Ack>> byEntity = new TreeMap<>();
        for (Ack ack : acks) {
            byEntity.computeIfAbsent(ack.entity(), id -> new ArrayList<>()).add(ack);
        }
        return byEntity;
    }

    private static void awaitTrue(String what, BooleanSupplier condition) throws InterruptedException {
        final long deadline = System.nanoTime() + LINE_TIMEOUT.toNanos();
        while (!condition.getAsBoolean()) {
            assertFalse(System.nanoTime() - deadline > 0, "not within " + LINE_TIMEOUT + ": " + what);
            Thread.sleep(10);
        }
    }

    private static String freeTcpEndpoint() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return "127.0.0.1:" + socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String freeUdpEndpoint() {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return "127.0.0.1:" + socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
