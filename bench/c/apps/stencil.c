/*
 * stencil: the C twin of io.jshmem.apps.Stencil, the Parallel Research Kernels' Stencil (SHMEM version) on
 * OpenSHMEM; docs/apps.md is the specification both follow.
 *
 * A star stencil of radius r (weight +-1/(2 k r) at distance k along each axis) on an n x n grid of doubles,
 * in(i,j) = i + j, out = 0, for iterations + 1 iterations (the first untimed): halo exchange with the tile
 * neighbours, out += stencil(in) on the points at least r from the edge, in += 1. PE p owns tile (p mod npx, p / npx)
 * of an npx x npy decomposition. Halos are packed, put into the neighbour's receive slot for this side and iteration
 * parity and notified by put-with-signal (-notify signal; on OpenSHMEM 1.4: put + fence + p of the signal word) or by
 * put + fence + atomic increment of the parity's counter (-notify atomic).
 *
 * Build: oshcc -O3 -march=native -o stencil stencil.c -lm
 * Run:   oshrun --allow-run-as-root --oversubscribe -np 4 ./stencil [-iterations 10] [-n 1000] [-radius 2]
 *        [-notify signal|atomic]
 */
#include "apps.h"

#define EPSILON 1e-8

static const char USAGE[] =
    "usage: oshrun -np N stencil [flags]\n"
    "  -iterations I   timed iterations (one untimed warm-up iteration runs first); default 10\n"
    "  -n N            grid order (n x n points); default 1000\n"
    "  -radius R       stencil radius; default 2; 2R+1 <= n, and every tile at least R wide and high\n"
    "  -notify M       signal (put-with-signal) | atomic (put + fence + atomic increment); default signal";

enum side { TOP, BOTTOM, RIGHT, LEFT };

/* npx: the largest divisor of npes not above sqrt(npes + 1), as PRK factors the PE count. */
static int tiles_in_x(int npes) {
    for (int x = (int) sqrt(npes + 1.0); x > 1; x--) {
        if (npes % x == 0) {
            return x;
        }
    }
    return 1;
}

/* [start, end] of part index of n points cut into parts; the first parts take the remainder. */
static void split(int n, int parts, int index, int *start, int *end) {
    int size = n / parts;
    int leftover = n % parts;
    *start = index < leftover ? (size + 1) * index : (size + 1) * leftover + size * (index - leftover);
    *end = *start + (index < leftover ? size + 1 : size) - 1;
}

/* This PE's tile with its ghost cells, its halo traffic and the stencil. */
struct grid {
    int n, r;
    int istart, iend, jstart, jend;
    int width, height, row_length;
    double *in;             /* (width + 2r) x (height + 2r), ghost cells around the tile */
    double *out;            /* width x height */
    double *weights;        /* weights[k] = 1 / (2 k r), k = 1..r */
    int neighbour[4];
    int neighbours;
    double *halos;          /* symmetric: 4 sides x 2 parities x halo_slot */
    uint64_t *signals;      /* symmetric: one signal word per side */
    long *counters;         /* symmetric: one notice counter per parity (-notify atomic) */
    long halo_slot;
    int atomic_notify;
    double *send;           /* private: 4 x halo_slot */
};

static inline long at(const struct grid *g, int i, int j) {
    return (long) (i - g->istart + g->r) + (long) (j - g->jstart + g->r) * g->row_length;
}

static inline int opposite(int side) {
    return side ^ 1;
}

static long slot(const struct grid *g, int side, int parity) {
    return (side * 2L + parity) * g->halo_slot;
}

/* Rows or columns next to side, packed in the order the receiver unpacks them; returns the count of doubles. */
static long pack(struct grid *g, int side, long base) {
    long k = base;
    int r = g->r;
    if (side == TOP || side == BOTTOM) {
        int j0 = side == TOP ? g->jend - r + 1 : g->jstart;
        for (int j = j0; j < j0 + r; j++) {
            memcpy(g->send + k, g->in + at(g, g->istart, j), (size_t) g->width * sizeof(double));
            k += g->width;
        }
    } else {
        int i0 = side == RIGHT ? g->iend - r + 1 : g->istart;
        for (int j = g->jstart; j <= g->jend; j++) {
            memcpy(g->send + k, g->in + at(g, i0, j), (size_t) r * sizeof(double));
            k += r;
        }
    }
    return k - base;
}

