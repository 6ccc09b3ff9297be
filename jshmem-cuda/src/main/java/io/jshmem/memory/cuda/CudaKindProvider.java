package io.jshmem.memory.cuda;

import io.jshmem.MemType;
import io.jshmem.spi.MemoryKindCapabilities;
import io.jshmem.spi.MemoryKindHeap;
import io.jshmem.spi.MemoryKindProvider;
import io.jshmem.spi.MemoryKindSetup;

import java.util.Optional;

/**
 * Service-loader entry of the cuda memory kind ({@code JSHMEM_DEVICE_KIND=cuda}): {@link MemType#DEVICE_SIDE} heaps
 * in NVIDIA GPU memory through the CUDA driver API. Constructing it and calling {@link #name()}, {@link #memType()}
 * or {@link #capabilities()} touch no native code; {@link #unavailableReason()} loads the driver named by
 * {@code JSHMEM_CUDA_LIBRARY} (default {@code libcuda.so.1}) once per JVM. Thread-safe and stateless.
 */
public final class CudaKindProvider implements MemoryKindProvider {
    /** The kind's name, the value of JSHMEM_DEVICE_KIND that chooses it. */
    static final String NAME = "cuda";
    /** GPU memory: no host views, and no atomics through jshmem (no engine routes them to a GPU yet). */
    static final MemoryKindCapabilities CAPABILITIES = new MemoryKindCapabilities(false, false);

    private final String library;

    /** The provider of the library that {@code JSHMEM_CUDA_LIBRARY} names (read when it is first asked). */
    public CudaKindProvider() {
        this(null);
    }

    /** The provider of {@code library} (a file name for the dynamic loader, or a path); null reads the setting. */
    CudaKindProvider(String library) {
        this.library = library;
    }

    @Override
    public MemType memType() {
        return MemType.DEVICE_SIDE;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public MemoryKindCapabilities capabilities() {
        return CAPABILITIES;
    }

    /**
     * Empty when the driver loads, {@code cuInit(0)} succeeds and at least one GPU is visible; otherwise what is
     * missing and the fix. The driver is probed once per JVM and library; every PE with the same setup and
     * hardware gets the same answer.
     */
    @Override
    public Optional<String> unavailableReason() {
        return Optional.ofNullable(CudaLibrary.probe(library()).failure());
    }

    /**
     * Collective: picks this PE's GPU (its rank among the PEs of its host, modulo the GPUs visible), allocates and
     * zeroes the heap there, and maps the same-host peers' heaps from their IPC handles; a failure on any PE is
     * thrown on every PE, naming the PE and the call.
     */
    @Override
    public MemoryKindHeap open(MemoryKindSetup setup) {
        CudaLibrary.Probe probe = CudaLibrary.probe(library());
        return CudaHeapOpener.open(probe.require("open"), probe.deviceCount(), setup);
    }

    private String library() {
        return library != null ? library : CudaLibrary.configured();
    }
}
