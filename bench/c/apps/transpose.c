/*
 * transpose: the C twin of io.jshmem.apps.Transpose, the Parallel Research Kernels' Transpose (SHMEM version) on
 * OpenSHMEM; docs/apps.md is the specification both follow.
 *
 * B += A^T; A += 1 for iterations + 1 iterations (the first untimed) on order x order matrices of doubles, column-block
 * decomposed (PE p owns columns [p B, (p+1) B), B = order / npes, column-major), A(i,j) = order j + i, B = 0. Each
 * iteration transposes the diagonal block locally; for phase 1..npes-1 it transposes the block for PE
 * (me - phase) mod npes into a send buffer in the receiver's layout (tiled, A += 1 on the way) and puts it with a
 * signal into that PE's slot for this sender and iteration parity (on OpenSHMEM 1.4: put + fence + p of the signal
 * word); then waits for every other PE's block and adds it to B.
 *
 * Build: oshcc -O3 -march=native -o transpose transpose.c -lm
 * Run:   oshrun --allow-run-as-root --oversubscribe -np 4 ./transpose [-iterations 10] [-n 1024] [-tile 32]
 */
#include "apps.h"

#define EPSILON 1e-8

static const char USAGE[] =
    "usage: oshrun -np N transpose [flags]\n"
    "  -iterations I   timed iterations (one untimed warm-up iteration runs first); default 10\n"
    "  -n ORDER        matrix order, a multiple of N; default 1024\n"
    "  -tile T         tile size of the local transposes; 0 = untiled; default 32";

/* The diagonal block: B(row col_start + c, col r) += A(row col_start + r, col c); A += 1 on that block. */
static void transpose_local(double *restrict a, double *restrict b, int order, int block, int tile, int col_start) {
    for (int c0 = 0; c0 < block; c0 += tile) {
        for (int r0 = 0; r0 < block; r0 += tile) {
            int c_end = block < c0 + tile ? block : c0 + tile;
            int r_end = block < r0 + tile ? block : r0 + tile;
            for (int c = c0; c < c_end; c++) {
                for (int r = r0; r < r_end; r++) {
                    long ai = col_start + r + (long) order * c;
                    b[col_start + c + (long) order * r] += a[ai];
                    a[ai] += 1.0;
                }
            }
        }
    }
}

/* A's rows [row_start, row_start + block) transposed into out in the receiver's layout; A += 1 on that block. */
static void pack(double *restrict a, double *restrict out, int order, int block, int tile, int row_start) {
    for (int c0 = 0; c0 < block; c0 += tile) {
        for (int r0 = 0; r0 < block; r0 += tile) {
            int c_end = block < c0 + tile ? block : c0 + tile;
            int r_end = block < r0 + tile ? block : r0 + tile;
            for (int r = r0; r < r_end; r++) {
                for (int c = c0; c < c_end; c++) {
                    long ai = row_start + r + (long) order * c;
                    out[c + (long) block * r] = a[ai];
                    a[ai] += 1.0;
                }
            }
        }
    }
}

/* B's rows [row_start, row_start + block) += the received block (column-major, block rows per column). */
static void accumulate(const double *restrict in, double *restrict b, int order, int block, int row_start) {
    for (int c = 0; c < block; c++) {
        double *bc = b + row_start + (long) order * c;
        const double *ic = in + (long) block * c;
        for (int r = 0; r < block; r++) {
            bc[r] += ic[r];
        }
    }
}

static double error(const double *b, int order, int block, int col_start, int iterations) {
    double addit = 0.5 * ((iterations + 1.0) * iterations);
    double err = 0;
    for (int j = 0; j < block; j++) {
        for (int i = 0; i < order; i++) {
            double expected = ((double) order * i + j + col_start) * (iterations + 1) + addit;
            err += fabs(b[i + (long) order * j] - expected);
        }
    }
    return err;
}

