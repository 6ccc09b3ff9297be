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
    static final int MIN_WARMUP_CHUNKS = 3;
    static final double STABLE_RATIO = 1.25;
    static final int MAX_WARMUP_BUDGETS = 5;
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
        Measurement m = new Measurement(options.rounds, timing ? iterations : 0);

        shmem.barrierAll();
        double scale = kernel == null ? 1.0 : kernel.timeScale();
        long batch = warmUp(kernel, mode, timing, scale, size, warmup, iterations, gran);
        long warmedUp = lastWarmupOps;
        for (int r = 0; r < options.rounds; r++) {
            shmem.barrierAll();
            double value = round(kernel, mode, timing, scale, iterations, batch, m);
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
     * One round of {@code ops} operations: on a timing PE as batches of {@code batch} (each recorded in {@code m}),
     * returning ns per operation times {@code scale}; elsewhere the operations in one go (NaN). In mode ALL the
     * slowest PE's figure, on every PE. The warm-up runs its chunks through this method too, so that the rounds
     * execute code the warm-up compiled: with a warm-up that called the kernel once per chunk, the kernel's method
     * was first compiled, and the harness's own batch loop and histogram code were first profiled, in the timed
     * rounds, and each compile or deoptimization there (with -XX:-BackgroundCompilation, a stall of the PE of
     * milliseconds) showed in the rounds (2 PEs, broadcast 8 B: first round 840-3650 ns per call against 110-280
     * in the others).
     */
    private double round(Kernel kernel, Mode mode, boolean timing, double scale, long ops, long batch,
                         Measurement m) {
        double value = Double.NaN;
        if (timing) {
            long t0 = System.nanoTime();
            long left = ops;
            while (left > 0) {
                long n = Math.min(batch, left);
                long b0 = System.nanoTime();
                kernel.run(n);
                long b1 = System.nanoTime();
                m.batch(Math.round((b1 - b0) * scale), n);
                left -= n;
            }
            value = (System.nanoTime() - t0) * scale / ops;
        } else if (kernel != null) {
            kernel.run(ops);
        }
        return mode == Mode.ALL ? gather.max(value) : value;
    }

    /**
     * Collective warm-up: chunks of {@code warmup} operations, each run as a round is ({@link #round}: a barrier,
     * then batches, then in mode ALL the gather), until PE 0 has spent at least --warmup-ms in them and its chunks
     * have settled ({@link #moreWarmup}; sizes up to 64 KiB; larger sizes run one chunk) or 1000 chunks ran. A fixed
     * count is not enough for the JVM: a new size takes a new branch of the copy path, the JIT deoptimizes and
     * recompiles, and on a loaded machine its compiler threads wait for CPU. PE 0 decides after each chunk and tells
     * the others. The first chunk runs as one batch; each later one in batches of the size the previous chunk
     * suggests. Returns the batch size for the timed rounds (operations per ~5 us), estimated from the last chunk.
     */
    private long warmUp(Kernel kernel, Mode mode, boolean timing, double scale, long size, long warmup,
                        long iterations, long gran) {
        lastWarmupOps = 0;
        if (warmup == 0) {
            return iterations;
        }
        long budgetNs = size <= WARMUP_BY_TIME_UP_TO ? options.warmupMs * 1_000_000L : 0;
        long spent = 0;
        double perOp = Double.NaN;
        double best = Double.MAX_VALUE;
        long batch = warmup;
        Measurement scratch = new Measurement(1, timing ? warmup : 0);
        for (int chunk = 0; chunk < MAX_WARMUP_CHUNKS; chunk++) {
            shmem.barrierAll();
            long t0 = System.nanoTime();
            round(kernel, mode, timing, scale, warmup, batch, scratch);
            if (kernel != null) {
                lastWarmupOps += warmup;
            }
            long t = System.nanoTime() - t0;
            spent += t;
            perOp = t / (double) warmup;
            best = Math.min(best, perOp);
            batch = batchFor(perOp, warmup, gran);
            boolean more = gather.broadcast(moreWarmup(chunk, spent, budgetNs, perOp, best) ? 1 : 0) == 1;
            if (!more) {
                break;
            }
        }
        if (kernel == null || Double.isNaN(perOp)) {
            return iterations;
        }
        return batchFor(perOp, iterations, gran);
    }

    /** Operations per batch of about {@value #BATCH_TARGET_NS} ns at {@code perOp} ns each, at most {@code ops}. */
    private static long batchFor(double perOp, long ops, long gran) {
        long batch = roundUp(Math.max(1, (long) Math.ceil(BATCH_TARGET_NS / Math.max(perOp, 0.01))), gran);
        return Math.min(batch, ops);
    }

    /**
     * Whether PE 0 wants another warm-up chunk: until the budget is spent, and for timed sizes also until at least
     * {@value #MIN_WARMUP_CHUNKS} chunks ran and the last chunk is within {@value #STABLE_RATIO} of the best one
     * (the first chunks of a new kernel run interpreted code, and one chunk of 10,000 slow calls can use the whole
     * budget, leaving the rounds to measure the JIT at work), but never past {@value #MAX_WARMUP_BUDGETS} budgets.
     * The same rule is in bench/c/oshmem_bench.c.
     */
    static boolean moreWarmup(int chunk, long spentNs, long budgetNs, double perOp, double best) {
        if (spentNs < budgetNs) {
            return true;
        }
        if (budgetNs <= 0 || spentNs >= MAX_WARMUP_BUDGETS * budgetNs) {
            return false;
        }
        return chunk + 1 < MIN_WARMUP_CHUNKS || perOp > STABLE_RATIO * best;
    }

    private static long roundUp(long n, long gran) {
        return Math.max(gran, (n + gran - 1) / gran * gran);
    }
}
