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
    static final long WARMUP_BY_TIME_UP_TO = 64 * 1024;
    static final int MAX_WARMUP_CHUNKS = 1000;
    private final ShmemRuntime shmem;
    private final BenchOptions options;
    private final PeGather gather;
    private final Progress progress;
    /** Operations the last {@link #warmUp} ran on this PE's kernel (0 when idle). */
    private long lastWarmupOps;

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
        long batch = warmUp(kernel, size, warmup, iterations, gran);
        long warmedUp = lastWarmupOps;
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
        CaseResult result = m.result(bench.id(), bench.op, bench.metric, size, iterations, warmedUp, note);
        progress.done(bench.id(), size, result.medianNs());
        return result;
    }

    /**
     * Collective warm-up: chunks of {@code warmup} operations until PE 0 has spent at least --warmup-ms in them
     * (sizes up to 64 KiB; larger sizes run one chunk) or 1000 chunks ran. A fixed count is not enough for the JVM:
     * a new size takes a new branch of the copy path, the JIT deoptimizes and recompiles, and on a loaded machine
     * its compiler threads wait for CPU. PE 0 decides after each chunk and tells the others. Returns the batch size
     * for the timed rounds (operations per ~5 us), estimated from the last chunk.
     */
    private long warmUp(Kernel kernel, long size, long warmup, long iterations, long gran) {
        lastWarmupOps = 0;
        if (warmup == 0) {
            return iterations;
        }
        long budgetNs = size <= WARMUP_BY_TIME_UP_TO ? options.warmupMs * 1_000_000L : 0;
        long spent = 0;
        double perOp = Double.NaN;
        for (int chunk = 0; chunk < MAX_WARMUP_CHUNKS; chunk++) {
            long t0 = System.nanoTime();
            if (kernel != null) {
                kernel.run(warmup);
                lastWarmupOps += warmup;
            }
            long t = System.nanoTime() - t0;
            spent += t;
            perOp = t / (double) warmup;
            boolean more = gather.broadcast(spent < budgetNs ? 1 : 0) == 1;
            if (!more) {
                break;
            }
        }
        if (kernel == null || Double.isNaN(perOp)) {
            return iterations;
        }
        long batch = roundUp(Math.max(1, (long) Math.ceil(BATCH_TARGET_NS / Math.max(perOp, 0.01))), gran);
        return Math.min(batch, iterations);
    }

    private static long roundUp(long n, long gran) {
        return Math.max(gran, (n + gran - 1) / gran * gran);
    }
}
