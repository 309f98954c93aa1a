package actor.bench.remote;

import actor.bench.pekko.PekkoRemote;
import actor.bench.toolkit.Remote;
import java.io.OutputStream;

/**
 * The server JVM of the remote rows: {@code RemoteServer actorkit|pekko <port> <clientPort> [variant]}
 * (Pekko's variant: {@code typed}, Artery's defaults, or {@code artery-tuned}). It serves the
 * client's ping-pong and one-way stream, prints {@value #SETTINGS} and the transport settings it
 * runs with (Pekko), then {@value #READY} once it serves, and ends when its stdin closes.
 */
public final class RemoteServer {

    /** The line the server prints when it is ready. */
    public static final String READY = "READY";
    /** How the line starts that tells the client the server's transport settings, before {@link #READY}. */
    public static final String SETTINGS = "SETTINGS ";

    private RemoteServer() {
    }

    public static void main(String[] args) throws Exception {
        final int port = Integer.parseInt(args[1]);
        final int clientPort = Integer.parseInt(args[2]);
        final AutoCloseable server = switch (args[0]) {
            case "actorkit" -> Remote.serve(port, clientPort);
            case "pekko" -> PekkoRemote.serve(port, clientPort, args.length > 3 ? args[3] : PekkoRemote.DEFAULT_VARIANT);
            default -> throw new IllegalArgumentException("system " + args[0]);
        };
        try (server) {
            if (server instanceof PekkoRemote.Server pekko) {
                System.out.println(SETTINGS + pekko.settings());
            }
            System.out.println(READY);
            System.out.flush();
            System.in.transferTo(OutputStream.nullOutputStream());
        }
        System.exit(0);
    }
}
