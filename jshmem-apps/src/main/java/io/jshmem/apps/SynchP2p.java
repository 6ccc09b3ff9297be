package io.jshmem.apps;

import io.jshmem.Cmp;
import io.jshmem.DataType;
import io.jshmem.ShmemRuntime;
import io.jshmem.SignalOp;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Locale;

/**
 * The Parallel Research Kernels' Synch_p2p (SHMEM version): a wavefront pipeline on an m×n grid of doubles,
 * {@code A(i,j) = A(i-1,j) + A(i,j-1) - A(i-1,j-1)} for i, j ≥ 1, with {@code A(i,0) = i} and {@code A(0,j) = j}.
 * The m columns are split into contiguous slices (sizes differ by at most one, the first PEs taking the remainder;
 * PE p owns its slice plus one ghost column on its left). For each row j = 1 .. n-1 a PE other than 0 waits
 * ({@code wait_until} on its flag for row j reaching the iteration number) for the left neighbour's last value of
 * row j, computes its part of the row, and sends its own last value of the row to its right neighbour with one
 * put-with-signal that sets the neighbour's flag of row j. After the sweep the last PE sends {@code -A(m-1,n-1)} to
 * PE 0, which waits for it before the next iteration and stores it in {@code A(0,0)}: the iterations are chained.
 * {@code iterations + 1} iterations run, the first untimed. The chain means no flag needs resetting: a sender can
 * only start row j of the next iteration after the receiver read row j of this one.
 *
 * <p>Verification as PRK: the top-right corner must equal {@code (iterations + 1)(m + n - 2)} within a relative
 * 1e-8. Prints "Solution validates", "Rate (MFlops/s): R Avg time (s): T" ({@code 2 (m-1)(n-1)} flops per
 * iteration; the slowest PE's time) and the RESULT line.
 *
 * <p>Run: {@code bin/shmemrun -np 4 io.jshmem.apps.SynchP2p [-iterations 10] [-m 1000] [-n 1000]}; m must be at
 * least the PE count. Exit status: 0, 1 when verification fails, 2 for bad arguments.
 */
public final class SynchP2p {
    private static final ValueLayout.OfDouble D = ValueLayout.JAVA_DOUBLE;
    private static final double EPSILON = 1e-8;
    static final String USAGE = """
            usage: shmemrun -np N io.jshmem.apps.SynchP2p [flags]
              -iterations I   timed iterations (one untimed warm-up iteration runs first); default 10
              -m M            first grid dimension, split over the PEs (M >= N); default 1000
              -n N            second grid dimension (rows of the pipeline); default 1000""";

    /**
     * One row of the sweep: {@code a[row + li] = a[row + li - 1] + a[above + li] - a[above + li - 1]} for li in
     * [first, last]. A method of its own so that the JIT compiles it as a method, called from {@link Pipeline#row},
     * rather than as part of an on-stack replacement of {@code run} (whose code for this loop ran at a third of the
     * speed in most launches); the value just computed is kept in a local, as a C compiler keeps it in a register,
     * instead of being reloaded from the array. Same operations in the same order: the same results.
     */
    private static void sweepRow(double[] a, int row, int above, int first, int last) {
        double previous = a[row + first - 1];
        for (int li = first; li <= last; li++) {
            previous = previous + a[above + li] - a[above + li - 1];
            a[row + li] = previous;
        }
    }

    private SynchP2p() {
    }

    /**
     * The per-row step of the pipeline: wait for the left neighbour's value of the row, sweep the row, pass the own
     * last value on. A method of its own, called once per row, so that the JIT compiles it as a small method early,
     * rather than only as an on-stack replacement of {@code run}'s loop nest (which C2 compiled late and, in the
     * launches looked at, threw away at its first uncommon trap): 0.630 -> 0.597 ms per iteration over 2000
     * iterations, 1.82 -> 1.75 ms over 200 (2 PEs, 3 launches each).
     */
    private record Pipeline(ShmemRuntime shmem, double[] a, int stride, int first, int last, boolean waits,
                            int right, SymmetricMemory inbox, MemorySegment in, SymmetricMemory flags64,
                            MemorySegment value) {
        void row(int j, long tag) {
            int row = stride * j;
            if (waits) {
                shmem.waitUntil(DataType.LONG, flags64, j, Cmp.GE, tag);
                a[row] = in.getAtIndex(D, j);
            }
            sweepRow(a, row, row - stride, first, last);
            if (right >= 0) {
                value.set(D, 0, a[row + last]);
                shmem.putSignal(D, inbox, j, value, 0, 1, flags64, j, tag, SignalOp.SET, right);
            }
        }
    }

    public static void main(String[] args) {
        AppMain.run("SynchP2p", USAGE, args, List.of("iterations", "m", "n"), List.of(), SynchP2p::run);
    }

