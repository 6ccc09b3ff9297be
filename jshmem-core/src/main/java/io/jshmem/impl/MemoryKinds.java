package io.jshmem.impl;

import io.jshmem.MemType;
import io.jshmem.SymmetricMemory;
import io.jshmem.config.Setting;
import io.jshmem.error.ShmemStateException;
import io.jshmem.memory.Block;
import io.jshmem.operand.KindBlock;
import io.jshmem.operand.KindCopies;
import io.jshmem.runtime.Instance;
import io.jshmem.runtime.KindHeap;
import io.jshmem.runtime.KindProviders;
import io.jshmem.spi.MemoryKindHeap;

import java.lang.foreign.MemorySegment;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The memory kinds of one runtime besides HOST_SIDE: chooses the provider for DEVICE_SIDE on first use
 * ({@link KindProviders}: the one {@code JSHMEM_DEVICE_KIND} names, or the first available), keeps that kind's
 * {@link KindHeap}, hands out blocks with host views only when the kind is host-addressable (and with the heap's
 * copies always, for the contiguous put and get), and tracks the live
 * blocks so finalize closes their views before the provider's heap. A missing or unknown provider fails before any
 * communication (every PE sees the same class path, machine and settings, so every PE fails alike).
 *
 * <p>Thread-safety: allocation and free are collective and serialized by the instance's collective lock; the heap
 * is created under this object's monitor; the live set is concurrent.
 */
final class MemoryKinds {
    private final Instance instance;
    private final int instanceId;
    private final Set<KindBlock> live = ConcurrentHashMap.newKeySet();
    private KindHeap device;

    MemoryKinds(Instance instance, int instanceId) {
        this.instance = instance;
        this.instanceId = instanceId;
    }

    /** Collective: a DEVICE_SIDE block of {@code bytes} (already checked, above 0) aligned to {@code alignment}. */
    KindBlock allocate(String operation, MemType kind, long bytes, long alignment) {
        KindHeap heap = heap(operation, kind);
        Block b = heap.allocate(operation, bytes, alignment);
        var h = heap.heap();
        Copies copies = new Copies(heap);
        KindBlock block = heap.capabilities().hostAddressable()
                ? new KindBlock(instance, instanceId, kind, heap.providerName(), b.offset(), b.size(),
                        h.local(), h::peer, copies, instance.nPes())
                : KindBlock.withoutHostViews(instance, instanceId, kind, heap.providerName(), b.offset(),
                        b.size(), copies, instance.nPes());
        live.add(block);
        return block;
    }

    /** Fails before any communication when no provider serves {@code kind}. */
    void requireProvider(String operation, MemType kind) {
        heap(operation, kind);
    }

    private synchronized KindHeap heap(String operation, MemType kind) {
        if (device == null) {
            device = new KindHeap(instance, KindProviders.choose(operation, kind,
                    instance.settings().string(Setting.DEVICE_KIND)), instanceId);
        }
        return device;
    }

    /** Collective free of a claimed block. */
    void free(KindBlock block) {
        try {
            device.free(block.heapOffset());
        } catch (RuntimeException | Error e) {
            block.abortFree();
            throw e;
        }
        block.completeFree();
        live.remove(block);
    }

    /** Closes every live block's views, then the providers' heaps (finalize). */
    void close() {
        for (KindBlock b : live) {
            if (b.claimFree()) {
                b.completeFree();
            }
        }
        live.clear();
        KindHeap d;
        synchronized (this) {
            d = device;
            device = null;
        }
        if (d != null) {
            d.close();
        }
    }

    /** The live block of a provided kind behind {@code mem}, or null when {@code mem} is not one. */
    static KindBlock asKindBlock(SymmetricMemory mem) {
        return mem instanceof KindBlock k ? k : null;
    }

    /**
     * A kind heap's copies as the contiguous put and get use them. The provider's heap is read on each copy, so one
     * that finalize has closed is refused by name rather than touched.
     */
    private record Copies(KindHeap kind) implements KindCopies {
        @Override
        public void copyIn(int pe, long offset, MemorySegment src) {
            open().copyIn(pe, offset, src);
        }

        @Override
        public void copyOut(int pe, long offset, MemorySegment dst) {
            open().copyOut(pe, offset, dst);
        }

        private MemoryKindHeap open() {
            MemoryKindHeap h = kind.heap();
            if (h == null) {
                throw new ShmemStateException("the " + kind.memType() + " heap of memory kind '"
                        + kind.providerName() + "' is closed: its instance has been finalized; nothing was copied");
            }
            return h;
        }
    }
}
