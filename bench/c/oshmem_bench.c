/*
 * oshmem_bench: the C twin of jshmem's shmem-bench (io.jshmem.bench.ShmemBench), written against the standard
 * OpenSHMEM 1.4 API so that it runs on Open MPI's OSHMEM. It measures the same operations, at the same sizes, with
 * the same iteration, warm-up, batch and round rules, and writes the same JSON schema (shmem-bench/1), so that
 * bench/compare-oshmem can put the two side by side.
 *
 * Build: oshcc -O2 -o oshmem_bench oshmem_bench.c
 * Run:   oshrun --allow-run-as-root --mca osc ^rdma -np 2 ./oshmem_bench --output results/oshmem.json
 *
 * Differences forced by OpenSHMEM 1.4 (OSHMEM 4.1 has no teams and no put-with-signal):
 *  - collectives use the active-set calls (shmem_broadcast64, shmem_fcollect64, shmem_collect64,
 *    shmem_alltoall64, shmem_long_sum_to_all) on all PEs, cycling through pSync arrays;
 *  - put_signal is measured with the 1.4 idiom putmem + fence + long_p, and labelled as a substitute.
 */
#include <shmem.h>

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define FULL_ITERATIONS_UP_TO (16L * 1024)
#define MIN_ITERATIONS 10L
#define BATCH_TARGET_NS 5000.0
#define ATOMIC_STRIDE 16
#define N_PSYNC 4

enum mode { ORIGIN, PAIR, ALL };
enum size_kind { SK_RMA, SK_COLL, SK_SCALAR, SK_NONE };

struct bench {
    const char *id;
    const char *group;
    const char *op;
    const char *metric;
    enum size_kind sizes;
    int needs_peer;
};

static const struct bench BENCHES[] = {
    {"put_lat", "put-latency", "putmem+quiet", "latency", SK_RMA, 1},
    {"get_lat", "get-latency", "getmem", "latency", SK_RMA, 1},
    {"put_bw", "put-bandwidth", "putmem_nbi (window) + quiet", "bandwidth", SK_RMA, 1},
    {"get_bw", "get-bandwidth", "getmem_nbi (window) + quiet", "bandwidth", SK_RMA, 1},
    {"p_pingpong", "pingpong", "long p + wait_until (ping-pong)", "half_round_trip", SK_SCALAR, 1},
    {"atomic_fetch", "atomics", "long atomic_fetch", "latency", SK_SCALAR, 1},
    {"atomic_set", "atomics", "long atomic_set", "issue", SK_SCALAR, 1},
    {"atomic_swap", "atomics", "long atomic_swap", "latency", SK_SCALAR, 1},
    {"atomic_compare_swap", "atomics", "long atomic_compare_swap", "latency", SK_SCALAR, 1},
    {"atomic_fetch_inc", "atomics", "long atomic_fetch_inc", "latency", SK_SCALAR, 1},
    {"atomic_inc", "atomics", "long atomic_inc", "issue", SK_SCALAR, 1},
    {"atomic_fetch_add", "atomics", "long atomic_fetch_add", "latency", SK_SCALAR, 1},
    {"atomic_add", "atomics", "long atomic_add", "issue", SK_SCALAR, 1},
    {"atomic_fetch_and", "atomics", "ulong atomic_fetch_and", "latency", SK_SCALAR, 1},
    {"atomic_and", "atomics", "ulong atomic_and", "issue", SK_SCALAR, 1},
    {"atomic_fetch_or", "atomics", "ulong atomic_fetch_or", "latency", SK_SCALAR, 1},
    {"atomic_or", "atomics", "ulong atomic_or", "issue", SK_SCALAR, 1},
    {"atomic_fetch_xor", "atomics", "ulong atomic_fetch_xor", "latency", SK_SCALAR, 1},
    {"atomic_xor", "atomics", "ulong atomic_xor", "issue", SK_SCALAR, 1},
    {"barrier_all", "barrier", "barrier_all", "latency", SK_NONE, 0},
    {"broadcast", "broadcast", "broadcast64 (root 0)", "latency", SK_COLL, 0},
    {"fcollect", "fcollect", "fcollect64", "latency", SK_COLL, 0},
    {"collect", "collect", "collect64", "latency", SK_COLL, 0},
    {"alltoall", "alltoall", "alltoall64", "latency", SK_COLL, 0},
    {"sum_reduce", "reduce", "long sum_to_all", "latency", SK_COLL, 0},
    {"put_signal", "put-signal", "putmem + fence + long p + wait_until (ping-pong; substitute)", "round_trip",
     SK_RMA, 1},
};
#define N_BENCHES ((int) (sizeof(BENCHES) / sizeof(BENCHES[0])))

