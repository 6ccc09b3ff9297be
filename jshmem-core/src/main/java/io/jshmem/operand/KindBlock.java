package io.jshmem.operand;

import io.jshmem.MemType;
import io.jshmem.MemoryKindHeap;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@link SymmetricMemory} of a provided memory kind ({@link MemType#DEVICE_SIDE}): offset and length in the
 * provider's heap, and views sliced from the provider's mappings. It is deliberately not a {@link SymmetricBlock}:
 * the RMA operand check ({@link Operands#block}) accepts only host blocks, so no host engine ever addresses the host
 * heap at a device block's offset; such a call fails naming the buffer's kind.
 *
 * <p>Freed means gone, as for host blocks: one CAS decides the winner of concurrent frees, and completing the free
 * closes the block's arena so its views fail on access. Thread-safe.
 */
public final class KindBlock implements SymmetricMemory {
    private static final int LIVE = 0;
    private static final int FREEING = 1;
    private static final int FREED = 2;

    private final Object owner;
    private final int instanceId;
    private final MemType memType;
    private final String provider;
    private final long offset;
    private final long byteSize;
    private final MemoryKindHeap heap;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment local;
    /** Peer views, made on first use; slots hold Optional.empty() for peers the provider does not map here. */
    private final Optional<MemorySegment>[] peers;
    private final AtomicInteger state = new AtomicInteger(LIVE);

    @SuppressWarnings("unchecked")
    public KindBlock(Object owner, int instanceId, MemType memType, String provider, long offset, long byteSize,
                     MemoryKindHeap heap, int nPes) {
        this.owner = owner;
        this.instanceId = instanceId;
        this.memType = memType;
        this.provider = provider;
        this.offset = offset;
        this.byteSize = byteSize;
        this.heap = heap;
        this.local = view(heap.local());
        this.peers = new Optional[nPes];
    }

    private MemorySegment view(MemorySegment kindHeap) {
        return kindHeap.asSlice(offset, byteSize).reinterpret(arena, null);
    }

    /** The instance identity this block belongs to (compared by reference). */
    public Object owner() {
        return owner;
    }

    /** The name of the provider whose heap holds the block. */
    public String provider() {
        return provider;
    }

    @Override
    public int instanceId() {
        return instanceId;
    }

    @Override
    public long byteSize() {
        return byteSize;
    }

    /** Offset of the block in the provider's heap; equal on every PE. */
    @Override
    public long heapOffset() {
        return offset;
    }

    @Override
    public MemorySegment local() {
        return local;
    }

    @Override
    public Optional<MemorySegment> ptr(int pe) {
        Operands.pe("pe", pe, peers.length);
        if (!isLive()) {
            throw OperandErrors.unusableBlock("mem", this, owner);
        }
        Optional<MemorySegment> v = peers[pe];
        if (v == null) {
            v = peerView(pe);
        }
        return v;
    }

    private synchronized Optional<MemorySegment> peerView(int pe) {
        Optional<MemorySegment> v = peers[pe];
        if (v == null) {
            MemorySegment h = heap.peer(pe);
            v = h == null ? Optional.empty() : Optional.of(view(h));
            peers[pe] = v;
        }
        return v;
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
    public boolean isFreed() {
        return state.get() != LIVE;
    }

    /** Whether the block may be used (not freed, no free in progress). */
    public boolean isLive() {
        return state.get() == LIVE;
    }

    /** Claims the right to free this block; false when another free has claimed it or it is freed. */
    public boolean claimFree() {
        return state.compareAndSet(LIVE, FREEING);
    }

    /** Ends a claimed free: the block is gone and its views fail on access. */
    public void completeFree() {
        state.set(FREED);
        arena.close();
    }

    /** Gives a claimed free back (the collective free failed before changing anything). */
    public void abortFree() {
        state.compareAndSet(FREEING, LIVE);
    }

    @Override
    public String toString() {
        return "SymmetricMemory[" + memType + " (" + provider + "), instance=" + instanceId + ", offset=" + offset
                + ", bytes=" + byteSize + (isFreed() ? ", freed" : "") + "]";
    }
}
