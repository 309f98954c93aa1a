package actor.api;

import java.lang.System.Logger.Level;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The default {@link ErrorHandler}: one {@link System.Logger} record per problem, except dead
 * letters, messages dropped at a bound, mailbox alarms, unsent messages, reports of remote messages
 * not known delivered, remote failures and the failures a supervised actor goes on after, which can
 * come by the thousand (a flood of bad frames makes one remote failure each): those are rate
 * limited and then summarized by kind ({@link ThrottledLog}).
 *
 * <p>Threading: any thread; the throttles are lock-free.
 */
final class LoggingErrorHandler implements ErrorHandler {

    /** The handler of {@link ErrorHandler#logging()}: lines go to the {@code actor.api} logger. */
    static final LoggingErrorHandler INSTANCE = new LoggingErrorHandler(LoggingErrorHandler::toLogger, System::nanoTime);

    /** Least time between two summary lines of dead letters or unsent messages, after the first few. */
    static final int SUMMARY_SECONDS = 10;
    /** Longest kind of remote failure a summary counts by: the start of its problem. */
    static final int REMOTE_KIND_LENGTH = 100;

    private static final System.Logger LOG = System.getLogger("actor.api");

    /** Where the lines go: the logger, or a test's list. */
    interface Sink {
        /** Writes {@code line} at {@code level}, with {@code failure}'s stack trace if it is not null. */
        void write(Level level, String line, Throwable failure);
    }

    private final Sink sink;
    private final ThrottledLog deadLetters;
    private final ThrottledLog dropped;
    private final ThrottledLog alarms;
    private final ThrottledLog unsent;
    private final ThrottledLog remoteUndelivered;
    private final ThrottledLog remoteFailures;
    private final ThrottledLog supervision;

    /**
     * @param sink      where lines go
     * @param nanoClock the clock of the summaries' period
     */
    LoggingErrorHandler(Sink sink, LongSupplier nanoClock) {
        this.sink = sink;
        final long period = TimeUnit.SECONDS.toNanos(SUMMARY_SECONDS);
        this.deadLetters = new ThrottledLog("dead letters", this::warn, nanoClock, period);
        this.dropped = new ThrottledLog("messages dropped at a mailbox bound", this::warn, nanoClock, period);
        this.alarms = new ThrottledLog("mailbox alarms", this::warn, nanoClock, period);
        this.unsent = new ThrottledLog("unsent messages", this::warn, nanoClock, period);
        this.remoteUndelivered = new ThrottledLog("reports of remote messages not known delivered", this::warn,
                nanoClock, period);
        this.remoteFailures = new ThrottledLog("remote failures", this::warnOrError, nanoClock, period);
        this.supervision = new ThrottledLog("failures of supervised actors", this::warn, nanoClock, period);
    }

    /** The events of supervised actors that can come by the thousand: the failures it goes on after, and overflows. */
    private static boolean throttled(ActorError.Supervision.Event event) {
        return switch (event) {
            case RESUMED, RESTARTED, BACKING_OFF, STASH_OVERFLOW -> true;
            case STOPPED, LIMIT_REACHED, RESTART_FAILED, ESCALATED -> false;
        };
    }

    private static void toLogger(Level level, String line, Throwable failure) {
        if (failure == null) {
            LOG.log(level, line);
        } else {
            LOG.log(level, line, failure);
        }
    }

    private void warn(String line, Throwable failure) {
        sink.write(Level.WARNING, line, failure);
    }

    /** A remote failure with an exception at ERROR, with its stack trace; one without, and summaries, at WARNING. */
    private void warnOrError(String line, Throwable failure) {
        sink.write(failure == null ? Level.WARNING : Level.ERROR, line, failure);
    }

    @Override
    public void handle(ActorError error) {
        if (error instanceof ActorError.DeadLetter letter) {
            deadLetters.log(letter.message().getClass().getName() + " to "
                    + (letter.actor() == null ? "an ended ask" : letter.actor().getClass().getName()), error.describe());
        } else if (error instanceof ActorError.MessageDropped drop) {
            dropped.log(drop.message().getClass().getName() + " to " + drop.actor().getClass().getName(), error.describe());
        } else if (error instanceof ActorError.MailboxAlarm alarm) {
            alarms.log("mailbox #" + alarm.mailbox(), error.describe());
        } else if (error instanceof ActorError.UnsentMessage message) {
            unsent.log(message.messageClass(), error.describe());
        } else if (error instanceof ActorError.RemoteUndelivered undelivered) {
            remoteUndelivered.log(undelivered.actor() + "@" + undelivered.node(), error.describe());
        } else if (error instanceof ActorError.RemoteFailure failed) {
            remoteFailures.log(remoteKind(failed), error.describe(), failed.failure());
        } else if (error instanceof ActorError.Supervision report && throttled(report.event())) {
            supervision.log(report.event() + " " + report.actor().getClass().getName()
                    + (report.failure() == null ? "" : " " + report.failure().getClass().getName()), error.describe());
        } else if (error instanceof ActorError.Supervision report) {
            sink.write(Level.ERROR, error.describe(), report.failure());
        } else if (error instanceof ActorError.BehaviourFailed failed) {
            sink.write(Level.ERROR, error.describe(), failed.failure());
        } else if (error instanceof ActorError.DestroyHookFailed failed) {
            sink.write(Level.ERROR, error.describe(), failed.failure());
        } else if (error instanceof ActorError.VictimSelectorFailed failed) {
            sink.write(Level.ERROR, error.describe(), failed.failure());
        } else {
            sink.write(Level.WARNING, error.describe(), null);
        }
    }

    /**
     * The kind a summary counts a remote failure by: its node and its problem up to the first
     * {@code :}, each number written {@code #} and each quoted name {@code '...'}, so that the
     * frames of every session and sender that fail the same way are one kind
     * ({@code node 'a': a malformed frame from node '...', session #}).
     */
    static String remoteKind(ActorError.RemoteFailure failure) {
        final String problem = failure.problem();
        final StringBuilder kind = new StringBuilder("node '").append(failure.node()).append("': ");
        boolean quoted = false;
        boolean number = false;
        for (int i = 0; i < problem.length() && kind.length() < REMOTE_KIND_LENGTH; i++) {
            final char c = problem.charAt(i);
            if (c == '\'') {
                quoted = !quoted;
                if (quoted) {
                    kind.append("'...'");
                }
            } else if (quoted) {
                continue;
            } else if (c == ':') {
                break;
            } else if (c >= '0' && c <= '9') {
                if (!number) {
                    kind.append('#');
                }
            } else {
                kind.append(c);
            }
            number = !quoted && c >= '0' && c <= '9';
        }
        return kind.toString();
    }

    @Override
    public String toString() {
        return "logging";
    }
}
