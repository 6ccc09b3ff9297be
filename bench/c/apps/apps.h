/*
 * apps.h: what the five C twins of jshmem-apps share (docs/apps.md is the specification both sides follow):
 * flag parsing with the same syntax and one-line messages as the Java programs' Flags, the exit statuses
 * (0 verified, 1 verification failed, 2 bad argument), a monotonic clock, PCG32, reductions of a few figures over all
 * PEs, and the final RESULT line.
 *
 * Written against OpenSHMEM 1.4 so that it builds with Open MPI's OSHMEM 4.1, which has neither put-with-signal nor
 * teams. Where the library has 1.5's signal calls they are used (APPS_HAVE_SIGNAL); otherwise a put-with-signal is the
 * 1.4 idiom put + fence + 64-bit p of the signal word (fence orders the data before the signal at the target), and a
 * signal wait is shmem_uint64_wait_until. Reductions are the 1.4 active-set *_to_all calls on all PEs.
 *
 * Header-only: every program includes it once. Not thread-safe (one thread per PE, as the programs run).
 */
#ifndef JSHMEM_APPS_H
#define JSHMEM_APPS_H

#include <shmem.h>

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#if defined(SHMEM_MAJOR_VERSION) && (SHMEM_MAJOR_VERSION * 100 + SHMEM_MINOR_VERSION >= 105)
#define APPS_HAVE_SIGNAL 1
#else
#define APPS_HAVE_SIGNAL 0
#endif

/* Every helper is static; a program uses some of them. */
#define APP_FN static inline __attribute__((unused))

enum { APP_OK = 0, APP_VERIFICATION_FAILED = 1, APP_BAD_ARGUMENT = 2 };

#define APP_MAX_FLAGS 8

/* ---- flags ---------------------------------------------------------------------------------------------------- */

/*
 * Flags of the form -name value (or --name value, -name=value) and switches (-name). Parsing never fails: the first
 * problem is kept and reported by app_start after init, by PE 0 only, and every PE exits with status 2.
 */
struct app {
    const char *program;
    const char *usage;
    const char *const *value_names;
    const char *const *switch_names;
    const char *values[APP_MAX_FLAGS];
    int switches[APP_MAX_FLAGS];
    int help;
    char problem[1024];
    int me;
    int npes;
};

APP_FN int app_index(const char *const *names, const char *name, size_t len) {
    for (int i = 0; names[i] != NULL; i++) {
        if (strlen(names[i]) == len && strncmp(names[i], name, len) == 0) {
            return i;
        }
    }
    return -1;
}

APP_FN void app_valid_flags(const struct app *a, char *out, size_t cap) {
    size_t at = 0;
    out[0] = '\0';
    for (int i = 0; a->value_names[i] != NULL; i++) {
        at += (size_t) snprintf(out + at, at < cap ? cap - at : 0, "%s-%s", i == 0 ? "" : ", ", a->value_names[i]);
    }
    for (int i = 0; a->switch_names[i] != NULL; i++) {
        at += (size_t) snprintf(out + at, at < cap ? cap - at : 0, ", -%s", a->switch_names[i]);
    }
    snprintf(out + at, at < cap ? cap - at : 0, ", --help");
}

APP_FN void app_parse(struct app *a, int argc, char **argv) {
    for (int i = 1; i < argc && a->problem[0] == '\0'; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0 || strcmp(arg, "-help") == 0) {
            a->help = 1;
            continue;
        }
        if (arg[0] != '-' || strlen(arg) < 2) {
            snprintf(a->problem, sizeof a->problem,
                     "unexpected argument '%s': every argument is a flag (-name value); see --help", arg);
            break;
        }
        const char *name = arg + (strncmp(arg, "--", 2) == 0 ? 2 : 1);
        const char *eq = strchr(name, '=');
        size_t len = eq != NULL ? (size_t) (eq - name) : strlen(name);
        int s = app_index(a->switch_names, name, len);
        int v = app_index(a->value_names, name, len);
        if (s >= 0 && eq == NULL) {
            a->switches[s] = 1;
        } else if (v >= 0) {
            if (eq == NULL && i + 1 >= argc) {
                snprintf(a->problem, sizeof a->problem, "flag -%.*s needs a value; see --help", (int) len, name);
            } else {
                a->values[v] = eq != NULL ? eq + 1 : argv[++i];
            }
        } else {
            char valid[512];
            app_valid_flags(a, valid, sizeof valid);
            snprintf(a->problem, sizeof a->problem, "unknown flag '%s': valid flags are %s", arg, valid);
        }
    }
}

