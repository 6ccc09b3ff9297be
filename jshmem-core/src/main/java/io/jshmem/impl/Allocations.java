package io.jshmem.impl;

import io.jshmem.MemType;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;
import io.jshmem.operand.KindBlock;
import io.jshmem.operand.Operands;
import io.jshmem.operand.SymmetricBlock;
import io.jshmem.runtime.Instance;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The symmetric allocation of one runtime: malloc, calloc, align, realloc, free, the memory-kind and hint variants,
 * and the live-block bookkeeping that finalize retires. Allocation validates sizes before any rounding (huge sizes
 * are an out-of-memory error on every PE with nothing changed) and follows OpenSHMEM at the edges (size 0 allocates
 * nothing and returns null; free(null) does nothing; realloc(null, n) is malloc(n); realloc(p, 0) is free(p)). Free
 * is atomic: the block's CAS decides the one winner of concurrent frees. Every allocation is collective; a bad
 * argument on one PE fails every PE ({@link AllocationArgs#rejectTogether}). Thread-safe.
 */
final class Allocations {
    /** Bytes of zeros per copy when calloc clears a block of a kind without host views. */
    private static final long ZERO_CHUNK = 1 << 20;
    /** Blocks allocated and not yet freed, retired at finalize (their views must not outlive the mapped heap). */
    private final Set<SymmetricBlock> liveBlocks = ConcurrentHashMap.newKeySet();
    private final Instance instance;
    private final int instanceId;
    /** The runtime's default-context gate: thread rules and buffer ownership. */
    private final ContextGate gate;
    /** DEVICE_SIDE heaps through the memory-kind SPI. */
    private final MemoryKinds kinds;

    Allocations(Instance instance, int instanceId, ContextGate gate) {
        this.instance = instance;
        this.instanceId = instanceId;
        this.gate = gate;
        this.kinds = new MemoryKinds(instance, instanceId);
    }

    /** At the last finalize: closes the memory-kind heaps. */
    void closeKinds() {
        kinds.close();
    }

    private SymmetricBlock block(io.jshmem.memory.Block b) {
        return block(b, 0);
    }

    private SymmetricBlock block(io.jshmem.memory.Block b, long hints) {
        SymmetricBlock block = new SymmetricBlock(instance, instanceId, b.offset(), b.size(), instance.comm(),
                hints);
        liveBlocks.add(block);
        return block;
    }

    /**
     * Retires every block still live when the instance finalizes: their views (local(), ptr()) are closed before the
     * heap is unmapped, so a late access fails with IllegalStateException instead of touching unmapped memory.
     */
    void retireLiveBlocks() {
        for (SymmetricBlock b : liveBlocks) {
            if (b.claimFree()) {
                b.completeFree();
            }
        }
        liveBlocks.clear();
    }

    /**
     * {@code error}, once this PE has taken part in the collective argument check of {@code operation} with its words
     * ({@link AllocationArgs#rejectTogether}): a bad argument on one PE fails every PE instead of leaving the others
     * waiting in the allocation.
     */
    private RuntimeException rejected(String operation, long a, long b, String aName, String bName,
                                      RuntimeException error) {
        int claimed = gate.enter();
        try {
            return AllocationArgs.rejectTogether(instance, operation, a, b, aName, bName, error);
        } finally {
            gate.leave(claimed);
        }
    }

    SymmetricMemory malloc(long bytes) {
        return allocate("malloc", bytes, ShmemRuntime.DEFAULT_ALIGNMENT);
    }

    private SymmetricMemory allocate(String operation, long bytes, long alignment) {
        instance.ensureLive();
        // Sizes the heap can never hold are rejected before any rounding could wrap them.
        RuntimeException bad = AllocationArgs.bytes(operation, bytes, instance.heapUsage());
        if (bad != null) {
            throw rejected(operation, bytes, alignment, "size", "alignment", bad);
        }
        if (bytes == 0) {
            return null;
        }
        int claimed = gate.enter();
        try {
            return block(instance.allocate(operation, bytes, alignment));
        } finally {
            gate.leave(claimed);
        }
    }

    SymmetricMemory calloc(long count, long elementSize) {
        instance.ensureLive();
        RuntimeException bad = AllocationArgs.calloc(count, elementSize);
        if (bad != null) {
            throw rejected("calloc", AllocationArgs.NO_SIZE, ShmemRuntime.DEFAULT_ALIGNMENT, "size", "alignment", bad);
        }
        SymmetricMemory m = allocate("calloc", count * elementSize, ShmemRuntime.DEFAULT_ALIGNMENT);
        if (m != null) {
            m.local().fill((byte) 0);
            instance.barrierAll();
        }
        return m;
    }

    SymmetricMemory align(long alignment, long bytes) {
        instance.ensureLive();
        RuntimeException bad = AllocationArgs.alignment(alignment);
        if (bad != null) {
            throw rejected("align", bytes, alignment, "size", "alignment", bad);
        }
        return allocate("align", bytes, Math.max(8, alignment));
    }

    SymmetricMemory realloc(SymmetricMemory mem, long bytes) {
        if (mem == null) {
            return malloc(bytes);
        }
        if (mem instanceof KindBlock k) {
            throw new ShmemArgumentException("realloc of " + k + " is not supported: realloc resizes HOST_SIDE "
                    + "buffers only; allocate a new " + k.memType() + " buffer, copy "
                    + (k.hostAddressable() ? "through local()" : "with getmem/putmem")
                    + ", and free the old one (nothing was changed)");
        }
        RuntimeException bad = AllocationArgs.bytes("realloc", bytes, instance.heapUsage());
        if (bad != null) {
            if (mem instanceof SymmetricBlock b && b.owner() == gate.owner && b.isLive() && instance.isLive()) {
                throw rejected("realloc", b.heapOffset(), bytes, "offset", "size", bad);
            }
            throw bad;
        }
        if (bytes == 0) {
            free(mem);
            return null;
        }
        SymmetricBlock old = claim("mem", mem);
        try {
            SymmetricBlock fresh = block(instance.reallocate(old.heapOffset(), bytes, ShmemRuntime.DEFAULT_ALIGNMENT),
                    old.hints());
            old.completeFree();
            liveBlocks.remove(old);
            return fresh;
        } catch (RuntimeException | Error e) {
            old.abortFree();
            throw e;
        }
    }

    void free(SymmetricMemory mem) {
        if (mem == null) {
            return;
        }
        if (mem instanceof KindBlock) {
            kinds.free(claimKind("mem", mem));
            return;
        }
        SymmetricBlock b = claim("mem", mem);
        int claimed = gate.enter();
        try {
            instance.free(b.heapOffset());
        } catch (RuntimeException | Error e) {
            b.abortFree();
            throw e;
        } finally {
            gate.leave(claimed);
        }
        b.completeFree();
        liveBlocks.remove(b);
    }

    /** The block behind {@code mem}, claimed for free by this thread; exactly one of concurrent claims wins. */
    private SymmetricBlock claim(String name, SymmetricMemory mem) {
        instance.ensureLive();
        SymmetricBlock b = gate.ownBlock(name, mem);
        if (!b.claimFree()) {
            throw new ShmemStateException(name + " (symmetric memory at heap offset " + b.heapOffset() + ", "
                    + b.byteSize() + " bytes) is already freed or being freed by another thread: free each buffer "
                    + "exactly once");
        }
        return b;
    }

    Optional<MemorySegment> ptr(SymmetricMemory mem, int pe) {
        if (mem instanceof KindBlock) {
            return Operands.kindBlock("mem", mem, instance).ptr(pe);
        }
        return gate.ownBlock("mem", mem).ptr(pe);
    }

    // ---- memory kinds and hints ----

    SymmetricMemory mallocWithHints(long bytes, long hints) {
        instance.ensureLive();
        RuntimeException bad = AllocationArgs.bytes("malloc_with_hints", bytes, instance.heapUsage());
        if (bad == null) {
            bad = AllocationArgs.hints(hints, ShmemRuntime.MALLOC_VALID_HINTS);
        }
        if (bad != null) {
            throw rejected("malloc_with_hints", bytes, hints, "size", "hints", bad);
        }
        if (hints == 0) {
            return malloc(bytes);
        }
        if (bytes == 0) {
            return null;
        }
        // Hints change no placement on one host (every engine serves atomics and signals anywhere): recorded only.
        return block(instance.allocate("malloc_with_hints", bytes, ShmemRuntime.DEFAULT_ALIGNMENT, hints, "hints"),
                hints);
    }

    SymmetricMemory malloc(long bytes, MemType memType) {
        return allocate("malloc", bytes, ShmemRuntime.DEFAULT_ALIGNMENT, memType);
    }

    SymmetricMemory calloc(long count, long elementSize, MemType memType) {
        Operands.notNull("memType", memType);
        if (memType == MemType.HOST_SIDE) {
            return calloc(count, elementSize);
        }
        instance.ensureLive();
        kinds.requireProvider("calloc", memType);
        RuntimeException bad = AllocationArgs.calloc(count, elementSize);
        if (bad != null) {
            throw rejected("calloc(" + memType + ")", AllocationArgs.NO_SIZE, ShmemRuntime.DEFAULT_ALIGNMENT, "size",
                    "alignment", bad);
        }
        SymmetricMemory m = allocate("calloc", count * elementSize, ShmemRuntime.DEFAULT_ALIGNMENT, memType);
        if (m != null) {
            zero((KindBlock) m);
            instance.barrierAll();
        }
        return m;
    }

    /**
     * Zeroes this PE's part of a new block of a provided kind: through its view when it has one, else with the kind's
     * own copies (a GPU heap has no host view), a zeroed host chunk at a time.
     */
    private void zero(KindBlock k) {
        if (k.hostAddressable()) {
            k.local().fill((byte) 0);
            return;
        }
        long size = k.byteSize();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment zeros = arena.allocate(Math.min(size, ZERO_CHUNK));
            for (long at = 0; at < size; at += zeros.byteSize()) {
                long n = Math.min(zeros.byteSize(), size - at);
                k.copies().copyIn(instance.myPe(), k.heapOffset() + at, zeros.asSlice(0, n));
            }
        }
    }

    SymmetricMemory align(long alignment, long bytes, MemType memType) {
        Operands.notNull("memType", memType);
        if (memType == MemType.HOST_SIDE) {
            return align(alignment, bytes);
        }
        instance.ensureLive();
        kinds.requireProvider("align", memType);
        RuntimeException bad = AllocationArgs.alignment(alignment);
        if (bad != null) {
            throw rejected("align(" + memType + ")", bytes, alignment, "size", "alignment", bad);
        }
        return allocate("align", bytes, Math.max(8, alignment), memType);
    }

    private SymmetricMemory allocate(String operation, long bytes, long alignment, MemType memType) {
        Operands.notNull("memType", memType);
        if (memType == MemType.HOST_SIDE) {
            return allocate(operation, bytes, alignment);
        }
        instance.ensureLive();
        kinds.requireProvider(operation, memType);
        RuntimeException bad = AllocationArgs.bytes(operation, bytes, instance.heapUsage());
        if (bad != null) {
            throw rejected(operation + "(" + memType + ")", bytes, alignment, "size", "alignment", bad);
        }
        if (bytes == 0) {
            return null;
        }
        return kinds.allocate(operation, memType, bytes, alignment);
    }

    void free(SymmetricMemory mem, MemType memType) {
        Operands.notNull("memType", memType);
        if (mem == null) {
            return;
        }
        instance.ensureLive();
        Operands.memType("mem", mem instanceof KindBlock ? Operands.kindBlock("mem", mem, instance)
                : gate.ownBlock("mem", mem), memType);
        free(mem);
    }

    /** The block of a provided kind behind {@code mem}, claimed for free; exactly one of concurrent claims wins. */
    private KindBlock claimKind(String name, SymmetricMemory mem) {
        instance.ensureLive();
        KindBlock k = Operands.kindBlock(name, mem, instance);
        if (!k.claimFree()) {
            throw new ShmemStateException(name + " (" + k + ") is already freed or being freed by another thread: "
                    + "free each buffer exactly once");
        }
        return k;
    }

    /** Whether the native {@code segment} lies wholly inside this PE's heap; compares addresses only. */
    boolean inLocalHeap(MemorySegment segment) {
        if (!segment.isNative()) {
            return false;
        }
        MemorySegment heap = instance.localHeap();
        long start = segment.address() - heap.address();
        return start >= 0 && start < heap.byteSize() && segment.byteSize() <= heap.byteSize() - start;
    }
}
