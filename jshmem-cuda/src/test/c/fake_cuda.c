/*
 * A test double of the CUDA driver API (libcuda.so.1) for jshmem-cuda's tests: the entry points the cuda memory kind
 * binds, implemented over host memory so that the FFM bindings run for real on machines without a GPU. "Device"
 * memory is a memfd mapped MAP_SHARED; an IPC handle carries the allocating process's pid and the memfd's number, and
 * another process opens it through /proc/<pid>/fd, so IPC across the PE processes of one host works. Rules of the
 * real driver that the kind depends on are enforced, so that breaking them fails a test: cuInit first, a current
 * context on the calling thread for memory calls, pointers and ranges inside a live allocation or mapping, handles
 * of the calling process refused by cuIpcOpenMemHandle (CUDA_ERROR_INVALID_CONTEXT), the lazy-peer-access flag.
 *
 * Build: cc -shared -fPIC -O1 -o libfakecuda.so fake_cuda.c -lpthread
 *   -DFAKE_DEVICES=n     devices reported (default 2; the environment variable FAKE_CUDA_DEVICES overrides it)
 *   -DFAKE_INIT_ERROR=r  cuInit returns CUresult r
 * fake_cuda_live(0/1/2) reports live allocations, IPC mappings and primary-context references, for leak checks.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef FAKE_DEVICES
#define FAKE_DEVICES 2
#endif
#ifndef FAKE_INIT_ERROR
#define FAKE_INIT_ERROR 0
#endif

typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct { char reserved[64]; } CUipcMemHandle;
typedef struct fake_ctx { int device; int refs; } *CUcontext;

enum {
    SUCCESS = 0, INVALID_VALUE = 1, OUT_OF_MEMORY = 2, NOT_INITIALIZED = 3, NO_DEVICE = 100, INVALID_DEVICE = 101,
    INVALID_CONTEXT = 201, INVALID_HANDLE = 400, NOT_FOUND = 500, OPERATING_SYSTEM = 304
};

#define MAX_REGIONS 4096
#define MAX_DEVICES 16
#define MAGIC 0x4a534843u

struct region { char *base; size_t size; int fd; int ipc; };
struct handle { uint32_t magic; int32_t pid; int32_t fd; uint64_t size; };

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct region regions[MAX_REGIONS];
static struct fake_ctx contexts[MAX_DEVICES];
static int initialized;
static __thread CUcontext current;

static int devices(void) {
    const char *env = getenv("FAKE_CUDA_DEVICES");
    int n = env ? atoi(env) : FAKE_DEVICES;
    return n < 0 ? 0 : (n > MAX_DEVICES ? MAX_DEVICES : n);
}

/* The region holding [p, p + n), or NULL. Caller holds the lock. */
static struct region *find(CUdeviceptr p, size_t n) {
    for (int i = 0; i < MAX_REGIONS; i++) {
        struct region *r = &regions[i];
        uintptr_t b = (uintptr_t) r->base;
        if (r->base && p >= b && p - b <= r->size && n <= r->size - (p - b)) {
            return r;
        }
    }
    return NULL;
}

/* The region starting exactly at p, or NULL. Caller holds the lock. */
static struct region *at(CUdeviceptr p) {
    for (int i = 0; i < MAX_REGIONS; i++) {
        if (regions[i].base && (uintptr_t) regions[i].base == p) {
            return &regions[i];
        }
    }
    return NULL;
}

static struct region *slot(void) {
    for (int i = 0; i < MAX_REGIONS; i++) {
        if (!regions[i].base) {
            return &regions[i];
        }
    }
    return NULL;
}

static CUresult ready(void) {
    if (!initialized) return NOT_INITIALIZED;
    if (!current || current->refs <= 0) return INVALID_CONTEXT;
    return SUCCESS;
}

