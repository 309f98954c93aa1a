package actor.remote.internal;

import actor.api.ActorRef;
import actor.remote.ActorNotFoundException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One {@code resolve} under way: the question to a peer whether it exports {@code actor} for
 * {@code types}, asked by the agent (and asked again every heartbeat interval until answered: an
 * answer offered before the peer's publication back connected is lost), until its deadline.
 *
 * <p>Threading: made by the caller and handed to the agent through a concurrent queue; then the
 * agent's alone. The future is completed on CompletableFuture's default asynchronous executor,
 * never on the agent's thread, so that what the caller chains to it cannot hold up receiving.
 */
final class Resolve {

    final long id;
    final Peer peer;
    final String actor;
    final byte[] actorBytes;
    /** The concrete types the caller's type stands for, and their wire ids, in the same order. */
    final List<Class<?>> types;
    final int[] typeIds;
    /** The type as the caller named it, for the messages. */
    final Class<?> asked;
    final long deadlineNanos;
    final String timeout;
    /** Agent only: when the question goes out (again). */
    long nextAttemptNanos;
    private final CompletableFuture<ActorRef<Object>> future = new CompletableFuture<>();

    Resolve(long id, Peer peer, String actor, Class<?> asked, List<Class<?>> types, int[] typeIds, long deadlineNanos,
            String timeout) {
        this.id = id;
        this.peer = peer;
        this.actor = actor;
        this.actorBytes = actor.getBytes(StandardCharsets.UTF_8);
        this.asked = asked;
        this.types = types;
        this.typeIds = typeIds;
        this.deadlineNanos = deadlineNanos;
        this.timeout = timeout;
    }

    CompletableFuture<ActorRef<Object>> future() {
        return future;
    }

    void found(ActorRef<Object> ref) {
        future.defaultExecutor().execute(() -> future.complete(ref));
    }

    void notFound(String reason, Throwable cause) {
        final ActorNotFoundException failure = new ActorNotFoundException(peer.name, actor, asked, reason, cause);
        future.defaultExecutor().execute(() -> future.completeExceptionally(failure));
    }
}
