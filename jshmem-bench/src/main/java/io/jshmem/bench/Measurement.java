package io.jshmem.bench;

import org.HdrHistogram.Histogram;

import java.util.Arrays;

/**
 * Collects the timings of one benchmark case on one PE: ns per operation of every round, and the mean of every timed
 * batch (in picoseconds, for sub-nanosecond resolution), summarized by an HdrHistogram when the result is made. The
 * timed loop only stores into an array allocated up front: recording into the histogram there ran code (resizing,
 * new minimum and maximum) that a fresh histogram per case reaches for the first time in the rounds, and each such
 * first time deoptimized the compiled loop in the middle of a round. Batches beyond the capacity are not kept (as in
 * bench/c/oshmem_bench.c). Not thread-safe.
 */
final class Measurement {
    /** Batch means kept per case at most, as in the C benchmark. */
    static final int MAX_BATCHES = 1_000_000;
    private final double[] rounds;
    private int roundCount;
    private final long[] batchPicos;
    private int batchCount;

    /**
     * Room for {@code rounds} rounds of at most {@code batchesPerRound} batches each, and for no more than
     * {@link #MAX_BATCHES} batches in all (the product saturates instead of wrapping for any --iterations).
     */
    Measurement(int rounds, long batchesPerRound) {
        this.rounds = new double[rounds];
        long perRound = Math.max(0, batchesPerRound);
        long total = perRound >= MAX_BATCHES ? MAX_BATCHES : Math.min(MAX_BATCHES, rounds * perRound);
        this.batchPicos = new long[(int) total];
    }

    /** Records one timed batch of {@code ops} operations that took {@code nanos}; allocates nothing. */
    void batch(long nanos, long ops) {
        if (ops > 0 && batchCount < batchPicos.length) {
            batchPicos[batchCount++] = Math.max(0, Math.round(nanos * 1000.0 / ops));
        }
    }

    /** Records one round's ns per operation (already reduced over PEs where that applies). */
    void round(double nsPerOp) {
        rounds[roundCount++] = nsPerOp;
    }

    double[] rounds() {
        return Arrays.copyOf(rounds, roundCount);
    }

    /** Median over the rounds recorded so far; NaN when none. */
    double median() {
        return median(rounds, roundCount);
    }

    /** The result entry for this case; {@code size} gives bandwidth where it is positive. */
    CaseResult result(String bench, String op, String metric, long size, long iterations, long warmup, String note) {
        double med = median();
        Double bw = size > 0 && med > 0 ? size * 1000.0 / med : null;
        Double rate = med > 0 ? 1000.0 / med : null;
        Histogram batches = new Histogram(3);
        for (int i = 0; i < batchCount; i++) {
            batches.recordValue(batchPicos[i]);
        }
        boolean any = batchCount > 0;
        return new CaseResult(bench, op, metric, size, iterations, warmup, roundCount, med, rounds(),
                any ? batches.getMinValue() / 1000.0 : med,
                any ? batches.getValueAtPercentile(50) / 1000.0 : med,
                any ? batches.getValueAtPercentile(90) / 1000.0 : med,
                any ? batches.getValueAtPercentile(99) / 1000.0 : med,
                any ? batches.getMaxValue() / 1000.0 : med, bw, rate, note);
    }

    /** Median of the first {@code count} values; NaN for none. */
    static double median(double[] values, int count) {
        if (count <= 0) {
            return Double.NaN;
        }
        double[] c = Arrays.copyOf(values, count);
        Arrays.sort(c);
        return count % 2 == 1 ? c[count / 2] : (c[count / 2 - 1] + c[count / 2]) / 2;
    }
}
