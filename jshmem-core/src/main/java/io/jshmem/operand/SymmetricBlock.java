package io.jshmem;

import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;

import java.lang.foreign.MemorySegment;
import java.util.Optional;

/**
 * A block of symmetric memory: the same heap offset and length on every PE of its instance. Created by the
 * collective allocation calls of {@link ShmemRuntime} and invalidated by {@link ShmemRuntime#free}.
 *
 * <p>Every RMA call checks that the handle belongs to the calling instance, is not freed, and that the accessed
 * range lies inside the block. Thread-safe: immutable apart from the freed flag, which is published volatile.
 */
public final class SymmetricMemory {
    private final ShmemRuntime owner;
    private final long offset;
    private final long byteSize;
    private volatile boolean freed;

    SymmetricMemory(ShmemRuntime owner, long offset, long byteSize) {
        this.owner = owner;
        this.offset = offset;
        this.byteSize = byteSize;
    }

    /** Length of the block in bytes (the requested size rounded up to 8). */
    public long byteSize() {
        return byteSize;
    }

    /** Offset of the block in the symmetric heap; equal on every PE. */
    public long heapOffset() {
        return offset;
    }

    /** This PE's copy of the block; plain loads and stores on it are local memory accesses. */
    public MemorySegment local() {
        usable(owner, "memory");
        return owner.instance().localHeap().asSlice(offset, byteSize);
    }

    /**
     * PE {@code pe}'s copy of the block as a segment of this process when that PE's heap is mapped here (same host,
     * SHM engine), else empty ({@code shmem_ptr}). Accesses through it are plain loads and stores: use VarHandle
     * modes or {@link ShmemRuntime#quiet()} and barriers to order them.
     */
    public Optional<MemorySegment> ptr(int pe) {
        usable(owner, "memory");
        io.jshmem.error.Checks.pe("pe", pe, owner.nPes());
        MemorySegment d = owner.instance().comm().direct(pe);
        return d == null ? Optional.empty() : Optional.of(d.asSlice(offset, byteSize));
    }

    /** Whether this block has been freed. */
    public boolean isFreed() {
        return freed;
    }

    ShmemRuntime owner() {
        return owner;
    }

    void markFreed() {
        freed = true;
    }

    /** Checks that the block belongs to {@code runtime} and is live; {@code name} is the argument's name. */
    void usable(ShmemRuntime runtime, String name) {
        if (freed || runtime != owner || !owner.instance().isLive()) {
            throw unusable(runtime, name);
        }
    }

    private RuntimeException unusable(ShmemRuntime runtime, String name) {
        if (freed) {
            return new ShmemStateException(name + " (symmetric memory at heap offset " + offset + ", " + byteSize
                    + " bytes) has been freed: it cannot be used after free; allocate a new buffer");
        }
        if (runtime != owner) {
            return new ShmemArgumentException(name + " belongs to another jshmem instance: valid buffers are those "
                    + "allocated by the instance the call is made on");
        }
        try {
            owner.instance().ensureLive();
        } catch (ShmemStateException e) {
            return e;
        }
        return new IllegalStateException("unreachable");
    }

    @Override
    public String toString() {
        return "SymmetricMemory[offset=" + offset + ", bytes=" + byteSize + (freed ? ", freed" : "") + "]";
    }
}
