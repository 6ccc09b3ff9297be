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
 * The Parallel Research Kernels' Stencil (SHMEM version): a star stencil of radius r (the discrete divergence
 * operator: weight {@code ±1/(2 k r)} at distance k along each axis) applied to an n×n grid of doubles initialised
 * to {@code in(i,j) = i + j}, for {@code iterations + 1} iterations (the first is untimed warm-up); each iteration
 * adds the stencil of {@code in} to {@code out} on the points at least r from the grid's edge, then adds 1 to every
 * point of {@code in}. The grid is cut into npx × npy tiles (npx the largest divisor of nPes not above
 * {@code sqrt(nPes + 1)}; tile sizes differ by at most one, the first tiles taking the remainder); PE p owns tile
 * {@code (p mod npx, p / npx)}. Before each iteration's stencil, every PE puts the r rows or columns next to each
 * neighbour into that neighbour's receive buffer (double-buffered by iteration parity) and notifies it, with
 * put-with-signal ({@code -notify signal}: the signal word of that side is set to the iteration number) or, as PRK
 * does, put + fence + atomic increment of the parity's counter ({@code -notify atomic}); then waits for its own
 * neighbours' notices and copies the halos into its ghost cells.
 *
 * <p>Verification as PRK: the L1 norm of {@code out} over the active points, divided by {@code (n - 2r)^2}, must be
 * within 1e-8 of {@code (iterations + 1) * 2}. Prints "Solution validates", "Rate (MFlops/s): R  Avg time (s): T"
 * (flops per iteration {@code (2 (4r + 1) + 1) (n - 2r)^2}; time the slowest PE's) and the RESULT line.
 *
 * <p>Run: {@code bin/shmemrun -np 4 io.jshmem.apps.Stencil [-iterations 10] [-n 1000] [-radius 2]
 * [-notify signal|atomic]}. Exit status: 0, 1 when verification fails, 2 for bad arguments (also when a tile would
 * be narrower than the radius).
 */
public final class Stencil {
    private static final ValueLayout.OfDouble D = ValueLayout.JAVA_DOUBLE;
    private static final double EPSILON = 1e-8;
    private static final boolean VECTOR = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
    static final String USAGE = """
            usage: shmemrun -np N io.jshmem.apps.Stencil [flags]
              -iterations I   timed iterations (one untimed warm-up iteration runs first); default 10
              -n N            grid order (n x n points); default 1000
              -radius R       stencil radius; default 2; 2R+1 <= n, and every tile at least R wide and high
              -notify M       signal (put-with-signal) | atomic (put + fence + atomic increment); default signal""";

    private static final int TOP = 0;
    private static final int BOTTOM = 1;
    private static final int RIGHT = 2;
    private static final int LEFT = 3;

    private Stencil() {
    }

    public static void main(String[] args) {
        AppMain.run("Stencil", USAGE, args, List.of("iterations", "n", "radius", "notify"), List.of(),
                Stencil::run);
    }

    /** The tile of one PE: inclusive global bounds. */
    record Tile(int istart, int iend, int jstart, int jend) {
        int width() {
            return iend - istart + 1;
        }

        int height() {
            return jend - jstart + 1;
        }
    }

    /** npx: the largest divisor of nPes not above sqrt(nPes + 1), as PRK factors the PE count. */
    static int tilesInX(int nPes) {
        for (int x = (int) Math.sqrt(nPes + 1.0); x > 1; x--) {
            if (nPes % x == 0) {
                return x;
            }
        }
        return 1;
    }

    /** [start, end] of part {@code index} of {@code n} points cut into {@code parts}; the first take the remainder. */
    static int[] split(int n, int parts, int index) {
        int size = n / parts;
        int leftover = n % parts;
        int start = index < leftover ? (size + 1) * index : (size + 1) * leftover + size * (index - leftover);
        int len = index < leftover ? size + 1 : size;
        return new int[] {start, start + len - 1};
    }

    private static int run(ShmemRuntime shmem, Flags flags) {
        int me = shmem.myPe();
        int nPes = shmem.nPes();
        int iterations = (int) flags.integer("iterations", 10, 1, 1_000_000_000, "the number of iterations");
        int n = (int) flags.integer("n", 1000, 1, 46_340, "the grid order");
        int radius = (int) flags.integer("radius", 2, 1, 1000, "the stencil radius");
        boolean atomicNotify = flags.choice("notify", "signal", "atomic").equals("atomic");
        if (2 * radius + 1 > n) {
            throw new BadArgument("-radius", Integer.toString(radius), "the stencil (2*radius+1 = " + (2 * radius + 1)
                    + " points) must fit the grid of order " + n + ": valid range [1, " + (n - 1) / 2 + "]");
        }
        int npx = tilesInX(nPes);
        int npy = nPes / npx;
        int narrowest = Math.min(n / npx, n / npy);
        if (narrowest < radius) {
            int minN = radius * Math.max(npx, npy);
            throw new BadArgument("-n", Integer.toString(n), "with " + nPes + " PEs as " + npx + "x" + npy
                    + " tiles every tile must be at least radius (" + radius + ") points wide and high: n must be in ["
                    + minN + ", 46340] (or use fewer PEs)");
        }
        // The largest tile with its ghost cells is one Java array: the same bound on every PE, in long arithmetic.
        long widest = (n + npx - 1) / npx + 2L * radius;
        long tallest = (n + npy - 1) / npy + 2L * radius;
        if (widest * tallest > Integer.MAX_VALUE - 8) {
            throw new BadArgument("-n", Integer.toString(n), "with " + nPes + " PE(s) as " + npx + "x" + npy
                    + " tiles and radius " + radius + " a tile with its ghost cells would hold " + widest * tallest
                    + " points, more than one Java array holds (2^31 - 9): use a smaller n or more PEs");
        }
        int[] xs = split(n, npx, me % npx);
        int[] ys = split(n, npy, me / npx);
        Tile tile = new Tile(xs[0], xs[1], ys[0], ys[1]);
        if (me == 0) {
            System.out.println("Parallel Research Kernels (jshmem Java twin)");
            System.out.println("SHMEM stencil execution on 2D grid");
            System.out.println("Number of ranks        = " + nPes);
            System.out.println("Grid size              = " + n);
            System.out.println("Radius of stencil      = " + radius);
            System.out.println("Tiles in x/y-direction = " + npx + "/" + npy);
            System.out.println("Type of stencil        = star");
            System.out.println("Data type              = double precision");
            System.out.println("Halo notification      = " + (atomicNotify ? "put + fence + atomic increment"
                    : "put with signal"));
            System.out.println("Number of iterations   = " + iterations);
            System.out.println("Compute kernel         = " + (radius != 2 ? "scalar (vector code for radius 2 only)"
                    : VECTOR ? "vector (jdk.incubator.vector, " + VectorStar.lanes() + " doubles)"
                    : "scalar (add --jvm-arg=--add-modules=jdk.incubator.vector for vector code)"));
        }
        int maxLen = Math.max((n + npx - 1) / npx, (n + npy - 1) / npy);
        long haloSlot = (long) radius * maxLen;
        SymmetricMemory halos = shmem.calloc(4 * 2 * haloSlot, Double.BYTES);
        SymmetricMemory notices = shmem.calloc(8, Long.BYTES);
        int status;
        try (Arena arena = Arena.ofConfined(); Stats stats = new Stats(shmem)) {
            Grid grid = new Grid(shmem, n, radius, npx, npy, tile, halos, notices, haloSlot, atomicNotify,
                    arena.allocate(4 * haloSlot * Double.BYTES, 64));
            double total = 0;
            double haloTime = 0;
            double computeTime = 0;
            long start = 0;
            SecondHalf late = new SecondHalf(1, iterations);
            for (int iter = 0; iter <= iterations; iter++) {
                if (iter == 1) {
                    shmem.barrierAll();
                    start = System.nanoTime();
                    haloTime = 0;
                    computeTime = 0;
                }
                late.iterationStarts(iter);
                long t0 = System.nanoTime();
                grid.exchange(iter);
                long t1 = System.nanoTime();
                grid.apply();
                long t2 = System.nanoTime();
                haloTime += (t1 - t0) * 1e-9;
                computeTime += (t2 - t1) * 1e-9;
                late.comm(iter, t1 - t0);
            }
            long end = System.nanoTime();
            total = (end - start) * 1e-9;
            double[] slowest = stats.max(total, haloTime, computeTime, late.iterationSeconds(end), late.commSeconds());
            double norm = stats.sum(grid.localNorm())[0] / ((double) (n - 2 * radius) * (n - 2 * radius));
            double reference = (iterations + 1) * 2.0;
            boolean ok = Math.abs(norm - reference) <= EPSILON;
            if (me == 0) {
                System.out.println(ok ? "Solution validates" : String.format(Locale.ROOT,
                        "ERROR: L1 norm = %.15g, Reference L1 norm = %.15g", norm, reference));
                double flops = (2.0 * (4 * radius + 1) + 1) * (n - 2.0 * radius) * (n - 2.0 * radius);
                double avg = slowest[0] / iterations;
                System.out.printf(Locale.ROOT, "Rate (MFlops/s): %f  Avg time (s): %f%n", 1e-6 * flops / avg, avg);
                System.out.println(new ResultLine("Stencil", nPes).add("n", n).add("radius", radius)
                        .add("iterations", iterations).add("npx", npx).add("npy", npy)
                        .add("notify", atomicNotify ? "atomic" : "signal")
                        .add("kernel", radius == 2 && VECTOR ? "vector" : "scalar").seconds("avg_iter", avg)
                        .seconds("halo", slowest[1] / iterations).seconds("compute", slowest[2] / iterations)
                        .seconds("total", slowest[0]).seconds("iter_late", slowest[3])
                        .seconds("halo_late", slowest[4]).add("mflops", 1e-6 * flops / avg).add("l1_norm", norm)
                        .verified(ok));
            }
            status = ok ? AppMain.OK : AppMain.VERIFICATION_FAILED;
        }
        shmem.free(notices);
        shmem.free(halos);
        return status;
    }

    /**
     * The radius-2 star (the default) over one row in one pass, {@code y[o0 + i] += star(x, c0 + i)}: every point's
     * eight terms in one expression, as a C compiler fuses PRK's loops over the points; it reads and writes {@code y}
     * once per point instead of once per stencil point (8 passes, docs/performance.md). {@code s} is the row length
     * of {@code x}. C2 keeps this loop scalar (see {@link VectorStar}).
     */
    static void star2Row(double[] x, double[] y, int o0, int c0, int len, int s, double w1, double w2) {
        for (int i = 0; i < len; i++) {
            int c = c0 + i;
            y[o0 + i] += w1 * (x[c + s] - x[c - s]) + w2 * (x[c + 2 * s] - x[c - 2 * s])
                    + w1 * (x[c + 1] - x[c - 1]) + w2 * (x[c + 2] - x[c - 2]);
        }
    }

    /**
     * Whether the stencil runs {@link VectorStar}: where the module {@code jdk.incubator.vector} is in the boot layer
     * (the PE's JVM was started with {@code --add-modules jdk.incubator.vector}).
     */
    static boolean vectorKernel() {
        return VECTOR;
    }

    /** This PE's tile with its ghost cells, its halo traffic and the stencil; allocated once. */
    private static final class Grid {
        private final ShmemRuntime shmem;
        private final int n;
        private final int r;
        private final Tile t;
        private final int rowLength;
        private final double[] in;
        private final double[] out;
        private final double[] weights;
        private final int[] neighbour = new int[4];
        private final int neighbours;
        private final SymmetricMemory halos;
        private final SymmetricMemory notices;
        private final long haloSlot;
        private final boolean atomicNotify;
        private final MemorySegment send;

        Grid(ShmemRuntime shmem, int n, int r, int npx, int npy, Tile t, SymmetricMemory halos,
             SymmetricMemory notices, long haloSlot, boolean atomicNotify, MemorySegment send) {
            this.shmem = shmem;
            this.n = n;
            this.r = r;
            this.t = t;
            this.halos = halos;
            this.notices = notices;
            this.haloSlot = haloSlot;
            this.atomicNotify = atomicNotify;
            this.send = send;
            int me = shmem.myPe();
            int x = me % npx;
            int y = me / npx;
            neighbour[TOP] = y < npy - 1 ? me + npx : -1;
            neighbour[BOTTOM] = y > 0 ? me - npx : -1;
            neighbour[RIGHT] = x < npx - 1 ? me + 1 : -1;
            neighbour[LEFT] = x > 0 ? me - 1 : -1;
            int count = 0;
            for (int nb : neighbour) {
                count += nb >= 0 ? 1 : 0;
            }
            neighbours = count;
            rowLength = t.width() + 2 * r;
            in = new double[rowLength * (t.height() + 2 * r)];
            out = new double[t.width() * t.height()];
            weights = new double[r + 1];
            for (int k = 1; k <= r; k++) {
                weights[k] = 1.0 / (2.0 * k * r);
            }
            for (int j = t.jstart(); j <= t.jend(); j++) {
                for (int i = t.istart(); i <= t.iend(); i++) {
                    in[at(i, j)] = i + j;
                }
            }
        }

        private int at(int i, int j) {
            return (i - t.istart() + r) + (j - t.jstart() + r) * rowLength;
        }

        /** The side of the receiver that data sent towards {@code side} arrives on. */
        private static int opposite(int side) {
            return side ^ 1;
        }

        /** Rows or columns next to {@code side}, packed in the order the receiver unpacks them. */
        private long pack(int side, long base) {
            long k = base;
            switch (side) {
                case TOP, BOTTOM -> {
                    int j0 = side == TOP ? t.jend() - r + 1 : t.jstart();
                    for (int j = j0; j < j0 + r; j++) {
                        MemorySegment.copy(in, at(t.istart(), j), send, D, k * Double.BYTES, t.width());
                        k += t.width();
                    }
                }
                default -> {
                    int i0 = side == RIGHT ? t.iend() - r + 1 : t.istart();
                    for (int j = t.jstart(); j <= t.jend(); j++) {
                        MemorySegment.copy(in, at(i0, j), send, D, k * Double.BYTES, r);
                        k += r;
                    }
                }
            }
            return k - base;
        }

        private void unpack(int side, MemorySegment from, long base) {
            long k = base;
            switch (side) {
                case TOP, BOTTOM -> {
                    int j0 = side == TOP ? t.jend() + 1 : t.jstart() - r;
                    for (int j = j0; j < j0 + r; j++) {
                        MemorySegment.copy(from, D, k * Double.BYTES, in, at(t.istart(), j), t.width());
                        k += t.width();
                    }
                }
                default -> {
                    int i0 = side == RIGHT ? t.iend() + 1 : t.istart() - r;
                    for (int j = t.jstart(); j <= t.jend(); j++) {
                        MemorySegment.copy(from, D, k * Double.BYTES, in, at(i0, j), r);
                        k += r;
                    }
                }
            }
        }

        private long slot(int side, int parity) {
            return (side * 2L + parity) * haloSlot;
        }

        /** Sends this iteration's halos to every neighbour, waits for theirs and fills the ghost cells. */
        void exchange(int iter) {
            int parity = iter & 1;
            // A neighbour may still wait for the previous iteration's halo when this one's signal overwrites its
            // signal word (it waits for >= its iteration): the fence makes that halo visible before this signal.
            shmem.fence();
            for (int side = 0; side < 4; side++) {
                int nb = neighbour[side];
                if (nb < 0) {
                    continue;
                }
                long base = side * haloSlot;
                long count = pack(side, base);
                long dest = slot(opposite(side), parity);
                if (atomicNotify) {
                    shmem.put(D, halos, dest, send, base, count, nb);
                    shmem.fence();
                    shmem.atomicInc(DataType.LONG, notices, 4 + parity, nb);
                } else {
                    shmem.putSignal(D, halos, dest, send, base, count, notices, opposite(side), iter + 1,
                            SignalOp.SET, nb);
                }
            }
            if (atomicNotify) {
                shmem.waitUntil(DataType.LONG, notices, 4 + parity, Cmp.GE, (long) neighbours * (iter / 2 + 1));
            }
            MemorySegment received = halos.local();
            for (int side = 0; side < 4; side++) {
                if (neighbour[side] < 0) {
                    continue;
                }
                if (!atomicNotify) {
                    shmem.signalWaitUntil(notices, side, Cmp.GE, iter + 1);
                }
                unpack(side, received, slot(side, parity));
            }
        }

        /** out += stencil(in) on the active points of the tile, then in += 1 on the tile. */
        void apply() {
            int ilo = Math.max(t.istart(), r);
            int ihi = Math.min(t.iend(), n - r - 1);
            int jlo = Math.max(t.jstart(), r);
            int jhi = Math.min(t.jend(), n - r - 1);
            int w = t.width();
            int len = ihi - ilo + 1;
            // Radius 2 in one fused pass per row; other radii one pass over the row per stencil point, in PRK's
            // order (the y-axis points from -r to r, then the x-axis ones), out[i] += weight * in[i + offset].
            for (int j = jlo; j <= jhi; j++) {
                int c0 = at(ilo, j);
                int o0 = (ilo - t.istart()) + (j - t.jstart()) * w;
                if (r == 2) {
                    star2(o0, c0, len);
                    continue;
                }
                for (int k = -r; k <= r; k++) {
                    if (k != 0) {
                        axpy(out, o0, in, c0 + k * rowLength, weight(k), len);
                    }
                }
                for (int k = -r; k <= r; k++) {
                    if (k != 0) {
                        axpy(out, o0, in, c0 + k, weight(k), len);
                    }
                }
            }
            for (int j = t.jstart(); j <= t.jend(); j++) {
                int c0 = at(t.istart(), j);
                for (int i = 0; i < w; i++) {
                    in[c0 + i] += 1.0;
                }
            }
        }

        private void star2(int o0, int c0, int len) {
            if (VECTOR) {
                VectorStar.star2Row(in, out, o0, c0, len, rowLength, weights[1], weights[2]);
            } else {
                star2Row(in, out, o0, c0, len, rowLength, weights[1], weights[2]);
            }
        }

        private double weight(int k) {
            return k > 0 ? weights[k] : -weights[-k];
        }

        private static void axpy(double[] y, int yAt, double[] x, int xAt, double a, int len) {
            for (int i = 0; i < len; i++) {
                y[yAt + i] += a * x[xAt + i];
            }
        }

        double localNorm() {
            double norm = 0;
            int ilo = Math.max(t.istart(), r);
            int ihi = Math.min(t.iend(), n - r - 1);
            int jlo = Math.max(t.jstart(), r);
            int jhi = Math.min(t.jend(), n - r - 1);
            for (int j = jlo; j <= jhi; j++) {
                for (int i = ilo; i <= ihi; i++) {
                    norm += Math.abs(out[(i - t.istart()) + (j - t.jstart()) * t.width()]);
                }
            }
            return norm;
        }
    }
}
