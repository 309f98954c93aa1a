package actor.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The builder fills defaults, keeps what it is given (a copy of the secret), refuses every
 * out-of-range value by name, and refuses an endpoint other nodes can reach without a secret or
 * the explicit word that the network is trusted.
 */
class RemoteConfigTest {

    private static RemoteConfig.Builder minimal() {
        return RemoteConfig.builder().name("a").endpoint("localhost:40001");
    }

    @Test
    void defaultsAndGivenValues() {
        final RemoteConfig defaults = minimal().build();
        assertEquals(new NodeAddress("a", "localhost:40001"), defaults.address());
        assertEquals(List.of(), defaults.peers());
        assertEquals(DriverMode.EMBEDDED, defaults.driverMode());
        assertEquals(RemoteConfig.DEFAULT_TERM_LENGTH, defaults.termLength());
        assertEquals(RemoteConfig.DEFAULT_PEER_TIMEOUT, defaults.peerTimeout());

        final RemoteConfig given = minimal().peer("b", "127.0.0.1:40002").peers("c@[::1]:40003")
                .driverMode(DriverMode.EXTERNAL).aeronDirectory(Path.of("/dev/shm/aeron"))
                .streamId(7).termLength(1 << 16).maxPendingMessages(0).retryInterval(Duration.ofMillis(5))
                .heartbeatInterval(Duration.ofMillis(10)).peerTimeout(Duration.ofMillis(30))
                .connectTimeout(Duration.ofMillis(1)).closeTimeout(Duration.ZERO).build();
        assertEquals(List.of(new NodeAddress("b", "127.0.0.1:40002"), new NodeAddress("c", "[::1]:40003")), given.peers());
        assertEquals(7, given.streamId());
        assertEquals(1 << 16, given.termLength());
        assertEquals(0, given.maxPendingMessages());
        assertEquals(Duration.ofMillis(30), given.peerTimeout());
        assertEquals(Path.of("/dev/shm/aeron"), given.aeronDirectory());
    }

    @Test
    void trustDefaultsAndGivenValues() {
        final RemoteConfig defaults = minimal().build();
        assertNull(defaults.secret());
        assertFalse(defaults.insecure());
        assertEquals(Optional.empty(), defaults.allowedPeers());
        assertEquals(RemoteConfig.DEFAULT_MAX_LEARNED_PEERS, defaults.maxLearnedPeers());
        assertEquals(RemoteConfig.DEFAULT_LEARNED_PEER_EXPIRY, defaults.learnedPeerExpiry());

        final byte[] secret = new byte[RemoteConfig.MIN_SECRET_LENGTH];
        Arrays.fill(secret, (byte) 7);
        final RemoteConfig.Builder builder = RemoteConfig.builder().name("a").endpoint("10.0.0.1:40001").secret(secret)
                .peer("b", "10.0.0.2:40002").allowPeers("c").allowPeers().maxLearnedPeers(0)
                .learnedPeerExpiry(Duration.ofMillis(1));
        secret[0] = 8;
        final RemoteConfig given = builder.build();
        final byte[] kept = given.secret();
        assertEquals(7, kept[0], "the secret was copied when given");
        kept[1] = 9;
        assertEquals(7, given.secret()[1], "and is copied when read");
        assertEquals(Optional.of(Set.of("b", "c")), given.allowedPeers(), "the configured peers are allowed");
        assertEquals(0, given.maxLearnedPeers());
        assertEquals(Duration.ofMillis(1), given.learnedPeerExpiry());
        assertFalse(given.toString().contains("7, 7"), given.toString());
        assertTrue(given.toString().contains("frames=authenticated"), given.toString());
        assertTrue(RemoteConfig.builder().name("a").endpoint("0.0.0.0:1").insecure().build().insecure());
    }

