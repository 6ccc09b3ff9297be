package io.jshmem.apps;

import io.jshmem.Cmp;
import io.jshmem.ShmemRuntime;
import io.jshmem.SignalOp;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Locale;

/**
 * The Parallel Research Kernels' Transpose (SHMEM version): {@code B += A^T; A += 1} for {@code iterations + 1}
 * iterations (the first untimed) on order×order matrices of doubles, column-block decomposed (PE p owns columns
 * {@code [p*order/nPes, (p+1)*order/nPes)} of both, stored column-major), {@code A(i,j) = order*j + i} and
 * {@code B = 0} at the start. Each iteration transposes the diagonal block locally; for phase 1 .. nPes-1 it
 * transposes the block destined for PE {@code (me - phase) mod nPes} into a send buffer (tiled, incrementing A on
 * the way, as PRK) and puts it with a signal into that PE's receive slot for this PE (slots double-buffered by
 * iteration parity, the signal word set to the iteration number); then waits for the block of every other PE and
 * adds it to B. The transposition happens on the sending side.
 *
 * <p>Verification as PRK: the sum over all of B of {@code |B(i,j) - ((order*i + j)(iterations+1) +
 * iterations(iterations+1)/2)|} must be below 1e-8. Prints "Solution validates", "Rate (MB/s): R Avg time (s): T"
 * (bytes {@code 2 * 8 * order^2} per iteration; the slowest PE's time) and the RESULT line.
 *
 * <p>Run: {@code bin/shmemrun -np 4 io.jshmem.apps.Transpose [-iterations 10] [-n 1024] [-tile 32]}; n must be a
 * multiple of the PE count; tile 0 (or not below the block order) means untiled. Exit status: 0, 1 when
 * verification fails, 2 for bad arguments.
 */
public final class Transpose {
    private static final ValueLayout.OfDouble D = ValueLayout.JAVA_DOUBLE;
    private static final double EPSILON = 1e-8;
    private static final boolean VECTOR = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
    static final String USAGE = """
            usage: shmemrun -np N io.jshmem.apps.Transpose [flags]
              -iterations I   timed iterations (one untimed warm-up iteration runs first); default 10
              -n ORDER        matrix order, a multiple of N; default 1024
              -tile T         tile size of the local transposes; 0 = untiled; default 32""";

    private Transpose() {
    }

    public static void main(String[] args) {
        AppMain.run("Transpose", USAGE, args, List.of("iterations", "n", "tile"), List.of(), Transpose::run);
    }

