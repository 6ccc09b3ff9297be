package io.jshmem.spi;

import java.lang.foreign.MemorySegment;

/**
 * A communication engine: moves bytes and performs atomics on the symmetric heaps of the PEs it can reach.
 * Every remote address is a (pe, heap offset) pair; the routing point ({@code io.jshmem.comm.Comm}) has already
 * checked PE numbers, ranges and alignment, so implementations trust their arguments. Created by a
 * {@link TransportProvider}, collectively, at init.
 *
 * <p>Completion: {@link #put} returns when the source may be reused (local completion); the data is delivered and
 * visible at the target after {@link #quiet()}. {@link #get} returns with the data in the destination. Nbi forms
 * may return earlier and complete at the next {@link #quiet()}; an engine whose {@link #capabilities()} say
 * {@code completesOnReturn} completes every operation before returning.
 *
 * <p>Ordering: {@link #fence()} orders earlier puts, atomics and signals to each target before later ones to the
 * same target; without a fence or quiet, operations to one target may land in any order. Atomics are atomic with
 * respect to every other atomic on the same word by any engine and by the target itself (a hardware atomic on a
 * mapping, or the network's). {@link #putSignal} never makes the signal visible before its data.
 *
 * <p>Thread-safety: all methods may be called concurrently from any number of threads; quiet and fence cover the
 * operations every thread issued before them.
 */
public interface Transport extends AutoCloseable {

    /** Short engine name, e.g. {@code shm} or {@code ucx}. */
    String name();

    /** Whether this engine can serve operations to {@code pe}; true whenever {@link #directSegment} is non-null. */
    boolean canReach(int pe);

    /**
     * The target's heap as a segment of this process when it is directly addressable (same host, mapped),
     * otherwise {@code null} (always null unless {@link #capabilities()} say {@code mapsPeers}). Loads and stores on
     * it are plain memory accesses into the peer's heap.
     */
    MemorySegment directSegment(int pe);

    /** Copies {@code bytes} from {@code src} to PE pe's heap; returns when {@code src} may be reused. */
    void put(int pe, long heapOffset, MemorySegment src, long srcOffset, long bytes);

    /** As {@link #put}, but {@code src} must stay untouched until the next {@link #quiet()}. */
    void putNbi(int pe, long heapOffset, MemorySegment src, long srcOffset, long bytes);

    /** Copies {@code bytes} of PE pe's heap into {@code dst}; returns with the data there. */
    void get(int pe, long heapOffset, MemorySegment dst, long dstOffset, long bytes);

    /** As {@link #get}, but the data is in {@code dst} only after the next {@link #quiet()}. */
    void getNbi(int pe, long heapOffset, MemorySegment dst, long dstOffset, long bytes);

    /** Stores a 64-bit value with release semantics at the target (used for flags and signals). */
    void putLongRelease(int pe, long heapOffset, long value);

    /**
     * 64-bit atomic; returns the old value for fetching ops (0 for SET). Every {@link AmoOp} constant, those added
     * after the engine was written included: one the engine has no instruction for is performed as a
     * compare-and-swap loop over {@link AmoOp#apply(long, long, long)} (so switch with a {@code default}).
     */
    long atomicLong(AmoOp op, int pe, long heapOffset, long operand, long compare);

    /** 32-bit atomic, as {@link #atomicLong} over {@link AmoOp#apply(int, int, int)}. */
    int atomicInt(AmoOp op, int pe, long heapOffset, int operand, int compare);

    // The common 64-bit atomics, one entry each: with the operation in the method rather than in an argument, an
    // engine's implementation is a few bytecodes that the JIT inlines into the caller without compiling every other
    // operation alongside (a shared method taking the op compiled too big to be inlined). Same semantics as
    // atomicLong with the named op.

    /** {@code atomicLong(FETCH_ADD, ...)}: adds {@code value}, returns the old value. */
    default long fetchAddLong(int pe, long heapOffset, long value) {
        return atomicLong(AmoOp.FETCH_ADD, pe, heapOffset, value, 0);
    }

    /** {@code atomicLong(COMPARE_SWAP, ...)}: stores {@code value} when the old value is {@code compare}; returns it. */
    default long compareSwapLong(int pe, long heapOffset, long compare, long value) {
        return atomicLong(AmoOp.COMPARE_SWAP, pe, heapOffset, value, compare);
    }

