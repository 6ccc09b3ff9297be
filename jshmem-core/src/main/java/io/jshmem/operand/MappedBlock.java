package io.jshmem.operand;

import io.jshmem.SymmetricMemory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Optional;

/**
 * What every block of jshmem shares, whatever its memory kind: offset and length in its heap, the identity of the
 * instance that owns it, the views handed out for it, and the free life cycle.
 *
 * <p>Free is atomic and final: {@link #claimFree()} moves LIVE to FREEING with one CAS, so of concurrent frees
 * exactly one proceeds; {@link #completeFree()} marks it FREED and closes the block's shared arena, which makes every
 * view ({@link #localView()}, {@link #ptr(int)}) throw on access from then on, even after the heap range is reused.
 * The JDK's arena close is a handshake with every thread, paid once per free; accesses through the views pay the
 * JDK's liveness check. Sealed to the two kinds the operand checks tell apart ({@link SymmetricBlock} for the host
 * heap, {@link KindBlock} for a provided kind). Thread-safe.
 */
abstract sealed class MappedBlock implements SymmetricMemory permits SymmetricBlock, KindBlock {
    private static final int LIVE = 0;
    private static final int FREEING = 1;
    private static final int FREED = 2;
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(MappedBlock.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Object owner;
    private final int instanceId;
    private final long offset;
    private final long byteSize;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment local;
    /** Peer views, made on first use; slots hold Optional.empty() for peers not mapped here. */
    private final Optional<MemorySegment>[] peers;
    @SuppressWarnings("unused") // accessed through STATE
    private volatile int state;

    /**
     * A block at {@code offset} of {@code localHeap} (this PE's mapping of the heap that holds it), or the empty block
     * ({@link MemorySegment#NULL} as its view) when {@code localHeap} is null.
     */
    @SuppressWarnings("unchecked")
    MappedBlock(Object owner, int instanceId, long offset, long byteSize, MemorySegment localHeap, int nPes) {
        this.owner = owner;
        this.instanceId = instanceId;
        this.offset = offset;
        this.byteSize = byteSize;
        this.local = localHeap == null ? MemorySegment.NULL : view(localHeap);
        this.peers = new Optional[nPes];
    }

    /** PE {@code pe}'s heap as mapped in this process, or null where it is not mapped here. */
    abstract MemorySegment peerHeap(int pe);

    private MemorySegment view(MemorySegment heap) {
        return heap.asSlice(offset, byteSize).reinterpret(arena, null);
    }

    /** This PE's view of the block, without the liveness check (its accesses still fail once the block is freed). */
    final MemorySegment localView() {
        return local;
    }

    /** The instance identity this block belongs to (compared by reference). */
    public final Object owner() {
        return owner;
    }

    @Override
    public final int instanceId() {
        return instanceId;
    }

    @Override
    public final long byteSize() {
        return byteSize;
    }

    /** Offset of the block in its heap; equal on every PE. */
    @Override
    public final long heapOffset() {
        return offset;
    }

    @Override
    public final Optional<MemorySegment> ptr(int pe) {
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
            MemorySegment heap = peerHeap(pe);
            v = heap == null ? Optional.empty() : Optional.of(view(heap));
            peers[pe] = v;
        }
        return v;
    }

    @Override
    public final boolean isFreed() {
        return (int) STATE.getVolatile(this) != LIVE;
    }

    /** Whether the block may be used (not freed, no free in progress). */
    public final boolean isLive() {
        return (int) STATE.getVolatile(this) == LIVE;
    }

    /** Claims the right to free this block; false when another free has claimed it or it is freed. */
    public final boolean claimFree() {
        return STATE.compareAndSet(this, LIVE, FREEING);
    }

    /** Ends a claimed free: the block is gone and its views fail on access. */
    public final void completeFree() {
        STATE.setVolatile(this, FREED);
        arena.close();
    }

    /** Gives a claimed free back (the collective free failed before changing anything). */
    public final void abortFree() {
        STATE.compareAndSet(this, FREEING, LIVE);
    }
}
