import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The cross-core hop of this machine, as a start-up calibration would measure it: two threads hand
 * a counter back and forth, each round trip timed alone, for at most 5 ms, ten times. Prints the
 * round trips completed and the one-way hop (half a round trip, the clock's cost taken off): least,
 * tenth percentile and median. Run: {@code javac -d /tmp/hp tools/HopProbe.java && java -cp /tmp/hp HopProbe}
 * (compiled first: the source launcher's own compilation takes the cores while it probes). On an
 * idle 2-vCPU machine the least hop is 90-230 ns and 2 attempts in 10 complete 1 round trip;
 * beside two spinning processes none completes any (docs/scheduling.md, "Why the thresholds are
 * nanoseconds").
 */
public final class HopProbe {

    private static final int ROUND_TRIPS = 4096;
    private static final long BUDGET_NANOS = 5_000_000;

    public static void main(String[] args) throws InterruptedException {
        for (int attempt = 0; attempt < 10; attempt++) {
            probe();
        }
    }

    private static void probe() throws InterruptedException {
        final AtomicLong ball = new AtomicLong();
        final Thread partner = new Thread(() -> {
            for (long expected = 1; ; expected += 2) {
                long seen;
                while ((seen = ball.getAcquire()) != expected) {
                    if (seen < 0) {
                        return;
                    }
                    Thread.onSpinWait();
                }
                ball.setRelease(expected + 1);
            }
        });
        partner.setDaemon(true);
        partner.start();
        long clock = Long.MAX_VALUE;
        for (int i = 0; i < 64; i++) {
            final long before = System.nanoTime();
            clock = Math.min(clock, System.nanoTime() - before);
        }
        final long deadline = System.nanoTime() + BUDGET_NANOS;
        final long[] hops = new long[ROUND_TRIPS];
        int done = 0;
        long next = 0;
        trips:
        while (done < ROUND_TRIPS) {
            final long start = System.nanoTime();
            ball.setRelease(next + 1);
            while (ball.getAcquire() != next + 2) {
                if (System.nanoTime() > deadline) {
                    break trips;
                }
                Thread.onSpinWait();
            }
            hops[done++] = (System.nanoTime() - start - clock) / 2;
            next += 2;
        }
        ball.setRelease(-1);
        partner.join(1_000);
        Arrays.sort(hops, 0, done);
        System.out.println(done == 0 ? "0 round trips in 5 ms"
                : done + " round trips: hop least " + hops[0] + " ns, p10 " + hops[done / 10] + " ns, median "
                + hops[done / 2] + " ns");
    }
}
