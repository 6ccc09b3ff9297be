/*
 * machine_limits: the raw limits of this machine, recorded in the same run as the jshmem / OSHMEM comparison so
 * that the report can say how close either library gets to the hardware:
 *   - memcpy bandwidth on one core (private buffer to private buffer) at several sizes;
 *   - a cross-core cache-line ping-pong: two threads pinned to two CPUs hand one 64-byte line back and forth
 *     (release store, acquire spin with pause); the figure is half a round trip;
 *   - the same hand-off in the pattern of a SHMEM p + wait_until ping-pong: two processes, not pinned (as the PEs
 *     of either library are not), each spinning on a word in its own page of a shared mapping and storing into
 *     the other's, so that every half round trip moves two lines (the writer's ownership request for the other's
 *     line, then the other's read miss) where the single-line ping-pong moves one;
 *   - an uncontended 64-bit atomic fetch-add (lock xadd) on one core.
 * Every figure is the median over rounds. Output: JSON on stdout or to the file given as the only argument.
 *
 * Build: gcc -O2 -pthread -o machine_limits machine_limits.c
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define ROUNDS 9

static long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
    qsort(v, n, sizeof(double), cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* ---- memcpy ---------------------------------------------------------------------------------------------- */

static volatile char sink;

static double memcpy_ns(size_t size) {
    char *src = aligned_alloc(4096, size);
    char *dst = aligned_alloc(4096, size);
    memset(src, 1, size);
    memset(dst, 2, size);
    long reps = (long) (256L * 1024 * 1024 / size);
    if (reps < 5) reps = 5;
    if (reps > 200000) reps = 200000;
    double r[ROUNDS];
    for (long i = 0; i < reps; i++) memcpy(dst, src, size); /* warm-up */
    for (int k = 0; k < ROUNDS; k++) {
        long t0 = now_ns();
        for (long i = 0; i < reps; i++) {
            memcpy(dst, src, size);
            __asm__ volatile("" ::: "memory");
        }
        r[k] = (double) (now_ns() - t0) / reps;
    }
    sink = dst[size - 1];
    free(src);
    free(dst);
    return median(r, ROUNDS);
}

/* ---- cache-line ping-pong -------------------------------------------------------------------------------- */

struct line {
    _Alignas(128) atomic_long value;
};

static struct line ball;
static long pp_iterations = 200000;
static int ncpu;

static void pin(int cpu) {
    if (ncpu < 2) return;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu % ncpu, &set);
    pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
}

static inline void spin_until(long want) {
    while (atomic_load_explicit(&ball.value, memory_order_acquire) != want) __builtin_ia32_pause();
}

static void *responder(void *arg) {
    (void) arg;
    pin(1);
    long total = pp_iterations * (ROUNDS + 1);
    for (long i = 0; i < total; i++) {
        spin_until(2 * i + 1);
        atomic_store_explicit(&ball.value, 2 * i + 2, memory_order_release);
    }
    return NULL;
}

static void pingpong(double *median_ns, double *best_ns) {
    pthread_t t;
    atomic_store(&ball.value, 0);
    pthread_create(&t, NULL, responder, NULL);
    pin(0);
    double r[ROUNDS];
    long i = 0;
    for (int k = -1; k < ROUNDS; k++) { /* round -1 is the warm-up */
        long t0 = now_ns();
        for (long j = 0; j < pp_iterations; j++, i++) {
            atomic_store_explicit(&ball.value, 2 * i + 1, memory_order_release);
            spin_until(2 * i + 2);
        }
        if (k >= 0) r[k] = (double) (now_ns() - t0) / pp_iterations / 2;
    }
    pthread_join(t, NULL);
    double sorted[ROUNDS];
    memcpy(sorted, r, sizeof(r));
    *median_ns = median(sorted, ROUNDS);
    *best_ns = sorted[0];
}

/* ---- flag ping-pong between two processes (the p + wait_until pattern) ------------------------------------- */

static inline void spin_word(atomic_long *w, long want) {
    while (atomic_load_explicit(w, memory_order_acquire) != want) __builtin_ia32_pause();
}