/* PE 0 prints "PROGRAM: MESSAGE (run with --help for usage)"; every PE finalizes and exits 2. */
__attribute__((noreturn, format(printf, 2, 3))) APP_FN void app_bad(const struct app *a, const char *fmt, ...) {
    if (a->me == 0) {
        char msg[1024];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        fprintf(stderr, "%s: %s (run with --help for usage)\n", a->program, msg);
        fflush(stderr);
    }
    fflush(stdout);
    shmem_finalize();
    exit(APP_BAD_ARGUMENT);
}

/*
 * Parses the flags, starts OpenSHMEM, and handles --help (usage on PE 0, exit 0) and syntax problems (exit 2).
 * value_names and switch_names end with NULL.
 */
APP_FN void app_start(struct app *a, const char *program, const char *usage, const char *const *value_names,
                      const char *const *switch_names, int argc, char **argv) {
    memset(a, 0, sizeof *a);
    a->program = program;
    a->usage = usage;
    a->value_names = value_names;
    a->switch_names = switch_names;
    app_parse(a, argc, argv);
    shmem_init();
    a->me = shmem_my_pe();
    a->npes = shmem_n_pes();
    if (a->help) {
        if (a->me == 0) {
            puts(usage);
        }
        fflush(stdout);
        shmem_finalize();
        exit(APP_OK);
    }
    if (a->problem[0] != '\0') {
        app_bad(a, "%s", a->problem);
    }
}

APP_FN const char *app_value(const struct app *a, const char *name) {
    int i = app_index(a->value_names, name, strlen(name));
    return i >= 0 ? a->values[i] : NULL;
}

/* The flag's value as an integer in [min, max], or dflt when absent; what names its meaning. */
APP_FN long long app_integer(const struct app *a, const char *name, long long dflt, long long min, long long max,
                             const char *what) {
    const char *raw = app_value(a, name);
    if (raw == NULL) {
        return dflt;
    }
    char digits[64];
    size_t n = 0;
    for (const char *p = raw; *p != '\0' && n + 1 < sizeof digits; p++) {
        if (*p != '_') {
            digits[n++] = *p;
        }
    }
    digits[n] = '\0';
    char *end = NULL;
    errno = 0;
    long long v = strtoll(digits, &end, 10);
    int ok = n > 0 && end != NULL && *end == '\0' && errno == 0 && digits[0] != ' ' && digits[0] != '\t'
             && strlen(raw) < sizeof digits;
    if (!ok) {
        app_bad(a, "bad argument -%s = %s: not an integer; %s must be in [%lld, %lld]", name, raw, what, min, max);
    }
    if (v < min || v > max) {
        app_bad(a, "bad argument -%s = %s: %s must be in [%lld, %lld]", name, raw, what, min, max);
    }
    return v;
}

/* The flag's value, one of choices (NULL-terminated; the first is the default). */
APP_FN const char *app_choice(const struct app *a, const char *name, const char *const *choices) {
    const char *raw = app_value(a, name);
    if (raw == NULL) {
        return choices[0];
    }
    char list[256];
    size_t at = 0;
    list[0] = '\0';
    for (int i = 0; choices[i] != NULL; i++) {
        if (strcasecmp(raw, choices[i]) == 0) {
            return choices[i];
        }
        at += (size_t) snprintf(list + at, at < sizeof list ? sizeof list - at : 0, "%s%s", i == 0 ? "" : ", ",
                                choices[i]);
    }
    app_bad(a, "bad argument -%s = %s: must be one of %s", name, raw, list);
    return NULL;
}

APP_FN int app_switch(const struct app *a, const char *name) {
    int i = app_index(a->switch_names, name, strlen(name));
    return i >= 0 && a->switches[i];
}

/*
 * The symmetric heap size in bytes: SHMEM_SYMMETRIC_SIZE (a number with an optional K, M, G suffix) or OSHMEM's and
 * jshmem's default of 256 MiB. The programs refuse sizes above 3/4 of it, as the Java side does.
 */
APP_FN long long app_heap_size(void) {
    const char *s = getenv("SHMEM_SYMMETRIC_SIZE");
    if (s == NULL || *s == '\0') {
        return 256LL << 20;
    }
    char *end = NULL;
    double v = strtod(s, &end);
    switch (end != NULL ? *end : '\0') {
        case 'k': case 'K': v *= 1024.0; break;
        case 'm': case 'M': v *= 1024.0 * 1024.0; break;
        case 'g': case 'G': v *= 1024.0 * 1024.0 * 1024.0; break;
        default: break;
    }
    return (long long) v;
}

