package actor.remote;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;

/** Free UDP ports on the loopback interface, for the nodes of a test. */
final class Ports {

    private Ports() {
    }

    /** {@return {@code localhost:<a port free now>}} */
    static String freeEndpoint() {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return "localhost:" + socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
