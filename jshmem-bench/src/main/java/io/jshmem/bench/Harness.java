package io.jshmem.bench;

import io.jshmem.ShmemRuntime;

/**
 * Runs one benchmark case on every PE: warm-up, then rounds that start with a barrier. The timing PE runs each
 * round as batches of about {@value #BATCH_TARGET_NS} ns (one clock read per batch, never one per operation) and
 * records every batch mean in the histogram; the round's figure is its total time over its operations. Collective:
 * every PE calls {@link #measure} for the same cases in the same order, with a kernel or with null (idle).
 * Not thread-safe.
 */
final class Harness {
    /** Which PEs run the kernel and whose time counts. */
    enum Mode {
        /** PE 0 runs and times the kernel; the others are idle in the barriers. */
        ORIGIN,
        /** PE 0 and PE 1 run their kernels (a ping-pong); PE 0 times. */
        PAIR,
        /** Every PE runs and times the kernel; a round's figure is the slowest PE's. */
        ALL
    }

    static final long BATCH_TARGET_NS = 5_000;
    private final ShmemRuntime shmem;
    private final BenchOptions options;
    private final PeGather gather;
    private final Progress progress;

    Harness(ShmemRuntime shmem, BenchOptions options, PeGather gather, Progress progress) {
        this.shmem = shmem;
        this.options = options;
        this.gather = gather;
        this.progress = progress;
    }

    /**
     * Measures {@code kernel} (this PE's part; null when this PE is idle in the case) and returns the result on PE 0,
     * null on the others.
     */
    CaseResult measure(Bench bench, long size, Mode mode, Kernel kernel, String note) {
        long gran = kernel == null ? 1 : kernel.granularity();
        long iterations = roundUp(Sizes.iterationsFor(size, options.iterations), gran);
        long warmupOps = Sizes.warmupFor(size, options.warmup);
        long warmup = warmupOps == 0 ? 0 : roundUp(warmupOps, gran);
        boolean timing = kernel != null && (shmem.myPe() == 0 || mode == Mode.ALL);
        Measurement m = new Measurement(options.rounds);

        shmem.barrierAll();
        long batch = iterations;
        if (kernel != null && warmup > 0) {
            long t0 = System.nanoTime();
            kernel.run(warmup);
            double perOp = (System.nanoTime() - t0) / (double) warmup;
            batch = roundUp(Math.max(1, (long) Math.ceil(BATCH_TARGET_NS / Math.max(perOp, 0.01))), gran);
            batch = Math.min(batch, iterations);
        }
        double scale = kernel == null ? 1.0 : kernel.timeScale();
        for (int r = 0; r < options.rounds; r++) {
            shmem.barrierAll();
            double value = Double.NaN;
            if (timing) {
                long t0 = System.nanoTime();
                long left = iterations;
                while (left > 0) {
                    long n = Math.min(batch, left);
                    long b0 = System.nanoTime();
                    kernel.run(n);
                    long b1 = System.nanoTime();
                    m.batch(Math.round((b1 - b0) * scale), n);
                    left -= n;
                }
                value = (System.nanoTime() - t0) * scale / iterations;
            } else if (kernel != null) {
                kernel.run(iterations);
            }
            if (mode == Mode.ALL) {
                value = gather.max(value);
            }
            if (shmem.myPe() == 0) {
                m.round(value);
            }
        }
        shmem.barrierAll();
        if (shmem.myPe() != 0) {
            return null;
        }
        CaseResult result = m.result(bench.id(), bench.op, bench.metric, size, iterations, warmup, note);
        progress.done(bench.id(), size, result.medianNs());
        return result;
    }

    private static long roundUp(long n, long gran) {
        return Math.max(gran, (n + gran - 1) / gran * gran);
    }
}
