/*
 * gups: the C twin of io.jshmem.apps.Gups, random access (GUPS) of the HPCC RandomAccess kind as tests-sos'
 * test/apps/gups.c runs it, on OpenSHMEM; docs/apps.md is the specification both follow.
 *
 * A table of 2^k 64-bit words (2^k the largest power of two <= m npes / 8) spread over the PEs (the first
 * 2^k mod npes PEs hold one word more), word g starting as g. Every PE walks the HPCC random stream from element
 * 4 * (its first global index), stepping before each use, and updates word r & (2^k - 1) on its owner with
 * word ^= r: one atomic XOR, or with -g a get and a put (racy, as HPCC allows). Timed: barrier, updates, barrier; no
 * warm-up, as the original. Verification replays the updates with atomic XOR and counts words that differ from their
 * start value: 0 with atomics, at most 1 % of the table with -g.
 *
 * Build: oshcc -O3 -march=native -o gups gups.c -lm
 * Run:   oshrun --allow-run-as-root --oversubscribe -np 4 ./gups [-m 8192] [-n 0] [-g]
 */
#include "apps.h"

#define POLY 7ULL
#define PERIOD 1317624576693539401ULL

static const char USAGE[] =
    "usage: oshrun -np N gups [flags]\n"
    "  -m BYTES        table bytes per PE (table: the largest power of two words <= BYTES*N/8); default 8192\n"
    "  -n UPDATES      updates per PE; 0 = 4 x the PE's table words; default 0\n"
    "  -g              get + put per update instead of atomic XOR (racy; verification allows 1 % errors)";

/* The stream's next element: r times x in GF(2)[x] modulo x^64 + x^2 + x + 1. */
static inline uint64_t stream_next(uint64_t r) {
    return (r << 1) ^ ((int64_t) r < 0 ? POLY : 0ULL);
}

/* a * b modulo the stream's polynomial (carry-less, reduced one bit at a time). */
static uint64_t stream_multiply(uint64_t a, uint64_t b) {
    uint64_t product = 0;
    for (int bit = 63; bit >= 0; bit--) {
        product = stream_next(product);
        if ((b >> bit) & 1ULL) {
            product ^= a;
        }
    }
    return product;
}

/* The k-th element x^k of the stream that starts at 1 (k modulo the period), by square-and-multiply. */
static uint64_t stream_nth(uint64_t k) {
    uint64_t e = k % PERIOD;
    uint64_t result = 1;
    uint64_t base = 2;
    while (e != 0) {
        if (e & 1ULL) {
            result = stream_multiply(result, base);
        }
        base = stream_multiply(base, base);
        e >>= 1;
    }
    return result;
}

/* The table's distribution over the PEs, as HPCC computes it. */
struct layout {
    long long table_size;
    int log_table_size;
    long long min_local;
    int remainder;
    long long top;
};

static struct layout layout_of(long long bytes_per_pe, int npes) {
    double words = (double) bytes_per_pe * npes / 8.0;
    struct layout l = {1, 0, 0, 0, 0};
    for (words *= 0.5; words >= 1.0; words *= 0.5) {
        l.log_table_size++;
        l.table_size <<= 1;
    }
    l.min_local = l.table_size / npes;
    l.remainder = (int) (l.table_size - l.min_local * npes);
    l.top = (l.min_local + 1) * l.remainder;
    return l;
}

static long long local_size(const struct layout *l, int pe) {
    return pe < l->remainder ? l->min_local + 1 : l->min_local;
}

static long long global_start(const struct layout *l, int pe) {
    return pe < l->remainder ? (l->min_local + 1) * pe : l->min_local * pe + l->remainder;
}

/* This PE's share of the updates: word r & (table_size - 1) ^= r for each stream value r. */
static void update(uint64_t *table, const struct layout *l, long long start, long long updates, int get_put) {
    uint64_t mask = (uint64_t) l->table_size - 1;
    uint64_t top = (uint64_t) l->top;
    uint64_t min_local = (uint64_t) l->min_local;
    uint64_t remainder = (uint64_t) l->remainder;
    uint64_t r = stream_nth(4 * (uint64_t) start);
    for (long long u = 0; u < updates; u++) {
        r = stream_next(r);
        uint64_t g = r & mask;
        int pe;
        uint64_t index;
        if (g < top) {
            pe = (int) (g / (min_local + 1));
            index = g - (min_local + 1) * (uint64_t) pe;
        } else {
            pe = (int) ((g - remainder) / min_local);
            index = g - (min_local * (uint64_t) pe + remainder);
        }
        if (get_put) {
            uint64_t v = shmem_uint64_g(&table[index], pe);
            shmem_uint64_p(&table[index], v ^ r, pe);
        } else {
            shmem_uint64_atomic_xor(&table[index], r, pe);
        }
    }
}

