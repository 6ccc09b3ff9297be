package io.jshmem.spi;

import io.jshmem.MemType;

import java.util.Optional;

/**
 * Service-provider interface for a memory kind other than {@link MemType#HOST_SIDE}: a symmetric device heap (GPU or
 * NPU memory, or any memory a vendor can map). jshmem finds providers with {@link java.util.ServiceLoader}: list the
 * implementing class in {@code META-INF/services/io.jshmem.spi.MemoryKindProvider} on the class path, or declare
 * {@code provides io.jshmem.spi.MemoryKindProvider with ...} in a module. The setting {@code JSHMEM_DEVICE_KIND}
 * chooses by {@link #name()}: the provider of the requested kind with that name serves the instance when its
 * {@link #unavailableReason()} is empty, and a name that no available provider has fails the first allocation of the
 * kind, listing the providers found; left empty, the first provider of the kind that is available serves. It is opened
 * on the first allocation of that kind.
 *
 * <p>It lives in the SPI package, next to the engine SPI, because third parties implement it; jshmem's internals stay
 * unexported. jshmem keeps the allocator (offsets are deterministic, arguments are verified across PEs,
 * every call ends in a barrier); the provider only supplies memory and its mappings. Buffers of a provided kind are
 * used through their views and the provider's own engines: jshmem's host RMA, atomics and collectives serve
 * {@link MemType#HOST_SIDE} buffers and reject others, naming the buffer's kind.
 *
 * <p>Thread-safety: jshmem calls {@link #open} with its collective lock held, once per instance; the provider's
 * methods must be safe to call from any thread.
 */
public interface MemoryKindProvider {
    /** The kind this provider supplies; jshmem asks only for {@link MemType#DEVICE_SIDE} today. */
    MemType memType();

    /**
     * A short name, the value of {@code JSHMEM_DEVICE_KIND} that chooses this provider and the kind's name in messages
     * (for example {@code "cuda"}); lower case by convention (the setting matches it ignoring case).
     */
    String name();

    /**
     * What this kind's heaps allow; fixed for the provider (the heaps it opens behave accordingly). jshmem hands out
     * host views of a block only when {@link MemoryKindCapabilities#hostAddressable()} is true.
     */
    MemoryKindCapabilities capabilities();

    /**
     * Why this provider cannot serve on this machine (no device, no driver), or empty when it can. Must give the same
     * answer on every PE of a job that allocates this kind.
     */
    Optional<String> unavailableReason();

    /**
     * Collective over every PE of the instance: creates this PE's heap of at least {@link MemoryKindSetup#byteSize()}
     * bytes ({@link MemoryKindHeap#byteSize()}) and maps the peers' heaps that this process can reach, exchanging
     * whatever handles that needs through {@code setup}. A failure should be thrown on every PE (it is reported to the caller of the allocation).
     */
    MemoryKindHeap open(MemoryKindSetup setup);
}