    /** {@code atomicLong(SWAP, ...)}: stores {@code value}, returns the old value. */
    default long swapLong(int pe, long heapOffset, long value) {
        return atomicLong(AmoOp.SWAP, pe, heapOffset, value, 0);
    }

    /** {@code atomicLong(FETCH, ...)}: the value, read atomically. */
    default long fetchLong(int pe, long heapOffset) {
        return atomicLong(AmoOp.FETCH, pe, heapOffset, 0, 0);
    }

    /** {@code postLong(SET, ...)}: stores {@code value} atomically; done at the target by the next quiet. */
    default void setLong(int pe, long heapOffset, long value) {
        postLong(AmoOp.SET, pe, heapOffset, value);
    }

    /** {@code postLong(FETCH_ADD, ...)}: adds {@code value} atomically; done at the target by the next quiet. */
    default void addLong(int pe, long heapOffset, long value) {
        postLong(AmoOp.FETCH_ADD, pe, heapOffset, value);
    }

    /**
     * Non-fetching 64-bit atomic: {@code op} (SET, or an op whose old value the caller drops) on the word, atomic as
     * {@link #atomicLong}, but, like a {@link #put}, the engine may return before the update is done at the target:
     * it is done and visible there after {@link #quiet()}, and {@link #fence()} orders it with the other operations
     * to that target. The default performs it at once.
     */
    default void postLong(AmoOp op, int pe, long heapOffset, long operand) {
        atomicLong(op, pe, heapOffset, operand, 0);
    }

    /** Non-fetching 32-bit atomic, as {@link #postLong} over {@link AmoOp#apply(int, int, int)}. */
    default void postInt(AmoOp op, int pe, long heapOffset, int operand) {
        atomicInt(op, pe, heapOffset, operand, 0);
    }

    /**
     * Non-blocking fetching 64-bit atomic: the old value is stored into {@code result} at {@code resultOffset} by
     * the next {@link #quiet()} (the default performs the atomic at once).
     */
    default void atomicLongNbi(AmoOp op, int pe, long heapOffset, long operand, long compare, MemorySegment result,
                               long resultOffset) {
        result.set(java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED, resultOffset,
                atomicLong(op, pe, heapOffset, operand, compare));
    }

    /** Non-blocking fetching 32-bit atomic, as {@link #atomicLongNbi}. */
    default void atomicIntNbi(AmoOp op, int pe, long heapOffset, int operand, int compare, MemorySegment result,
                              long resultOffset) {
        result.set(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, resultOffset,
                atomicInt(op, pe, heapOffset, operand, compare));
    }

    /**
     * How a waiting thread drives this engine's target-side progress, or null when operations land without it
     * (shared memory). See {@link WaitProgress}.
     */
    default WaitProgress waitProgress() {
        return null;
    }

    /** What this engine can do (fixed for its lifetime). */
    EngineCapabilities capabilities();

    /** {@code capabilities().completesOnReturn()}: quiet reduces to a full fence for this engine. */
    default boolean completesOnReturn() {
        return capabilities().completesOnReturn();
    }

    /**
     * Puts {@code bytes} then updates the 64-bit signal word: the signal is never visible before the data.
     * {@code add} selects atomic add instead of set. Completion as {@link #put} for the data and {@link #postLong}
     * for the signal: both are done at the target after {@link #quiet()}.
     */
    void putSignal(int pe, long heapOffset, MemorySegment src, long srcOffset, long bytes,
                   long signalOffset, long signalValue, boolean add);

    /** Orders earlier operations to each target before later ones to that target. */
    void fence();

    /** Completes every outstanding operation of this engine and makes it visible at its target. */
    void quiet();

    /** Completes outstanding operations to {@code pe} only. */
    default void quiet(int pe) {
        quiet();
    }

    /**
     * The settings this engine really runs with, by name (for diagnostics and the engine-configuration queries),
     * for example the UCX engine's {@code UCX_MAX_RNDV_RAILS} as UCX itself read it; empty by default.
     */
    default java.util.Map<String, Object> tuning() {
        return java.util.Map.of();
    }

    /** Releases resources; outstanding operations are completed first. */
    @Override
    void close();
}