static void unpack(struct grid *g, int side, const double *from, long base) {
    long k = base;
    int r = g->r;
    if (side == TOP || side == BOTTOM) {
        int j0 = side == TOP ? g->jend + 1 : g->jstart - r;
        for (int j = j0; j < j0 + r; j++) {
            memcpy(g->in + at(g, g->istart, j), from + k, (size_t) g->width * sizeof(double));
            k += g->width;
        }
    } else {
        int i0 = side == RIGHT ? g->iend + 1 : g->istart - r;
        for (int j = g->jstart; j <= g->jend; j++) {
            memcpy(g->in + at(g, i0, j), from + k, (size_t) r * sizeof(double));
            k += r;
        }
    }
}

/* Sends this iteration's halos to every neighbour, waits for theirs and fills the ghost cells. */
static void exchange(struct grid *g, int iter) {
    int parity = iter & 1;
    /* A neighbour may still wait for the previous iteration's halo when this one's signal overwrites its signal
     * word (it waits for >= its iteration): the fence makes that halo visible before this signal. */
    shmem_fence();
    for (int side = 0; side < 4; side++) {
        int nb = g->neighbour[side];
        if (nb < 0) {
            continue;
        }
        long base = side * g->halo_slot;
        long count = pack(g, side, base);
        long dest = slot(g, opposite(side), parity);
        if (g->atomic_notify) {
            shmem_double_put(g->halos + dest, g->send + base, (size_t) count, nb);
            shmem_fence();
            shmem_long_atomic_inc(&g->counters[parity], nb);
        } else {
            app_double_put_signal(g->halos + dest, g->send + base, (size_t) count, &g->signals[opposite(side)],
                                  (uint64_t) iter + 1, nb);
        }
    }
    if (g->atomic_notify) {
        shmem_long_wait_until(&g->counters[parity], SHMEM_CMP_GE, (long) g->neighbours * (iter / 2 + 1));
    }
    for (int side = 0; side < 4; side++) {
        if (g->neighbour[side] < 0) {
            continue;
        }
        if (!g->atomic_notify) {
            app_signal_wait_ge(&g->signals[side], (uint64_t) iter + 1);
        }
        unpack(g, side, g->halos, slot(g, side, parity));
    }
}

static inline double weight(const struct grid *g, int k) {
    return k > 0 ? g->weights[k] : -g->weights[-k];
}

static void axpy(double *restrict y, const double *restrict x, double a, int len) {
    for (int i = 0; i < len; i++) {
        y[i] += a * x[i];
    }
}

/* out += stencil(in) on the active points of the tile, in PRK's order of terms, then in += 1 on the tile. */
static void apply(struct grid *g) {
    int r = g->r;
    int ilo = g->istart > r ? g->istart : r;
    int ihi = g->iend < g->n - r - 1 ? g->iend : g->n - r - 1;
    int jlo = g->jstart > r ? g->jstart : r;
    int jhi = g->jend < g->n - r - 1 ? g->jend : g->n - r - 1;
    int len = ihi - ilo + 1;
    /* One pass over the row per stencil point, the y-axis points from -r to r, then the x-axis ones: the same terms
     * in the same order as the Java twin, each pass a vectorizable axpy. */
    for (int j = jlo; j <= jhi; j++) {
        long c0 = at(g, ilo, j);
        long o0 = (long) (ilo - g->istart) + (long) (j - g->jstart) * g->width;
        for (int k = -r; k <= r; k++) {
            if (k != 0) {
                axpy(g->out + o0, g->in + c0 + (long) k * g->row_length, weight(g, k), len);
            }
        }
        for (int k = -r; k <= r; k++) {
            if (k != 0) {
                axpy(g->out + o0, g->in + c0 + k, weight(g, k), len);
            }
        }
    }
    for (int j = g->jstart; j <= g->jend; j++) {
        double *row = g->in + at(g, g->istart, j);
        for (int i = 0; i < g->width; i++) {
            row[i] += 1.0;
        }
    }
}

static double local_norm(const struct grid *g) {
    int r = g->r;
    int ilo = g->istart > r ? g->istart : r;
    int ihi = g->iend < g->n - r - 1 ? g->iend : g->n - r - 1;
    int jlo = g->jstart > r ? g->jstart : r;
    int jhi = g->jend < g->n - r - 1 ? g->jend : g->n - r - 1;
    double norm = 0;
    for (int j = jlo; j <= jhi; j++) {
        for (int i = ilo; i <= ihi; i++) {
            norm += fabs(g->out[(i - g->istart) + (long) (j - g->jstart) * g->width]);
        }
    }
    return norm;
}

