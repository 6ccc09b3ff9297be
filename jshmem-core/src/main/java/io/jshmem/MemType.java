package io.jshmem;

/**
 * CANN SHMEM's memory kinds ({@code aclshmem_mem_type_t}): which symmetric heap an allocation comes from. Pass one to
 * {@link ShmemRuntime#malloc(long, MemType)}, {@link ShmemRuntime#calloc(long, long, MemType)} or
 * {@link ShmemRuntime#align(long, long, MemType)}; a buffer reports its kind through {@link SymmetricMemory#memType()}.
 *
 * <p>jshmem's default is {@link #HOST_SIDE} (CANN's is DEVICE_SIDE, since its PEs are NPUs): the calls without a
 * kind allocate host memory. {@link #DEVICE_SIDE} needs a {@link io.jshmem.spi.MemoryKindProvider} for it; where
 * none is available the allocation throws, naming what is missing, on every PE. There is never a silent fallback to host memory.
 */
public enum MemType {
    /** Host DRAM: jshmem's symmetric heap, reached by every engine (SHM on this host, UCX across hosts). */
    HOST_SIDE(0),
    /**
     * Device memory (CANN: HBM) from a {@link io.jshmem.spi.MemoryKindProvider}; reached through the buffer's views
     * ({@link SymmetricMemory#local()}, {@link SymmetricMemory#ptr(int)}) and the provider's own means.
     */
    DEVICE_SIDE(1);

    private final int code;

    MemType(int code) {
        this.code = code;
    }

    /** CANN's value: HOST_SIDE 0, DEVICE_SIDE 1. */
    public int code() {
        return code;
    }
}