/* ---- options ---------------------------------------------------------------------------------------------- */

static struct {
    long min_size, max_size, coll_min_size, coll_max_size;
    long iterations, warmup, warmup_ms;
    int rounds, window, progress;
    const char *output;
    int selected[N_BENCHES];
} opt;

static long parse_size(const char *name, const char *text) {
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    long unit = 1;
    if (*end == 'k' || *end == 'K') unit = 1L << 10, end++;
    else if (*end == 'm' || *end == 'M') unit = 1L << 20, end++;
    else if (*end == 'g' || *end == 'G') unit = 1L << 30, end++;
    if (*end == 'i' || *end == 'I') end++;
    if (*end == 'b' || *end == 'B') end++;
    if (end == text || *end != '\0' || v < 0) {
        fprintf(stderr, "oshmem_bench: %s = '%s' is not a byte count: valid forms are 4096, 64k, 8m, 1g; "
                        "pass a number with an optional k/m/g suffix\n", name, text);
        exit(2);
    }
    return (long) v * unit;
}

static long parse_count(const char *name, const char *text, long min, long max) {
    char *end;
    long v = strtol(text, &end, 10);
    if (end == text || *end != '\0' || v < min || v > max) {
        fprintf(stderr, "oshmem_bench: %s = '%s' is outside %ld..%ld; pass a count in that range\n", name, text,
                min, max);
        exit(2);
    }
    return v;
}

static void select_benches(const char *list) {
    char *copy = strdup(list), *save = NULL;
    memset(opt.selected, 0, sizeof(opt.selected));
    for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        int found = 0;
        for (int i = 0; i < N_BENCHES; i++) {
            if (strcmp(tok, BENCHES[i].id) == 0 || strcmp(tok, BENCHES[i].group) == 0 || strcmp(tok, "all") == 0) {
                opt.selected[i] = 1;
                found = 1;
            }
        }
        if (!found) {
            fprintf(stderr, "oshmem_bench: --benches entry '%s' is unknown; pass benchmark ids or groups "
                            "(put_lat, atomics, reduce, ...) separated by commas\n", tok);
            exit(2);
        }
    }
    free(copy);
}