int main(int argc, char **argv) {
    static const char *const values[] = {"iterations", "n", "radius", "notify", NULL};
    static const char *const switches[] = {NULL};
    static const char *const notifies[] = {"signal", "atomic", NULL};
    struct app a;
    app_start(&a, "Stencil", USAGE, values, switches, argc, argv);
    int me = a.me;
    int npes = a.npes;
    int iterations = (int) app_integer(&a, "iterations", 10, 1, 1000000000, "the number of iterations");
    int n = (int) app_integer(&a, "n", 1000, 1, 46340, "the grid order");
    int radius = (int) app_integer(&a, "radius", 2, 1, 1000, "the stencil radius");
    int atomic_notify = strcmp(app_choice(&a, "notify", notifies), "atomic") == 0;
    if (2 * radius + 1 > n) {
        app_bad(&a, "bad argument -radius = %d: the stencil (2*radius+1 = %d points) must fit the grid of order %d: "
                "valid range [1, %d]", radius, 2 * radius + 1, n, (n - 1) / 2);
    }
    int npx = tiles_in_x(npes);
    int npy = npes / npx;
    int narrowest = n / npx < n / npy ? n / npx : n / npy;
    if (narrowest < radius) {
        int min_n = radius * (npx > npy ? npx : npy);
        app_bad(&a, "bad argument -n = %d: with %d PEs as %dx%d tiles every tile must be at least radius (%d) points "
                "wide and high: n must be in [%d, 46340] (or use fewer PEs)", n, npes, npx, npy, radius, min_n);
    }
    /* The Java twin holds the largest tile with its ghost cells in one array: the same bound here, so that both
     * sides refuse the same arguments. */
    long long widest = (n + npx - 1) / npx + 2LL * radius;
    long long tallest = (n + npy - 1) / npy + 2LL * radius;
    if (widest * tallest > 2147483647LL - 8) {
        app_bad(&a, "bad argument -n = %d: with %d PE(s) as %dx%d tiles and radius %d a tile with its ghost cells "
                "would hold %lld points, more than one Java array holds (2^31 - 9): use a smaller n or more PEs",
                n, npes, npx, npy, radius, widest * tallest);
    }
    struct grid g;
    memset(&g, 0, sizeof g);
    g.n = n;
    g.r = radius;
    split(n, npx, me % npx, &g.istart, &g.iend);
    split(n, npy, me / npx, &g.jstart, &g.jend);
    if (me == 0) {
        printf("Parallel Research Kernels (jshmem C twin, OpenSHMEM %d.%d)\n", SHMEM_MAJOR_VERSION,
               SHMEM_MINOR_VERSION);
        printf("SHMEM stencil execution on 2D grid\n");
        printf("Number of ranks        = %d\n", npes);
        printf("Grid size              = %d\n", n);
        printf("Radius of stencil      = %d\n", radius);
        printf("Tiles in x/y-direction = %d/%d\n", npx, npy);
        printf("Type of stencil        = star\n");
        printf("Data type              = double precision\n");
        printf("Halo notification      = %s\n", atomic_notify ? "put + fence + atomic increment"
               : APPS_HAVE_SIGNAL ? "put with signal" : "put + fence + p (put with signal in OpenSHMEM 1.4)");
        printf("Number of iterations   = %d\n", iterations);
    }
    int max_len = (n + npx - 1) / npx > (n + npy - 1) / npy ? (n + npx - 1) / npx : (n + npy - 1) / npy;
    g.halo_slot = (long) radius * max_len;
    g.halos = app_symmetric(&a, (size_t) (4 * 2 * g.halo_slot) * sizeof(double), 1);
    g.signals = app_symmetric(&a, 4 * sizeof(uint64_t), 1);
    g.counters = app_symmetric(&a, 2 * sizeof(long), 1);
    struct app_stats stats;
    app_stats_init(&a, &stats);
    g.atomic_notify = atomic_notify;
    g.send = app_private(&a, (size_t) (4 * g.halo_slot) * sizeof(double), 0);
    int x = me % npx;
    int y = me / npx;
    g.neighbour[TOP] = y < npy - 1 ? me + npx : -1;
    g.neighbour[BOTTOM] = y > 0 ? me - npx : -1;
    g.neighbour[RIGHT] = x < npx - 1 ? me + 1 : -1;
    g.neighbour[LEFT] = x > 0 ? me - 1 : -1;
    for (int s = 0; s < 4; s++) {
        g.neighbours += g.neighbour[s] >= 0;
    }
    g.width = g.iend - g.istart + 1;
    g.height = g.jend - g.jstart + 1;
    g.row_length = g.width + 2 * radius;
    g.in = app_private(&a, (size_t) g.row_length * (size_t) (g.height + 2 * radius) * sizeof(double), 1);
    g.out = app_private(&a, (size_t) g.width * (size_t) g.height * sizeof(double), 1);
    g.weights = app_private(&a, (size_t) (radius + 1) * sizeof(double), 1);
    for (int k = 1; k <= radius; k++) {
        g.weights[k] = 1.0 / (2.0 * k * radius);
    }
    for (int j = g.jstart; j <= g.jend; j++) {
        for (int i = g.istart; i <= g.iend; i++) {
            g.in[at(&g, i, j)] = i + j;
        }
    }

    double halo_time = 0;
    double compute_time = 0;
    long long start = 0;
    app_second_half late = app_second_half_of(1, iterations);
    for (int iter = 0; iter <= iterations; iter++) {
        if (iter == 1) {
            shmem_barrier_all();
            start = app_now_ns();
            halo_time = 0;
            compute_time = 0;
        }
        app_second_half_starts(&late, iter);
        long long t0 = app_now_ns();
        exchange(&g, iter);
        long long t1 = app_now_ns();
        apply(&g);
        long long t2 = app_now_ns();
        halo_time += (double) (t1 - t0) * 1e-9;
        compute_time += (double) (t2 - t1) * 1e-9;
        app_second_half_comm(&late, iter, t1 - t0);
    }
    long long end = app_now_ns();
    double slowest[5] = {(double) (end - start) * 1e-9, halo_time, compute_time,
                         app_second_half_iteration(&late, end), app_second_half_comm_seconds(&late)};
    app_stats_reduce(&stats, 1, slowest, slowest, 5);
    double norm = app_stats_sum1(&stats, local_norm(&g)) / ((double) (n - 2 * radius) * (n - 2 * radius));
    double reference = (iterations + 1) * 2.0;
    int ok = fabs(norm - reference) <= EPSILON;
    if (me == 0) {
        if (ok) {
            printf("Solution validates\n");
        } else {
            printf("ERROR: L1 norm = %.15g, Reference L1 norm = %.15g\n", norm, reference);
        }
        double flops = (2.0 * (4 * radius + 1) + 1) * (n - 2.0 * radius) * (n - 2.0 * radius);
        double avg = slowest[0] / iterations;
        printf("Rate (MFlops/s): %f  Avg time (s): %f\n", 1e-6 * flops / avg, avg);
        struct app_result r;
        app_result_init(&r, "Stencil", npes);
        app_result_long(&r, "n", n);
        app_result_long(&r, "radius", radius);
        app_result_long(&r, "iterations", iterations);
        app_result_long(&r, "npx", npx);
        app_result_long(&r, "npy", npy);
        app_result_add(&r, "notify", atomic_notify ? "atomic" : "signal");
        /* The Java twin names the kernel its JVM ran (vector or scalar); here it is what the C compiler made of the
         * loop (gcc -O3 -march=native vectorizes it). */
        app_result_add(&r, "kernel", "compiler");
        app_result_seconds(&r, "avg_iter", avg);
        app_result_seconds(&r, "halo", slowest[1] / iterations);
        app_result_seconds(&r, "compute", slowest[2] / iterations);
        app_result_seconds(&r, "total", slowest[0]);
        app_result_seconds(&r, "iter_late", slowest[3]);
        app_result_seconds(&r, "halo_late", slowest[4]);
        app_result_double(&r, "mflops", 1e-6 * flops / avg);
        app_result_double(&r, "l1_norm", norm);
        app_result_print(&r, ok);
    }
    free(g.weights);
    free(g.out);
    free(g.in);
    free(g.send);
    app_stats_free(&stats);
    shmem_free(g.counters);
    shmem_free(g.signals);
    shmem_free(g.halos);
    shmem_finalize();
    return ok ? APP_OK : APP_VERIFICATION_FAILED;
}
