package io.jshmem.operand;

import io.jshmem.MemType;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.MemorySegment;
import java.util.function.IntFunction;

/**
 * A {@link SymmetricMemory} of a provided memory kind ({@link MemType#DEVICE_SIDE}): offset and length in the
 * provider's heap, views sliced from the provider's mappings (host-addressable kinds only), and the kind heap's copies
 * ({@link KindCopies}). It is deliberately not a {@link SymmetricBlock}: the operand checks of host RMA, atomics and
 * collectives ({@link Operands#block}) accept only host blocks, so no host engine ever addresses the host heap at a
 * device block's offset; such a call fails naming the buffer's kind. Only the contiguous put and get take one
 * ({@link Operands#rmaBlock}), and move its bytes with {@link #copies()}.
 *
 * <p>Freed means gone, as for host blocks ({@link MappedBlock}): one CAS decides the winner of concurrent frees, and
 * completing the free closes the block's arena so its views fail on access. Thread-safe.
 */
public final class KindBlock extends MappedBlock {
    private final MemType memType;
    private final String provider;
    /** PE p's mapping or null; null itself for a kind that is not host-addressable (every view is refused). */
    private final IntFunction<MemorySegment> peerHeaps;
    private final KindCopies copies;

    /**
     * A block at {@code offset} of the provider's heap; {@code localHeap} is this PE's mapping of it and
     * {@code peerHeaps} gives PE p's mapping or null (the provider heap's {@code local()} and {@code peer});
     * {@code copies} are the kind heap's copies, which the contiguous put and get use.
     */
    public KindBlock(Object owner, int instanceId, MemType memType, String provider, long offset, long byteSize,
                     MemorySegment localHeap, IntFunction<MemorySegment> peerHeaps, KindCopies copies, int nPes) {
        super(owner, instanceId, offset, byteSize, localHeap, nPes);
        this.memType = memType;
        this.provider = provider;
        this.peerHeaps = peerHeaps;
        this.copies = copies;
    }

    /**
     * A block of a kind that is not host-addressable: jshmem hands out no host view of it, so {@link #local()},
     * {@link #ptr(int)} and team ptr refuse, naming the kind; its bytes move only through {@code copies}.
     */
    public static KindBlock withoutHostViews(Object owner, int instanceId, MemType memType, String provider,
                                             long offset, long byteSize, KindCopies copies, int nPes) {
        return new KindBlock(owner, instanceId, memType, provider, offset, byteSize, null, null, copies, nPes);
    }

    /** The kind heap's copies: how the contiguous put and get move this block's bytes, views or not. */
    public KindCopies copies() {
        return copies;
    }

    /** Whether the block's memory has host views ({@link #local()}, {@link #ptr(int)}). */
    public boolean hostAddressable() {
        return peerHeaps != null;
    }

    @Override
    MemorySegment peerHeap(int pe) {
        if (peerHeaps == null) {
            throw OperandErrors.noHostView(this, "ptr(" + pe + ")");
        }
        return peerHeaps.apply(pe);
    }

    /** The name of the provider whose heap holds the block. */
    public String provider() {
        return provider;
    }

    /**
     * This PE's copy; after a free its accesses fail (the view's arena is closed). Refused for a kind that is not
     * host-addressable.
     */
    @Override
    public MemorySegment local() {
        if (peerHeaps == null) {
            throw OperandErrors.noHostView(this, "local()");
        }
        return localView();
    }

    @Override
    public MemType memType() {
        return memType;
    }

    @Override
    public long hints() {
        return 0;
    }

    @Override
    public String toString() {
        return "SymmetricMemory[" + memType + " (" + provider + "), instance=" + instanceId() + ", offset="
                + heapOffset() + ", bytes=" + byteSize() + (isFreed() ? ", freed" : "") + "]";
    }
}
