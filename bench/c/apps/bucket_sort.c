/*
 * bucket_sort: the C twin of io.jshmem.apps.BucketSort, an integer bucket sort of the ISx kind (ParRes/ISx, SHMEM
 * version) on OpenSHMEM; docs/apps.md is the specification both follow (flags, phases, verification, RESULT line).
 *
 * Every PE draws its keys with PCG32 seeded srandom(pe, pe), keys boundedrand(max_key); counts them per bucket (bucket
 * b, of width ceil(max_key / npes), belongs to PE b); computes the offsets; bucketizes; exchanges: for each target in
 * round-robin order starting with itself, a 64-bit fetch-add on the target's receive counter reserves space and one
 * putmem sends the bucket (a local copy to itself), then a barrier; then counts the received keys per key value (the
 * counting sort). One burn-in iteration precedes the timed ones, as ISx.
 *
 * Build: oshcc -O3 -march=native -o bucket_sort bucket_sort.c -lm
 * Run:   oshrun --allow-run-as-root --oversubscribe -np 4 ./bucket_sort [-keys 2097152] [-scaling weak|strong]
 *        [-iterations 1] [-max-key 268435456]
 */
#include "apps.h"

#define BURN_IN 1

static const char USAGE[] =
    "usage: oshrun -np N bucket_sort [flags]\n"
    "  -keys K         keys per PE (weak) or in total (strong); default 2097152 (2 Mi)\n"
    "  -scaling S      weak | strong; default weak\n"
    "  -iterations I   timed iterations after one burn-in iteration; default 1\n"
    "  -max-key M      keys are drawn in [0, M); default 268435456 (2^28); M must exceed N";

enum phase { INPUT, COUNT, OFFSETS, BUCKETIZE, EXCHANGE, SORT, TOTAL, N_PHASES };
static const char *const PHASE_NAMES[N_PHASES] = {"input", "count", "offsets", "bucketize", "exchange", "sort",
                                                  "total"};

struct sorter {
    const struct app *a;
    int keys_per_pe;
    int bucket_width;
    int max_key;
    int32_t *received;       /* symmetric, capacity keys */
    long *receive_offset;    /* symmetric, one 64-bit counter */
    long capacity;
    long long generated_sum;
};

static void make_input(struct sorter *s, int32_t *keys) {
    struct pcg32 rng;
    pcg32_seed(&rng, (uint64_t) s->a->me, (uint64_t) s->a->me);
    long long sum = 0;
    for (int i = 0; i < s->keys_per_pe; i++) {
        int32_t k = (int32_t) pcg32_bounded(&rng, (uint32_t) s->max_key);
        keys[i] = k;
        sum += k;
    }
    s->generated_sum = sum;
}

static void count_buckets(const struct sorter *s, const int32_t *keys, int *bucket_sizes) {
    memset(bucket_sizes, 0, (size_t) s->a->npes * sizeof(int));
    for (int i = 0; i < s->keys_per_pe; i++) {
        bucket_sizes[keys[i] / s->bucket_width]++;
    }
}

static void offsets(const struct sorter *s, const int *bucket_sizes, int *bucket_offsets, int *send_offsets) {
    int at = 0;
    for (int b = 0; b < s->a->npes; b++) {
        bucket_offsets[b] = at;
        send_offsets[b] = at;
        at += bucket_sizes[b];
    }
}

static void bucketize(const struct sorter *s, const int32_t *keys, int32_t *bucketed, int *bucket_offsets) {
    for (int i = 0; i < s->keys_per_pe; i++) {
        int32_t k = keys[i];
        bucketed[bucket_offsets[k / s->bucket_width]++] = k;
    }
}

/* Sends every bucket to its owner; returns the number of keys this PE received. */
static long exchange(const struct sorter *s, const int32_t *bucketed, const int *bucket_sizes,
                     const int *send_offsets) {
    int me = s->a->me;
    int npes = s->a->npes;
    for (int i = 0; i < npes; i++) {
        int target = (me + i) % npes;
        int count = bucket_sizes[target];
        long at = shmem_long_atomic_fetch_add(s->receive_offset, count, target);
        if (at + count > s->capacity) {
            fprintf(stderr, "%s: PE %d failed: PE %d would receive more than its %ld keys of receive buffer (keys "
                    "are far from uniform: is -max-key tiny?)\n", s->a->program, me, target, s->capacity);
            shmem_global_exit(APP_VERIFICATION_FAILED);
        }
        if (target == me) {
            memcpy(s->received + at, bucketed + send_offsets[target], (size_t) count * sizeof(int32_t));
        } else {
            shmem_putmem(s->received + at, bucketed + send_offsets[target], (size_t) count * sizeof(int32_t),
                         target);
        }
    }
    shmem_barrier_all();
    return *(volatile long *) s->receive_offset;
}

