package actor.bench.remote;

/**
 * The messages of the remote rows, the same on both systems: actorkit sends them with its built-in
 * record codec, Pekko with a serializer written for them ({@code actor.bench.pekko.RemoteBenchSerializer}),
 * both a few little-endian bytes. No message carries a reference: each side addresses the other's
 * actors by name (an exported name, an actor path).
 */
public final class RemoteMessages {

    private RemoteMessages() {
    }

    /** The n-th ball to the ponger. */
    public record Ping(int n) {
    }

    /** The ponger's answer to {@link Ping}. */
    public record Pong(int n) {
    }

    /** The n-th message of a one-way stream; the last of each window asks the sink for an {@link Ack}. */
    public record Seq(long n, boolean ack) {
    }

    /** The sink has received every message up to {@code n}. */
    public record Ack(long n) {
    }
}
