package io.jshmem.bench;

import java.util.Arrays;

/** Per-round figures of a benchmark pair (library path vs baseline), and their medians. Not thread-safe. */
final class Rounds {
    private final double[] subject;
    private final double[] baseline;
    private int n;

    Rounds(int rounds) {
        subject = new double[rounds];
        baseline = new double[rounds];
    }

    void add(double subjectNsPerOp, double baselineNsPerOp) {
        subject[n] = subjectNsPerOp;
        baseline[n] = baselineNsPerOp;
        n++;
    }

    double subjectMedian() {
        return median(subject, n);
    }

    double baselineMedian() {
        return median(baseline, n);
    }

    double ratio() {
        return subjectMedian() / baselineMedian();
    }

    double[] subjectRounds() {
        return Arrays.copyOf(subject, n);
    }

    double[] baselineRounds() {
        return Arrays.copyOf(baseline, n);
    }

    static double median(double[] values, int count) {
        double[] c = Arrays.copyOf(values, count);
        Arrays.sort(c);
        return count % 2 == 1 ? c[count / 2] : (c[count / 2 - 1] + c[count / 2]) / 2;
    }
}
