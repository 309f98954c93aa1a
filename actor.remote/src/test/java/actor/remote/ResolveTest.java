package actor.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.ActorRef;
import actor.testkit.ActorTestKit;
import actor.testkit.TestProbe;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code resolve}: a lookup that asks the peer whether it exports the name for the messages to be
 * sent, as Pekko's {@code resolveOne}: the reference when it does, an {@link ActorNotFoundException}
 * saying why when it does not, or when no answer comes in time.
 */
class ResolveTest {

    sealed interface Protocol permits Ping, Pong {
    }

    record Ping(int n) implements Protocol {
    }

    record Pong(int n) implements Protocol {
    }

    /** A type the exporting node never registers. */
    record Stranger(int n) {
    }

    @TempDir
    static Path temporary;

    private static RemoteConfig.Builder node(String name, String endpoint) {
        return RemoteConfig.builder().name(name).endpoint(endpoint).aeronDirectory(temporary)
                .heartbeatInterval(Duration.ofMillis(50))
                .idleStrategy(() -> new org.agrona.concurrent.BackoffIdleStrategy(1, 1, 1_000, 1_000_000));
    }

    /** The failure of {@code resolved}, which must fail within 10 s. */
    private static ActorNotFoundException failure(CompletableFuture<?> resolved) {
        final ExecutionException e = assertThrows(ExecutionException.class, () -> resolved.get(10, TimeUnit.SECONDS));
        return assertInstanceOf(ActorNotFoundException.class, e.getCause());
    }

    @Test
    @Timeout(30)
    void aNameThePeerExportsForTheTypeResolvesToTheReferenceALookupReturns() throws Exception {
        final String ea = Ports.freeEndpoint();
        final String eb = Ports.freeEndpoint();
        try (ActorTestKit ka = ActorTestKit.start(); ActorTestKit kb = ActorTestKit.start()) {
            final TestProbe<Protocol> target = kb.probe();
            final RemoteNode b = RemoteNode.start(kb.system(), node("b", eb).build(), n -> n.export("x", Protocol.class, target.ref()));
            final RemoteNode a = RemoteNode.start(ka.system(), node("a", ea).peer("b", eb).build());
            final ActorRef<Pong> resolved = a.resolve("b", "x", Pong.class, Duration.ofSeconds(10)).get(10, TimeUnit.SECONDS);
            assertSame(a.lookup("b", "x", Pong.class), resolved);
            resolved.send(new Pong(1));
            assertEquals(new Pong(1), target.expectMessage(Duration.ofSeconds(10)));
            a.close();
            b.close();
        }
    }

    @Test
    @Timeout(30)
    void aNameThePeerDoesNotExportFailsWithActorNotFoundOnItsAnswer() throws Exception {
        final String ea = Ports.freeEndpoint();
        final String eb = Ports.freeEndpoint();
        try (ActorTestKit ka = ActorTestKit.start(); ActorTestKit kb = ActorTestKit.start()) {
            final RemoteNode b = RemoteNode.start(kb.system(), node("b", eb).build());
            final RemoteNode a = RemoteNode.start(ka.system(), node("a", ea).peer("b", eb).build());
            final ActorNotFoundException notFound = failure(a.resolve("b", "nobody", Pong.class, Duration.ofMinutes(1)));
            assertEquals("b", notFound.node());
            assertEquals("nobody", notFound.actor());
            assertEquals("no actor 'nobody' on node 'b' for " + Pong.class.getName() + ": node 'b' exports nothing under "
                    + "that name", notFound.getMessage(), "the answer, not the minute's timeout");
            a.close();
            b.close();
        }
    }

    @Test
    @Timeout(30)
    void aTypeTheExportDoesNotTakeOrThePeerDoesNotKnowFailsTheResolveNamingIt() throws Exception {
        final String ea = Ports.freeEndpoint();
        final String eb = Ports.freeEndpoint();
        try (ActorTestKit ka = ActorTestKit.start(); ActorTestKit kb = ActorTestKit.start()) {
            final RemoteNode b = RemoteNode.start(kb.system(), node("b", eb).build(), n -> {
                n.export("pongs", Pong.class, kb.<Pong>probe().ref());
                n.export("pings", Ping.class, kb.<Ping>probe().ref());
            });
            final RemoteNode a = RemoteNode.start(ka.system(), node("a", ea).peer("b", eb).build());
            final String refused = failure(a.resolve("b", "pongs", Protocol.class, Duration.ofMinutes(1))).getMessage();
            assertTrue(refused.endsWith(": exported for " + Pong.class.getName() + ", which does not take "
                    + Ping.class.getName()), refused);
            final String unknown = failure(a.resolve("b", "pongs", Stranger.class, Duration.ofMinutes(1))).getMessage();
            assertTrue(unknown.endsWith(": node 'b' does not know " + Stranger.class.getName()
                    + " (it registered no such type, or another version of it)"), unknown);
            a.close();
            b.close();
        }
    }

    @Test
    @Timeout(30)
    void noAnswerWithinTheTimeoutFailsTheResolveAndSoDoesClosingTheNode() throws Exception {
        final String ea = Ports.freeEndpoint();
        try (ActorTestKit ka = ActorTestKit.start()) {
            final RemoteNode a = RemoteNode.start(ka.system(), node("a", ea).peer("absent", Ports.freeEndpoint())
                    .connectTimeout(Duration.ofMinutes(1)).build());
            final ActorNotFoundException silent = failure(a.resolve("absent", "x", Pong.class, Duration.ofMillis(200)));
            assertEquals("no actor 'x' on node 'absent' for " + Pong.class.getName() + ": no answer within PT0.2S "
                    + "(node 'absent' is CONNECTING)", silent.getMessage());
            assertInstanceOf(TimeoutException.class, silent.getCause());
            final CompletableFuture<ActorRef<Pong>> pending = a.resolve("absent", "x", Pong.class, Duration.ofMinutes(1));
            a.close();
            assertTrue(failure(pending).getMessage().endsWith(": node 'a' closed before node 'absent' answered"));
            assertThrows(IllegalStateException.class, () -> a.resolve("absent", "x", Pong.class, Duration.ofSeconds(1)));
        }
    }

    @Test
    @Timeout(30)
    void badArgumentsFailAtTheCall() throws Exception {
        try (ActorTestKit ka = ActorTestKit.start()) {
            final RemoteNode a = RemoteNode.start(ka.system(), node("a", Ports.freeEndpoint()).peer("b", Ports.freeEndpoint()).build());
            assertEquals("timeout = PT0S: must be positive, at most PT1H", assertThrows(IllegalArgumentException.class,
                    () -> a.resolve("b", "x", Pong.class, Duration.ZERO)).getMessage());
            assertTrue(assertThrows(IllegalArgumentException.class, () -> a.resolve("c", "x", Pong.class, Duration.ofSeconds(1)))
                    .getMessage().contains("unknown node 'c'"));
            a.close();
        }
    }
}