    private static int run(ShmemRuntime shmem, Flags flags) {
        int me = shmem.myPe();
        int nPes = shmem.nPes();
        int iterations = (int) flags.integer("iterations", 10, 1, 1_000_000_000, "the number of iterations");
        int order = (int) flags.integer("n", 1024, 1, 46_340, "the matrix order");
        int tileArg = (int) flags.integer("tile", 32, 0, 46_340, "the tile size");
        if (order % nPes != 0) {
            int below = order / nPes * nPes;
            throw new BadArgument("-n", Integer.toString(order), "the matrix order must be a multiple of the " + nPes
                    + " PEs (for example " + (below > 0 ? below + " or " : "") + (below + nPes) + ")");
        }
        int block = order / nPes;
        long inboxBytes = 2L * order * block * Double.BYTES;
        if (inboxBytes > shmem.heapSize() / 4 * 3) {
            throw new BadArgument("-n", Integer.toString(order), "the receive slots need " + inboxBytes + " bytes per"
                    + " PE, more than 3/4 of the symmetric heap (" + shmem.heapSize() + " bytes): lower -n, use more"
                    + " PEs or raise SHMEM_SYMMETRIC_SIZE");
        }
        int tile = tileArg > 0 && tileArg < block ? tileArg : block;
        if (me == 0) {
            System.out.println("Parallel Research Kernels (jshmem Java twin)");
            System.out.println("SHMEM matrix transpose: B = A^T");
            System.out.println("Number of ranks      = " + nPes);
            System.out.println("Matrix order         = " + order);
            System.out.println("Number of iterations = " + iterations);
            System.out.println("Synchronization      = put with signal");
            System.out.println(tile < block ? "Tile size            = " + tile : "Untiled");
            System.out.println("Accumulation         = " + (VECTOR ? "vector (jdk.incubator.vector, "
                    + VectorAdd.lanes() + " doubles)" : "scalar (run with --add-modules jdk.incubator.vector for"
                    + " vector code)"));
        }
        long blockSize = (long) block * block;
        SymmetricMemory inbox = shmem.malloc(2L * nPes * blockSize * Double.BYTES);
        SymmetricMemory notices = shmem.calloc(nPes, Long.BYTES);
        int status;
        try (Stats stats = new Stats(shmem)) {
            // The outbox is a double[]: C2 compiles the packing over an array faster than over an off-heap segment
            // (docs/performance.md, "Private data in arrays").
            double[] outbox = new double[(int) blockSize];
            MemorySegment outboxSegment = MemorySegment.ofArray(outbox);
            int colStart = me * block;
            double[] a = new double[order * block];
            double[] b = new double[order * block];
            for (int j = 0; j < block; j++) {
                for (int i = 0; i < order; i++) {
                    a[i + order * j] = (double) order * (j + colStart) + i;
                }
            }
            double comm = 0;
            long start = 0;
            SecondHalf late = new SecondHalf(1, iterations);
            for (int iter = 0; iter <= iterations; iter++) {
                if (iter == 1) {
                    shmem.barrierAll();
                    start = System.nanoTime();
                    comm = 0;
                }
                late.iterationStarts(iter);
                int parity = iter & 1;
                transposeLocal(a, b, order, block, tile, colStart);
                // A receiver may still wait for the previous iteration's block when this one's signal overwrites
                // its word (it waits for >= its iteration): the fence makes that block visible before this signal.
                shmem.fence();
                for (int phase = 1; phase < nPes; phase++) {
                    int to = (me - phase + nPes) % nPes;
                    pack(a, outbox, order, block, tile, to * block);
                    long t0 = System.nanoTime();
                    shmem.putSignal(D, inbox, (parity * (long) nPes + me) * blockSize, outboxSegment, 0, blockSize,
                            notices, me, iter + 1, SignalOp.SET, to);
                    long t1 = System.nanoTime();
                    comm += (t1 - t0) * 1e-9;
                    late.comm(iter, t1 - t0);
                }
                MemorySegment in = inbox.local();
                for (int phase = 1; phase < nPes; phase++) {
                    int from = (me + phase) % nPes;
                    long t0 = System.nanoTime();
                    shmem.signalWaitUntil(notices, from, Cmp.GE, iter + 1);
                    long t1 = System.nanoTime();
                    comm += (t1 - t0) * 1e-9;
                    late.comm(iter, t1 - t0);
                    accumulate(in, (parity * (long) nPes + from) * blockSize, b, order, block, from * block);
                }
            }
            long end = System.nanoTime();
            double total = (end - start) * 1e-9;
            double[] slowest = stats.max(total, comm, total - comm, late.iterationSeconds(end), late.commSeconds());
            double abserr = stats.sum(error(b, order, block, colStart, iterations))[0];
            boolean ok = abserr < EPSILON;
            if (me == 0) {
                System.out.println(ok ? "Solution validates" : String.format(Locale.ROOT,
                        "ERROR: Aggregate absolute error %e exceeds threshold %e", abserr, EPSILON));
                double avg = slowest[0] / iterations;
                double bytes = 2.0 * Double.BYTES * order * (double) order;
                System.out.printf(Locale.ROOT, "Rate (MB/s): %f Avg time (s): %f%n", 1e-6 * bytes / avg, avg);
                System.out.println(new ResultLine("Transpose", nPes).add("n", order)
                        .add("tile", tile < block ? tile : 0)
                        .add("kernel", VECTOR ? "vector" : "scalar")
                        .add("iterations", iterations).seconds("avg_iter", avg)
                        .seconds("comm", slowest[1] / iterations).seconds("local", slowest[2] / iterations)
                        .seconds("total", slowest[0]).seconds("iter_late", slowest[3])
                        .seconds("comm_late", slowest[4]).add("mbps", 1e-6 * bytes / avg).add("abserr", abserr)
                        .verified(ok));
            }
            status = ok ? AppMain.OK : AppMain.VERIFICATION_FAILED;
        }
        shmem.free(notices);
        shmem.free(inbox);
        return status;
    }