int main(int argc, char **argv) {
    static const char *const values[] = {"iterations", "n", "tile", NULL};
    static const char *const switches[] = {NULL};
    struct app a;
    app_start(&a, "Transpose", USAGE, values, switches, argc, argv);
    int me = a.me;
    int npes = a.npes;
    int iterations = (int) app_integer(&a, "iterations", 10, 1, 1000000000, "the number of iterations");
    int order = (int) app_integer(&a, "n", 1024, 1, 46340, "the matrix order");
    int tile_arg = (int) app_integer(&a, "tile", 32, 0, 46340, "the tile size");
    if (order % npes != 0) {
        int below = order / npes * npes;
        char example[64];
        if (below > 0) {
            snprintf(example, sizeof example, "%d or %d", below, below + npes);
        } else {
            snprintf(example, sizeof example, "%d", below + npes);
        }
        app_bad(&a, "bad argument -n = %d: the matrix order must be a multiple of the %d PEs (for example %s)", order,
                npes, example);
    }
    int block = order / npes;
    long long inbox_bytes = 2LL * order * block * (long long) sizeof(double);
    long long heap = app_heap_size();
    if (inbox_bytes > heap / 4 * 3) {
        app_bad(&a, "bad argument -n = %d: the receive slots need %lld bytes per PE, more than 3/4 of the symmetric "
                "heap (%lld bytes): lower -n, use more PEs or raise SHMEM_SYMMETRIC_SIZE", order, inbox_bytes, heap);
    }
    int tile = tile_arg > 0 && tile_arg < block ? tile_arg : block;
    if (me == 0) {
        printf("Parallel Research Kernels (jshmem C twin, OpenSHMEM %d.%d)\n", SHMEM_MAJOR_VERSION,
               SHMEM_MINOR_VERSION);
        printf("SHMEM matrix transpose: B = A^T\n");
        printf("Number of ranks      = %d\n", npes);
        printf("Matrix order         = %d\n", order);
        printf("Number of iterations = %d\n", iterations);
        printf("Synchronization      = %s\n", APPS_HAVE_SIGNAL ? "put with signal"
               : "put + fence + p (put with signal in OpenSHMEM 1.4)");
        if (tile < block) {
            printf("Tile size            = %d\n", tile);
        } else {
            printf("Untiled\n");
        }
    }
    long block_size = (long) block * block;
    double *inbox = app_symmetric(&a, (size_t) (2L * npes * block_size) * sizeof(double), 0);
    uint64_t *notices = app_symmetric(&a, (size_t) npes * sizeof(uint64_t), 1);
    struct app_stats stats;
    app_stats_init(&a, &stats);
    double *outbox = app_private(&a, (size_t) block_size * sizeof(double), 0);
    int col_start = me * block;
    double *A = app_private(&a, (size_t) order * block * sizeof(double), 0);
    double *B = app_private(&a, (size_t) order * block * sizeof(double), 1);
    for (int j = 0; j < block; j++) {
        for (int i = 0; i < order; i++) {
            A[i + (long) order * j] = (double) order * (j + col_start) + i;
        }
    }
    double comm = 0;
    long long start = 0;
    app_second_half late = app_second_half_of(1, iterations);
    for (int iter = 0; iter <= iterations; iter++) {
        if (iter == 1) {
            shmem_barrier_all();
            start = app_now_ns();
            comm = 0;
        }
        app_second_half_starts(&late, iter);
        int parity = iter & 1;
        transpose_local(A, B, order, block, tile, col_start);
        /* A receiver may still wait for the previous iteration's block when this one's signal overwrites its word
         * (it waits for >= its iteration): the fence makes that block visible before this signal. */
        shmem_fence();
        for (int phase = 1; phase < npes; phase++) {
            int to = (me - phase + npes) % npes;
            pack(A, outbox, order, block, tile, to * block);
            long long t0 = app_now_ns();
            app_double_put_signal(inbox + (parity * (long) npes + me) * block_size, outbox, (size_t) block_size,
                                  &notices[me], (uint64_t) iter + 1, to);
            long long t1 = app_now_ns();
            comm += (double) (t1 - t0) * 1e-9;
            app_second_half_comm(&late, iter, t1 - t0);
        }
        for (int phase = 1; phase < npes; phase++) {
            int from = (me + phase) % npes;
            long long t0 = app_now_ns();
            app_signal_wait_ge(&notices[from], (uint64_t) iter + 1);
            long long t1 = app_now_ns();
            comm += (double) (t1 - t0) * 1e-9;
            app_second_half_comm(&late, iter, t1 - t0);
            accumulate(inbox + (parity * (long) npes + from) * block_size, B, order, block, from * block);
        }
    }
    long long end = app_now_ns();
    double total = (double) (end - start) * 1e-9;
    double slowest[5] = {total, comm, total - comm, app_second_half_iteration(&late, end),
                         app_second_half_comm_seconds(&late)};
    app_stats_reduce(&stats, 1, slowest, slowest, 5);
    double abserr = app_stats_sum1(&stats, error(B, order, block, col_start, iterations));
    int ok = abserr < EPSILON;
    if (me == 0) {
        if (ok) {
            printf("Solution validates\n");
        } else {
            printf("ERROR: Aggregate absolute error %e exceeds threshold %e\n", abserr, EPSILON);
        }
        double avg = slowest[0] / iterations;
        double bytes = 2.0 * sizeof(double) * order * (double) order;
        printf("Rate (MB/s): %f Avg time (s): %f\n", 1e-6 * bytes / avg, avg);
        struct app_result r;
        app_result_init(&r, "Transpose", npes);
        app_result_long(&r, "n", order);
        app_result_long(&r, "tile", tile < block ? tile : 0);
        /* The Java twin names the accumulation its JVM ran (vector or scalar); here it is what the C compiler made of
         * the loop. */
        app_result_add(&r, "kernel", "compiler");
        app_result_long(&r, "iterations", iterations);
        app_result_seconds(&r, "avg_iter", avg);
        app_result_seconds(&r, "comm", slowest[1] / iterations);
        app_result_seconds(&r, "local", slowest[2] / iterations);
        app_result_seconds(&r, "total", slowest[0]);
        app_result_seconds(&r, "iter_late", slowest[3]);
        app_result_seconds(&r, "comm_late", slowest[4]);
        app_result_double(&r, "mbps", 1e-6 * bytes / avg);
        app_result_double(&r, "abserr", abserr);
        app_result_print(&r, ok);
    }
    free(B);
    free(A);
    free(outbox);
    app_stats_free(&stats);
    shmem_free(notices);
    shmem_free(inbox);
    shmem_finalize();
    return ok ? APP_OK : APP_VERIFICATION_FAILED;
}