int main(int argc, char **argv) {
    static const char *const values[] = {"m", "n", NULL};
    static const char *const switches[] = {"g", NULL};
    struct app a;
    app_start(&a, "Gups", USAGE, values, switches, argc, argv);
    int me = a.me;
    int npes = a.npes;
    long long bytes = app_integer(&a, "m", 8192, 8, 1LL << 40, "the table bytes per PE");
    long long updates_arg = app_integer(&a, "n", 0, 0, 1LL << 40, "the updates per PE");
    int get_put = app_switch(&a, "g");
    struct layout l = layout_of(bytes, npes);
    if (l.min_local < 1) {
        long long words = 1;
        while (words < npes) {
            words <<= 1;   /* the smallest power of two >= npes */
        }
        long long min_bytes = (8 * words + npes - 1) / npes;
        app_bad(&a, "bad argument -m = %lld: the table (%lld words) must give every one of the %d PEs a word: valid "
                "range [%lld, %lld]", bytes, l.table_size, npes, min_bytes, 1LL << 40);
    }
    long long local_words = l.remainder > 0 ? l.min_local + 1 : l.min_local;
    long long heap = app_heap_size();
    if (local_words * 8 > heap / 4 * 3) {
        app_bad(&a, "bad argument -m = %lld: the table needs %lld bytes per PE, more than 3/4 of the symmetric heap "
                "(%lld bytes): lower -m or raise SHMEM_SYMMETRIC_SIZE", bytes, local_words * 8, heap);
    }
    long long my_local = local_size(&l, me);
    long long start = global_start(&l, me);
    long long updates_per_pe = updates_arg == 0 ? 4 * my_local : updates_arg;
    long long total_updates = updates_arg == 0 ? 4 * l.table_size : updates_arg * npes;
    if (me == 0) {
        printf("Running on %d processors\n", npes);
        printf("Total Main table size = 2^%d = %lld words\n", l.log_table_size, l.table_size);
        printf("PE Main table size = (2^%d)/%d  = %lld words/PE MAX\n", l.log_table_size, npes, local_words);
        printf("Total number of updates = %lld\n", total_updates);
        printf("Update = %s\n", get_put ? "get + put" : "atomic XOR");
    }
    uint64_t *table = app_symmetric(&a, (size_t) local_words * sizeof(uint64_t), 0);
    struct app_stats stats;
    app_stats_init(&a, &stats);
    for (long long i = 0; i < my_local; i++) {
        table[i] = (uint64_t) (i + start);
    }
    shmem_barrier_all();
    long long t0 = app_now_ns();
    shmem_barrier_all();
    update(table, &l, start, updates_per_pe, get_put);
    shmem_barrier_all();
    double update_time = (double) (app_now_ns() - t0) * 1e-9;
    double root_time = app_stats_max1(&stats, me == 0 ? update_time : 0);
    double gups = 1e-9 * (double) total_updates / root_time;
    if (me == 0) {
        printf("Real time used = %.6f seconds\n", root_time);
        printf("%.9f Billion(10^9) Updates    per second [GUP/s]\n", gups);
        printf("%.9f Billion(10^9) Updates/PE per second [GUP/s]\n", gups / npes);
    }
    long long c0 = app_now_ns();
    shmem_barrier_all();
    update(table, &l, start, updates_per_pe, 0);
    shmem_barrier_all();
    long errors = 0;
    for (long long i = 0; i < my_local; i++) {
        if (((volatile uint64_t *) table)[i] != (uint64_t) (i + start)) {
            errors++;
        }
    }
    long all_errors = app_stats_sum_long(&stats, errors);
    double check_time = (double) (app_now_ns() - c0) * 1e-9;
    double check_root = app_stats_max1(&stats, me == 0 ? check_time : 0);
    int ok = get_put ? all_errors <= 0.01 * (double) l.table_size : all_errors == 0;
    if (me == 0) {
        printf("Verification:  Real time used = %.6f seconds\n", check_root);
        printf("Found %ld errors in %lld locations (%s).\n", all_errors, l.table_size, ok ? "passed" : "failed");
        struct app_result r;
        app_result_init(&r, "Gups", npes);
        app_result_long(&r, "table_words", l.table_size);
        app_result_long(&r, "updates", total_updates);
        app_result_add(&r, "mode", get_put ? "getput" : "atomic");
        app_result_seconds(&r, "update", root_time);
        app_result_double(&r, "gups", gups);
        app_result_seconds(&r, "check", check_root);
        app_result_long(&r, "errors", all_errors);
        app_result_print(&r, ok);
    }
    app_stats_free(&stats);
    shmem_free(table);
    shmem_finalize();
    return ok ? APP_OK : APP_VERIFICATION_FAILED;
}
