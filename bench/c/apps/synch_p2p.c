/*
 * synch_p2p: the C twin of io.jshmem.apps.SynchP2p, the Parallel Research Kernels' Synch_p2p (SHMEM version) on
 * OpenSHMEM; docs/apps.md is the specification both follow.
 *
 * A wavefront pipeline on an m x n grid of doubles, A(i,j) = A(i-1,j) + A(i,j-1) - A(i-1,j-1), A(i,0) = i,
 * A(0,j) = j; the m columns are split into slices (one ghost column on the left of each). For each row j a PE other
 * than 0 waits for its flag of row j to reach the iteration number, reads the left neighbour's last value of the row,
 * computes its part and sends its own last value to the right neighbour with a put-with-signal (on OpenSHMEM 1.4:
 * p of the value + fence + p of the flag). After the sweep the last PE sends -A(m-1,n-1) to PE 0, which waits for it
 * before the next iteration: the iterations are chained. iterations + 1 iterations run, the first untimed.
 *
 * Build: oshcc -O3 -march=native -o synch_p2p synch_p2p.c -lm
 * Run:   oshrun --allow-run-as-root --oversubscribe -np 4 ./synch_p2p [-iterations 10] [-m 1000] [-n 1000]
 */
#include "apps.h"

#define EPSILON 1e-8

static const char USAGE[] =
    "usage: oshrun -np N synch_p2p [flags]\n"
    "  -iterations I   timed iterations (one untimed warm-up iteration runs first); default 10\n"
    "  -m M            first grid dimension, split over the PEs (M >= N); default 1000\n"
    "  -n N            second grid dimension (rows of the pipeline); default 1000";

/* One double and its signal to pe, ordered: the value is visible before the flag. */
static inline void send_value(double *dest, double value, uint64_t *flag, uint64_t tag, int pe) {
#if APPS_HAVE_SIGNAL
    shmem_double_put_signal(dest, &value, 1, flag, tag, SHMEM_SIGNAL_SET, pe);
#else
    shmem_double_p(dest, value, pe);
    shmem_fence();
    shmem_uint64_p(flag, tag, pe);
#endif
}