CUresult cuGetErrorName(CUresult error, const char **name) {
    if (!name) return INVALID_VALUE;
    switch (error) {
        case SUCCESS: *name = "CUDA_SUCCESS"; return SUCCESS;
        case INVALID_VALUE: *name = "CUDA_ERROR_INVALID_VALUE"; return SUCCESS;
        case OUT_OF_MEMORY: *name = "CUDA_ERROR_OUT_OF_MEMORY"; return SUCCESS;
        case NOT_INITIALIZED: *name = "CUDA_ERROR_NOT_INITIALIZED"; return SUCCESS;
        case NO_DEVICE: *name = "CUDA_ERROR_NO_DEVICE"; return SUCCESS;
        case INVALID_DEVICE: *name = "CUDA_ERROR_INVALID_DEVICE"; return SUCCESS;
        case INVALID_CONTEXT: *name = "CUDA_ERROR_INVALID_CONTEXT"; return SUCCESS;
        case OPERATING_SYSTEM: *name = "CUDA_ERROR_OPERATING_SYSTEM"; return SUCCESS;
        case INVALID_HANDLE: *name = "CUDA_ERROR_INVALID_HANDLE"; return SUCCESS;
        case NOT_FOUND: *name = "CUDA_ERROR_NOT_FOUND"; return SUCCESS;
        default: *name = NULL; return INVALID_VALUE;
    }
}

CUresult cuInit(unsigned int flags) {
    if (flags != 0) return INVALID_VALUE;
    if (FAKE_INIT_ERROR != 0) return FAKE_INIT_ERROR;
    initialized = 1;
    return SUCCESS;
}

CUresult cuDriverGetVersion(int *version) {
    if (!version) return INVALID_VALUE;
    *version = 12040;
    return SUCCESS;
}

CUresult cuDeviceGetCount(int *count) {
    if (!initialized) return NOT_INITIALIZED;
    if (!count) return INVALID_VALUE;
    *count = devices();
    return SUCCESS;
}

CUresult cuDeviceGet(CUdevice *device, int ordinal) {
    if (!initialized) return NOT_INITIALIZED;
    if (!device) return INVALID_VALUE;
    if (ordinal < 0 || ordinal >= devices()) return INVALID_DEVICE;
    *device = ordinal;
    return SUCCESS;
}

CUresult cuDeviceGetName(char *name, int len, CUdevice device) {
    if (!initialized) return NOT_INITIALIZED;
    if (!name || len <= 0) return INVALID_VALUE;
    if (device < 0 || device >= devices()) return INVALID_DEVICE;
    snprintf(name, (size_t) len, "Fake CUDA device %d (jshmem test double)", device);
    return SUCCESS;
}

CUresult cuDevicePrimaryCtxRetain(CUcontext *ctx, CUdevice device) {
    if (!initialized) return NOT_INITIALIZED;
    if (!ctx) return INVALID_VALUE;
    if (device < 0 || device >= devices()) return INVALID_DEVICE;
    pthread_mutex_lock(&lock);
    contexts[device].device = device;
    contexts[device].refs++;
    pthread_mutex_unlock(&lock);
    *ctx = &contexts[device];
    return SUCCESS;
}

CUresult cuDevicePrimaryCtxRelease_v2(CUdevice device) {
    if (!initialized) return NOT_INITIALIZED;
    if (device < 0 || device >= devices()) return INVALID_DEVICE;
    CUresult rc = SUCCESS;
    pthread_mutex_lock(&lock);
    if (contexts[device].refs <= 0) rc = INVALID_CONTEXT; else contexts[device].refs--;
    pthread_mutex_unlock(&lock);
    return rc;
}

CUresult cuCtxSetCurrent(CUcontext ctx) {
    if (!initialized) return NOT_INITIALIZED;
    if (ctx && ctx->refs <= 0) return INVALID_CONTEXT;
    current = ctx;
    return SUCCESS;
}

CUresult cuCtxSynchronize(void) {
    return ready();
}

CUresult cuMemAlloc_v2(CUdeviceptr *dptr, size_t size) {
    CUresult rc = ready();
    if (rc) return rc;
    if (!dptr || size == 0) return INVALID_VALUE;
    int fd = memfd_create("fake-cuda-heap", 0);
    if (fd < 0) return OUT_OF_MEMORY;
    if (ftruncate(fd, (off_t) size) != 0) { close(fd); return OUT_OF_MEMORY; }
    void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (p == MAP_FAILED) { close(fd); return OUT_OF_MEMORY; }
    pthread_mutex_lock(&lock);
    struct region *r = slot();
    if (r) { r->base = p; r->size = size; r->fd = fd; r->ipc = 0; }
    pthread_mutex_unlock(&lock);
    if (!r) { munmap(p, size); close(fd); return OUT_OF_MEMORY; }
    *dptr = (CUdeviceptr) (uintptr_t) p;
    return SUCCESS;
}

