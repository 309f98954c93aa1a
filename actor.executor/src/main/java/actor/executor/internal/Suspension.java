package actor.executor.internal;

import actor.api.Actor;
import actor.api.Allocation;
import actor.api.Continuation;
import java.util.ArrayDeque;
import java.util.concurrent.CompletionException;
import java.util.function.BiConsumer;

/**
 * The await state of one registration, made on its first await and reused by every later one: the
 * callback the awaited stage completes, the envelope that then resumes the actor through its own
 * mailbox, and the messages held back while it is suspended.
 *
 * <p>Going through the mailbox keeps the rules of every other message: the resumption runs when a
 * worker processes that mailbox (so never beside another behaviour of the actor, and on a thief if
 * the mailbox was stolen), the send wakes the owner as any send does, and messages queued before it
 * were held back in order ({@link EnvelopeRunner}).
 *
 * <p>Threading: {@link #accept} runs on the thread that completes the stage; it writes the result
 * and failure, then sends, whose queue publishes them to the worker that takes the envelope. Every
 * other field is touched only by the worker processing the actor's mailbox, as the actor's own
 * state is.
 */
final class Suspension implements BiConsumer<Object, Throwable> {

    private final ShardedExecutor executor;
    private final MailboxRegistration to;
    /** Whether the actor is suspended: armed, and its resumption not yet run. */
    boolean active;
    /** Messages that arrived while suspended, oldest first; replayed after the continuation. */
    final ArrayDeque<Object> heldBack = new ArrayDeque<>();
    private Continuation<Object> continuation;
    private Object result;
    private Throwable failure;
    /** The timeouts of its asks from a behaviour, made on its first ask ({@link AskTimeout}). */
    private AskTimeout askTimeout;
    /**
     * The context of the behaviour that awaits ({@link actor.api.ContextPropagator#capture}), which
     * the continuation runs in; null on a system without a propagator. Written by {@link #arm}.
     */
    Object context;

    Suspension(ShardedExecutor executor, MailboxRegistration to) {
        this.executor = executor;
        this.to = to;
    }

    /**
     * Suspends the actor until the stage completes, then {@code next}, in {@code awaitingContext}
     * (null without a propagator); the previous await has resumed.
     */
    @SuppressWarnings("unchecked")
    void arm(Continuation<?> next, Object awaitingContext) {
        continuation = (Continuation<Object>) next;
        context = awaitingContext;
        result = null;
        failure = null;
        active = true;
    }

    /** Undoes {@link #arm} when the stage refused the callback. */
    void disarm() {
        continuation = null;
        context = null;
        active = false;
    }

    /** The stage completed (or the ask was answered or timed out): queue the resumption behind what the actor already has. */
    @Override
    public void accept(Object value, Throwable thrown) {
        result = value;
        failure = thrown instanceof CompletionException wrapped && wrapped.getCause() != null ? wrapped.getCause() : thrown;
        executor.post(to, this);
    }

    /** The timeouts of this actor's asks, made on its first ask. */
    AskTimeout askTimeout(Timers timers) {
        if (askTimeout == null) {
            askTimeout = new AskTimeout((delayNanos, action) -> timers.schedule(delayNanos, 0, action));
        }
        return askTimeout;
    }

    /** The actor that awaits. */
    Actor<?> actor() {
        return to.actor();
    }

    /** The continuation that {@link #resume} will run, for the propagator's hooks. */
    Continuation<Object> continuation() {
        return continuation;
    }

    /** Ends the suspension and runs the continuation (once per arm). */
    Allocation resume() {
        active = false;
        final Continuation<Object> next = continuation;
        final Object value = result;
        final Throwable thrown = failure;
        continuation = null;
        result = null;
        failure = null;
        context = null;
        return next.resume(value, thrown);
    }

    @Override
    public String toString() {
        return "resumption of " + executor.access().describe(to.actor()) + " after await";
    }
}
