package actor.api;

import java.lang.System.Logger.Level;
import java.util.concurrent.TimeUnit;

/**
 * The default {@link ErrorHandler}: one {@link System.Logger} record per problem, except dead
 * letters, which are rate limited ({@link DeadLetterLog}).
 */
enum LoggingErrorHandler implements ErrorHandler {
    INSTANCE;

    /** Least time between two summary lines of dead letters, after the first few. */
    static final long DEAD_LETTER_SUMMARY_SECONDS = 10;

    private static final System.Logger LOG = System.getLogger("actor.api");

    private final DeadLetterLog deadLetters = new DeadLetterLog(LoggingErrorHandler::warn, System::nanoTime,
            TimeUnit.SECONDS.toNanos(DEAD_LETTER_SUMMARY_SECONDS));

    private static void warn(String line) {
        LOG.log(Level.WARNING, line);
    }

    @Override
    public void handle(ActorError error) {
        if (error instanceof ActorError.DeadLetter letter) {
            deadLetters.log(letter);
        } else if (error instanceof ActorError.BehaviourFailed failed) {
            LOG.log(Level.ERROR, error.describe(), failed.failure());
        } else if (error instanceof ActorError.DestroyHookFailed failed) {
            LOG.log(Level.ERROR, error.describe(), failed.failure());
        } else if (error instanceof ActorError.VictimSelectorFailed failed) {
            LOG.log(Level.ERROR, error.describe(), failed.failure());
        } else {
            LOG.log(Level.WARNING, error.describe());
        }
    }
}
