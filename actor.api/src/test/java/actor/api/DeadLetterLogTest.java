package actor.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The default handler's rate limit for dead letters, on a hand-driven clock. */
class DeadLetterLogTest {

    private static final long PERIOD = 1_000;

    static final class Note extends Message {
    }

    private final List<String> lines = new ArrayList<>();
    private final AtomicLong clock = new AtomicLong(5_000);
    private final DeadLetterLog log = new DeadLetterLog(lines::add, clock::get, PERIOD);

    private static ActorError.DeadLetter letter() {
        return new ActorError.DeadLetter(null, new Note(), Allocation.FINISHED);
    }

    @Test
    void theFirstFewAreLoggedInFullAndTheLastOfThemSaysWhatFollows() {
        for (int i = 0; i < DeadLetterLog.LOGGED_IN_FULL; i++) {
            log.log(letter());
        }
        assertEquals(DeadLetterLog.LOGGED_IN_FULL, lines.size());
        assertTrue(lines.get(0).startsWith("dead letter: " + Note.class.getName()), lines.get(0));
        assertTrue(lines.get(DeadLetterLog.LOGGED_IN_FULL - 1).contains("summarized at most every"),
                lines.get(DeadLetterLog.LOGGED_IN_FULL - 1));
    }

    @Test
    void afterThatOneSummaryPerPeriodCountsEveryDeadLetterSinceTheLastLine() {
        for (int i = 0; i < DeadLetterLog.LOGGED_IN_FULL; i++) {
            log.log(letter());
        }
        for (int i = 0; i < 500; i++) {
            log.log(letter());
        }
        assertEquals(DeadLetterLog.LOGGED_IN_FULL, lines.size(), "nothing more within the period");
        clock.addAndGet(PERIOD);
        log.log(letter());
        assertEquals(DeadLetterLog.LOGGED_IN_FULL + 1, lines.size());
        assertTrue(lines.get(lines.size() - 1).startsWith("501 more dead letter(s)"), lines.get(lines.size() - 1));
        log.log(letter());
        clock.addAndGet(PERIOD - 1);
        log.log(letter());
        assertEquals(DeadLetterLog.LOGGED_IN_FULL + 1, lines.size(), "a period has not passed since the summary");
        clock.addAndGet(1);
        log.log(letter());
        assertTrue(lines.get(lines.size() - 1).startsWith("3 more dead letter(s)"), lines.get(lines.size() - 1));
    }
}
