package io.jshmem.memory;

/**
 * Keeps {@link Copies}' large-band choice right while the job runs, from the job's own large copies. The calibration
 * at init can only time code that still runs interpreted, where a downcall costs hundreds of nanoseconds and, on
 * this project's Zen 5 VMs, chunked memcpy measured 190-210 us for 8 MiB against the stub's 190-205, while the same
 * copies in compiled code took 148-160 us against 193-202 (4 MiB: 77 against 94-97); and the host's memory speed
 * drifts between minutes. So every {@link #PERIOD}-th large copy is timed, alternately with each routine, and after
 * {@link #WINDOW} samples of each the band switches to the routine whose best time per byte is lower by more than
 * {@link #MARGIN}. A sample of the routine not chosen costs at most its difference once per 2 x PERIOD copies.
 *
 * <p>Thread-safety: the counters are plain fields updated without synchronization. Racing copies may lose a count or
 * mix two windows, which only delays or repeats a decision; the choice itself is published by {@link Copies}.
 */
final class LargeCopySampler {
    /** Every PERIOD-th large copy is a sample (a power of two). */
    static final int PERIOD = 8;
    /** Samples of each routine per decision. */
    static final int WINDOW = 4;
    /** The other routine must be this much faster (fraction of the chosen one's time per byte) to be switched to. */
    static final double MARGIN = 0.05;

    private long copies;
    private double bestStub = Double.MAX_VALUE;
    private double bestMemcpy = Double.MAX_VALUE;
    private int stubSamples;
    private int memcpySamples;
    private long decisions;

    /**
     * Counts a large copy; returns 0 when it is not a sample, 1 when it is a sample to be copied with the stub, 2 when
     * with memcpy.
     */
    int next() {
        long k = ++copies;
        if ((k & (PERIOD - 1)) != 0) {
            return 0;
        }
        return (k / PERIOD & 1) == 0 ? 1 : 2;
    }

    /**
     * Records a sample of {@code bytes} copied in {@code nanos}; returns the decision once both routines have a full
     * window: +1 switch to memcpy, -1 switch to the stub, 0 keep {@code memcpyNow}'s routine (also between windows).
     */
    int record(boolean memcpy, long nanos, long bytes, boolean memcpyNow) {
        double perByte = (double) nanos / bytes;
        if (memcpy) {
            bestMemcpy = Math.min(bestMemcpy, perByte);
            memcpySamples++;
        } else {
            bestStub = Math.min(bestStub, perByte);
            stubSamples++;
        }
        if (stubSamples < WINDOW || memcpySamples < WINDOW) {
            return 0;
        }
        int decision = 0;
        if (!memcpyNow && bestMemcpy < bestStub * (1 - MARGIN)) {
            decision = 1;
        } else if (memcpyNow && bestStub < bestMemcpy * (1 - MARGIN)) {
            decision = -1;
        }
        decisions++;
        bestStub = Double.MAX_VALUE;
        bestMemcpy = Double.MAX_VALUE;
        stubSamples = 0;
        memcpySamples = 0;
        return decision;
    }

    /** Windows completed so far; for tests and diagnostics. */
    long decisions() {
        return decisions;
    }
}