int main(int argc, char **argv) {
    static const char *const values[] = {"iterations", "m", "n", NULL};
    static const char *const switches[] = {NULL};
    struct app a;
    app_start(&a, "SynchP2p", USAGE, values, switches, argc, argv);
    int me = a.me;
    int npes = a.npes;
    int iterations = (int) app_integer(&a, "iterations", 10, 1, 1000000000, "the number of iterations");
    int m = (int) app_integer(&a, "m", 1000, 2, 1 << 30, "the first grid dimension");
    int n = (int) app_integer(&a, "n", 1000, 2, 1 << 30, "the second grid dimension");
    if (m < npes) {
        app_bad(&a, "bad argument -m = %d: every one of the %d PEs needs at least one column: valid range [%d, %d] "
                "(or use fewer PEs)", m, npes, npes > 2 ? npes : 2, 1 << 30);
    }
    /* Column slices as the stencil's split: the first m mod npes PEs take one column more. */
    int size = m / npes;
    int leftover = m % npes;
    int start = me < leftover ? (size + 1) * me : (size + 1) * leftover + size * (me - leftover);
    int end = start + (me < leftover ? size + 1 : size) - 1;
    int stride = end - start + 2;
    if ((long long) stride * n > INT_MAX - 8) {
        app_bad(&a, "bad argument -n = %d: a PE's slice of %d columns times n rows must stay below 2^31 points: use "
                "more PEs or a smaller grid", n, stride - 1);
    }
    if (me == 0) {
        printf("Parallel Research Kernels (jshmem C twin, OpenSHMEM %d.%d)\n", SHMEM_MAJOR_VERSION,
               SHMEM_MINOR_VERSION);
        printf("SHMEM pipeline execution on 2D grid\n");
        printf("Number of ranks            = %d\n", npes);
        printf("Grid sizes                 = %d, %d\n", m, n);
        printf("Number of iterations       = %d\n", iterations);
        printf("Synchronization            = %s, wait_until per row\n", APPS_HAVE_SIGNAL ? "put with signal"
               : "p + fence + p (put with signal in OpenSHMEM 1.4)");
    }
    /* inbox[j]: the left neighbour's last value of row j; inbox[0] on PE 0: the corner fed back. */
    double *inbox = app_symmetric(&a, (size_t) n * sizeof(double), 1);
    uint64_t *flags = app_symmetric(&a, (size_t) n * sizeof(uint64_t), 1);
    struct app_stats stats;
    app_stats_init(&a, &stats);
    double *A = app_private(&a, (size_t) stride * (size_t) n * sizeof(double), 1);
    for (int li = 0; li < stride; li++) {
        A[li] = start - 1 + li;
    }
    if (me == 0) {
        for (int j = 0; j < n; j++) {
            A[1 + (long) stride * j] = j;
        }
    }
    int first = me == 0 ? 2 : 1;
    int last = stride - 1;
    int right = me + 1 < npes ? me + 1 : -1;
    volatile double *in = inbox;
    long long begin = 0;
    app_second_half late = app_second_half_of(1, iterations);
    for (int iter = 0; iter <= iterations; iter++) {
        if (iter == 1) {
            shmem_barrier_all();
            begin = app_now_ns();
        }
        app_second_half_starts(&late, iter);
        uint64_t tag = (uint64_t) iter + 1;
        if (me == 0 && iter > 0 && npes > 1) {
            app_signal_wait_ge(&flags[0], (uint64_t) iter);
            A[1] = in[0];
        }
        for (int j = 1; j < n; j++) {
            double *row = A + (long) stride * j;
            const double *above = row - stride;
            if (me > 0) {
                app_signal_wait_ge(&flags[j], tag);
                row[0] = in[j];
            }
            for (int li = first; li <= last; li++) {
                row[li] = row[li - 1] + above[li] - above[li - 1];
            }
            if (right >= 0) {
                send_value(&inbox[j], row[last], &flags[j], tag, right);
            }
        }
        double corner = -A[(long) stride * (n - 1) + last];
        if (npes == 1) {
            A[1] = corner;
        } else if (right < 0) {
            send_value(&inbox[0], corner, &flags[0], tag, 0);
        }
    }
    long long finish = app_now_ns();
    double times[2] = {(double) (finish - begin) * 1e-9, app_second_half_iteration(&late, finish)};
    app_stats_reduce(&stats, 1, times, times, 2);
    double slowest = times[0];
    int failed = 0;
    if (me == npes - 1) {
        double expected = (double) (iterations + 1) * (m + n - 2);
        double got = A[(long) stride * (n - 1) + last];
        if (fabs(got - expected) / expected >= EPSILON) {
            printf("ERROR: checksum %f does not match verification value %f\n", got, expected);
            failed = 1;
        }
    }
    int ok = app_stats_sum_long(&stats, failed) == 0;
    if (me == 0) {
        double avg = slowest / iterations;
        double flops = 2.0 * (m - 1) * (n - 1);
        double expected = (double) (iterations + 1) * (m + n - 2);
        if (ok) {
            printf("Solution validates; verification value = %f\n", expected);
        } else {
            printf("Verification failed\n");
        }
        printf("Rate (MFlops/s): %f Avg time (s): %f\n", 1e-6 * flops / avg, avg);
        struct app_result r;
        app_result_init(&r, "SynchP2p", npes);
        app_result_long(&r, "m", m);
        app_result_long(&r, "n", n);
        app_result_long(&r, "iterations", iterations);
        app_result_seconds(&r, "avg_iter", avg);
        app_result_seconds(&r, "total", slowest);
        app_result_seconds(&r, "iter_late", times[1]);
        app_result_double(&r, "mflops", 1e-6 * flops / avg);
        app_result_print(&r, ok);
    }
    free(A);
    app_stats_free(&stats);
    shmem_free(flags);
    shmem_free(inbox);
    shmem_finalize();
    return ok ? APP_OK : APP_VERIFICATION_FAILED;
}
