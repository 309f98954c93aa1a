package actor.api;

/**
 * Receives the problems an actor system reports instead of throwing ({@link ActorError}). Called on
 * worker threads, on senders' threads ({@link ActorError.DeadLetter}), on a thread waiting in a stop
 * ({@link ActorError.StopWaiting}) and, for {@link ActorError.UnsentMessage}, on a cleaner thread,
 * so it must be thread-safe; it should return quickly. An exception it throws is logged and otherwise ignored.
 */
@FunctionalInterface
public interface ErrorHandler {

    /**
     * Handles one reported problem.
     *
     * @param error what went wrong; {@link ActorError#describe()} gives a log line
     */
    void handle(ActorError error);

    /**
     * {@return the default handler} It logs each problem through {@link System.Logger} (logger name
     * {@code actor.api}), at {@code ERROR} for failures and {@code WARNING} for undelivered or
     * unsent messages, with the failure's stack trace; dead letters at {@code WARNING}, the first
     * {@value DeadLetterLog#LOGGED_IN_FULL} one line each, then a summary at most every
     * {@value LoggingErrorHandler#DEAD_LETTER_SUMMARY_SECONDS} seconds.
     */
    static ErrorHandler logging() {
        return LoggingErrorHandler.INSTANCE;
    }
}
