package io.jshmem.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(10)
class MeasurementTest {
    @Test
    void medianOfOddAndEvenCounts() {
        assertEquals(3.0, Measurement.median(new double[]{5, 1, 3}, 3));
        assertEquals(2.5, Measurement.median(new double[]{4, 1, 3, 2}, 4));
        assertTrue(Double.isNaN(Measurement.median(new double[0], 0)));
    }

    @Test
    void resultCarriesRoundsPercentilesAndBandwidth() {
        Measurement m = new Measurement(3, 100);
        m.round(100);
        m.round(300);
        m.round(200);
        for (int i = 1; i <= 100; i++) {
            m.batch(i * 1000L, 10);
        }
        CaseResult r = m.result("put_lat", "putmem+quiet", "latency", 1000, 10, 2, null);
        assertEquals(200.0, r.medianNs());
        assertArrayEquals(new double[]{100, 300, 200}, r.roundNs());
        assertEquals(3, r.rounds());
        // batches of 10 operations taking 1..100 us: 100..10000 ns per operation
        assertEquals(100.0, r.minNs(), 0.1);
        assertEquals(5000.0, r.p50Ns(), 5.0);
        assertEquals(9900.0, r.p99Ns(), 10.0);
        assertEquals(10000.0, r.maxNs(), 10.0);
        assertTrue(r.minNs() <= r.p50Ns() && r.p50Ns() <= r.p90Ns() && r.p90Ns() <= r.p99Ns()
                && r.p99Ns() <= r.maxNs());
        assertEquals(5000.0, r.bandwidthMbPerS(), 1e-9);
        assertEquals(5.0, r.messageRateMops(), 1e-9);
    }

    @Test
    void batchesBeyondTheCapacityAreNotKept() {
        Measurement m = new Measurement(1, 2);
        m.round(1);
        m.batch(10_000, 10);
        m.batch(30_000, 10);
        m.batch(1_000_000, 10);
        m.batch(5_000, 0);
        CaseResult r = m.result("p", "p", "latency", 0, 30, 0, null);
        assertEquals(1000.0, r.minNs(), 1.0);
        assertEquals(3000.0, r.maxNs(), 3.0);
    }

    @Test
    void capacityIsRoundsTimesBatchesAndSaturates() {
        // 2 rounds of at most 2 batches: the fifth batch is not kept.
        Measurement m = new Measurement(2, 2);
        m.round(1);
        for (int i = 1; i <= 5; i++) {
            m.batch(i * 1000L, 1);
        }
        assertEquals(4000.0, m.result("p", "p", "latency", 0, 4, 0, null).maxNs(), 4.0);
        // --iterations near Long.MAX_VALUE must not wrap to no room at all.
        Measurement huge = new Measurement(1000, Long.MAX_VALUE);
        huge.round(1);
        huge.batch(7000, 1);
        assertEquals(7000.0, huge.result("p", "p", "latency", 0, 1, 0, null).maxNs(), 7.0);
    }

    @Test
    void noBatchesGiveTheMedianAsEveryPercentile() {
        Measurement m = new Measurement(3, 0);
        m.round(7);
        m.round(9);
        m.round(8);
        m.batch(1_000, 1);
        CaseResult r = m.result("p", "p", "latency", 0, 30, 0, null);
        assertEquals(8.0, r.minNs());
        assertEquals(8.0, r.p99Ns());
    }

    @Test
    void noBandwidthWithoutPayload() {
        Measurement m = new Measurement(1, 0);
        m.round(50);
        CaseResult r = m.result("barrier_all", "barrier_all", "latency", 0, 10, 0, null);
        assertNull(r.bandwidthMbPerS());
        assertEquals(50.0, r.p50Ns());
    }
}