/* A symmetric allocation that must succeed: on failure the job ends with status 1. */
APP_FN void *app_symmetric(const struct app *a, size_t bytes, int zero) {
    void *p = zero ? shmem_calloc(1, bytes) : shmem_malloc(bytes);
    if (p == NULL && bytes > 0) {
        fprintf(stderr, "%s: PE %d failed: shmem_%s of %zu bytes returned NULL (raise SHMEM_SYMMETRIC_SIZE)\n",
                a->program, a->me, zero ? "calloc" : "malloc", bytes);
        shmem_global_exit(APP_VERIFICATION_FAILED);
    }
    return p;
}

/* A private allocation that must succeed, aligned to 64 bytes. */
APP_FN void *app_private(const struct app *a, size_t bytes, int zero) {
    void *p = NULL;
    if (posix_memalign(&p, 64, bytes > 0 ? bytes : 64) != 0) {
        fprintf(stderr, "%s: PE %d failed: out of memory for %zu private bytes\n", a->program, a->me, bytes);
        shmem_global_exit(APP_VERIFICATION_FAILED);
    }
    if (zero) {
        memset(p, 0, bytes);
    }
    return p;
}

/* ---- time ----------------------------------------------------------------------------------------------------- */

APP_FN long long app_now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long) t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* The second half of the timed iterations, timed apart from the whole, as the Java programs do (there the first half
 * includes the JIT's warm-up): iterations first_timed .. first_timed + iterations - 1; the second half is the last
 * iterations - iterations / 2 of them. */
typedef struct {
    int first;
    int count;
    long long start;
    long long comm;
} app_second_half;

APP_FN app_second_half app_second_half_of(int first_timed, int iterations) {
    app_second_half h = {first_timed + iterations / 2, iterations - iterations / 2, 0, 0};
    return h;
}

/* Marks the start of iteration iter: call before its first timer. */
APP_FN void app_second_half_starts(app_second_half *h, int iter) {
    if (iter == h->first) {
        h->start = app_now_ns();
    }
}

APP_FN void app_second_half_comm(app_second_half *h, int iter, long long nanos) {
    if (iter >= h->first) {
        h->comm += nanos;
    }
}

/* Seconds per iteration of the second half, from its start to end (app_now_ns()). */
APP_FN double app_second_half_iteration(const app_second_half *h, long long end) {
    return (double) (end - h->start) * 1e-9 / h->count;
}

APP_FN double app_second_half_comm_seconds(const app_second_half *h) {
    return (double) h->comm * 1e-9 / h->count;
}

/* ---- signals: put-with-signal (SET) and wait >= ---------------------------------------------------------------- */

APP_FN void app_double_put_signal(double *dest, const double *src, size_t count, uint64_t *sig,
                                         uint64_t value, int pe) {
#if APPS_HAVE_SIGNAL
    shmem_double_put_signal(dest, src, count, sig, value, SHMEM_SIGNAL_SET, pe);
#else
    shmem_double_put(dest, src, count, pe);
    shmem_fence();
    shmem_uint64_p(sig, value, pe);
#endif
}

APP_FN void app_signal_wait_ge(uint64_t *sig, uint64_t value) {
#if APPS_HAVE_SIGNAL
    shmem_signal_wait_until(sig, SHMEM_CMP_GE, value);
#else
    shmem_uint64_wait_until(sig, SHMEM_CMP_GE, value);
#endif
}

/* ---- reductions over all PEs ---------------------------------------------------------------------------------- */

#define APP_STATS_SLOTS 16

/* Max and sum reductions of a few figures through symmetric scratch allocated once; collective. */
struct app_stats {
    double *dsrc;
    double *ddst;
    double *dwrk;
    long *lsrc;
    long *ldst;
    long *lwrk;
    long *psync;
};

APP_FN void app_stats_init(const struct app *a, struct app_stats *s) {
    s->dsrc = app_symmetric(a, APP_STATS_SLOTS * sizeof(double), 1);
    s->ddst = app_symmetric(a, APP_STATS_SLOTS * sizeof(double), 1);
    s->dwrk = app_symmetric(a, (APP_STATS_SLOTS + SHMEM_REDUCE_MIN_WRKDATA_SIZE) * sizeof(double), 1);
    s->lsrc = app_symmetric(a, sizeof(long) * 2, 1);
    s->ldst = app_symmetric(a, sizeof(long) * 2, 1);
    s->lwrk = app_symmetric(a, (2 + SHMEM_REDUCE_MIN_WRKDATA_SIZE) * sizeof(long), 1);
    s->psync = app_symmetric(a, SHMEM_REDUCE_SYNC_SIZE * sizeof(long), 0);
    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++) {
        s->psync[i] = SHMEM_SYNC_VALUE;
    }
    shmem_barrier_all();
}

