package actor.api;

/**
 * Carries a context (a trace, a request id, a tenant) from the thread that sends a message to the
 * behaviour that receives it, across actors and workers: the SPI behind tracing
 * ({@code actor.otel}'s OpenTelemetry propagator) and logging context.
 *
 * <p>A system uses at most one propagator, chosen once when it starts: the one set with
 * {@link ActorSystemConfig.Builder#contextPropagator(ContextPropagator)}, else the first one
 * found with {@link java.util.ServiceLoader} ({@code provides actor.api.ContextPropagator with ...}),
 * unless {@link ActorSystemConfig.Builder#withoutContextPropagator()} says none. Then:
 * <ul>
 * <li>{@link #capture()} runs on the sender's thread at every {@code send} (so in an
 *     {@link ActorSystem#ask}, and in a behaviour's sends to other actors), when a scheduled send
 *     ({@link ActorSystem#scheduleOnce}, {@link ActorSystem#schedulePeriodic}) or an
 *     {@link ActorTimers} timer is started, and when a behaviour {@link Actor#await awaits};</li>
 * <li>{@link #beforeBehaviour} and {@link #afterBehaviour} run on the worker around the behaviour
 *     that receives such a message (or the timer's message, or the await's continuation), with the
 *     captured context;</li>
 * <li>{@link #attach} and {@link #detach} run on the timer thread around a scheduled send, so the
 *     send captures the context of whoever scheduled it.</li>
 * </ul>
 * A death watch's notification runs without them, as does every behaviour of a system without a
 * propagator. A message to another node ({@code actor.remote}) carries the context as text when
 * the propagator writes one ({@link #toWire}), and the receiving node's propagator, if it has one,
 * reads it back ({@link #fromWire}) and sends the message on in it; a node without a propagator
 * ignores it.
 *
 * <p>Cost: nothing unless a propagator is installed. A system without one sends, queues and runs
 * exactly as before, with no field per message and no check per message beyond the one its send
 * already makes for {@linkplain Checks#DEBUG debug checks} (the executor folds both into one
 * per-system flag). A system with one wraps each message with its context in a small object (one
 * allocation per send) and its workers take a separate path that unwraps it; the executor's
 * documentation ({@code actor.executor.internal.Traced}) explains the split.
 *
 * <p>Threading: every method may be called from any thread, at once; an implementation keeps no
 * state per call beyond the objects it returns. A method that throws is reported to the system's
 * {@link ErrorHandler} ({@link ActorError.PropagatorFailed}; on the timer thread,
 * {@link ActorError.ScheduledSendFailed}); the message is delivered regardless.
 */
public interface ContextPropagator {

    /**
     * The calling thread's context, to travel with a message sent now.
     *
     * @return the context, never null (a "no context" value when there is none)
     */
    Object capture();

    /**
     * Makes {@code context} the calling thread's context until {@link #detach}: on the timer thread,
     * around a scheduled send.
     *
     * @param context a value {@link #capture()} returned
     * @return what {@link #detach} needs to restore the thread's previous context
     */
    Object attach(Object context);

    /**
     * Restores the context the calling thread had before the {@link #attach} that returned
     * {@code attached}.
     *
     * @param attached what {@link #attach} returned, on this thread
     */
    void detach(Object attached);

    /**
     * Called on the worker just before the behaviour runs: makes {@code context} current, and may
     * start a span or a timer.
     *
     * @param context          what {@link #capture()} returned when the message was sent (the
     *                         timer started, the behaviour awaited)
     * @param actor            the receiving actor
     * @param message          the message, as the behaviour receives it; for an await's continuation,
     *                         the {@link Continuation} that runs
     * @param worker           the index of the worker that runs it, in {@code [0, workers)}
     * @param queueWaitNanos   how long the message waited between its send and now, or -1 when not
     *                         known (a continuation, a timer's message)
     * @return what {@link #afterBehaviour} needs (a scope, a span), passed back on the same thread
     */
    Object beforeBehaviour(Object context, Actor<?> actor, Object message, int worker, long queueWaitNanos);

    /**
     * Called on the worker just after the behaviour (and the allocation it returned) was applied:
     * restores the worker's context and ends what {@link #beforeBehaviour} started.
     *
     * @param started what {@link #beforeBehaviour} returned, on this thread
     * @param failure what the behaviour threw, or null if it returned
     */
    void afterBehaviour(Object started, Throwable failure);

    /** The longest text {@link #toWire} may return: a longer one is not sent. */
    int MAX_WIRE_LENGTH = 1024;

    /**
     * The context as text, for a message that leaves this JVM ({@code actor.remote}), such as a W3C
     * {@code traceparent}. The default sends none: the context stays in this JVM.
     *
     * @param context a value {@link #capture()} returned
     * @return US-ASCII text of at most {@link #MAX_WIRE_LENGTH} characters, or null to send none
     */
    default String toWire(Object context) {
        return null;
    }

    /**
     * The context a message from another node carried, from the text that node's propagator wrote
     * ({@link #toWire}); the receiving node sends the message on to its actor in it. The default
     * reads none. An implementation must not throw on text it does not understand: it returns null.
     *
     * @param wire the text, as received
     * @return the context, as {@link #capture()} would return it, or null for none
     */
    default Object fromWire(String wire) {
        return null;
    }
}
