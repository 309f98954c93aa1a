package actor.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The builder fills defaults, keeps what it is given, and refuses every out-of-range value by name. */
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
        assertThrows(IllegalArgumentException.class, () -> NodeAddress.parse("no-at-sign"));
    }

    private static void assertMessage(String expected, RemoteConfig.Builder builder) {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, builder::build);
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