static void parse_options(int argc, char **argv) {
    opt.min_size = 1;
    opt.max_size = 8L << 20;
    opt.coll_min_size = 8;
    opt.coll_max_size = 1L << 20;
    opt.iterations = 10000;
    opt.warmup = 10000;
    opt.warmup_ms = 200;
    opt.rounds = 7;
    opt.window = 64;
    opt.progress = 1;
    opt.output = NULL;
    for (int i = 0; i < N_BENCHES; i++) opt.selected[i] = 1;
    static const struct option longs[] = {
        {"min-size", required_argument, 0, 1}, {"max-size", required_argument, 0, 2},
        {"coll-min-size", required_argument, 0, 3}, {"coll-max-size", required_argument, 0, 4},
        {"iterations", required_argument, 0, 5}, {"warmup", required_argument, 0, 6},
        {"rounds", required_argument, 0, 7}, {"window", required_argument, 0, 8},
        {"output", required_argument, 0, 9}, {"benches", required_argument, 0, 10},
        {"no-progress", no_argument, 0, 11}, {"warmup-ms", required_argument, 0, 12},
        {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    int c;
    while ((c = getopt_long(argc, argv, "h", longs, NULL)) != -1) {
        switch (c) {
            case 1: opt.min_size = parse_size("--min-size", optarg); break;
            case 2: opt.max_size = parse_size("--max-size", optarg); break;
            case 3: opt.coll_min_size = parse_size("--coll-min-size", optarg); break;
            case 4: opt.coll_max_size = parse_size("--coll-max-size", optarg); break;
            case 5: opt.iterations = parse_count("--iterations", optarg, 1, 1L << 40); break;
            case 6: opt.warmup = parse_count("--warmup", optarg, 0, 1L << 40); break;
            case 7: opt.rounds = (int) parse_count("--rounds", optarg, 1, 1000); break;
            case 8: opt.window = (int) parse_count("--window", optarg, 1, 1000000); break;
            case 9: opt.output = optarg; break;
            case 10: select_benches(optarg); break;
            case 11: opt.progress = 0; break;
            case 12: opt.warmup_ms = parse_count("--warmup-ms", optarg, 0, 600000); break;
            case 'h':
                printf("usage: oshmem_bench [--min-size B] [--max-size B] [--coll-min-size B] [--coll-max-size B]\n"
                       "       [--iterations N] [--warmup N] [--warmup-ms MS] [--rounds N] [--window N]\n"
                       "       [--benches LIST]\n"
                       "       [--output FILE] [--no-progress]   (same meaning and defaults as shmem-bench)\n");
                exit(0);
            default:
                fprintf(stderr, "oshmem_bench: unknown option; see --help\n");
                exit(2);
        }
    }
    if (opt.coll_min_size < 8) opt.coll_min_size = 8;
    if (opt.max_size < opt.min_size || opt.coll_max_size < opt.coll_min_size) {
        fprintf(stderr, "oshmem_bench: a size range is empty (max below min); pass max >= min\n");
        exit(2);
    }
}

/* ---- sizes, iterations ------------------------------------------------------------------------------------ */

static int ladder(long min, long max, long *out) {
    int n = 0;
    long s = 1;
    while (s < min) s <<= 1;
    for (; s <= max && s > 0; s <<= 1) out[n++] = s;
    return n;
}

static int sizes_of(const struct bench *b, long *out) {
    switch (b->sizes) {
        case SK_RMA: return ladder(opt.min_size, opt.max_size, out);
        case SK_COLL: return ladder(opt.coll_min_size, opt.coll_max_size, out);
        case SK_SCALAR: out[0] = 8; return 1;
        default: out[0] = 0; return 1;
    }
}

static long iterations_for(long size, long iterations) {
    if (size <= FULL_ITERATIONS_UP_TO) return iterations;
    long scaled = (long) ((double) iterations * FULL_ITERATIONS_UP_TO / size);
    if (scaled < MIN_ITERATIONS) scaled = MIN_ITERATIONS;
    return scaled < iterations ? scaled : iterations;
}

static long warmup_for(long size, long warmup) {
    if (warmup <= 0 || size <= FULL_ITERATIONS_UP_TO) return warmup < 0 ? 0 : warmup;
    long scaled = (long) ((double) warmup * FULL_ITERATIONS_UP_TO / size);
    if (scaled < 2) scaled = 2;
    return scaled < warmup ? scaled : warmup;
}

static long round_up(long n, long g) {
    long r = (n + g - 1) / g * g;
    return r < g ? g : r;
}

static inline long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
    double *c = malloc(sizeof(double) * n);
    memcpy(c, v, sizeof(double) * n);
    qsort(c, n, sizeof(double), cmp_double);
    double m = n % 2 ? c[n / 2] : (c[n / 2 - 1] + c[n / 2]) / 2;
    free(c);
    return m;
}

/* nearest-rank percentile of sorted values */
static double percentile(const double *sorted, long n, double p) {
    long k = (long) ceil(p / 100.0 * n) - 1;
    if (k < 0) k = 0;
    if (k >= n) k = n - 1;
    return sorted[k];
}

/* ---- kernels ---------------------------------------------------------------------------------------------- */

struct kctx {
    int bench;
    long size;
    int target;
    int first;
    char *remote;     /* symmetric */
    char *local;      /* private */
    long *flag;       /* symmetric */
    long *words;      /* symmetric */
    long word;        /* index into words */
    char *dest, *src; /* symmetric collective buffers */
    long *psync;      /* N_PSYNC arrays */
    long *pwrk;       /* symmetric */
    int npes;
    long seq;
    long sink;
    int psync_next;
};

static long *psync_for(struct kctx *k, long per) {
    long *p = k->psync + (long) (k->psync_next % N_PSYNC) * per;
    k->psync_next++;
    return p;
}

static void run_kernel(struct kctx *k, long n) {
    const char *id = BENCHES[k->bench].id;
    long s = 0;
    if (!strcmp(id, "put_lat")) {
        for (long i = 0; i < n; i++) { shmem_putmem(k->remote, k->local, k->size, k->target); shmem_quiet(); }
    } else if (!strcmp(id, "get_lat")) {
        for (long i = 0; i < n; i++) shmem_getmem(k->local, k->remote, k->size, k->target);
    } else if (!strcmp(id, "put_bw")) {
        for (long w = 0; w < n; w += opt.window) {
            for (int i = 0; i < opt.window; i++) shmem_putmem_nbi(k->remote, k->local, k->size, k->target);
            shmem_quiet();
        }
    } else if (!strcmp(id, "get_bw")) {
        for (long w = 0; w < n; w += opt.window) {
            for (int i = 0; i < opt.window; i++) shmem_getmem_nbi(k->local, k->remote, k->size, k->target);
            shmem_quiet();
        }
    } else if (!strcmp(id, "p_pingpong")) {
        if (k->first) {
            for (long i = 0; i < n; i++) {
                long q = ++k->seq;
                shmem_long_p(k->flag, q, k->target);
                shmem_long_wait_until(k->flag, SHMEM_CMP_GE, q);
            }
        } else {
            for (long i = 0; i < n; i++) {
                long q = ++k->seq;
                shmem_long_wait_until(k->flag, SHMEM_CMP_GE, q);
                shmem_long_p(k->flag, q, k->target);
            }
        }
    } else if (!strcmp(id, "put_signal")) {
        if (k->first) {
            for (long i = 0; i < n; i++) {
                long q = ++k->seq;
                shmem_putmem(k->remote, k->local, k->size, k->target);
                shmem_fence();
                shmem_long_p(k->flag, q, k->target);
                shmem_long_wait_until(k->flag, SHMEM_CMP_GE, q);
            }
        } else {
            for (long i = 0; i < n; i++) {
                long q = ++k->seq;
                shmem_long_wait_until(k->flag, SHMEM_CMP_GE, q);
                shmem_putmem(k->remote, k->local, k->size, k->target);
                shmem_fence();
                shmem_long_p(k->flag, q, k->target);
            }
        }
    } else if (!strcmp(id, "barrier_all")) {
        for (long i = 0; i < n; i++) shmem_barrier_all();
    } else if (!strcmp(id, "broadcast")) {
        for (long i = 0; i < n; i++)
            shmem_broadcast64(k->dest, k->src, k->size / 8, 0, 0, 0, k->npes, psync_for(k, SHMEM_BCAST_SYNC_SIZE));
    } else if (!strcmp(id, "fcollect")) {
        for (long i = 0; i < n; i++)
            shmem_fcollect64(k->dest, k->src, k->size / 8, 0, 0, k->npes, psync_for(k, SHMEM_COLLECT_SYNC_SIZE));
    } else if (!strcmp(id, "collect")) {
        for (long i = 0; i < n; i++)
            shmem_collect64(k->dest, k->src, k->size / 8, 0, 0, k->npes, psync_for(k, SHMEM_COLLECT_SYNC_SIZE));
    } else if (!strcmp(id, "alltoall")) {
        for (long i = 0; i < n; i++)
            shmem_alltoall64(k->dest, k->src, k->size / 8, 0, 0, k->npes, psync_for(k, SHMEM_ALLTOALL_SYNC_SIZE));
    } else if (!strcmp(id, "sum_reduce")) {
        for (long i = 0; i < n; i++)
            shmem_long_sum_to_all((long *) k->dest, (long *) k->src, (int) (k->size / 8), 0, 0, k->npes, k->pwrk,
                                  psync_for(k, SHMEM_REDUCE_SYNC_SIZE));
    } else {
        long *w = k->words + k->word;
        unsigned long *u = (unsigned long *) w;
        int t = k->target;
        if (!strcmp(id, "atomic_fetch")) {
            for (long i = 0; i < n; i++) s += shmem_long_atomic_fetch(w, t);
        } else if (!strcmp(id, "atomic_set")) {
            for (long i = 0; i < n; i++) shmem_long_atomic_set(w, i, t);
            shmem_quiet();
        } else if (!strcmp(id, "atomic_swap")) {
            for (long i = 0; i < n; i++) s += shmem_long_atomic_swap(w, i, t);
        } else if (!strcmp(id, "atomic_compare_swap")) {
            long e = k->seq;
            for (long i = 0; i < n; i++, e++) s += shmem_long_atomic_compare_swap(w, e, e + 1, t);
            k->seq = e;
        } else if (!strcmp(id, "atomic_fetch_inc")) {
            for (long i = 0; i < n; i++) s += shmem_long_atomic_fetch_inc(w, t);
        } else if (!strcmp(id, "atomic_inc")) {
            for (long i = 0; i < n; i++) shmem_long_atomic_inc(w, t);
            shmem_quiet();
        } else if (!strcmp(id, "atomic_fetch_add")) {
            for (long i = 0; i < n; i++) s += shmem_long_atomic_fetch_add(w, 3, t);
        } else if (!strcmp(id, "atomic_add")) {
            for (long i = 0; i < n; i++) shmem_long_atomic_add(w, 3, t);
            shmem_quiet();
        } else if (!strcmp(id, "atomic_fetch_and")) {
            for (long i = 0; i < n; i++) s += (long) shmem_ulong_atomic_fetch_and(u, ~(unsigned long) i, t);
        } else if (!strcmp(id, "atomic_and")) {
            for (long i = 0; i < n; i++) shmem_ulong_atomic_and(u, ~(unsigned long) i, t);
            shmem_quiet();
        } else if (!strcmp(id, "atomic_fetch_or")) {
            for (long i = 0; i < n; i++) s += (long) shmem_ulong_atomic_fetch_or(u, (unsigned long) i, t);
        } else if (!strcmp(id, "atomic_or")) {
            for (long i = 0; i < n; i++) shmem_ulong_atomic_or(u, (unsigned long) i, t);
            shmem_quiet();
        } else if (!strcmp(id, "atomic_fetch_xor")) {
            for (long i = 0; i < n; i++) s += (long) shmem_ulong_atomic_fetch_xor(u, (unsigned long) i, t);
        } else if (!strcmp(id, "atomic_xor")) {
            for (long i = 0; i < n; i++) shmem_ulong_atomic_xor(u, (unsigned long) i, t);
            shmem_quiet();
        }
    }
    k->sink += s;
}

/* ---- harness ---------------------------------------------------------------------------------------------- */

static double *gather_slots; /* symmetric, npes doubles */
static long *decision;       /* symmetric, one word: PE 0's warm-up verdict */
static FILE *json;
static int json_first = 1;
static int cases_total, cases_done;
static long start_ns, last_progress_ns;

static double gather_max(double v, int me, int npes) {
    shmem_double_p(gather_slots + me, v, 0);
    shmem_barrier_all();
    double m = -INFINITY;
    if (me == 0)
        for (int p = 0; p < npes; p++) m = gather_slots[p] > m ? gather_slots[p] : m;
    shmem_barrier_all();
    return m;
}

/* PE 0's value on every PE. */
static long broadcast_long(long v, int me, int npes) {
    if (me == 0)
        for (int p = 0; p < npes; p++) shmem_long_p(decision, v, p);
    shmem_barrier_all();
    long r = *(volatile long *) decision;
    shmem_barrier_all();
    return r;
}

static void json_double(const char *name, double v, int comma) {
    if (isnan(v) || isinf(v)) fprintf(json, "\"%s\": null%s", name, comma ? ", " : "");
    else fprintf(json, "\"%s\": %.6g%s", name, v, comma ? ", " : "");
}

/* One round of ops operations: on a timing PE as batches (each batch mean recorded), returning ns per operation
   times scale; elsewhere the operations in one go (NAN); in mode ALL the slowest PE's figure. The warm-up chunks run
   through it too, as shmem-bench's Harness.round does (there so that the rounds run code the JIT compiled). */
static double run_round(struct kctx *k, int timing, enum mode mode, double scale, long ops, long batch,
                        double *batches, long *nb, long cap, int me, int npes) {
    double value = NAN;
    if (timing) {
        long t0 = now_ns();
        for (long left = ops; left > 0;) {
            long n = left < batch ? left : batch;
            long b0 = now_ns();
            run_kernel(k, n);
            long b1 = now_ns();
            if (batches && *nb < cap) batches[(*nb)++] = (b1 - b0) * scale / n;
            left -= n;
        }
        value = (now_ns() - t0) * scale / ops;
    } else if (k) {
        run_kernel(k, ops);
    }
    if (mode == ALL) value = gather_max(value, me, npes);
    return value;
}

static void measure(int bench, long size, enum mode mode, struct kctx *k /* NULL: idle */, const char *note,
                    int me, int npes) {
    const struct bench *b = &BENCHES[bench];
    long gran = (k && (!strcmp(b->id, "put_bw") || !strcmp(b->id, "get_bw"))) ? opt.window : 1;
    long iterations = round_up(iterations_for(size, opt.iterations), gran);
    long warmup = round_up(warmup_for(size, opt.warmup), gran);
    if (warmup_for(size, opt.warmup) == 0) warmup = 0;
    int timing = k && (me == 0 || mode == ALL);
    double scale = !strcmp(b->metric, "half_round_trip") ? 0.5 : 1.0;
    double *rounds = calloc(opt.rounds, sizeof(double));
    long max_batches = opt.rounds * (iterations + 1);
    double *batches = timing ? malloc(sizeof(double) * (size_t) (max_batches < 1000000 ? max_batches : 1000000)) : NULL;
    long nb = 0, cap = max_batches < 1000000 ? max_batches : 1000000;

    /* Warm-up chunks until PE 0 spent --warmup-ms in them (sizes up to 64 KiB) and, for those sizes, at least 3
       chunks ran and the last is within 1.25x of the best, never past 5 budgets: shmem-bench's rule
       (Harness.moreWarmup), which a JIT needs and C does not, applied alike. Each chunk runs as a round does
       (barrier, batches, gather in mode ALL), as in shmem-bench. */
    long batch = iterations, warmed = 0;
    if (warmup > 0) {
        long budget = size <= 64 * 1024 ? opt.warmup_ms * 1000000L : 0, spent = 0;
        double per_op = -1, best = -1;
        long chunk_batch = warmup;
        for (int chunk = 0; chunk < 1000; chunk++) {
            shmem_barrier_all();
            long t0 = now_ns();
            run_round(k, timing, mode, scale, warmup, chunk_batch, NULL, &nb, cap, me, npes);
            if (k) warmed += warmup;
            long t = now_ns() - t0;
            spent += t;
            per_op = (double) t / warmup;
            if (best < 0 || per_op < best) best = per_op;
            chunk_batch = round_up((long) ceil(BATCH_TARGET_NS / (per_op > 0.01 ? per_op : 0.01)), gran);
            if (chunk_batch > warmup) chunk_batch = warmup;
            int more = spent < budget
                       || (budget > 0 && spent < 5 * budget && (chunk + 1 < 3 || per_op > 1.25 * best));
            if (!broadcast_long(more, me, npes)) break;
        }
        if (k && per_op >= 0) {
            batch = round_up((long) ceil(BATCH_TARGET_NS / (per_op > 0.01 ? per_op : 0.01)), gran);
            if (batch > iterations) batch = iterations;
        }
    }
    for (int r = 0; r < opt.rounds; r++) {
        shmem_barrier_all();
        rounds[r] = run_round(k, timing, mode, scale, iterations, batch, batches, &nb, cap, me, npes);
    }
    shmem_barrier_all();
    if (me == 0) {
        double med = median(rounds, opt.rounds);
        double mn = med, p50 = med, p90 = med, p99 = med, mx = med;
        if (nb > 0) {
            qsort(batches, nb, sizeof(double), cmp_double);
            mn = batches[0];
            p50 = percentile(batches, nb, 50);
            p90 = percentile(batches, nb, 90);
            p99 = percentile(batches, nb, 99);
            mx = batches[nb - 1];
        }
        fprintf(json, "%s\n    {\"bench\": \"%s\", \"op\": \"%s\", \"metric\": \"%s\", \"size\": %ld, "
                      "\"iterations\": %ld, \"warmup\": %ld, \"rounds\": %d, ",
                json_first ? "" : ",", b->id, b->op, b->metric, size, iterations, warmed, opt.rounds);
        json_first = 0;
        json_double("median_ns", med, 1);
        fprintf(json, "\"round_ns\": [");
        for (int r = 0; r < opt.rounds; r++) fprintf(json, "%.6g%s", rounds[r], r + 1 < opt.rounds ? ", " : "");
        fprintf(json, "], ");
        json_double("min_ns", mn, 1);
        json_double("p50_ns", p50, 1);
        json_double("p90_ns", p90, 1);
        json_double("p99_ns", p99, 1);
        json_double("max_ns", mx, 1);
        if (size > 0) json_double("bandwidth_mb_per_s", size * 1000.0 / med, 1);
        json_double("message_rate_mops", 1000.0 / med, note != NULL);
        if (note) fprintf(json, "\"note\": \"%s\"", note);
        fprintf(json, "}");
        fflush(json);
        cases_done++;
        long now = now_ns();
        if (opt.progress && (now - last_progress_ns >= 2000000000L || cases_done == cases_total)) {
            last_progress_ns = now;
            printf("oshmem_bench [%d/%d] %s %ld B: median %.1f ns (%.0f s)\n", cases_done, cases_total, b->id, size,
                   med, (now - start_ns) / 1e9);
            fflush(stdout);
        }
    }
    free(rounds);
    free(batches);
}

/* ---- benchmarks ------------------------------------------------------------------------------------------- */

static void run_bench(int bi, int me, int npes, char *local, long *psync, long *pwrk) {
    const struct bench *b = &BENCHES[bi];
    long sizes[64];
    int ns = sizes_of(b, sizes);
    struct kctx k;
    memset(&k, 0, sizeof(k));
    k.bench = bi;
    k.npes = npes;
    k.local = local;
    k.psync = psync;
    k.pwrk = pwrk;
    if (b->sizes == SK_RMA && strcmp(b->id, "put_signal") != 0) {
        char *remote = shmem_malloc(opt.max_size > 64 ? opt.max_size : 64);
        memset(remote, me, opt.max_size > 64 ? opt.max_size : 64);
        shmem_barrier_all();
        for (int i = 0; i < ns; i++) {
            k.remote = remote;
            k.size = sizes[i];
            k.target = 1;
            measure(bi, sizes[i], ORIGIN, me == 0 ? &k : NULL, NULL, me, npes);
        }
        shmem_free(remote);
    } else if (!strcmp(b->id, "put_signal")) {
        char *data = shmem_malloc(opt.max_size > 64 ? opt.max_size : 64);
        long *flag = shmem_malloc(sizeof(long));
        for (int i = 0; i < ns; i++) {
            *flag = 0;
            k.remote = data;
            k.flag = flag;
            k.size = sizes[i];
            k.seq = 0;
            k.first = me == 0;
            k.target = me == 0 ? 1 : 0;
            measure(bi, sizes[i], PAIR, me < 2 ? &k : NULL,
                    "OpenSHMEM 1.4 has no put-with-signal: the 1.4 idiom putmem + fence + long p is measured", me,
                    npes);
        }
        shmem_free(flag);
        shmem_free(data);
    } else if (!strcmp(b->id, "p_pingpong")) {
        long *flag = shmem_malloc(sizeof(long));
        *flag = 0;
        k.flag = flag;
        k.first = me == 0;
        k.target = me == 0 ? 1 : 0;
        measure(bi, 8, PAIR, me < 2 ? &k : NULL, NULL, me, npes);
        shmem_free(flag);
    } else if (!strcmp(b->id, "barrier_all")) {
        measure(bi, 0, ALL, &k, NULL, me, npes);
    } else if (b->sizes == SK_COLL) {
        long max = sizes[ns - 1];
        long dest_bytes = (!strcmp(b->id, "fcollect") || !strcmp(b->id, "collect") || !strcmp(b->id, "alltoall"))
                          ? max * npes : max;
        long src_bytes = !strcmp(b->id, "alltoall") ? max * npes : max;
        k.dest = shmem_malloc(dest_bytes);
        k.src = shmem_malloc(src_bytes);
        memset(k.src, me + 1, src_bytes);
        shmem_barrier_all();
        const char *note = !strcmp(b->id, "broadcast")
                           ? "OpenSHMEM 1.4 active-set broadcast: the root's dest is not written (jshmem's is)"
                           : "OpenSHMEM 1.4 active-set call on all PEs";
        for (int i = 0; i < ns; i++) {
            k.size = sizes[i];
            measure(bi, sizes[i], ALL, &k, note, me, npes);
        }
        shmem_barrier_all();
        shmem_free(k.src);
        shmem_free(k.dest);
    } else {
        long *words = shmem_malloc(sizeof(long) * ATOMIC_STRIDE * N_BENCHES);
        k.words = words;
        k.word = (long) bi * ATOMIC_STRIDE;
        words[k.word] = 0;
        k.target = 1;
        k.seq = 0;
        measure(bi, 8, ORIGIN, me == 0 ? &k : NULL,
                !strcmp(b->metric, "issue") ? "non-fetching: issued back to back, one quiet per batch" : NULL, me,
                npes);
        shmem_free(words);
    }
}

int main(int argc, char **argv) {
    parse_options(argc, argv);
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    start_ns = last_progress_ns = now_ns();

    long max_sync = SHMEM_BCAST_SYNC_SIZE;
    if (SHMEM_COLLECT_SYNC_SIZE > max_sync) max_sync = SHMEM_COLLECT_SYNC_SIZE;
    if (SHMEM_ALLTOALL_SYNC_SIZE > max_sync) max_sync = SHMEM_ALLTOALL_SYNC_SIZE;
    if (SHMEM_REDUCE_SYNC_SIZE > max_sync) max_sync = SHMEM_REDUCE_SYNC_SIZE;
    long *psync = shmem_malloc(sizeof(long) * max_sync * N_PSYNC);
    for (long i = 0; i < max_sync * N_PSYNC; i++) psync[i] = SHMEM_SYNC_VALUE;
    long wrk = opt.coll_max_size / 8 / 2 + 1;
    if (wrk < SHMEM_REDUCE_MIN_WRKDATA_SIZE) wrk = SHMEM_REDUCE_MIN_WRKDATA_SIZE;
    long *pwrk = shmem_malloc(sizeof(long) * wrk);
    gather_slots = shmem_malloc(sizeof(double) * npes);
    decision = shmem_malloc(sizeof(long));
    char *local = aligned_alloc(4096, (size_t) round_up(opt.max_size > 64 ? opt.max_size : 64, 4096));
    memset(local, 0x5a, opt.max_size > 64 ? opt.max_size : 64);
    shmem_barrier_all();

    char path[4096];
    if (me == 0) {
        if (opt.output == NULL) {
            snprintf(path, sizeof(path), "results/oshmem-bench_%dpe.json", npes);
            opt.output = path;
        }
        json = fopen(opt.output, "w");
        if (!json) {
            fprintf(stderr, "oshmem_bench: cannot write %s; create its directory or pass --output\n", opt.output);
            shmem_global_exit(2);
        }
        char host[256] = "unknown";
        gethostname(host, sizeof(host));
        time_t t = time(NULL);
        char stamp[64];
        strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
        fprintf(json, "{\n  \"schema\": \"shmem-bench/1\",\n  \"impl\": \"oshmem\",\n"
                      "  \"impl_version\": \"Open MPI OSHMEM %d.%d (OpenSHMEM %d.%d)\",\n  \"npes\": %d,\n"
                      "  \"host\": \"%s\",\n  \"started_at\": \"%s\",\n",
                OSHMEM_MAJOR_VERSION, OSHMEM_MINOR_VERSION, SHMEM_MAJOR_VERSION, SHMEM_MINOR_VERSION, npes, host,
                stamp);
        fprintf(json, "  \"options\": {\"min_size\": %ld, \"max_size\": %ld, \"coll_min_size\": %ld, "
                      "\"coll_max_size\": %ld, \"iterations\": %ld, \"warmup\": %ld, \"warmup_ms\": %ld, "
                      "\"rounds\": %d, \"window\": %d},\n"
                      "  \"results\": [",
                opt.min_size, opt.max_size, opt.coll_min_size, opt.coll_max_size, opt.iterations, opt.warmup,
                opt.warmup_ms, opt.rounds, opt.window);
        long tmp[64];
        for (int i = 0; i < N_BENCHES; i++)
            if (opt.selected[i] && !(BENCHES[i].needs_peer && npes < 2)) cases_total += sizes_of(&BENCHES[i], tmp);
    }
    for (int i = 0; i < N_BENCHES; i++) {
        if (!opt.selected[i] || (BENCHES[i].needs_peer && npes < 2)) continue;
        run_bench(i, me, npes, local, psync, pwrk);
    }
    if (me == 0) {
        fprintf(json, "\n  ],\n  \"unavailable\": [");
        int first = 1;
        for (int i = 0; i < N_BENCHES; i++) {
            if (opt.selected[i] && BENCHES[i].needs_peer && npes < 2) {
                fprintf(json, "%s\n    {\"bench\": \"%s\", \"reason\": \"needs at least 2 PEs; this job has %d\"}",
                        first ? "" : ",", BENCHES[i].id, npes);
                first = 0;
            }
        }
        fprintf(json, "\n  ]\n}\n");
        fclose(json);
        printf("wrote %s\n", opt.output);
    }
    shmem_barrier_all();
    free(local);
    shmem_finalize();
    return 0;
}
