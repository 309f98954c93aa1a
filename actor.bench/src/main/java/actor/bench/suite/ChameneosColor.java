package actor.bench.suite;

/**
 * The colours of the broker benchmark's creatures (Savina's chameneos), shared by both systems:
 * after a meeting each creature takes the complement of its own colour and its partner's.
 */
public enum ChameneosColor {
    BLUE, RED, YELLOW;

    private static final ChameneosColor[] VALUES = values();

    /** The colour creature {@code index} starts with: the colours in turn. */
    public static ChameneosColor initial(int index) {
        return VALUES[index % VALUES.length];
    }

    /** The same colour if both are equal, otherwise the third one. */
    public ChameneosColor complement(ChameneosColor other) {
        return this == other ? this : VALUES[3 - ordinal() - other.ordinal()];
    }
}
