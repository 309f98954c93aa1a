package actor.api;

import java.lang.System.Logger.Level;
import java.util.concurrent.TimeUnit;

/**
 * The default {@link ErrorHandler}: one {@link System.Logger} record per problem, except dead
 * letters, unsent messages, reports of remote messages not known delivered and the failures a
 * supervised actor goes on after, which can come by the thousand: those are rate limited and then
 * summarized by kind ({@link ThrottledLog}).
 */
enum LoggingErrorHandler implements ErrorHandler {
    INSTANCE;

    /** Least time between two summary lines of dead letters or unsent messages, after the first few. */
    static final int SUMMARY_SECONDS = 10;

    private static final System.Logger LOG = System.getLogger("actor.api");

    private final ThrottledLog deadLetters = new ThrottledLog("dead letters", LoggingErrorHandler::warn,
            System::nanoTime, TimeUnit.SECONDS.toNanos(SUMMARY_SECONDS));
    private final ThrottledLog unsent = new ThrottledLog("unsent messages", LoggingErrorHandler::warn,
            System::nanoTime, TimeUnit.SECONDS.toNanos(SUMMARY_SECONDS));
    private final ThrottledLog remoteUndelivered = new ThrottledLog("reports of remote messages not known delivered",
            LoggingErrorHandler::warn, System::nanoTime, TimeUnit.SECONDS.toNanos(SUMMARY_SECONDS));

    private final ThrottledLog supervision = new ThrottledLog("failures of supervised actors",
            LoggingErrorHandler::warn, System::nanoTime, TimeUnit.SECONDS.toNanos(SUMMARY_SECONDS));

    private static void warn(String line) {
        LOG.log(Level.WARNING, line);
    }

    /** The events of supervised actors that can come by the thousand: the failures it goes on after, and overflows. */
    private static boolean throttled(ActorError.Supervision.Event event) {
        return switch (event) {
            case RESUMED, RESTARTED, BACKING_OFF, STASH_OVERFLOW -> true;
            case STOPPED, LIMIT_REACHED, RESTART_FAILED, ESCALATED -> false;
        };
    }

    @Override
    public void handle(ActorError error) {
        if (error instanceof ActorError.DeadLetter letter) {
            deadLetters.log(letter.message().getClass().getName() + " to "
                    + (letter.actor() == null ? "an ended ask" : letter.actor().getClass().getName()), error.describe());
        } else if (error instanceof ActorError.UnsentMessage message) {
            unsent.log(message.messageClass(), error.describe());
        } else if (error instanceof ActorError.RemoteUndelivered undelivered) {
            remoteUndelivered.log(undelivered.actor() + "@" + undelivered.node(), error.describe());
        } else if (error instanceof ActorError.RemoteFailure failed && failed.failure() != null) {
            LOG.log(Level.ERROR, error.describe(), failed.failure());
        } else if (error instanceof ActorError.Supervision report && throttled(report.event())) {
            supervision.log(report.event() + " " + report.actor().getClass().getName()
                    + (report.failure() == null ? "" : " " + report.failure().getClass().getName()), error.describe());
        } else if (error instanceof ActorError.Supervision report) {
            LOG.log(Level.ERROR, error.describe(), report.failure());
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