    @Test
    void anEndpointThatIsNotLoopbackNeedsASecretOrTheWordThatTheNetworkIsTrusted() {
        for (String loopback : List.of("localhost:1", "LocalHost:1", "127.0.0.1:1", "127.1.2.3:1", "[::1]:1",
                "[0:0:0:0:0:0:0:1]:1", "[::ffff:127.0.0.1]:1")) {
            assertNull(RemoteConfig.builder().name("a").endpoint(loopback).build().secret(), loopback);
        }
        for (String reachable : List.of("10.0.0.1:1", "0.0.0.0:1", "192.168.1.1:1", "[::]:1", "[fe80::1]:1", "example.com:1",
                "localhost.example.com:1", "128.0.0.1:1")) {
            assertMessage("secret: required, the endpoint '" + reachable + "' is not a loopback address: give every node the"
                    + " same secret (RemoteConfig.Builder.secret), or declare the network trusted (RemoteConfig.Builder"
                    + ".insecure())", RemoteConfig.builder().name("a").endpoint(reachable));
            assertTrue(RemoteConfig.builder().name("a").endpoint(reachable).insecure().build().insecure(), reachable);
            assertNotNull(RemoteConfig.builder().name("a").endpoint(reachable).secret(new byte[16]).build().secret());
        }
    }

    @Test
    void everyInvalidValueIsRefusedByName() {
        assertMessage("name: required", RemoteConfig.builder().endpoint("localhost:1"));
        assertMessage("endpoint: required", RemoteConfig.builder().name("a"));
        assertMessage("name = 'a b'", RemoteConfig.builder().name("a b").endpoint("localhost:1"));
        assertMessage("endpoint = 'localhost'", minimal().endpoint("localhost"));
        assertMessage("endpoint = 'localhost:0'", minimal().endpoint("localhost:0"));
        assertMessage("endpoint = 'localhost:x'", minimal().endpoint("localhost:x"));
        assertMessage("endpoint = '::1:4'", minimal().endpoint("::1:4"));
        assertMessage("'a' appears twice (it is this node's name)", minimal().peer("a", "localhost:2"));
        assertMessage("'b' appears twice", minimal().peer("b", "localhost:2").peers("b@localhost:3"));
        assertMessage("aeronDirectory: required with DriverMode.EXTERNAL", minimal().driverMode(DriverMode.EXTERNAL));
        assertMessage("streamId = 0", minimal().streamId(0));
        assertMessage("termLength = 65537", minimal().termLength(65_537));
        assertMessage("termLength = 32768", minimal().termLength(32_768));
        assertMessage("maxPendingMessages = -1", minimal().maxPendingMessages(-1));
        assertMessage("retryInterval = PT0S", minimal().retryInterval(Duration.ZERO));
        assertMessage("peerTimeout = PT0.2S: must be in [PT0.3S", minimal().peerTimeout(Duration.ofMillis(200)));
        assertMessage("connectTimeout = PT-1S", minimal().connectTimeout(Duration.ofSeconds(-1)));
        assertMessage("closeTimeout = PT2M", minimal().closeTimeout(Duration.ofMinutes(2)));
        assertMessage("secret: 15 bytes; at least 16 required (MIN_SECRET_LENGTH)", minimal().secret(new byte[15]));
        assertMessage("insecure: set with a secret", minimal().secret(new byte[16]).insecure());
        assertMessage("allowPeers: node name = 'a b': only letters", minimal().allowPeers("b", "a b"));
        assertMessage("maxLearnedPeers = -1: must be in [0, 4096]", minimal().maxLearnedPeers(-1));
        assertMessage("maxLearnedPeers = 4097: must be in [0, 4096]", minimal().maxLearnedPeers(4097));
        assertMessage("learnedPeerExpiry = PT0S: must be in [PT0.001S, PT1H]", minimal().learnedPeerExpiry(Duration.ZERO));
        assertMessage("learnedPeerExpiry = PT2H", minimal().learnedPeerExpiry(Duration.ofHours(2)));
        assertThrows(IllegalArgumentException.class, () -> NodeAddress.parse("no-at-sign"));
    }

    private static void assertMessage(String expected, RemoteConfig.Builder builder) {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, builder::build);
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
