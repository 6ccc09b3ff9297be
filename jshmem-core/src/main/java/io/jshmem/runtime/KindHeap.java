package io.jshmem.runtime;

import io.jshmem.MemType;
import io.jshmem.spi.MemoryKindCapabilities;
import io.jshmem.spi.MemoryKindHeap;
import io.jshmem.spi.MemoryKindProvider;
import io.jshmem.spi.MemoryKindSetup;
import io.jshmem.error.ShmemStateException;
import io.jshmem.memory.Block;
import io.jshmem.memory.SymmetricAllocator;

/**
 * The symmetric heap of one provided memory kind in one instance: the provider's memory, carved by jshmem's own
 * deterministic allocator so that offsets agree on every PE. The provider's heap is opened on the first allocation
 * (a collective, so every PE opens it together, as CANN sets up its host heap lazily on the first host malloc).
 * Every operation is a world collective of the instance ({@link Instance#heapCollective}); the operation names carry
 * the kind, so a PE that allocates HOST_SIDE while another allocates this kind makes every PE throw.
 *
 * <p>Thread-safety: the mutable state is guarded by the instance's collective lock (every method runs inside
 * {@link Instance#heapCollective}); {@link #heap()} is published with volatile semantics.
 */
public final class KindHeap {
    private final Instance instance;
    private final MemoryKindProvider provider;
    private final int instanceId;
    private final MemoryKindCapabilities capabilities;
    private volatile MemoryKindHeap heap;
    private SymmetricAllocator allocator;
    private int exchanges;

    public KindHeap(Instance instance, MemoryKindProvider provider, int instanceId) {
        this.instance = instance;
        this.provider = provider;
        this.instanceId = instanceId;
        this.capabilities = provider.capabilities();
        if (capabilities == null) {
            throw new ShmemStateException("memory-kind provider '" + provider.name() + "' (" + provider.getClass()
                    .getName() + ") returned null from capabilities(): it must declare what its heaps allow");
        }
    }

    public MemType memType() {
        return provider.memType();
    }

    public String providerName() {
        return provider.name();
    }

    /** What the provider declared its heaps allow. */
    public MemoryKindCapabilities capabilities() {
        return capabilities;
    }

    /** The provider's heap, or null before the first allocation. */
    public MemoryKindHeap heap() {
        return heap;
    }

    /** Collective allocation in this kind's heap: verified, deterministic, ends in a barrier. */
    public Block allocate(String operation, long size, long alignment) {
        return instance.heapCollective(operation + "(" + memType() + ")", size, alignment, "size", "alignment", () -> {
            openOnFirstUse();
            return allocator.allocate(size, alignment);
        });
    }

    /** Collective free of the block at {@code offset}; verified, ends in a barrier. */
    public void free(long offset) {
        instance.heapCollective("free(" + memType() + ")", offset, 0, "offset", "unused", () -> {
            allocator.free(offset);
            return null;
        });
    }

    private void openOnFirstUse() {
        if (heap != null) {
            return;
        }
        long bytes = instance.heapSize();
        MemoryKindHeap opened = provider.open(new Setup(bytes));
        String bad = opened == null ? "returned no heap" : shortfall(opened, bytes);
        if (bad != null) {
            if (opened != null) {
                opened.close();
            }
            throw new ShmemStateException("memory-kind provider '" + provider.name() + "' (" + provider.getClass()
                    .getName() + ") " + bad + ": its open() must return a heap of at least MemoryKindSetup.byteSize()"
                    + " bytes, with local() a host mapping of them when its capabilities say hostAddressable");
        }
        allocator = new SymmetricAllocator(0, bytes);
        heap = opened;
    }

    /** Why {@code opened} falls short of {@code bytes} or of the declared capabilities, or null when it does not. */
    private String shortfall(MemoryKindHeap opened, long bytes) {
        if (opened.byteSize() < bytes) {
            return "returned a heap of " + opened.byteSize() + " bytes, smaller than the " + bytes + " asked for";
        }
        if (capabilities.hostAddressable() && (opened.local() == null || opened.local().byteSize() < bytes)) {
            return "declares its kind hostAddressable but its heap's local() is "
                    + (opened.local() == null ? "null" : opened.local().byteSize() + " bytes, not " + bytes);
        }
        return null;
    }

    /** Closes the provider's heap (finalize, after every block's views are closed). Not collective. */
    public void close() {
        MemoryKindHeap h = heap;
        heap = null;
        if (h != null) {
            h.close();
        }
    }

    /** The exchange the provider sees during open: this instance's bootstrap, bounded by its control timeout. */
    private final class Setup implements MemoryKindSetup {
        private final long bytes;

        Setup(long bytes) {
            this.bytes = bytes;
        }

        @Override
        public int myPe() {
            return instance.myPe();
        }

        @Override
        public int nPes() {
            return instance.nPes();
        }

        @Override
        public int instanceId() {
            return instanceId;
        }

        @Override
        public long byteSize() {
            return bytes;
        }

        @Override
        public byte[][] allgather(byte[] mine) {
            return instance.bootstrap().allgather(key(), mine.clone(), instance.controlTimeout());
        }

        @Override
        public void barrier() {
            instance.bootstrap().barrier(key(), instance.controlTimeout());
        }

        private String key() {
            return "memkind-" + memType() + "-" + instanceId + "-" + (exchanges++);
        }
    }
}
