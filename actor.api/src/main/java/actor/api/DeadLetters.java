package actor.api;

import java.util.concurrent.atomic.LongAdder;

/**
 * One system's dead-letter sink: where a send to an actor that has already terminated goes instead
 * of failing the sender ({@link ActorSystemConfig.Builder#strictSends} restores the exception). Each
 * dead letter is counted ({@link ActorSystem#deadLetters()}) and reported to the system's
 * {@link ErrorHandler} as an {@link ActorError.DeadLetter}; the default handler logs them with a
 * rate limit. An actor keeps its sink after it terminates (even after a DELETE, when it drops its
 * system): the sink holds only the handler and the count.
 *
 * <p>Threading: any thread; the count is a {@link LongAdder}.
 */
final class DeadLetters {

    private static final System.Logger LOG = System.getLogger("actor.api");

    private final ErrorHandler handler;
    private final boolean strict;
    private final LongAdder count = new LongAdder();

    DeadLetters(ErrorHandler handler, boolean strict) {
        this.handler = handler;
        this.strict = strict;
    }

    /** Whether a send to a terminated actor throws instead ({@link ActorTerminatedException}). */
    boolean strict() {
        return strict;
    }

    /**
     * Counts and reports a message refused by a terminated actor. A handler that throws is logged
     * and otherwise ignored: the sender never fails because of a dead letter.
     */
    void deliver(Actor<?> actor, Object message, Allocation status) {
        count.increment();
        try {
            handler.handle(new ActorError.DeadLetter(actor, message, status));
        } catch (RuntimeException | LinkageError e) {
            LOG.log(System.Logger.Level.ERROR, "the error handler failed on a dead letter", e);
        }
    }

    /** Dead letters so far. */
    long count() {
        return count.sum();
    }
}
