package io.jshmem.operand;

import io.jshmem.MemType;
import io.jshmem.SymmetricMemory;
import io.jshmem.comm.Comm;

import java.lang.foreign.MemorySegment;

/**
 * jshmem's {@link SymmetricMemory} of the host heap: heap offset and length of a block, the identity of the instance
 * that owns it, and the views handed out for it, with the free life cycle of {@link MappedBlock}. The hot RMA path
 * does not use views at all (it addresses the mapped heap by offset). Thread-safe.
 */
public final class SymmetricBlock extends MappedBlock {
    /**
     * The empty block: 0 bytes at heap offset 0 of no instance, what a null buffer stands for in a zero-length
     * transfer ({@link Operands#block(String, SymmetricMemory, Object, long)}); never handed to applications.
     */
    static final SymmetricBlock EMPTY = new SymmetricBlock(0, 0);

    /**
     * What {@link Operands#rmaBlock} returns for a block of a provided memory kind, already checked against that
     * block: heap offset {@link Long#MIN_VALUE} and {@link Long#MAX_VALUE} bytes, so that the range arithmetic of the
     * host path ({@link Operands#inBlock}) accepts it unchanged and yields a negative offset, which sends the
     * contiguous put or get to the kind's copies ({@link Operands#kindOffset}). Never handed to an engine or an
     * application.
     */
    static final SymmetricBlock KIND_ROUTE = new SymmetricBlock(Long.MIN_VALUE, Long.MAX_VALUE);

    private final Comm comm;
    /** The usage hints of malloc_with_hints (0 otherwise); recorded only, see ShmemRuntime#mallocWithHints. */
    private final long hints;

    public SymmetricBlock(Object owner, int instanceId, long offset, long byteSize, Comm comm) {
        this(owner, instanceId, offset, byteSize, comm, 0);
    }

    public SymmetricBlock(Object owner, int instanceId, long offset, long byteSize, Comm comm, long hints) {
        super(owner, instanceId, offset, byteSize, comm.localHeap(), comm.nPes());
        this.hints = hints;
        this.comm = comm;
    }

    private SymmetricBlock(long offset, long byteSize) {
        super(null, -1, offset, byteSize, null, 0);
        this.hints = 0;
        this.comm = null;
    }

    @Override
    MemorySegment peerHeap(int pe) {
        return comm.direct(pe);
    }

    /** This PE's copy; throws once the block is freed (its range may belong to another block by then). */
    @Override
    public MemorySegment local() {
        if (!isLive()) {
            throw OperandErrors.freedView("local()", this);
        }
        return localView();
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
    public String toString() {
        return "SymmetricMemory[instance=" + instanceId() + ", offset=" + heapOffset() + ", bytes=" + byteSize()
                + (hints != 0 ? ", hints=" + hints : "") + (isFreed() ? ", freed" : "") + "]";
    }
}
