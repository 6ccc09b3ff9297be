package io.jshmem.transport.shm;

import io.jshmem.memory.Copies;
import io.jshmem.spi.AmoOp;
import io.jshmem.spi.EngineCapabilities;
import io.jshmem.spi.Transport;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The same-host engine (CANN SHMEM's MTE): every peer heap on this host is mapped into this process, so puts and
 * gets are copies, and atomics are hardware atomics through {@link VarHandle}s on the mapping, atomic with respect
 * to every other PE and to the target's own atomic accesses. It owns every byte moved to and from a mapped peer:
 * the routing point holds it by its concrete (final) type and calls it directly for mapped peers, so that a put or
 * a scalar p on one host costs no interface dispatch; beyond the SPI it offers forms that take the peer mapping the routing
 * point already read ({@link #putTo}, {@link #getFrom}, scalar, strided and {@link #fetchLong(MemorySegment, long)}).
 *
 * <p>Completion: every operation, nbi included, is complete when the call returns (nbi forms have nothing to
 * defer). Ordering: {@link #fence()} is a release fence and {@link #quiet()} a full fence, so data written before
 * them is visible to any PE that later observes a flag written after them with release/acquire or volatile
 * semantics. Thread-safe.
 */
public final class ShmTransport implements Transport {
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();

    private final MemorySegment[] peers;
    /** Volatile: {@code setMteConfig} may move it while other threads copy; a volatile read is a plain load on x86. */
    private volatile long memcpyThreshold;

    /** {@code peers[pe]} is PE pe's mapped heap, or null when pe is on another host. */
    public ShmTransport(MemorySegment[] peers, long memcpyThreshold) {
        this.peers = peers.clone();
        this.memcpyThreshold = memcpyThreshold;
    }

    @Override
    public String name() {
        return "shm";
    }

    /** Bytes from which copies use the large-copy routine ({@code JSHMEM_MEMCPY_THRESHOLD}, or setMteConfig's). */
    public long memcpyThreshold() {
        return memcpyThreshold;
    }

    /** Moves the large-copy threshold; copies that start afterwards use it. Thread-safe. */
    public void memcpyThreshold(long bytes) {
        this.memcpyThreshold = Math.max(0, bytes);
    }

    /** Every operation is a copy or a VarHandle access on the mapping, complete when the call returns. */
    private static final EngineCapabilities CAPABILITIES = new EngineCapabilities(false, true, true);

    @Override
    public EngineCapabilities capabilities() {
        return CAPABILITIES;
    }

    @Override
    public boolean canReach(int pe) {
        return peers[pe] != null;
    }

    @Override
    public MemorySegment directSegment(int pe) {
        return peers[pe];
    }

    @Override
    public void put(int pe, long heapOffset, MemorySegment src, long srcOffset, long bytes) {
        putTo(peers[pe], heapOffset, src, srcOffset, bytes);
    }

    /**
     * {@link #put} into {@code peer}, a heap this engine mapped ({@link #directSegment}): the routing point's form,
     * which already holds the mapping and so spares the hot path a second lookup and its range check.
     */
    public void putTo(MemorySegment peer, long heapOffset, MemorySegment src, long srcOffset, long bytes) {
        Copies.copy(src, srcOffset, peer, heapOffset, bytes, memcpyThreshold);
    }

    @Override
    public void putNbi(int pe, long heapOffset, MemorySegment src, long srcOffset, long bytes) {
        put(pe, heapOffset, src, srcOffset, bytes);
    }

    @Override
    public void get(int pe, long heapOffset, MemorySegment dst, long dstOffset, long bytes) {
        getFrom(peers[pe], heapOffset, dst, dstOffset, bytes);
    }

    /** {@link #get} from {@code peer}, a heap this engine mapped: the routing point's form, as {@link #putTo}. */
    public void getFrom(MemorySegment peer, long heapOffset, MemorySegment dst, long dstOffset, long bytes) {
        Copies.copy(peer, heapOffset, dst, dstOffset, bytes, memcpyThreshold);
    }

    @Override
    public void getNbi(int pe, long heapOffset, MemorySegment dst, long dstOffset, long bytes) {
        get(pe, heapOffset, dst, dstOffset, bytes);
    }

    /**
     * Scalar p into {@code peer}, a heap this engine mapped: stores one element of {@code layout}'s size taken from
     * {@code bits} (a plain store).
     */
    public void putScalar(MemorySegment peer, long heapOffset, ValueLayout layout, long bits) {
        ScalarAccess.store(peer, heapOffset, layout, bits);
    }

    /** Scalar g from {@code peer}, a heap this engine mapped: one element of {@code layout}'s size as raw bits. */
    public long getScalar(MemorySegment peer, long heapOffset, ValueLayout layout) {
        return ScalarAccess.load(peer, heapOffset, layout);
    }

    /** Strided put: element i of src (srcOffset + i*srcStride elements) to heapOffset + i*dstStride elements. */
    public void iput(MemorySegment d, long heapOffset, long dstStride, MemorySegment src, long srcOffset,
                     long srcStride, long count, long elemSize) {
        for (long i = 0; i < count; i++) {
            MemorySegment.copy(src, srcOffset + i * srcStride * elemSize, d, heapOffset + i * dstStride * elemSize,
                    elemSize);
        }
    }

    /** Strided get: element i at heapOffset + i*srcStride elements to dst (dstOffset + i*dstStride elements). */
    public void iget(MemorySegment s, long heapOffset, long srcStride, MemorySegment dst, long dstOffset,
                     long dstStride, long count, long elemSize) {
        for (long i = 0; i < count; i++) {
            MemorySegment.copy(s, heapOffset + i * srcStride * elemSize, dst, dstOffset + i * dstStride * elemSize,
                    elemSize);
        }
    }

    @Override
    public void putLongRelease(int pe, long heapOffset, long value) {
        LONG.setRelease(peers[pe], heapOffset, value);
    }

    @Override
    public long atomicLong(AmoOp op, int pe, long heapOffset, long operand, long compare) {
        MemorySegment s = peers[pe];
        return switch (op) {
            case FETCH -> (long) LONG.getVolatile(s, heapOffset);
            case SET -> {
                LONG.setVolatile(s, heapOffset, operand);
                yield 0L;
            }
            case SWAP -> (long) LONG.getAndSet(s, heapOffset, operand);
            case COMPARE_SWAP -> (long) LONG.compareAndExchange(s, heapOffset, compare, operand);
            case FETCH_ADD -> (long) LONG.getAndAdd(s, heapOffset, operand);
            case FETCH_AND -> (long) LONG.getAndBitwiseAnd(s, heapOffset, operand);
            case FETCH_OR -> (long) LONG.getAndBitwiseOr(s, heapOffset, operand);
            case FETCH_XOR -> (long) LONG.getAndBitwiseXor(s, heapOffset, operand);
            // Every constant above has its VarHandle instruction; any other is AmoOp's definition, made atomic.
            default -> casLoopLong(op, s, heapOffset, operand, compare);
        };
    }

    /**
     * Performs {@code op} on the 64-bit word at {@code off} of {@code s} as a compare-and-exchange loop over
     * {@link AmoOp#apply(long, long, long)}; returns the old value. Atomic with respect to the VarHandle forms above:
     * the exchange succeeds only if no other write came between the read and it.
     */
    static long casLoopLong(AmoOp op, MemorySegment s, long off, long operand, long compare) {
        long old = (long) LONG.getVolatile(s, off);
        while (true) {
            long witness = (long) LONG.compareAndExchange(s, off, old, op.apply(old, operand, compare));
            if (witness == old) {
                return old;
            }
            old = witness;
        }
    }

    /** As {@link #casLoopLong} on a 32-bit word. */
    static int casLoopInt(AmoOp op, MemorySegment s, long off, int operand, int compare) {
        int old = (int) INT.getVolatile(s, off);
        while (true) {
            int witness = (int) INT.compareAndExchange(s, off, old, op.apply(old, operand, compare));
            if (witness == old) {
                return old;
            }
            old = witness;
        }
    }

    @Override
    public long fetchAddLong(int pe, long heapOffset, long value) {
        return (long) LONG.getAndAdd(peers[pe], heapOffset, value);
    }

    @Override
    public long compareSwapLong(int pe, long heapOffset, long compare, long value) {
        return (long) LONG.compareAndExchange(peers[pe], heapOffset, compare, value);
    }

    @Override
    public long swapLong(int pe, long heapOffset, long value) {
        return (long) LONG.getAndSet(peers[pe], heapOffset, value);
    }

    @Override
    public long fetchLong(int pe, long heapOffset) {
        return fetchLong(peers[pe], heapOffset);
    }

    /** {@link #fetchLong(int, long)} from {@code peer}, a heap this engine mapped (the routing point's form). */
    public long fetchLong(MemorySegment peer, long heapOffset) {
        return (long) LONG.getVolatile(peer, heapOffset);
    }

    @Override
    public void setLong(int pe, long heapOffset, long value) {
        LONG.setVolatile(peers[pe], heapOffset, value);
    }

    @Override
    public void addLong(int pe, long heapOffset, long value) {
        LONG.getAndAdd(peers[pe], heapOffset, value);
    }

    @Override
    public int atomicInt(AmoOp op, int pe, long heapOffset, int operand, int compare) {
        MemorySegment s = peers[pe];
        return switch (op) {
            case FETCH -> (int) INT.getVolatile(s, heapOffset);
            case SET -> {
                INT.setVolatile(s, heapOffset, operand);
                yield 0;
            }
            case SWAP -> (int) INT.getAndSet(s, heapOffset, operand);
            case COMPARE_SWAP -> (int) INT.compareAndExchange(s, heapOffset, compare, operand);
            case FETCH_ADD -> (int) INT.getAndAdd(s, heapOffset, operand);
            case FETCH_AND -> (int) INT.getAndBitwiseAnd(s, heapOffset, operand);
            case FETCH_OR -> (int) INT.getAndBitwiseOr(s, heapOffset, operand);
            case FETCH_XOR -> (int) INT.getAndBitwiseXor(s, heapOffset, operand);
            default -> casLoopInt(op, s, heapOffset, operand, compare);
        };
    }

    @Override
    public void putSignal(int pe, long heapOffset, MemorySegment src, long srcOffset, long bytes,
                          long signalOffset, long signalValue, boolean add) {
        put(pe, heapOffset, src, srcOffset, bytes);
        // The release store (or the volatile read-modify-write) keeps the data stores above before the signal.
        if (add) {
            LONG.getAndAdd(peers[pe], signalOffset, signalValue);
        } else {
            LONG.setRelease(peers[pe], signalOffset, signalValue);
        }
    }

    @Override
    public void fence() {
        VarHandle.releaseFence();
    }

    @Override
    public void quiet() {
        VarHandle.fullFence();
    }

    @Override
    public void close() {
        VarHandle.fullFence();
    }
}
