package actor.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The percentiles TimerBenchmark reports: bucket upper edges, ranks rounded up, overflow and reset. */
class LatenessHistogramTest {

    @Test
    void percentilesAreTheUpperEdgesOfTheBucketsHoldingTheirRank() {
        final TimerBenchmark.LatenessHistogram h = new TimerBenchmark.LatenessHistogram();
        assertEquals(0, h.percentileMicros(0.5), "empty");
        for (int i = 0; i < 99; i++) {
            h.record(5_000);                 // bucket 0: [0, 10) µs
        }
        h.record(2_345_000);                 // bucket 234: [2340, 2350) µs
        assertEquals(100, h.count());
        assertEquals(10, h.percentileMicros(0.50));
        assertEquals(10, h.percentileMicros(0.99));
        assertEquals(2_350, h.percentileMicros(1.0));
        assertEquals(2_345, h.maxMicros());
    }

    @Test
    void earlyFiresCountAsZeroAndVeryLateOnesLandInTheLastBucket() {
        final TimerBenchmark.LatenessHistogram h = new TimerBenchmark.LatenessHistogram();
        h.record(-1_000);
        h.record(Long.MAX_VALUE / 2);
        assertEquals(10, h.percentileMicros(0.5));
        assertEquals(TimerBenchmark.LatenessHistogram.BUCKETS * TimerBenchmark.LatenessHistogram.BUCKET_NANOS / 1_000,
                h.percentileMicros(1.0));
        h.reset();
        assertEquals(0, h.count());
        assertEquals(0, h.maxMicros());
    }
}