/* out[i] = max or sum over PEs of in[i]; in and out may be the same array; n <= APP_STATS_SLOTS. */
APP_FN void app_stats_reduce(struct app_stats *s, int max, const double *in, double *out, int n) {
    memcpy(s->dsrc, in, (size_t) n * sizeof(double));
    if (max) {
        shmem_double_max_to_all(s->ddst, s->dsrc, n, 0, 0, shmem_n_pes(), s->dwrk, s->psync);
    } else {
        shmem_double_sum_to_all(s->ddst, s->dsrc, n, 0, 0, shmem_n_pes(), s->dwrk, s->psync);
    }
    /* The same pSync serves the next reduction only once every PE is done with this one. */
    shmem_barrier_all();
    memcpy(out, s->ddst, (size_t) n * sizeof(double));
}

APP_FN double app_stats_max1(struct app_stats *s, double v) {
    app_stats_reduce(s, 1, &v, &v, 1);
    return v;
}

APP_FN double app_stats_sum1(struct app_stats *s, double v) {
    app_stats_reduce(s, 0, &v, &v, 1);
    return v;
}

APP_FN long app_stats_sum_long(struct app_stats *s, long v) {
    s->lsrc[0] = v;
    shmem_long_sum_to_all(s->ldst, s->lsrc, 1, 0, 0, shmem_n_pes(), s->lwrk, s->psync);
    shmem_barrier_all();
    return s->ldst[0];
}

APP_FN void app_stats_free(struct app_stats *s) {
    shmem_barrier_all();
    shmem_free(s->psync);
    shmem_free(s->lwrk);
    shmem_free(s->ldst);
    shmem_free(s->lsrc);
    shmem_free(s->dwrk);
    shmem_free(s->ddst);
    shmem_free(s->dsrc);
}

/* ---- PCG32 (PCG-XSH-RR 64/32), from its published definition -------------------------------------------------- */

struct pcg32 {
    uint64_t state;
    uint64_t inc;
};

APP_FN uint32_t pcg32_next(struct pcg32 *g) {
    uint64_t old = g->state;
    g->state = old * 6364136223846793005ULL + g->inc;
    uint32_t xorshifted = (uint32_t) (((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t) (old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
}

/* Seeds like the reference pcg32_srandom_r(rng, initstate, initseq). */
APP_FN void pcg32_seed(struct pcg32 *g, uint64_t initstate, uint64_t initseq) {
    g->state = 0;
    g->inc = (initseq << 1u) | 1u;
    pcg32_next(g);
    g->state += initstate;
    pcg32_next(g);
}

/* Uniform in [0, bound) without modulo bias, like the reference pcg32_boundedrand_r. */
APP_FN uint32_t pcg32_bounded(struct pcg32 *g, uint32_t bound) {
    uint32_t threshold = (0u - bound) % bound;
    for (;;) {
        uint32_t r = pcg32_next(g);
        if (r >= threshold) {
            return r % bound;
        }
    }
}

/* ---- the RESULT line ------------------------------------------------------------------------------------------ */

/* RESULT program=NAME pes=N key=value ... verified=true|false; numbers with %.9g, integers as integers. */
struct app_result {
    char buf[2048];
    size_t len;
};

APP_FN void app_result_add(struct app_result *r, const char *key, const char *value) {
    r->len += (size_t) snprintf(r->buf + r->len, r->len < sizeof r->buf ? sizeof r->buf - r->len : 0, " %s=%s", key,
                                value);
}

APP_FN void app_result_long(struct app_result *r, const char *key, long long value) {
    char v[32];
    snprintf(v, sizeof v, "%lld", value);
    app_result_add(r, key, v);
}

APP_FN void app_result_double(struct app_result *r, const char *key, double value) {
    char v[48];
    snprintf(v, sizeof v, "%.9g", value);
    app_result_add(r, key, v);
}

/* key PHASE_s in seconds. */
APP_FN void app_result_seconds(struct app_result *r, const char *phase, double seconds) {
    char key[64];
    snprintf(key, sizeof key, "%s_s", phase);
    app_result_double(r, key, seconds);
}

APP_FN void app_result_init(struct app_result *r, const char *program, int npes) {
    r->len = (size_t) snprintf(r->buf, sizeof r->buf, "RESULT");
    app_result_add(r, "program", program);
    app_result_long(r, "pes", npes);
}

APP_FN void app_result_print(struct app_result *r, int verified) {
    printf("%s verified=%s\n", r->buf, verified ? "true" : "false");
    fflush(stdout);
}

#endif
