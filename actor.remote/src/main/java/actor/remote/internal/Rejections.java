package actor.remote.internal;

import java.util.Arrays;

/**
 * The frames a node drops, unused, because it does not take them from their sender (no valid tag,
 * a node it does not admit...): each is counted ({@code Node.rejectedFrames}), and reported as a
 * {@code RemoteFailure}, throttled by {@link Reason}: the first at once, then at most one summary
 * per reason every {@link #REPORT_INTERVAL_NANOS}, counting those since the last report. So a
 * flood of forged frames makes about one report a second, whatever its rate; the exact count is
 * the counter's.
 *
 * <p>Threading: the receiving agent's.
 */
final class Rejections {

    /** Least time between two reports of one reason. */
    static final long REPORT_INTERVAL_NANOS = 1_000_000_000L;

    /** Why a frame is rejected, as the reports say it. */
    enum Reason {
        /** A node with a secret received a frame whose tag is not the one the secret makes. */
        UNAUTHENTICATED("without a valid authentication tag (the sender does not have the secret of this node, or the"
                + " frame was changed or replayed on its way)"),
        /** A node without a secret received a frame with a tag. */
        UNEXPECTED_TAG("with an authentication tag, and this node has no secret (give every node the same"
                + " RemoteConfig.Builder.secret)"),
        /** A frame claims another node than the first frame of its session did. */
        ANOTHER_NODE("claiming another node than the first frame of its session (a session is bound to the node of"
                + " its first frame)"),
        /** A frame from a node not on the allow-list. */
        NOT_ALLOWED("from a node not on the allow-list (RemoteConfig.Builder.allowPeers)"),
        /** A frame from a node that would be one learned peer too many. */
        OVER_CAP("from a node that would be a learned peer beyond the cap (RemoteConfig.Builder.maxLearnedPeers)");

        final String what;

        Reason(String what) {
            this.what = what;
        }
    }

    private final Node node;
    /** Per reason: frames rejected since its last report. */
    private final long[] unreported = new long[Reason.values().length];
    /** Per reason: when it was last reported. */
    private final long[] reportedNanos = new long[Reason.values().length];
    /** Per reason: the session, and the node it named (or null), of the last frame not reported. */
    private final int[] lastSession = new int[Reason.values().length];
    private final String[] lastNode = new String[Reason.values().length];

    Rejections(Node node, long nowNanos) {
        this.node = node;
        Arrays.fill(reportedNanos, nowNanos - REPORT_INTERVAL_NANOS);
    }

    /**
     * Counts a frame rejected for {@code reason}, from session {@code sessionId}, that named node
     * {@code nodeName} (null: not read); reports it if its reason was not reported within the interval.
     */
    void reject(Reason reason, int sessionId, String nodeName, long nowNanos) {
        node.rejectedFrames.increment();
        final int r = reason.ordinal();
        if (nowNanos - reportedNanos[r] >= REPORT_INTERVAL_NANOS && unreported[r] == 0) {
            reportedNanos[r] = nowNanos;
            node.failure("a frame from session " + sessionId + named(nodeName) + " rejected, " + reason.what
                    + ": dropped (such frames are counted in rejectedFrames, and reported at most once a second)", null);
            return;
        }
        unreported[r]++;
        lastSession[r] = sessionId;
        lastNode[r] = nodeName;
    }

    /** Reports the reasons whose frames were not reported and whose interval has passed; how many. */
    int summarize(long nowNanos) {
        int reports = 0;
        for (Reason reason : Reason.values()) {
            final int r = reason.ordinal();
            if (unreported[r] > 0 && nowNanos - reportedNanos[r] >= REPORT_INTERVAL_NANOS) {
                node.failure(unreported[r] + " more frame(s) rejected in the last "
                        + (nowNanos - reportedNanos[r]) / 1_000_000 + " ms, " + reason.what + ", the last from session "
                        + lastSession[r] + named(lastNode[r]) + ": dropped", null);
                reportedNanos[r] = nowNanos;
                unreported[r] = 0;
                lastNode[r] = null;
                reports++;
            }
        }
        return reports;
    }

    private static String named(String nodeName) {
        return nodeName == null ? "" : " (node '" + nodeName + "')";
    }
}
