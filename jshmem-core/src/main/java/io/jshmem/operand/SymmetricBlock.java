package io.jshmem.operand;

import io.jshmem.MemType;
import io.jshmem.SymmetricMemory;
import io.jshmem.comm.Comm;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Optional;

/**
 * jshmem's {@link SymmetricMemory}: heap offset and length of a block, the identity of the instance that owns it,
 * and the views handed out for it.
 *
 * <p>Free is atomic and final: {@link #claimFree()} moves LIVE to FREEING with one CAS, so of concurrent frees
 * exactly one proceeds; {@link #completeFree()} marks it FREED and closes the block's shared arena, which makes every
 * view ({@link #local()}, {@link #ptr(int)}) throw on access from then on, even after the heap range is reused.
 * The JDK's arena close is a handshake with every thread, paid once per free; accesses through the views pay the
 * JDK's liveness check, and the hot RMA path does not use views at all (it addresses the mapped heap by offset).
 * Thread-safe.
 */
public final class SymmetricBlock implements SymmetricMemory {
    private static final int LIVE = 0;
    private static final int FREEING = 1;
    private static final int FREED = 2;
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(SymmetricBlock.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * The empty block: 0 bytes at heap offset 0 of no instance, what a null buffer stands for in a zero-length
     * transfer ({@link Operands#block(String, SymmetricMemory, Object, long)}); never handed to applications.
     */
    static final SymmetricBlock EMPTY = new SymmetricBlock();

    private final Object owner;
    private final int instanceId;
    private final long offset;
    private final long byteSize;
    private final Comm comm;
    /** The usage hints of malloc_with_hints (0 otherwise); recorded only, see ShmemRuntime#mallocWithHints. */
    private final long hints;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment local;
    /** Peer views, made on first use; slots hold Optional.empty() for peers not mapped here. */
    private final Optional<MemorySegment>[] peers;
    @SuppressWarnings("unused") // accessed through STATE
    private volatile int state;

    public SymmetricBlock(Object owner, int instanceId, long offset, long byteSize, Comm comm) {
        this(owner, instanceId, offset, byteSize, comm, 0);
    }

    @SuppressWarnings("unchecked")
    public SymmetricBlock(Object owner, int instanceId, long offset, long byteSize, Comm comm, long hints) {
        this.owner = owner;
        this.hints = hints;
        this.instanceId = instanceId;
        this.offset = offset;
        this.byteSize = byteSize;
        this.comm = comm;
        this.local = view(comm.localHeap());
        this.peers = new Optional[comm.nPes()];
    }

    @SuppressWarnings("unchecked")
    private SymmetricBlock() {
        this.owner = null;
        this.hints = 0;
        this.instanceId = -1;
        this.offset = 0;
        this.byteSize = 0;
        this.comm = null;
        this.local = MemorySegment.NULL;
        this.peers = new Optional[0];
    }

    private MemorySegment view(MemorySegment heap) {
        return heap.asSlice(offset, byteSize).reinterpret(arena, null);
    }

    /** The instance identity this block belongs to (compared by reference). */
    public Object owner() {
        return owner;
    }

    @Override
    public int instanceId() {
        return instanceId;
    }

    @Override
    public long byteSize() {
        return byteSize;
    }

    @Override
    public long heapOffset() {
        return offset;
    }

    /** This PE's copy; throws once the block is freed (its range may belong to another block by then). */
    @Override
    public MemorySegment local() {
        if (!isLive()) {
            throw OperandErrors.freedView("local()", this);
        }
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
            MemorySegment heap = comm.direct(pe);
            v = heap == null ? Optional.empty() : Optional.of(view(heap));
            peers[pe] = v;
        }
        return v;
    }

    /** Always HOST_SIDE: blocks of other kinds are {@link KindBlock}s, which the RMA operand checks reject. */
    @Override
    public MemType memType() {
        return MemType.HOST_SIDE;
    }

    @Override
    public long hints() {
        return hints;
    }

    @Override
    public boolean isFreed() {
        return (int) STATE.getVolatile(this) != LIVE;
    }

    /** Whether the block may be used (not freed, no free in progress). */
    public boolean isLive() {
        return (int) STATE.getVolatile(this) == LIVE;
    }

    /** Claims the right to free this block; false when another free has claimed it or it is freed. */
    public boolean claimFree() {
        return STATE.compareAndSet(this, LIVE, FREEING);
    }

    /** Ends a claimed free: the block is gone and its views fail on access. */
    public void completeFree() {
        STATE.setVolatile(this, FREED);
        arena.close();
    }

    /** Gives a claimed free back (the collective free failed before changing anything). */
    public void abortFree() {
        STATE.compareAndSet(this, FREEING, LIVE);
    }

    @Override
    public String toString() {
        return "SymmetricMemory[instance=" + instanceId + ", offset=" + offset + ", bytes=" + byteSize
                + (hints != 0 ? ", hints=" + hints : "") + (isFreed() ? ", freed" : "") + "]";
    }
}