static void unpin(void) {
    cpu_set_t set;
    CPU_ZERO(&set);
    for (int c = 0; c < ncpu && c < CPU_SETSIZE; c++) CPU_SET(c, &set);
    sched_setaffinity(0, sizeof(set), &set);
}

/* Median half round trip, or -1 when the processes cannot be set up. */
static double flag_pingpong(void) {
    unpin(); /* pingpong() pinned this thread; a child would inherit it and share the CPU */
    char *m = mmap(NULL, 2 * 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) return -1;
    atomic_long *mine = (atomic_long *) m, *theirs = (atomic_long *) (m + 4096);
    long total = pp_iterations * (ROUNDS + 1);
    pid_t child = fork();
    if (child < 0) {
        munmap(m, 2 * 4096);
        return -1;
    }
    if (child == 0) {
        for (long i = 1; i <= total; i++) {
            spin_word(theirs, i);
            atomic_store_explicit(mine, i, memory_order_release);
        }
        _exit(0);
    }
    double r[ROUNDS];
    long i = 0;
    for (int k = -1; k < ROUNDS; k++) { /* round -1 is the warm-up */
        long t0 = now_ns();
        for (long j = 0; j < pp_iterations; j++) {
            i++;
            atomic_store_explicit(theirs, i, memory_order_release);
            spin_word(mine, i);
        }
        if (k >= 0) r[k] = (double) (now_ns() - t0) / pp_iterations / 2;
    }
    waitpid(child, NULL, 0);
    munmap(m, 2 * 4096);
    return median(r, ROUNDS);
}

/* ---- atomic ---------------------------------------------------------------------------------------------- */

static double fetch_add_ns(void) {
    static struct line word;
    long reps = 10000000;
    double r[ROUNDS];
    for (int k = 0; k < ROUNDS; k++) {
        long t0 = now_ns();
        for (long i = 0; i < reps; i++) atomic_fetch_add_explicit(&word.value, 1, memory_order_seq_cst);
        r[k] = (double) (now_ns() - t0) / reps;
    }
    return median(r, ROUNDS);
}

int main(int argc, char **argv) {
    FILE *out = argc > 1 ? fopen(argv[1], "w") : stdout;
    if (!out) {
        fprintf(stderr, "machine_limits: cannot write %s; create its directory first\n", argv[1]);
        return 2;
    }
    ncpu = (int) sysconf(_SC_NPROCESSORS_ONLN);
    char model[256] = "unknown";
    FILE *ci = fopen("/proc/cpuinfo", "r");
    if (ci) {
        char line[512];
        while (fgets(line, sizeof(line), ci)) {
            if (strncmp(line, "model name", 10) == 0) {
                char *c = strchr(line, ':');
                if (c) {
                    snprintf(model, sizeof(model), "%s", c + 2);
                    model[strcspn(model, "\n")] = 0;
                }
                break;
            }
        }
        fclose(ci);
    }
    static const size_t sizes[] = {8, 64, 4096, 65536, 1 << 20, 8 << 20, 64 << 20};
    fprintf(out, "{\n  \"schema\": \"machine-limits/1\",\n  \"cpus\": %d,\n  \"cpu_model\": \"%s\",\n", ncpu, model);
    fprintf(out, "  \"memcpy\": [");
    for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        double ns = memcpy_ns(sizes[i]);
        fprintf(out, "%s\n    {\"size\": %zu, \"ns\": %.4g, \"gb_per_s\": %.4g}", i ? "," : "", sizes[i], ns,
                sizes[i] / ns);
    }
    double med, best;
    pingpong(&med, &best);
    fprintf(out, "\n  ],\n  \"cacheline_pingpong_half_rtt_ns\": %.4g,\n  \"cacheline_pingpong_best_ns\": %.4g,\n",
            med, best);
    fprintf(out, "  \"flag_pingpong_half_rtt_ns\": %.4g,\n", flag_pingpong());
    fprintf(out, "  \"atomic_fetch_add_uncontended_ns\": %.4g\n}\n", fetch_add_ns());
    if (out != stdout) fclose(out);
    return 0;
}