/* Unmaps the region starting exactly at p of the given kind (allocation or IPC mapping). */
static CUresult unmap(CUdeviceptr p, int ipc) {
    CUresult rc = ready();
    if (rc) return rc;
    pthread_mutex_lock(&lock);
    struct region *r = at(p);
    if (!r || r->ipc != ipc) { pthread_mutex_unlock(&lock); return INVALID_VALUE; }
    munmap(r->base, r->size);
    if (r->fd >= 0) close(r->fd);
    memset(r, 0, sizeof *r);
    pthread_mutex_unlock(&lock);
    return SUCCESS;
}

CUresult cuMemFree_v2(CUdeviceptr p) {
    return unmap(p, 0);
}

CUresult cuIpcCloseMemHandle(CUdeviceptr p) {
    return unmap(p, 1);
}

static CUresult checked(CUdeviceptr p, size_t n) {
    CUresult rc = ready();
    if (rc) return rc;
    pthread_mutex_lock(&lock);
    struct region *r = find(p, n);
    pthread_mutex_unlock(&lock);
    return r ? SUCCESS : INVALID_VALUE;
}

CUresult cuMemsetD8_v2(CUdeviceptr dst, unsigned char value, size_t n) {
    CUresult rc = checked(dst, n);
    if (rc) return rc;
    memset((void *) (uintptr_t) dst, value, n);
    return SUCCESS;
}

CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t n) {
    CUresult rc = checked(dst, n);
    if (rc) return rc;
    if (!src && n) return INVALID_VALUE;
    memmove((void *) (uintptr_t) dst, src, n);
    return SUCCESS;
}

CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t n) {
    CUresult rc = checked(src, n);
    if (rc) return rc;
    if (!dst && n) return INVALID_VALUE;
    memmove(dst, (const void *) (uintptr_t) src, n);
    return SUCCESS;
}

CUresult cuMemcpyDtoD_v2(CUdeviceptr dst, CUdeviceptr src, size_t n) {
    CUresult rc = checked(dst, n);
    if (!rc) rc = checked(src, n);
    if (rc) return rc;
    memmove((void *) (uintptr_t) dst, (const void *) (uintptr_t) src, n);
    return SUCCESS;
}

CUresult cuIpcGetMemHandle(CUipcMemHandle *out, CUdeviceptr p) {
    CUresult rc = ready();
    if (rc) return rc;
    if (!out) return INVALID_VALUE;
    pthread_mutex_lock(&lock);
    struct region *r = at(p);
    int ok = r && !r->ipc;
    struct handle h = { MAGIC, (int32_t) getpid(), ok ? r->fd : -1, ok ? r->size : 0 };
    pthread_mutex_unlock(&lock);
    if (!ok) return INVALID_VALUE;
    memset(out, 0, sizeof *out);
    memcpy(out->reserved, &h, sizeof h);
    return SUCCESS;
}

CUresult cuIpcOpenMemHandle_v2(CUdeviceptr *dptr, CUipcMemHandle in, unsigned int flags) {
    CUresult rc = ready();
    if (rc) return rc;
    if (!dptr || flags != 1) return INVALID_VALUE;
    struct handle h;
    memcpy(&h, in.reserved, sizeof h);
    if (h.magic != MAGIC || h.fd < 0 || h.size == 0) return INVALID_HANDLE;
    if (h.pid == (int32_t) getpid()) return INVALID_CONTEXT; /* as the real driver: not in the allocating process */
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/fd/%d", h.pid, h.fd);
    int fd = open(path, O_RDWR);
    if (fd < 0) return OPERATING_SYSTEM;
    void *p = mmap(NULL, h.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (p == MAP_FAILED) return OPERATING_SYSTEM;
    pthread_mutex_lock(&lock);
    struct region *r = slot();
    if (r) { r->base = p; r->size = h.size; r->fd = -1; r->ipc = 1; }
    pthread_mutex_unlock(&lock);
    if (!r) { munmap(p, h.size); return OUT_OF_MEMORY; }
    *dptr = (CUdeviceptr) (uintptr_t) p;
    return SUCCESS;
}

/* Test hook, not part of the CUDA API: 0 live allocations, 1 live IPC mappings, 2 primary-context references. */
int fake_cuda_live(int what) {
    int n = 0;
    pthread_mutex_lock(&lock);
    if (what == 2) {
        for (int d = 0; d < MAX_DEVICES; d++) n += contexts[d].refs;
    } else {
        for (int i = 0; i < MAX_REGIONS; i++) n += regions[i].base && regions[i].ipc == (what == 1);
    }
    pthread_mutex_unlock(&lock);
    return n;
}
