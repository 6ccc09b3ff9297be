package io.jshmem;

import java.lang.foreign.MemorySegment;
import java.util.Optional;

/**
 * A block of symmetric memory: the same heap offset and length on every PE of its instance. Created by the
 * collective allocation calls of {@link ShmemRuntime} and ended by {@link ShmemRuntime#free}.
 *
 * <p>Freed means gone: after {@code free} every call that names the block throws
 * {@link io.jshmem.error.ShmemStateException} ({@link #local()} and {@link #ptr(int)} included), and every segment
 * handed out for it before ({@link #local()},
 * {@link #ptr(int)}) fails on access with {@link IllegalStateException} (the segments belong to an arena that free
 * closes), even when the heap range is reused by a later allocation.
 *
 * <p>Memory of a kind that is not host-addressable (a device heap whose provider declares so, see
 * {@link io.jshmem.spi.MemoryKindCapabilities}) has no host views: {@link #local()}, {@link #ptr(int)} and team ptr
 * throw {@link io.jshmem.error.ShmemStateException} naming the kind.
 *
 * <p>Thread-safety: immutable apart from its freed state, which is published with volatile semantics; of
 * concurrent frees exactly one wins. Only jshmem implements this interface.
 */
public interface SymmetricMemory {

    /** Length of the block in bytes (the requested size rounded up to 8). */
    long byteSize();

    /** Offset of the block in the symmetric heap; equal on every PE. */
    long heapOffset();

    /** The id of the instance ({@link ShmemRuntime#instanceId()}) whose heap holds the block. */
    int instanceId();

    /**
     * This PE's copy of the block; plain loads and stores on it are local memory accesses. The same segment is
     * returned on every call; it becomes inaccessible when the block is freed, and once freed (or its instance
     * finalized) this method throws {@link io.jshmem.error.ShmemStateException}, as {@link #ptr(int)} does.
     */
    MemorySegment local();

    /**
     * PE {@code pe}'s copy of the block as a segment of this process when that PE's heap is mapped here (same host,
     * shared-memory engine), else empty ({@code shmem_ptr}). Accesses through it are plain loads and stores: use
     * VarHandle modes, quiet and barriers to order them. Inaccessible after the block is freed.
     */
    Optional<MemorySegment> ptr(int pe);

    /** Whether this block has been freed (or realloc moved it to a new handle). */
    boolean isFreed();

    /**
     * The heap this block comes from ({@code Buffer.mem_type} in CANN's Python API): {@link MemType#HOST_SIDE} for
     * the allocation calls without a kind. Constant for the life of the handle; safe from any thread.
     */
    MemType memType();

    /**
     * The usage hints the block was allocated with ({@link ShmemRuntime#mallocWithHints}): an OR of
     * {@link ShmemRuntime#MALLOC_ATOMICS_REMOTE} and {@link ShmemRuntime#MALLOC_SIGNAL_REMOTE}, 0 for every other
     * allocation call. Constant for the life of the handle (realloc carries it over); safe from any thread.
     */
    long hints();
}
