package actor.bench.suite;

/**
 * The request stream of the request-reply benchmark (Savina's concurrent dictionary), shared by
 * both systems so they do identical work: client {@code c}'s request {@code j} is a write of a key
 * of its own every {@value #WRITE_EVERY} requests (Savina's 10% writes), otherwise a read of the
 * key it wrote last, whose value is therefore known.
 */
public final class DictionaryWork {

    /** One request in this many is a write. */
    public static final int WRITE_EVERY = 10;

    private DictionaryWork() {
    }

    /** Whether request {@code j} (from 0) of a client is a write. */
    public static boolean isWrite(int j) {
        return j % WRITE_EVERY == 0;
    }

    /** The key request {@code j} of client {@code client} writes or reads; clients' keys never collide. */
    public static int key(int client, int requests, int j) {
        return client * requests + j / WRITE_EVERY * WRITE_EVERY;
    }

    /** The value written under {@code key}, hence the answer every read of it must get. */
    public static int value(int key) {
        return key * 31 + 7;
    }

    /** Keys a run of {@code clients} clients, {@code requests} requests each, leaves in the map. */
    public static long keys(int clients, int requests) {
        return (long) clients * ((requests + WRITE_EVERY - 1) / WRITE_EVERY);
    }
}