static void count_keys(const struct sorter *s, long my_bucket_size, int32_t *key_counts) {
    const int32_t *in = s->received;
    int min_key = s->a->me * s->bucket_width;
    for (long i = 0; i < my_bucket_size; i++) {
        key_counts[in[i] - min_key]++;
    }
}

static int verify(const struct sorter *s, long my_bucket_size, const int32_t *key_counts, struct app_stats *stats) {
    int me = s->a->me;
    long long min_key = (long long) me * s->bucket_width;
    long long max_key_here = min_key + s->bucket_width - 1;
    int ok = 1;
    long long received_sum = 0;
    for (long i = 0; i < my_bucket_size; i++) {
        int32_t k = s->received[i];
        received_sum += k;
        if ((k < min_key || k > max_key_here) && ok) {
            printf("PE %d Failed Verification! Key %d is outside of bounds [%lld, %lld]\n", me, k, min_key,
                   max_key_here);
            ok = 0;
        }
    }
    long counted = 0;
    for (long i = 0; i < s->bucket_width; i++) {
        counted += key_counts[i];
    }
    if (counted != my_bucket_size) {
        printf("PE %d Failed Verification! Counted %ld keys, received %ld\n", me, counted, my_bucket_size);
        ok = 0;
    }
    long total = app_stats_sum_long(stats, my_bucket_size);
    long expected = (long) s->keys_per_pe * s->a->npes;
    if (total != expected) {
        if (me == 0) {
            printf("Verification Failed! Actual total number of keys: %ld Expected %ld\n", total, expected);
        }
        ok = 0;
    }
    long sum_diff = app_stats_sum_long(stats, (long) (received_sum - s->generated_sum));
    if (sum_diff != 0) {
        if (me == 0) {
            printf("Verification Failed! The keys received add up to %ld more than the keys generated\n", sum_diff);
        }
        ok = 0;
    }
    return app_stats_sum_long(stats, ok ? 0 : 1) == 0;
}

static void report(const struct app *a, struct app_stats *stats, const double *seconds, const double *late,
                   int iterations, const char *scaling, int keys_per_pe, long long max_key, int ok) {
    double avg[N_PHASES + 2];
    for (int p = 0; p < N_PHASES; p++) {
        avg[p] = seconds[p] / iterations;
    }
    int late_iterations = iterations - iterations / 2;
    avg[N_PHASES] = late[0] / late_iterations;
    avg[N_PHASES + 1] = late[1] / late_iterations;
    app_stats_reduce(stats, 0, avg, avg, N_PHASES + 2);
    if (a->me != 0) {
        return;
    }
    for (int p = 0; p < N_PHASES + 2; p++) {
        avg[p] /= a->npes;
    }
    printf("Average time to make input (per PE): %f seconds\n", avg[INPUT]);
    printf("Average time to count bucket sizes (per PE): %f seconds\n", avg[COUNT]);
    printf("Average time to compute bucket offsets (per PE): %f seconds\n", avg[OFFSETS]);
    printf("Average time to bucketize keys (per PE): %f seconds\n", avg[BUCKETIZE]);
    printf("Average all2all time (per PE): %f seconds\n", avg[EXCHANGE]);
    printf("Average time to sort local keys (per PE): %f seconds\n", avg[SORT]);
    printf("Average total time (per PE): %f seconds\n", avg[TOTAL]);
    printf("Verification: %s\n", ok ? "PASSED" : "FAILED");
    struct app_result r;
    app_result_init(&r, "BucketSort", a->npes);
    app_result_add(&r, "scaling", scaling);
    app_result_long(&r, "keys_per_pe", keys_per_pe);
    app_result_long(&r, "max_key", max_key);
    app_result_long(&r, "iterations", iterations);
    for (int p = 0; p < N_PHASES; p++) {
        app_result_seconds(&r, PHASE_NAMES[p], avg[p]);
    }
    app_result_seconds(&r, "exchange_late", avg[N_PHASES]);
    app_result_seconds(&r, "total_late", avg[N_PHASES + 1]);
    app_result_print(&r, ok);
}