    /** The diagonal block: B(row colStart + c, col r) += A(row colStart + r, col c); A += 1 on that block. */
    private static void transposeLocal(double[] a, double[] b, int order, int block, int tile, int colStart) {
        for (int c0 = 0; c0 < block; c0 += tile) {
            for (int r0 = 0; r0 < block; r0 += tile) {
                int cEnd = Math.min(block, c0 + tile);
                int rEnd = Math.min(block, r0 + tile);
                for (int c = c0; c < cEnd; c++) {
                    addTransposed(a, colStart + r0 + order * c, b, colStart + c + order * r0, order, rEnd - r0);
                }
            }
        }
    }

    /**
     * {@code b[bi + order*k] += a[ai + k]; a[ai + k] += 1} for k below {@code count}. The strided index advances by
     * addition and each element of A is read once, as gcc compiles the C twin's loop over restrict pointers: C2 kept
     * the multiplication of the strided index in the loop and read A again after the store to the other array, which
     * might have been the same one. Per 128x128 block of an order-1024 matrix, one thread: this loop 122.7 us before,
     * 119.8 after (the C 163.5); {@link #packRow}'s 135-141 before, 113-116 after (the C 94-99). The program's time
     * per iteration at 2 and 8 PEs moved by less than its spread (docs/apps.md).
     */
    private static void addTransposed(double[] a, int ai, double[] b, int bi, int order, int count) {
        for (int k = 0; k < count; k++) {
            double v = a[ai + k];
            b[bi] += v;
            a[ai + k] = v + 1.0;
            bi += order;
        }
    }

    /**
     * The block of A's rows {@code [rowStart, rowStart + block)} transposed into {@code out} in the receiver's
     * column-major layout ({@code out[c + block*r] = A(rowStart + r, c)}); A += 1 on that block.
     */
    private static void pack(double[] a, double[] out, int order, int block, int tile, int rowStart) {
        for (int c0 = 0; c0 < block; c0 += tile) {
            for (int r0 = 0; r0 < block; r0 += tile) {
                int cEnd = Math.min(block, c0 + tile);
                int rEnd = Math.min(block, r0 + tile);
                for (int r = r0; r < rEnd; r++) {
                    packRow(a, rowStart + r + order * c0, out, c0 + block * r, order, cEnd - c0);
                }
            }
        }
    }

    /** {@code out[o + k] = a[ai + order*k]; a[ai + order*k] += 1} for k below {@code count}; as addTransposed. */
    private static void packRow(double[] a, int ai, double[] out, int o, int order, int count) {
        for (int k = 0; k < count; k++) {
            double v = a[ai];
            out[o + k] = v;
            a[ai] = v + 1.0;
            ai += order;
        }
    }

    /** B's rows {@code [rowStart, rowStart + block)} += the received block (column-major, block rows per column). */
    private static void accumulate(MemorySegment in, long base, double[] b, int order, int block, int rowStart) {
        for (int c = 0; c < block; c++) {
            long offset = (base + (long) block * c) * Double.BYTES;
            if (VECTOR) {
                VectorAdd.addFrom(in, offset, b, rowStart + order * c, block);
            } else {
                addFrom(in, offset, b, rowStart + order * c, block);
            }
        }
    }

    /**
     * {@code b[bi + k] += in.get(JAVA_DOUBLE, offset + 8k)} for k below {@code count}: read from the received block
     * directly: copying each column into an array first took 11.8 against 7.4 us per 128x128 block (one thread; the
     * C 3.4, {@link VectorAdd} 4.2). C2 keeps this loop scalar, see {@link VectorAdd}.
     */
    static void addFrom(MemorySegment in, long offset, double[] b, int bi, int count) {
        for (int k = 0; k < count; k++) {
            b[bi + k] += in.get(D, offset + (long) k * Double.BYTES);
        }
    }

    /**
     * Whether the accumulation runs {@link VectorAdd}: where the module {@code jdk.incubator.vector} is in the boot
     * layer (the PE's JVM was started with {@code --add-modules jdk.incubator.vector}).
     */
    static boolean vectorKernel() {
        return VECTOR;
    }

    private static double error(double[] b, int order, int block, int colStart, int iterations) {
        double addit = 0.5 * ((iterations + 1.0) * iterations);
        double err = 0;
        for (int j = 0; j < block; j++) {
            for (int i = 0; i < order; i++) {
                double expected = ((double) order * i + j + colStart) * (iterations + 1) + addit;
                err += Math.abs(b[i + order * j] - expected);
            }
        }
        return err;
    }
}
