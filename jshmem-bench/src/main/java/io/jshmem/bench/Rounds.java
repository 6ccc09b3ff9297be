package io.jshmem.bench;

import java.util.Arrays;

/** Per-round figures of a benchmark pair (library path vs baseline), and their medians. Not thread-safe. */
final class Rounds {
    private final double[] subject;
    private final double[] baseline;
    private int n;

    /** Runs {@code op} {@code iterations} times and answers the ns per call (each benchmark's own clock). */
    @FunctionalInterface
    interface Timer {
        double nsPerCall(Runnable op, int iterations);
    }

    /**
     * {@code warmup} untimed pairs, then {@code rounds} rounds of subject and baseline whose order alternates round by
     * round, so that neither side always runs second on a warmed cache or first after a pause.
     */
    static Rounds alternating(Timer timer, Runnable subject, Runnable baseline, int iterations, int warmup,
            int rounds) {
        for (int w = 0; w < warmup; w++) {
            timer.nsPerCall(subject, iterations);
            timer.nsPerCall(baseline, iterations);
        }
        Rounds r = new Rounds(rounds);
        for (int round = 0; round < rounds; round++) {
            double s;
            double b;
            if ((round & 1) == 0) {
                s = timer.nsPerCall(subject, iterations);
                b = timer.nsPerCall(baseline, iterations);
            } else {
                b = timer.nsPerCall(baseline, iterations);
                s = timer.nsPerCall(subject, iterations);
            }
            r.add(s, b);
        }
        return r;
    }

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
