package actor.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The default handler's rate limit for dead letters and unsent messages, on a hand-driven clock. */
class ThrottledLogTest {

    private static final long PERIOD = 1_000;

    private final List<String> lines = new ArrayList<>();
    private final AtomicLong clock = new AtomicLong(5_000);
    private final ThrottledLog log = new ThrottledLog("dead letters", (line, failure) -> lines.add(line), clock::get, PERIOD);

    private void logInFull() {
        for (int i = 0; i < ThrottledLog.LOGGED_IN_FULL; i++) {
            log.log("a.Note", "line " + i);
        }
    }

    @Test
    void theFirstFewAreLoggedInFullAndTheLastOfThemSaysWhatFollows() {
        logInFull();
        assertEquals(ThrottledLog.LOGGED_IN_FULL, lines.size());
        assertEquals("line 0", lines.get(0));
        assertTrue(lines.get(ThrottledLog.LOGGED_IN_FULL - 1).endsWith("(further dead letters are summarized at most every 0 s)"),
                lines.get(ThrottledLog.LOGGED_IN_FULL - 1));
    }

    @Test
    void afterThatOneSummaryPerPeriodCountsEverythingSinceTheLastLineByKind() {
        logInFull();
        for (int i = 0; i < 500; i++) {
            log.log(i % 5 == 0 ? "b.Other" : "a.Note", "unused");
        }
        assertEquals(ThrottledLog.LOGGED_IN_FULL, lines.size(), "nothing more within the period");
        clock.addAndGet(PERIOD);
        log.log("a.Note", "unused");
        assertEquals(ThrottledLog.LOGGED_IN_FULL + 1, lines.size());
        assertEquals("501 more dead letters since the last report: 401 x a.Note, 100 x b.Other", lines.get(lines.size() - 1));
        log.log("a.Note", "unused");
        clock.addAndGet(PERIOD - 1);
        log.log("a.Note", "unused");
        assertEquals(ThrottledLog.LOGGED_IN_FULL + 1, lines.size(), "a period has not passed since the summary");
        clock.addAndGet(1);
        log.log("a.Note", "unused");
        assertEquals("3 more dead letters since the last report: 3 x a.Note", lines.get(lines.size() - 1));
    }

    @Test
    void aSummaryNamesTheMostFrequentKindsAndCountsTheRest() {
        logInFull();
        for (int kind = 0; kind < ThrottledLog.KINDS_PER_SUMMARY + 2; kind++) {
            for (int i = 0; i <= kind; i++) {
                log.log("k" + kind, "unused");
            }
        }
        clock.addAndGet(PERIOD);
        log.log("k6", "unused");
        assertEquals("29 more dead letters since the last report: 8 x k6, 6 x k5, 5 x k4, 4 x k3, 3 x k2, and 2 other kind(s)",
                lines.get(lines.size() - 1));
    }
}
