package actor.executor.internal;

/**
 * A message with the context its sender had ({@link actor.api.ContextPropagator#capture}): what a
 * system with a propagator queues instead of the bare message. Immutable, made by the sender,
 * published to the worker by the mailbox's queue as the message itself is.
 *
 * <h2>Why a wrapper, and why only there</h2>
 * Context propagation must cost a system without a propagator nothing: no field per message, no
 * check per message, 0 B/op on a send. So the choice is made once, when the system starts, and the
 * two kinds of system take separate paths:
 * <ul>
 * <li><b>Send.</b> {@link ShardedExecutor#send} already tested one per-system flag on every send
 *     (the debug checks); it now tests one flag, {@code sendHooks}, true for debug checks or a
 *     propagator, and only behind it captures the context and wraps the message. An untraced send
 *     runs the very instructions it ran before. The executor's own envelopes (an await's
 *     resumption, a death watch's signal, a timer's expiry) are queued by {@link ShardedExecutor#post},
 *     which never wraps: the worker recognises them by identity and type, as before.</li>
 * <li><b>Receive.</b> A copy queue holds (registration, message) pairs, and an MPSC node the same
 *     two references: a context field in either would cost every message of every system. The
 *     wrapper costs only traced messages. A worker drains its batches into a sink chosen when its
 *     {@link EnvelopeRunner} is made: the runner itself on an untraced system, which never looks
 *     for a wrapper, or the runner's traced sink, which unwraps, runs the propagator's hooks around
 *     the behaviour and hands the bare message to the same code. The drain's call to its sink is a
 *     call the JIT already made (monomorphic in a JVM with untraced systems only).</li>
 * </ul>
 * Contexts that belong to one await or one timer rather than to a message (an await's
 * continuation, an {@code ActorTimers} timer, a scheduled send) live in that object
 * ({@link Suspension}, {@link Timers.Keyed}, {@link Timers.Send}), null on an untraced system.
 */
final class Traced {

    /** What the propagator captured on the sender's thread. */
    final Object context;
    /** {@link System#nanoTime()} at the send, for the queue wait. */
    final long sentNanos;
    /** The message the behaviour receives. */
    final Object message;

    Traced(Object context, long sentNanos, Object message) {
        this.context = context;
        this.sentNanos = sentNanos;
        this.message = message;
    }

    /** {@return the message inside {@code queued} if it is a wrapper, else {@code queued}}: for reports. */
    static Object unwrap(Object queued) {
        return queued instanceof Traced traced ? traced.message : queued;
    }
}
