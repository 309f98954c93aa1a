package actor.blackbox;

/**
 * The longest run of one actor's events with no event of another between them: {@link #note}
 * at each event, with how many of the other's have happened so far. Used by one behaviour at a
 * time (one worker), read after the system has stopped.
 */
final class LongestRun {

    private int current;
    private int otherAtLast = -1;
    private int longest;

    /** One event, with {@code otherSoFar} events of the other kind so far. */
    void note(int otherSoFar) {
        if (otherSoFar == otherAtLast) {
            current++;
        } else {
            current = 1;
            otherAtLast = otherSoFar;
        }
        longest = Math.max(longest, current);
    }

    int longest() {
        return longest;
    }
}
