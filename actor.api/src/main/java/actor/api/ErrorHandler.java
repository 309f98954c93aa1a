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
     * {@code actor.api}), at {@code ERROR} for failures, with the failure's stack trace, and at
     * {@code WARNING} for the rest. Dead letters, unsent messages (debug checks), reports of
     * remote messages not known delivered and remote failures can come by the thousand: the first
     * {@value ThrottledLog#LOGGED_IN_FULL} of each are logged one line each, then one summary at
     * most every {@value LoggingErrorHandler#SUMMARY_SECONDS} seconds, with counts by message class
     * (by remote actor for the remote reports; by node and problem for the remote failures).
     */
    static ErrorHandler logging() {
        return LoggingErrorHandler.INSTANCE;
    }
}
