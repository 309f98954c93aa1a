package actor.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The default handler's lines, through an injected sink, on a hand-driven clock. */
class LoggingErrorHandlerTest {

    private record Line(Level level, String text, Throwable failure) {
    }

    private final List<Line> lines = new ArrayList<>();
    private final AtomicLong clock = new AtomicLong();
    private final LoggingErrorHandler handler = new LoggingErrorHandler(
            (level, text, failure) -> lines.add(new Line(level, text, failure)), clock::get);

    @Test
    void aFloodOfRemoteFailuresMakesTheFirstFewLinesAndThenOneSummaryPerPeriod() {
        final IllegalStateException cause = new IllegalStateException("codec");
        final long period = TimeUnit.SECONDS.toNanos(LoggingErrorHandler.SUMMARY_SECONDS);
        for (int i = 0; i < 10_000; i++) {
            handler.handle(new ActorError.RemoteFailure("a", i % 2 == 0
                    ? "a malformed frame from node 'b', session " + i + ": message count " + i + " past the frame's end; dropped"
                    : "1 of 1 message(s) from node 'b' to actor 'sink' not delivered: decoding failed", i % 2 == 0 ? null : cause));
            clock.addAndGet(period / 4_000);
        }
        assertTrue(lines.size() <= ThrottledLog.LOGGED_IN_FULL + 3, lines.size() + " lines");
        assertEquals(Level.WARNING, lines.get(0).level());
        assertNull(lines.get(0).failure());
        assertEquals(Level.ERROR, lines.get(1).level(), "a failure with an exception is an error, with its stack trace");
        assertSame(cause, lines.get(1).failure());
        final String summary = lines.get(ThrottledLog.LOGGED_IN_FULL).text();
        assertTrue(summary.matches("\\d+ more remote failures since the last report: \\d+ x node 'a': a malformed frame "
                + "from node '\\.\\.\\.', session #, \\d+ x node 'a': # of # message\\(s\\) from node '\\.\\.\\.' to actor "
                + "'\\.\\.\\.' not delivered"), summary);
        assertEquals(Level.WARNING, lines.get(ThrottledLog.LOGGED_IN_FULL).level());
    }

    @Test
    void otherFailuresAreEachLoggedInFull() {
        for (int i = 0; i < 50; i++) {
            handler.handle(new ActorError.BehaviourFailed(null, "message " + i, new IllegalStateException(), Allocation.DELETE));
        }
        assertEquals(50, lines.size());
        assertEquals(Level.ERROR, lines.get(49).level());
    }

    @Test
    void theDefaultHandlerIsThisOne() {
        assertSame(LoggingErrorHandler.INSTANCE, ErrorHandler.logging());
        assertEquals("logging", ActorSystemConfig.describe(ErrorHandler.logging()));
    }
}
