package actor.remote;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Endpoints are host:port and nothing else, whether the configuration or another node gives them:
 * they go into Aeron channel URIs, where anything more would be read as URI parameters.
 */
class NodeAddressTest {

    @Test
    void hostAndPortAreTaken() {
        for (String endpoint : List.of("localhost:40000", "[::1]:40000", "127.0.0.1:41003", "my-host.example.com:1",
                "Node-7.Example.COM:65535", "[::ffff:127.0.0.1]:1", "[2001:db8::8a2e:370:7334]:80",
                "[1:2:3:4:5:6:7:8]:1", "[::]:2", "[fe80::]:3", "[1:2:3:4:5:6:1.2.3.4]:4", "10.0.0.255:00080")) {
            assertEquals(endpoint, assertDoesNotThrow(() -> new NodeAddress("a", endpoint), endpoint).endpoint());
        }
    }

    @Test
    void anythingElseIsRefusedNamingTheField() {
        for (String endpoint : List.of(
                "127.0.0.1:41003|mtu=8192", "127.0.0.1|mtu=8192:41003", "localhost:41003|ttl=9|linger=0|tags=777",
                "h?x=1:4", "h=1:4", "a b:1", "a\tb:1", "a\nb:1", "a\u0000b:1", "localhost :1", "localhost: 1",
                "host:0", "host:70000", "host:65536", "host:+80", "host:-1", "host:8o", "host:123456", "host:\u0668\u0660",
                "", "localhost", "localhost:", ":40000", "::1:4", "[::1:4", "[::1]", "[::1%eth0]:4", "[]:1",
                "[1:2:3:4:5:6:7:8:9]:1", "[1::2::3]:1", "[1:2:3:4:5:6:7]:1", "[12345::]:1", "[::g]:1", "[:1]:1", "[1:]:1",
                "[::1.2.3]:1", "[1:2:3:4:5:6:7:1.2.3.4]:1", "256.1.1.1:1", "1.2.3:1", "1.2.3.4.5:1", "-a.com:1",
                "a-.com:1", "a..b:1", "localhost.:1", ".localhost:1", "\u00e9t\u00e9.com:1", "ab\u0663:1", "a_b:1",
                "a".repeat(64) + ".com:1", ("abcdefghi." .repeat(26)) + "com:1")) {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new NodeAddress("a", endpoint), endpoint);
            assertTrue(e.getMessage().startsWith("endpoint = '" + endpoint + "': "), e.getMessage());
        }
    }

    @Test
    void theConfigurationRefusesThemForItsOwnEndpointAndForPeers() {
        final IllegalArgumentException own = assertThrows(IllegalArgumentException.class,
                () -> RemoteConfig.builder().name("a").endpoint("127.0.0.1:41003|mtu=8192").build());
        assertEquals("endpoint = '127.0.0.1:41003|mtu=8192': the port must be a number in [1, 65535]", own.getMessage());
        final IllegalArgumentException peer = assertThrows(IllegalArgumentException.class,
                () -> RemoteConfig.builder().name("a").endpoint("localhost:1").peers("b@a b:2"));
        assertEquals("endpoint = 'a b:2': the host must be a DNS name, an IPv4 address, or an IPv6 address in "
                + "brackets ([v6 address]:port)", peer.getMessage());
    }
}
