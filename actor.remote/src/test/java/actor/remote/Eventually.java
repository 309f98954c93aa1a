package actor.remote;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waiting, bounded, for what other threads and processes make true. */
final class Eventually {

    private Eventually() {
    }

    /** Returns once {@code condition} holds, checking every 5 ms; fails naming {@code what} after {@code timeout}. */
    static void awaitTrue(String what, Duration timeout, BooleanSupplier condition) throws InterruptedException {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("not within " + timeout + ": " + what);
            }
            Thread.sleep(5);
        }
    }
}
