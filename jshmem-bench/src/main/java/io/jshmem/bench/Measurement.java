package io.jshmem.bench;

import org.HdrHistogram.Histogram;

import java.util.Arrays;

/**
 * Collects the timings of one benchmark case on one PE: ns per operation of every round, and an HdrHistogram of the
 * mean of every timed batch (recorded in picoseconds for sub-nanosecond resolution). Not thread-safe.
 */
final class Measurement {
    private final double[] rounds;
    private int roundCount;
    private final Histogram batches = new Histogram(3);

    Measurement(int rounds) {
        this.rounds = new double[rounds];
    }

    /** Records one timed batch of {@code ops} operations that took {@code nanos}. */
    void batch(long nanos, long ops) {
        if (ops > 0) {
            batches.recordValue(Math.max(0, Math.round(nanos * 1000.0 / ops)));
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
        boolean any = batches.getTotalCount() > 0;
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