    private static int run(ShmemRuntime shmem, Flags flags) {
        int me = shmem.myPe();
        int nPes = shmem.nPes();
        int iterations = (int) flags.integer("iterations", 10, 1, 1_000_000_000, "the number of iterations");
        int m = (int) flags.integer("m", 1000, 2, 1 << 30, "the first grid dimension");
        int n = (int) flags.integer("n", 1000, 2, 1 << 30, "the second grid dimension");
        if (m < nPes) {
            throw new BadArgument("-m", Integer.toString(m), "every one of the " + nPes + " PEs needs at least one"
                    + " column: valid range [" + Math.max(2, nPes) + ", " + (1 << 30) + "] (or use fewer PEs)");
        }
        int[] cols = Stencil.split(m, nPes, me);
        int start = cols[0];
        int end = cols[1];
        int stride = end - start + 2;
        if ((long) stride * n > Integer.MAX_VALUE - 8) {
            throw new BadArgument("-n", Integer.toString(n), "a PE's slice of " + (stride - 1) + " columns times n"
                    + " rows must stay below 2^31 points: use more PEs or a smaller grid");
        }
        if (me == 0) {
            System.out.println("Parallel Research Kernels (jshmem Java twin)");
            System.out.println("SHMEM pipeline execution on 2D grid");
            System.out.println("Number of ranks            = " + nPes);
            System.out.println("Grid sizes                 = " + m + ", " + n);
            System.out.println("Number of iterations       = " + iterations);
            System.out.println("Synchronization            = put with signal, wait_until per row");
        }
        // inbox[j]: the left neighbour's last value of row j; inbox[0] on PE 0: the corner fed back.
        SymmetricMemory inbox = shmem.calloc(n, Double.BYTES);
        SymmetricMemory flags64 = shmem.calloc(n, Long.BYTES);
        int status;
        try (Arena arena = Arena.ofConfined(); Stats stats = new Stats(shmem)) {
            MemorySegment value = arena.allocate(Double.BYTES, 64);
            double[] a = new double[stride * n];
            for (int li = 0; li < stride; li++) {
                a[li] = start - 1 + li;
            }
            if (me == 0) {
                for (int j = 0; j < n; j++) {
                    a[1 + stride * j] = j;
                }
            }
            int first = me == 0 ? 2 : 1;
            int last = stride - 1;
            int right = me + 1 < nPes ? me + 1 : -1;
            MemorySegment in = inbox.local();
            Pipeline pipeline = new Pipeline(shmem, a, stride, first, last, me > 0, right, inbox, in, flags64, value);
            long begin = 0;
            SecondHalf late = new SecondHalf(1, iterations);
            for (int iter = 0; iter <= iterations; iter++) {
                if (iter == 1) {
                    shmem.barrierAll();
                    begin = System.nanoTime();
                }
                late.iterationStarts(iter);
                long tag = iter + 1;
                if (me == 0 && iter > 0 && nPes > 1) {
                    shmem.waitUntil(DataType.LONG, flags64, 0, Cmp.GE, iter);
                    a[1] = in.getAtIndex(D, 0);
                }
                for (int j = 1; j < n; j++) {
                    pipeline.row(j, tag);
                }
                double corner = -a[stride * (n - 1) + last];
                if (nPes == 1) {
                    a[1] = corner;
                } else if (right < 0) {
                    value.set(D, 0, corner);
                    shmem.putSignal(D, inbox, 0, value, 0, 1, flags64, 0, tag, SignalOp.SET, 0);
                }
            }
            long finish = System.nanoTime();
            double total = (finish - begin) * 1e-9;
            double[] slowestOf = stats.max(total, late.iterationSeconds(finish));
            double slowest = slowestOf[0];
            int failed = 0;
            if (me == nPes - 1) {
                double expected = (double) (iterations + 1) * (m + n - 2);
                double got = a[stride * (n - 1) + last];
                if (Math.abs(got - expected) / expected >= EPSILON) {
                    System.out.printf(Locale.ROOT, "ERROR: checksum %f does not match verification value %f%n", got,
                            expected);
                    failed = 1;
                }
            }
            boolean ok = stats.sum(failed) == 0;
            if (me == 0) {
                double avg = slowest / iterations;
                double flops = 2.0 * (m - 1) * (n - 1);
                double expected = (double) (iterations + 1) * (m + n - 2);
                System.out.println(ok ? String.format(Locale.ROOT, "Solution validates; verification value = %f",
                        expected) : "Verification failed");
                System.out.printf(Locale.ROOT, "Rate (MFlops/s): %f Avg time (s): %f%n", 1e-6 * flops / avg, avg);
                System.out.println(new ResultLine("SynchP2p", nPes).add("m", m).add("n", n)
                        .add("iterations", iterations).seconds("avg_iter", avg).seconds("total", slowest)
                        .seconds("iter_late", slowestOf[1])
                        .add("mflops", 1e-6 * flops / avg).verified(ok));
            }
            status = ok ? AppMain.OK : AppMain.VERIFICATION_FAILED;
        }
        shmem.barrierAll();
        shmem.free(flags64);
        shmem.free(inbox);
        return status;
    }
}
