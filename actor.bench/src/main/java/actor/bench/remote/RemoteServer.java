package actor.bench.remote;

import actor.bench.pekko.PekkoRemote;
import actor.bench.toolkit.Remote;
import java.io.OutputStream;

/**
 * The server JVM of the remote rows: {@code RemoteServer actorkit|pekko <port> <clientPort>}. It
 * serves the client's ping-pong and one-way stream, prints {@value #READY} once it does, and ends
 * when its stdin closes.
 */
public final class RemoteServer {

    /** The line the server prints when it is ready. */
    public static final String READY = "READY";

    private RemoteServer() {
    }

    public static void main(String[] args) throws Exception {
        final int port = Integer.parseInt(args[1]);
        final int clientPort = Integer.parseInt(args[2]);
        final AutoCloseable server = switch (args[0]) {
            case "actorkit" -> Remote.serve(port, clientPort);
            case "pekko" -> PekkoRemote.serve(port, clientPort);
            default -> throw new IllegalArgumentException("system " + args[0]);
        };
        try (server) {
            System.out.println(READY);
            System.out.flush();
            System.in.transferTo(OutputStream.nullOutputStream());
        }
        System.exit(0);
    }
}
