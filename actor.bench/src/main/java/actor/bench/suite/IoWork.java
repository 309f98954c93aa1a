package actor.bench.suite;

/**
 * The requests of the I/O-bound rows and their check, shared by both systems so they do identical
 * work: actor {@code a}'s request {@code r} reads the key {@link #key key(a, requests, r)} from the
 * {@link IoSimulator}; each actor folds its results, in the order it handled them, into a checksum
 * ({@link #fold}), and the run's checksums must add up to {@link #expected}: a lost, repeated or
 * reordered request changes the sum.
 */
public final class IoWork {

    private IoWork() {
    }

    /** The key request {@code r} (from 0) of actor {@code actor} reads; no two requests share one. */
    public static long key(int actor, int requests, int r) {
        return (long) actor * requests + r;
    }

    /** An actor's checksum after one more result; the order of the results matters. */
    public static long fold(long checksum, long result) {
        return checksum * 31 + result;
    }

    /**
     * The sum of every actor's checksum when each of {@code actors} actors handled its
     * {@code requests} requests in order and got the device's {@link IoSimulator#response}.
     */
    public static long expected(int actors, int requests) {
        long sum = 0;
        for (int a = 0; a < actors; a++) {
            long checksum = 0;
            for (int r = 0; r < requests; r++) {
                checksum = fold(checksum, IoSimulator.response(key(a, requests, r)));
            }
            sum += checksum;
        }
        return sum;
    }
}