int main(int argc, char **argv) {
    static const char *const values[] = {"keys", "scaling", "iterations", "max-key", NULL};
    static const char *const switches[] = {NULL};
    static const char *const scalings[] = {"weak", "strong", NULL};
    struct app a;
    app_start(&a, "BucketSort", USAGE, values, switches, argc, argv);
    int me = a.me;
    int npes = a.npes;
    long long keys_arg = app_integer(&a, "keys", 1LL << 21, 1, INT_MAX, "the number of keys");
    const char *scaling = app_choice(&a, "scaling", scalings);
    int iterations = (int) app_integer(&a, "iterations", 1, 1, 1000000, "the number of timed iterations");
    long long max_key = app_integer(&a, "max-key", 1LL << 28, 1, INT_MAX, "the key range");
    if (max_key <= npes) {
        app_bad(&a, "bad argument -max-key = %lld: must exceed the number of PEs (%d): valid range [%d, %d]",
                max_key, npes, npes + 1, INT_MAX);
    }
    int keys_per_pe = (int) (strcmp(scaling, "weak") == 0 ? keys_arg : (keys_arg + npes - 1) / npes);
    int bucket_width = (int) ((max_key + npes - 1) / npes);
    /* The receive buffer holds this PE's bucket, about keys_per_pe keys when keys are uniform, with a margin. */
    long capacity = keys_per_pe + keys_per_pe / 4 + 4096;
    long long heap = app_heap_size();
    if (capacity * (long long) sizeof(int32_t) > heap / 4 * 3) {
        app_bad(&a, "bad argument -keys = %lld: the receive buffer needs %lld bytes per PE, more than 3/4 of the "
                "symmetric heap (%lld bytes): lower -keys or raise SHMEM_SYMMETRIC_SIZE", keys_arg,
                capacity * (long long) sizeof(int32_t), heap);
    }
    if (me == 0) {
        printf("ISx v1.3 (jshmem C twin, OpenSHMEM %d.%d)\n", SHMEM_MAJOR_VERSION, SHMEM_MINOR_VERSION);
        printf("  Number of Keys per PE: %d\n", keys_per_pe);
        printf("  Max Key Value: %lld\n", max_key);
        printf("  Bucket Width: %d\n", bucket_width);
        printf("  Number of Iterations: %d\n", iterations);
        printf("  Number of PEs: %d\n", npes);
        printf("  %s Scaling!\n", strcmp(scaling, "weak") == 0 ? "WEAK" : "STRONG");
    }
    struct sorter s = {&a, keys_per_pe, bucket_width, (int) max_key, NULL, NULL, capacity, 0};
    s.received = app_symmetric(&a, (size_t) capacity * sizeof(int32_t), 0);
    s.receive_offset = app_symmetric(&a, sizeof(long), 1);
    struct app_stats stats;
    app_stats_init(&a, &stats);
    int32_t *keys = app_private(&a, (size_t) keys_per_pe * sizeof(int32_t), 0);
    int32_t *bucketed = app_private(&a, (size_t) keys_per_pe * sizeof(int32_t), 0);
    int32_t *key_counts = app_private(&a, (size_t) bucket_width * sizeof(int32_t), 0);
    int *bucket_sizes = app_private(&a, (size_t) npes * sizeof(int), 1);
    int *bucket_offsets = app_private(&a, (size_t) npes * sizeof(int), 1);
    int *send_offsets = app_private(&a, (size_t) npes * sizeof(int), 1);
    double seconds[N_PHASES] = {0};
    /* The exchange and the whole iteration over the second half of the timed iterations (app_second_half's reason). */
    double late[2] = {0};
    int first_late = BURN_IN + iterations / 2;
    int ok = 0;
    for (int it = 0; it < iterations + BURN_IN; it++) {
        int timed = it >= BURN_IN;
        memset(key_counts, 0, (size_t) bucket_width * sizeof(int32_t));
        shmem_barrier_all();
        long long t[8];
        t[0] = app_now_ns();
        make_input(&s, keys);
        t[1] = app_now_ns();
        count_buckets(&s, keys, bucket_sizes);
        t[2] = app_now_ns();
        offsets(&s, bucket_sizes, bucket_offsets, send_offsets);
        t[3] = app_now_ns();
        bucketize(&s, keys, bucketed, bucket_offsets);
        t[4] = app_now_ns();
        long my_bucket_size = exchange(&s, bucketed, bucket_sizes, send_offsets);
        t[5] = app_now_ns();
        count_keys(&s, my_bucket_size, key_counts);
        t[6] = app_now_ns();
        shmem_barrier_all();
        t[7] = app_now_ns();
        if (timed) {
            for (int p = 0; p < TOTAL; p++) {
                seconds[p] += (double) (t[p + 1] - t[p]) * 1e-9;
            }
            seconds[TOTAL] += (double) (t[7] - t[0]) * 1e-9;
        }
        if (it >= first_late) {
            late[0] += (double) (t[5] - t[4]) * 1e-9;
            late[1] += (double) (t[7] - t[0]) * 1e-9;
        }
        if (it == iterations + BURN_IN - 1) {
            ok = verify(&s, my_bucket_size, key_counts, &stats);
            report(&a, &stats, seconds, late, iterations, scaling, keys_per_pe, max_key, ok);
            break;
        }
        *s.receive_offset = 0;
        shmem_barrier_all();
    }
    free(send_offsets);
    free(bucket_offsets);
    free(bucket_sizes);
    free(key_counts);
    free(bucketed);
    free(keys);
    app_stats_free(&stats);
    shmem_free(s.receive_offset);
    shmem_free(s.received);
    shmem_finalize();
    return ok ? APP_OK : APP_VERIFICATION_FAILED;
}
