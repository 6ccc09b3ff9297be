package io.jshmem;

import io.jshmem.comm.Comm;
import io.jshmem.comm.Comparison;
import io.jshmem.comm.PointToPoint;
import io.jshmem.comm.WaitType;
import io.jshmem.error.Checks;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;
import io.jshmem.runtime.ContextState;
import io.jshmem.runtime.Instance;
import io.jshmem.transport.AmoOp;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * A communication context: the RMA operations of OpenSHMEM (put, get, their nbi and strided forms, scalar p/g)
 * and the ordering calls {@link #quiet()} and {@link #fence()}. {@link ShmemRuntime} is the default context.
 *
 * <p>Completion and ordering, in VarHandle terms:
 * <ul>
 * <li>A blocking put returns once the source may be reused. The stores into the target are plain stores; they are
 * complete and visible to the target after {@link #quiet()} (a full fence, {@code VarHandle.fullFence()} on the
 * shared-memory engine) or a barrier.</li>
 * <li>A get returns with the data in the destination (plain loads of the target's memory).</li>
 * <li>{@link #fence()} orders earlier puts, atomics and signals to each PE before later ones to the same PE
 * (a release fence on the shared-memory engine): a PE that observes a later flag with acquire semantics
 * observes the earlier data.</li>
 * <li>Nbi operations may complete at any time up to the next {@link #quiet()}; their buffers must not be touched
 * before it.</li>
 * </ul>
 *
 * <p>Synchronization, in the same terms:
 * <ul>
 * <li>Atomics ({@code atomicFetchAddLong} and friends) are hardware atomics on naturally aligned int/long slots:
 * volatile read-modify-writes ({@code VarHandle.getAndAdd}, {@code compareAndExchange}, ...) on the mapped heap on
 * one host, atomic with respect to every PE and to the target's own atomic accesses.</li>
 * <li>Put-with-signal stores the data, then the 64-bit signal with a release store (SET) or a volatile add (ADD):
 * a PE that observes the signal through an acquire load ({@link #signalWaitUntil}, {@link #signalFetch}, the waits
 * and tests) observes the data. The fence and quiet rules above apply to atomics and signals as to puts.</li>
 * <li>Waits and tests read this PE's variables with acquire loads; a wait spins, then yields and parks, honours
 * {@code JSHMEM_TIMEOUT} and fails with {@link io.jshmem.error.PeFailedException} when a PE dies.</li>
 * </ul>
 *
 * <p>Contexts: {@link ShmemRuntime} is the default context; {@link ShmemRuntime#createCtx(CtxOption...)} makes more,
 * each with its own {@link #quiet()} and {@link #fence()} (which complete and order what was issued through it).
 * A destroyed context, or a {@link CtxOption#PRIVATE} one used from another thread, throws
 * {@link io.jshmem.error.ShmemStateException} (with argument checks on).
 *
 * <p>Thread-safety: all methods may be called from any thread; operations of different threads on overlapping
 * memory are not ordered with each other except through quiet, fence and the synchronization calls.
 *
 * <p>Bad input (PE out of range, a range outside the block, a freed buffer, a negative count) throws before anything
 * is read or written, here or at the target.
 */
public class Context {
    private final ShmemRuntime runtime;
    final Comm comm;
    private final boolean checks;
    private final int nPes;
    /** A created context's own state (engine view, options, owner, destroyed); null for the default context. */
    final ContextState state;
    /** The team a context was created from; null for the world team. */
    private final Team team;

    Context(ShmemRuntime runtime, Instance instance) {
        this(runtime, instance, null, null);
    }

    Context(ShmemRuntime runtime, Instance instance, ContextState state, Team team) {
        this.runtime = runtime == null ? (ShmemRuntime) this : runtime;
        this.state = state;
        this.team = team;
        this.comm = state == null ? instance.comm() : state.comm();
        this.checks = instance.settings().bool(io.jshmem.config.Setting.CHECKS);
        this.nPes = instance.nPes();
    }

    /** The runtime (instance) this context belongs to. */
    public final ShmemRuntime runtime() {
        return runtime;
    }

    /** This PE's number, 0..nPes()-1 ({@code shmem_my_pe}). */
    public final int myPe() {
        return comm.myPe();
    }

    /** Number of PEs in the job ({@code shmem_n_pes}). */
    public final int nPes() {
        return nPes;
    }

    // ---- byte-level RMA -------------------------------------------------------------------------------------

    /** Copies {@code bytes} from {@code src} to {@code dest + destOffset} on {@code pe} ({@code shmem_putmem}). */
    public final void putmem(SymmetricMemory dest, long destOffset, MemorySegment src, long srcOffset, long bytes,
                             int pe) {
        long off = remote(dest, "dest", destOffset, "destOffset", bytes, pe);
        local(src, "src", srcOffset, "srcOffset", bytes);
        comm.put(pe, off, src, srcOffset, bytes);
    }

    /** Copies from this PE's copy of a symmetric block to {@code dest} on {@code pe}. */
    public final void putmem(SymmetricMemory dest, long destOffset, SymmetricMemory src, long srcOffset, long bytes,
                             int pe) {
        long off = remote(dest, "dest", destOffset, "destOffset", bytes, pe);
        long srcOff = remote(src, "src", srcOffset, "srcOffset", bytes, pe);
        comm.put(pe, off, comm.localHeap(), srcOff, bytes);
    }

    /** Non-blocking {@code putmem}: complete after {@link #quiet()}. */
    public final void putmemNbi(SymmetricMemory dest, long destOffset, MemorySegment src, long srcOffset,
                                long bytes, int pe) {
        long off = remote(dest, "dest", destOffset, "destOffset", bytes, pe);
        local(src, "src", srcOffset, "srcOffset", bytes);
        comm.putNbi(pe, off, src, srcOffset, bytes);
    }

    /** Non-blocking put from this PE's copy of a symmetric block. */
    public final void putmemNbi(SymmetricMemory dest, long destOffset, SymmetricMemory src, long srcOffset,
                                long bytes, int pe) {
        long off = remote(dest, "dest", destOffset, "destOffset", bytes, pe);
        long srcOff = remote(src, "src", srcOffset, "srcOffset", bytes, pe);
        comm.putNbi(pe, off, comm.localHeap(), srcOff, bytes);
    }

    /** Copies {@code bytes} from {@code src + srcOffset} on {@code pe} into {@code dest} ({@code shmem_getmem}). */
    public final void getmem(MemorySegment dest, long destOffset, SymmetricMemory src, long srcOffset, long bytes,
                             int pe) {
        long off = remote(src, "src", srcOffset, "srcOffset", bytes, pe);
        local(dest, "dest", destOffset, "destOffset", bytes);
        comm.get(pe, off, dest, destOffset, bytes);
    }

    /** Copies from {@code src} on {@code pe} into this PE's copy of a symmetric block. */
    public final void getmem(SymmetricMemory dest, long destOffset, SymmetricMemory src, long srcOffset, long bytes,
                             int pe) {
        long off = remote(src, "src", srcOffset, "srcOffset", bytes, pe);
        long dstOff = remote(dest, "dest", destOffset, "destOffset", bytes, pe);
        comm.get(pe, off, comm.localHeap(), dstOff, bytes);
    }

    /** Non-blocking {@code getmem}: {@code dest} holds the data after {@link #quiet()}. */
    public final void getmemNbi(MemorySegment dest, long destOffset, SymmetricMemory src, long srcOffset,
                                long bytes, int pe) {
        long off = remote(src, "src", srcOffset, "srcOffset", bytes, pe);
        local(dest, "dest", destOffset, "destOffset", bytes);
        comm.getNbi(pe, off, dest, destOffset, bytes);
    }

    /** Non-blocking get into this PE's copy of a symmetric block. */
    public final void getmemNbi(SymmetricMemory dest, long destOffset, SymmetricMemory src, long srcOffset,
                                long bytes, int pe) {
        long off = remote(src, "src", srcOffset, "srcOffset", bytes, pe);
        long dstOff = remote(dest, "dest", destOffset, "destOffset", bytes, pe);
        comm.getNbi(pe, off, comm.localHeap(), dstOff, bytes);
    }

    // ---- typed RMA from and to segments ---------------------------------------------------------------------

    /**
     * Typed put from a segment: {@code count} elements of {@code type} from element {@code srcIndex} of {@code src}
     * to element {@code destIndex} of {@code dest} on {@code pe}.
     */
    public final void put(ValueLayout type, SymmetricMemory dest, long destIndex, MemorySegment src, long srcIndex,
                          long count, int pe) {
        long size = type.byteSize();
        checkCount(count);
        putmem(dest, destIndex * size, src, srcIndex * size, count * size, pe);
    }

    /** Typed get into a segment: {@code count} elements of {@code type}. */
    public final void get(ValueLayout type, MemorySegment dest, long destIndex, SymmetricMemory src, long srcIndex,
                          long count, int pe) {
        long size = type.byteSize();
        checkCount(count);
        getmem(dest, destIndex * size, src, srcIndex * size, count * size, pe);
    }

    // BEGIN GENERATED TYPED RMA (tools/gen_typed_rma.py)

    /**
     * Copies {@code count} bytes from {@code src[srcIndex..]} to element {@code destIndex} of {@code dest} on
     * {@code pe} ({@code shmem_byte_put}). Returns when {@code src} may be reused; complete at the target after
     * {@link #quiet()}.
     */
    public final void put(SymmetricMemory dest, long destIndex, byte[] src, int srcIndex, int count, int pe) {
        putArray(dest, destIndex, MemorySegment.ofArray(src), src.length, srcIndex, count, ValueLayout.JAVA_BYTE, pe,
                false);
    }

    /** Non-blocking {@link #put(SymmetricMemory, long, byte[], int, int, int)}: complete after {@link #quiet()}. */
    public final void putNbi(SymmetricMemory dest, long destIndex, byte[] src, int srcIndex, int count, int pe) {
        putArray(dest, destIndex, MemorySegment.ofArray(src), src.length, srcIndex, count, ValueLayout.JAVA_BYTE, pe,
                true);
    }

    /** Copies {@code count} bytes from element {@code srcIndex} of {@code src} on {@code pe} into {@code dest}. */
    public final void get(byte[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {
        getArray(MemorySegment.ofArray(dest), dest.length, destIndex, src, srcIndex, count, ValueLayout.JAVA_BYTE, pe,
                false);
    }

    /** Non-blocking get: {@code dest} holds the data after {@link #quiet()}. */
    public final void getNbi(byte[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {
        getArray(MemorySegment.ofArray(dest), dest.length, destIndex, src, srcIndex, count, ValueLayout.JAVA_BYTE, pe,
                true);
    }

    /** Strided put ({@code shmem_byte_iput}): strides are in elements and at least 1. */
    public final void iput(SymmetricMemory dest, long destIndex, long destStride, byte[] src, int srcIndex,
                           int srcStride, int count, int pe) {
        iputArray(dest, destIndex, destStride, MemorySegment.ofArray(src), src.length, srcIndex, srcStride, count,
                ValueLayout.JAVA_BYTE, pe);
    }

    /** Strided get ({@code shmem_byte_iget}): strides are in elements and at least 1. */
    public final void iget(byte[] dest, int destIndex, int destStride, SymmetricMemory src, long srcIndex,
                           long srcStride, int count, int pe) {
        igetArray(MemorySegment.ofArray(dest), dest.length, destIndex, destStride, src, srcIndex, srcStride, count,
                ValueLayout.JAVA_BYTE, pe);
    }

    /** Stores one byte at element {@code index} of {@code dest} on {@code pe} ({@code shmem_byte_p}). */
    public final void p(SymmetricMemory dest, long index, byte value, int pe) {
        putScalar(dest, index, ValueLayout.JAVA_BYTE, value, pe);
    }

    /** Loads one byte from element {@code index} of {@code src} on {@code pe} ({@code shmem_byte_g}). */
    public final byte gByte(SymmetricMemory src, long index, int pe) {
        long bits = getScalar(src, index, ValueLayout.JAVA_BYTE, pe);
        return (byte) bits;
    }

    /**
     * Copies {@code count} shorts from {@code src[srcIndex..]} to element {@code destIndex} of {@code dest} on
     * {@code pe} ({@code shmem_short_put}). Returns when {@code src} may be reused; complete at the target after
     * {@link #quiet()}.
     */
    public final void put(SymmetricMemory dest, long destIndex, short[] src, int srcIndex, int count, int pe) {
        putArray(dest, destIndex, MemorySegment.ofArray(src), src.length, srcIndex, count, ValueLayout.JAVA_SHORT, pe,
                false);
    }

    /** Non-blocking {@link #put(SymmetricMemory, long, short[], int, int, int)}: complete after {@link #quiet()}. */
    public final void putNbi(SymmetricMemory dest, long destIndex, short[] src, int srcIndex, int count, int pe) {
        putArray(dest, destIndex, MemorySegment.ofArray(src), src.length, srcIndex, count, ValueLayout.JAVA_SHORT, pe,
                true);
    }

    /** Copies {@code count} shorts from element {@code srcIndex} of {@code src} on {@code pe} into {@code dest}. */
    public final void get(short[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {
        getArray(MemorySegment.ofArray(dest), dest.length, destIndex, src, srcIndex, count, ValueLayout.JAVA_SHORT, pe,
                false);
    }

    /** Non-blocking get: {@code dest} holds the data after {@link #quiet()}. */
    public final void getNbi(short[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {
        getArray(MemorySegment.ofArray(dest), dest.length, destIndex, src, srcIndex, count, ValueLayout.JAVA_SHORT, pe,
                true);
    }

    /** Strided put ({@code shmem_short_iput}): strides are in elements and at least 1. */
    public final void iput(SymmetricMemory dest, long destIndex, long destStride, short[] src, int srcIndex,
                           int srcStride, int count, int pe) {
        iputArray(dest, destIndex, destStride, MemorySegment.ofArray(src), src.length, srcIndex, srcStride, count,
                ValueLayout.JAVA_SHORT, pe);
    }

    /** Strided get ({@code shmem_short_iget}): strides are in elements and at least 1. */
    public final void iget(short[] dest, int destIndex, int destStride, SymmetricMemory src, long srcIndex,
                           long srcStride, int count, int pe) {
        igetArray(MemorySegment.ofArray(dest), dest.length, destIndex, destStride, src, srcIndex, srcStride, count,
                ValueLayout.JAVA_SHORT, pe);
    }

    /** Stores one short at element {@code index} of {@code dest} on {@code pe} ({@code shmem_short_p}). */
    public final void p(SymmetricMemory dest, long index, short value, int pe) {
        putScalar(dest, index, ValueLayout.JAVA_SHORT, value, pe);
    }

    /** Loads one short from element {@code index} of {@code src} on {@code pe} ({@code shmem_short_g}). */
    public final short gShort(SymmetricMemory src, long index, int pe) {
        long bits = getScalar(src, index, ValueLayout.JAVA_SHORT, pe);
        return (short) bits;
    }

    /**
     * Copies {@code count} chars from {@code src[srcIndex..]} to element {@code destIndex} of {@code dest} on
     * {@code pe} ({@code shmem_char_put}). Returns when {@code src} may be reused; complete at the target after
     * {@link #quiet()}.
     */
    public final void put(SymmetricMemory dest, long destIndex, char[] src, int srcIndex, int count, int pe) {
        putArray(dest, destIndex, MemorySegment.ofArray(src), src.length, srcIndex, count, ValueLayout.JAVA_CHAR, pe,
                false);
    }

    /** Non-blocking {@link #put(SymmetricMemory, long, char[], int, int, int)}: complete after {@link #quiet()}. */
    public final void putNbi(SymmetricMemory dest, long destIndex, char[] src, int srcIndex, int count, int pe) {
        putArray(dest, destIndex, MemorySegment.ofArray(src), src.length, srcIndex, count, ValueLayout.JAVA_CHAR, pe,
                true);
    }

    /** Copies {@code count} chars from element {@code srcIndex} of {@code src} on {@code pe} into {@code dest}. */
    public final void get(char[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {
        getArray(MemorySegment.ofArray(dest), dest.length, destIndex, src, srcIndex, count, ValueLayout.JAVA_CHAR, pe,
                false);
    }

    /** Non-blocking get: {@code dest} holds the data after {@link #quiet()}. */
    public final void getNbi(char[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {
        getArray(MemorySegment.ofArray(dest), dest.length, destIndex, src, srcIndex, count, ValueLayout.JAVA_CHAR, pe,
                true);
    }

    /** Strided put ({@code shmem_char_iput}): strides are in elements and at least 1. */
    public final void iput(SymmetricMemory dest, long destIndex, long destStride, char[] src, int srcIndex,
                           int srcStride, int count, int pe) {
        iputArray(dest, destIndex, destStride, MemorySegment.ofArray(src), src.length, srcIndex, srcStride, count,
                ValueLayout.JAVA_CHAR, pe);
    }

    /** Strided get ({@code shmem_char_iget}): strides are in elements and at least 1. */
    public final void iget(char[] dest, int destIndex, int destStride, SymmetricMemory src, long srcIndex,
                           long srcStride, int count, int pe) {
        igetArray(MemorySegment.ofArray(dest), dest.length, destIndex, destStride, src, srcIndex, srcStride, count,
                ValueLayout.JAVA_CHAR, pe);
    }

    /** Stores one char at element {@code index} of {@code dest} on {@code pe} ({@code shmem_char_p}). */
    public final void p(SymmetricMemory dest, long index, char value, int pe) {
        putScalar(dest, index, ValueLayout.JAVA_CHAR, value, pe);
    }

    /** Loads one char from element {@code index} of {@code src} on {@code pe} ({@code shmem_char_g}). */
    public final char gChar(SymmetricMemory src, long index, int pe) {
        long bits = getScalar(src, index, ValueLayout.JAVA_CHAR, pe);
        return (char) bits;
    }

    /**
     * Copies {@code count} ints from {@code src[srcIndex..]} to element {@code destIndex} of {@code dest} on
     * {@code pe} ({@code shmem_int_put}). Returns when {@code src} may be reused; complete at the target after
     * {@link #quiet()}.
     */
    public final void put(SymmetricMemory dest, long destIndex, int[] src, int srcIndex, int count, int pe) {
        putArray(dest, destIndex, MemorySegment.ofArray(src), src.length, srcIndex, count, ValueLayout.JAVA_INT, pe,
                false);
    }

    /** Non-blocking {@link #put(SymmetricMemory, long, int[], int, int, int)}: complete after {@link #quiet()}. */
    public final void putNbi(SymmetricMemory dest, long destIndex, int[] src, int srcIndex, int count, int pe) {
        putArray(dest, destIndex, MemorySegment.ofArray(src), src.length, srcIndex, count, ValueLayout.JAVA_INT, pe,
                true);
    }

    /** Copies {@code count} ints from element {@code srcIndex} of {@code src} on {@code pe} into {@code dest}. */
    public final void get(int[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {
        getArray(MemorySegment.ofArray(dest), dest.length, destIndex, src, srcIndex, count, ValueLayout.JAVA_INT, pe,
                false);
    }

    /** Non-blocking get: {@code dest} holds the data after {@link #quiet()}. */
    public final void getNbi(int[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {
        getArray(MemorySegment.ofArray(dest), dest.length, destIndex, src, srcIndex, count, ValueLayout.JAVA_INT, pe,
                true);
    }

    /** Strided put ({@code shmem_int_iput}): strides are in elements and at least 1. */
    public final void iput(SymmetricMemory dest, long destIndex, long destStride, int[] src, int srcIndex,
                           int srcStride, int count, int pe) {
        iputArray(dest, destIndex, destStride, MemorySegment.ofArray(src), src.length, srcIndex, srcStride, count,
                ValueLayout.JAVA_INT, pe);
    }

    /** Strided get ({@code shmem_int_iget}): strides are in elements and at least 1. */
    public final void iget(int[] dest, int destIndex, int destStride, SymmetricMemory src, long srcIndex,
                           long srcStride, int count, int pe) {
        igetArray(MemorySegment.ofArray(dest), dest.length, destIndex, destStride, src, srcIndex, srcStride, count,
                ValueLayout.JAVA_INT, pe);
    }

    /** Stores one int at element {@code index} of {@code dest} on {@code pe} ({@code shmem_int_p}). */
    public final void p(SymmetricMemory dest, long index, int value, int pe) {
        putScalar(dest, index, ValueLayout.JAVA_INT, value, pe);
    }

    /** Loads one int from element {@code index} of {@code src} on {@code pe} ({@code shmem_int_g}). */
    public final int gInt(SymmetricMemory src, long index, int pe) {
        long bits = getScalar(src, index, ValueLayout.JAVA_INT, pe);
        return (int) bits;
    }

    /**
     * Copies {@code count} longs from {@code src[srcIndex..]} to element {@code destIndex} of {@code dest} on
     * {@code pe} ({@code shmem_long_put}). Returns when {@code src} may be reused; complete at the target after
     * {@link #quiet()}.
     */
    public final void put(SymmetricMemory dest, long destIndex, long[] src, int srcIndex, int count, int pe) {
        putArray(dest, destIndex, MemorySegment.ofArray(src), src.length, srcIndex, count, ValueLayout.JAVA_LONG, pe,
                false);
    }

    /** Non-blocking {@link #put(SymmetricMemory, long, long[], int, int, int)}: complete after {@link #quiet()}. */
    public final void putNbi(SymmetricMemory dest, long destIndex, long[] src, int srcIndex, int count, int pe) {
        putArray(dest, destIndex, MemorySegment.ofArray(src), src.length, srcIndex, count, ValueLayout.JAVA_LONG, pe,
                true);
    }

    /** Copies {@code count} longs from element {@code srcIndex} of {@code src} on {@code pe} into {@code dest}. */
    public final void get(long[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {
        getArray(MemorySegment.ofArray(dest), dest.length, destIndex, src, srcIndex, count, ValueLayout.JAVA_LONG, pe,
                false);
    }

    /** Non-blocking get: {@code dest} holds the data after {@link #quiet()}. */
    public final void getNbi(long[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {
        getArray(MemorySegment.ofArray(dest), dest.length, destIndex, src, srcIndex, count, ValueLayout.JAVA_LONG, pe,
                true);
    }

    /** Strided put ({@code shmem_long_iput}): strides are in elements and at least 1. */
    public final void iput(SymmetricMemory dest, long destIndex, long destStride, long[] src, int srcIndex,
                           int srcStride, int count, int pe) {
        iputArray(dest, destIndex, destStride, MemorySegment.ofArray(src), src.length, srcIndex, srcStride, count,
                ValueLayout.JAVA_LONG, pe);
    }

    /** Strided get ({@code shmem_long_iget}): strides are in elements and at least 1. */
    public final void iget(long[] dest, int destIndex, int destStride, SymmetricMemory src, long srcIndex,
                           long srcStride, int count, int pe) {
        igetArray(MemorySegment.ofArray(dest), dest.length, destIndex, destStride, src, srcIndex, srcStride, count,
                ValueLayout.JAVA_LONG, pe);
    }

    /** Stores one long at element {@code index} of {@code dest} on {@code pe} ({@code shmem_long_p}). */
    public final void p(SymmetricMemory dest, long index, long value, int pe) {
        putScalar(dest, index, ValueLayout.JAVA_LONG, value, pe);
    }

    /** Loads one long from element {@code index} of {@code src} on {@code pe} ({@code shmem_long_g}). */
    public final long gLong(SymmetricMemory src, long index, int pe) {
        long bits = getScalar(src, index, ValueLayout.JAVA_LONG, pe);
        return bits;
    }

    /**
     * Copies {@code count} floats from {@code src[srcIndex..]} to element {@code destIndex} of {@code dest} on
     * {@code pe} ({@code shmem_float_put}). Returns when {@code src} may be reused; complete at the target after
     * {@link #quiet()}.
     */
    public final void put(SymmetricMemory dest, long destIndex, float[] src, int srcIndex, int count, int pe) {
        putArray(dest, destIndex, MemorySegment.ofArray(src), src.length, srcIndex, count, ValueLayout.JAVA_FLOAT, pe,
                false);
    }

    /** Non-blocking {@link #put(SymmetricMemory, long, float[], int, int, int)}: complete after {@link #quiet()}. */
    public final void putNbi(SymmetricMemory dest, long destIndex, float[] src, int srcIndex, int count, int pe) {
        putArray(dest, destIndex, MemorySegment.ofArray(src), src.length, srcIndex, count, ValueLayout.JAVA_FLOAT, pe,
                true);
    }

    /** Copies {@code count} floats from element {@code srcIndex} of {@code src} on {@code pe} into {@code dest}. */
    public final void get(float[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {
        getArray(MemorySegment.ofArray(dest), dest.length, destIndex, src, srcIndex, count, ValueLayout.JAVA_FLOAT, pe,
                false);
    }

    /** Non-blocking get: {@code dest} holds the data after {@link #quiet()}. */
    public final void getNbi(float[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {
        getArray(MemorySegment.ofArray(dest), dest.length, destIndex, src, srcIndex, count, ValueLayout.JAVA_FLOAT, pe,
                true);
    }

    /** Strided put ({@code shmem_float_iput}): strides are in elements and at least 1. */
    public final void iput(SymmetricMemory dest, long destIndex, long destStride, float[] src, int srcIndex,
                           int srcStride, int count, int pe) {
        iputArray(dest, destIndex, destStride, MemorySegment.ofArray(src), src.length, srcIndex, srcStride, count,
                ValueLayout.JAVA_FLOAT, pe);
    }

    /** Strided get ({@code shmem_float_iget}): strides are in elements and at least 1. */
    public final void iget(float[] dest, int destIndex, int destStride, SymmetricMemory src, long srcIndex,
                           long srcStride, int count, int pe) {
        igetArray(MemorySegment.ofArray(dest), dest.length, destIndex, destStride, src, srcIndex, srcStride, count,
                ValueLayout.JAVA_FLOAT, pe);
    }

    /** Stores one float at element {@code index} of {@code dest} on {@code pe} ({@code shmem_float_p}). */
    public final void p(SymmetricMemory dest, long index, float value, int pe) {
        putScalar(dest, index, ValueLayout.JAVA_FLOAT, Float.floatToRawIntBits(value), pe);
    }

    /** Loads one float from element {@code index} of {@code src} on {@code pe} ({@code shmem_float_g}). */
    public final float gFloat(SymmetricMemory src, long index, int pe) {
        long bits = getScalar(src, index, ValueLayout.JAVA_FLOAT, pe);
        return Float.intBitsToFloat((int) bits);
    }

    /**
     * Copies {@code count} doubles from {@code src[srcIndex..]} to element {@code destIndex} of {@code dest} on
     * {@code pe} ({@code shmem_double_put}). Returns when {@code src} may be reused; complete at the target after
     * {@link #quiet()}.
     */
    public final void put(SymmetricMemory dest, long destIndex, double[] src, int srcIndex, int count, int pe) {
        putArray(dest, destIndex, MemorySegment.ofArray(src), src.length, srcIndex, count, ValueLayout.JAVA_DOUBLE, pe,
                false);
    }

    /** Non-blocking {@link #put(SymmetricMemory, long, double[], int, int, int)}: complete after {@link #quiet()}. */
    public final void putNbi(SymmetricMemory dest, long destIndex, double[] src, int srcIndex, int count, int pe) {
        putArray(dest, destIndex, MemorySegment.ofArray(src), src.length, srcIndex, count, ValueLayout.JAVA_DOUBLE, pe,
                true);
    }

    /** Copies {@code count} doubles from element {@code srcIndex} of {@code src} on {@code pe} into {@code dest}. */
    public final void get(double[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {
        getArray(MemorySegment.ofArray(dest), dest.length, destIndex, src, srcIndex, count, ValueLayout.JAVA_DOUBLE, pe,
                false);
    }

    /** Non-blocking get: {@code dest} holds the data after {@link #quiet()}. */
    public final void getNbi(double[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {
        getArray(MemorySegment.ofArray(dest), dest.length, destIndex, src, srcIndex, count, ValueLayout.JAVA_DOUBLE, pe,
                true);
    }

    /** Strided put ({@code shmem_double_iput}): strides are in elements and at least 1. */
    public final void iput(SymmetricMemory dest, long destIndex, long destStride, double[] src, int srcIndex,
                           int srcStride, int count, int pe) {
        iputArray(dest, destIndex, destStride, MemorySegment.ofArray(src), src.length, srcIndex, srcStride, count,
                ValueLayout.JAVA_DOUBLE, pe);
    }

    /** Strided get ({@code shmem_double_iget}): strides are in elements and at least 1. */
    public final void iget(double[] dest, int destIndex, int destStride, SymmetricMemory src, long srcIndex,
                           long srcStride, int count, int pe) {
        igetArray(MemorySegment.ofArray(dest), dest.length, destIndex, destStride, src, srcIndex, srcStride, count,
                ValueLayout.JAVA_DOUBLE, pe);
    }

    /** Stores one double at element {@code index} of {@code dest} on {@code pe} ({@code shmem_double_p}). */
    public final void p(SymmetricMemory dest, long index, double value, int pe) {
        putScalar(dest, index, ValueLayout.JAVA_DOUBLE, Double.doubleToRawLongBits(value), pe);
    }

    /** Loads one double from element {@code index} of {@code src} on {@code pe} ({@code shmem_double_g}). */
    public final double gDouble(SymmetricMemory src, long index, int pe) {
        long bits = getScalar(src, index, ValueLayout.JAVA_DOUBLE, pe);
        return Double.longBitsToDouble(bits);
    }

    // END GENERATED TYPED RMA

    // ---- atomics, signals, point-to-point waits, locks (issue 3) ----------------------------------------------
    //
    // Atomics work on naturally aligned int/long slots of a symmetric block (element index, as p/g); they are
    // hardware atomics (VarHandle on the mapped heap on one host), atomic with respect to every other PE and to
    // the target's own atomic accesses, and each is a volatile access. Unsigned C types use the same methods:
    // two's-complement arithmetic and bitwise results are bit-identical. Signal words are 64-bit slots.

    // BEGIN GENERATED SYNC API (tools/gen_sync_api.py)

    /**
     * Atomically loads and returns element {@code index} of {@code source} on {@code pe}
     * ({@code shmem_int_atomic_fetch}; int (also int32, uint32, uint)). Atomic with respect to every atomic on the word
     * from any PE.
     */
    public final int atomicFetchInt(SymmetricMemory source, long index, int pe) {
        return amoInt(AmoOp.FETCH, source, "source", index, 0, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicFetchInt} ({@code shmem_int_atomic_fetch_nbi}): the old value lands in element
     * {@code fetchIndex} of {@code fetch} by the next {@link #quiet()}; do not read it before.
     */
    public final void atomicFetchIntNbi(int[] fetch, int fetchIndex, SymmetricMemory source, long index, int pe) {
        amoIntNbi(AmoOp.FETCH, MemorySegment.ofArray(Checks.notNull("fetch", fetch)), fetchIndex, source, "source",
                index, 0, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicFetchInt} ({@code shmem_int_atomic_fetch_nbi}): the old value lands in {@code int}
     * element {@code fetchIndex} of the segment {@code fetch} by the next {@link #quiet()}; do not read it before.
     */
    public final void atomicFetchIntNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory source, long index,
                                        int pe) {
        amoIntNbi(AmoOp.FETCH, fetch, fetchIndex, source, "source", index, 0, 0, pe);
    }

    /**
     * Atomically stores {@code value} into element {@code index} of {@code dest} on {@code pe}
     * ({@code shmem_int_atomic_set}; int (also int32, uint32, uint)). Atomic with respect to every atomic on the word
     * from any PE.
     */
    public final void atomicSetInt(SymmetricMemory dest, long index, int value, int pe) {
        amoInt(AmoOp.SET, dest, "dest", index, value, 0, pe);
    }

    /**
     * Atomically stores {@code value}, returning the old value ({@code shmem_int_atomic_swap}; int (also int32, uint32,
     * uint)). Atomic with respect to every atomic on the word from any PE.
     */
    public final int atomicSwapInt(SymmetricMemory dest, long index, int value, int pe) {
        return amoInt(AmoOp.SWAP, dest, "dest", index, value, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicSwapInt} ({@code shmem_int_atomic_swap_nbi}): the old value lands in element
     * {@code fetchIndex} of {@code fetch} by the next {@link #quiet()}; do not read it before.
     */
    public final void atomicSwapIntNbi(int[] fetch, int fetchIndex, SymmetricMemory dest, long index, int value,
                                       int pe) {
        amoIntNbi(AmoOp.SWAP, MemorySegment.ofArray(Checks.notNull("fetch", fetch)), fetchIndex, dest, "dest", index,
                value, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicSwapInt} ({@code shmem_int_atomic_swap_nbi}): the old value lands in {@code int}
     * element {@code fetchIndex} of the segment {@code fetch} by the next {@link #quiet()}; do not read it before.
     */
    public final void atomicSwapIntNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                       int value, int pe) {
        amoIntNbi(AmoOp.SWAP, fetch, fetchIndex, dest, "dest", index, value, 0, pe);
    }

    /**
     * Atomically stores {@code value} when the element equals {@code cond}; returns the old value either way
     * ({@code shmem_int_atomic_compare_swap}; int (also int32, uint32, uint)). Atomic with respect to every atomic on
     * the word from any PE.
     */
    public final int atomicCompareSwapInt(SymmetricMemory dest, long index, int cond, int value, int pe) {
        return amoInt(AmoOp.COMPARE_SWAP, dest, "dest", index, value, cond, pe);
    }

    /**
     * Non-blocking {@link #atomicCompareSwapInt} ({@code shmem_int_atomic_compare_swap_nbi}): the old value lands in
     * element {@code fetchIndex} of {@code fetch} by the next {@link #quiet()}; do not read it before.
     */
    public final void atomicCompareSwapIntNbi(int[] fetch, int fetchIndex, SymmetricMemory dest, long index, int cond,
                                              int value, int pe) {
        amoIntNbi(AmoOp.COMPARE_SWAP, MemorySegment.ofArray(Checks.notNull("fetch", fetch)), fetchIndex, dest, "dest",
                index, value, cond, pe);
    }

    /**
     * Non-blocking {@link #atomicCompareSwapInt} ({@code shmem_int_atomic_compare_swap_nbi}): the old value lands in
     * {@code int} element {@code fetchIndex} of the segment {@code fetch} by the next {@link #quiet()}; do not read it
     * before.
     */
    public final void atomicCompareSwapIntNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                              int cond, int value, int pe) {
        amoIntNbi(AmoOp.COMPARE_SWAP, fetch, fetchIndex, dest, "dest", index, value, cond, pe);
    }

    /**
     * Atomically adds 1, returning the old value ({@code shmem_int_atomic_fetch_inc}; int (also int32, uint32, uint)).
     * Atomic with respect to every atomic on the word from any PE.
     */
    public final int atomicFetchIncInt(SymmetricMemory dest, long index, int pe) {
        return amoInt(AmoOp.FETCH_ADD, dest, "dest", index, 1, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicFetchIncInt} ({@code shmem_int_atomic_fetch_inc_nbi}): the old value lands in element
     * {@code fetchIndex} of {@code fetch} by the next {@link #quiet()}; do not read it before.
     */
    public final void atomicFetchIncIntNbi(int[] fetch, int fetchIndex, SymmetricMemory dest, long index, int pe) {
        amoIntNbi(AmoOp.FETCH_ADD, MemorySegment.ofArray(Checks.notNull("fetch", fetch)), fetchIndex, dest, "dest",
                index, 1, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicFetchIncInt} ({@code shmem_int_atomic_fetch_inc_nbi}): the old value lands in
     * {@code int} element {@code fetchIndex} of the segment {@code fetch} by the next {@link #quiet()}; do not read it
     * before.
     */
    public final void atomicFetchIncIntNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                           int pe) {
        amoIntNbi(AmoOp.FETCH_ADD, fetch, fetchIndex, dest, "dest", index, 1, 0, pe);
    }

    /**
     * Atomically adds 1 ({@code shmem_int_atomic_inc}; int (also int32, uint32, uint)). Atomic with respect to every
     * atomic on the word from any PE.
     */
    public final void atomicIncInt(SymmetricMemory dest, long index, int pe) {
        amoInt(AmoOp.FETCH_ADD, dest, "dest", index, 1, 0, pe);
    }

    /**
     * Atomically adds {@code value} (two's complement, wrapping), returning the old value
     * ({@code shmem_int_atomic_fetch_add}; int (also int32, uint32, uint)). Atomic with respect to every atomic on the
     * word from any PE.
     */
    public final int atomicFetchAddInt(SymmetricMemory dest, long index, int value, int pe) {
        return amoInt(AmoOp.FETCH_ADD, dest, "dest", index, value, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicFetchAddInt} ({@code shmem_int_atomic_fetch_add_nbi}): the old value lands in element
     * {@code fetchIndex} of {@code fetch} by the next {@link #quiet()}; do not read it before.
     */
    public final void atomicFetchAddIntNbi(int[] fetch, int fetchIndex, SymmetricMemory dest, long index, int value,
                                           int pe) {
        amoIntNbi(AmoOp.FETCH_ADD, MemorySegment.ofArray(Checks.notNull("fetch", fetch)), fetchIndex, dest, "dest",
                index, value, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicFetchAddInt} ({@code shmem_int_atomic_fetch_add_nbi}): the old value lands in
     * {@code int} element {@code fetchIndex} of the segment {@code fetch} by the next {@link #quiet()}; do not read it
     * before.
     */
    public final void atomicFetchAddIntNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                           int value, int pe) {
        amoIntNbi(AmoOp.FETCH_ADD, fetch, fetchIndex, dest, "dest", index, value, 0, pe);
    }

    /**
     * Atomically adds {@code value} (two's complement, wrapping) ({@code shmem_int_atomic_add}; int (also int32,
     * uint32, uint)). Atomic with respect to every atomic on the word from any PE.
     */
    public final void atomicAddInt(SymmetricMemory dest, long index, int value, int pe) {
        amoInt(AmoOp.FETCH_ADD, dest, "dest", index, value, 0, pe);
    }

    /**
     * Atomically ands {@code value} in, returning the old value ({@code shmem_int_atomic_fetch_and}; int (also int32,
     * uint32, uint)). Atomic with respect to every atomic on the word from any PE.
     */
    public final int atomicFetchAndInt(SymmetricMemory dest, long index, int value, int pe) {
        return amoInt(AmoOp.FETCH_AND, dest, "dest", index, value, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicFetchAndInt} ({@code shmem_int_atomic_fetch_and_nbi}): the old value lands in element
     * {@code fetchIndex} of {@code fetch} by the next {@link #quiet()}; do not read it before.
     */
    public final void atomicFetchAndIntNbi(int[] fetch, int fetchIndex, SymmetricMemory dest, long index, int value,
                                           int pe) {
        amoIntNbi(AmoOp.FETCH_AND, MemorySegment.ofArray(Checks.notNull("fetch", fetch)), fetchIndex, dest, "dest",
                index, value, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicFetchAndInt} ({@code shmem_int_atomic_fetch_and_nbi}): the old value lands in
     * {@code int} element {@code fetchIndex} of the segment {@code fetch} by the next {@link #quiet()}; do not read it
     * before.
     */
    public final void atomicFetchAndIntNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                           int value, int pe) {
        amoIntNbi(AmoOp.FETCH_AND, fetch, fetchIndex, dest, "dest", index, value, 0, pe);
    }

    /**
     * Atomically ands {@code value} in ({@code shmem_int_atomic_and}; int (also int32, uint32, uint)). Atomic with
     * respect to every atomic on the word from any PE.
     */
    public final void atomicAndInt(SymmetricMemory dest, long index, int value, int pe) {
        amoInt(AmoOp.FETCH_AND, dest, "dest", index, value, 0, pe);
    }

    /**
     * Atomically ors {@code value} in, returning the old value ({@code shmem_int_atomic_fetch_or}; int (also int32,
     * uint32, uint)). Atomic with respect to every atomic on the word from any PE.
     */
    public final int atomicFetchOrInt(SymmetricMemory dest, long index, int value, int pe) {
        return amoInt(AmoOp.FETCH_OR, dest, "dest", index, value, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicFetchOrInt} ({@code shmem_int_atomic_fetch_or_nbi}): the old value lands in element
     * {@code fetchIndex} of {@code fetch} by the next {@link #quiet()}; do not read it before.
     */
    public final void atomicFetchOrIntNbi(int[] fetch, int fetchIndex, SymmetricMemory dest, long index, int value,
                                          int pe) {
        amoIntNbi(AmoOp.FETCH_OR, MemorySegment.ofArray(Checks.notNull("fetch", fetch)), fetchIndex, dest, "dest",
                index, value, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicFetchOrInt} ({@code shmem_int_atomic_fetch_or_nbi}): the old value lands in
     * {@code int} element {@code fetchIndex} of the segment {@code fetch} by the next {@link #quiet()}; do not read it
     * before.
     */
    public final void atomicFetchOrIntNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                          int value, int pe) {
        amoIntNbi(AmoOp.FETCH_OR, fetch, fetchIndex, dest, "dest", index, value, 0, pe);
    }

    /**
     * Atomically ors {@code value} in ({@code shmem_int_atomic_or}; int (also int32, uint32, uint)). Atomic with
     * respect to every atomic on the word from any PE.
     */
    public final void atomicOrInt(SymmetricMemory dest, long index, int value, int pe) {
        amoInt(AmoOp.FETCH_OR, dest, "dest", index, value, 0, pe);
    }

    /**
     * Atomically xors {@code value} in, returning the old value ({@code shmem_int_atomic_fetch_xor}; int (also int32,
     * uint32, uint)). Atomic with respect to every atomic on the word from any PE.
     */
    public final int atomicFetchXorInt(SymmetricMemory dest, long index, int value, int pe) {
        return amoInt(AmoOp.FETCH_XOR, dest, "dest", index, value, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicFetchXorInt} ({@code shmem_int_atomic_fetch_xor_nbi}): the old value lands in element
     * {@code fetchIndex} of {@code fetch} by the next {@link #quiet()}; do not read it before.
     */
    public final void atomicFetchXorIntNbi(int[] fetch, int fetchIndex, SymmetricMemory dest, long index, int value,
                                           int pe) {
        amoIntNbi(AmoOp.FETCH_XOR, MemorySegment.ofArray(Checks.notNull("fetch", fetch)), fetchIndex, dest, "dest",
                index, value, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicFetchXorInt} ({@code shmem_int_atomic_fetch_xor_nbi}): the old value lands in
     * {@code int} element {@code fetchIndex} of the segment {@code fetch} by the next {@link #quiet()}; do not read it
     * before.
     */
    public final void atomicFetchXorIntNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                           int value, int pe) {
        amoIntNbi(AmoOp.FETCH_XOR, fetch, fetchIndex, dest, "dest", index, value, 0, pe);
    }

    /**
     * Atomically xors {@code value} in ({@code shmem_int_atomic_xor}; int (also int32, uint32, uint)). Atomic with
     * respect to every atomic on the word from any PE.
     */
    public final void atomicXorInt(SymmetricMemory dest, long index, int value, int pe) {
        amoInt(AmoOp.FETCH_XOR, dest, "dest", index, value, 0, pe);
    }

    /**
     * Atomically loads and returns element {@code index} of {@code source} on {@code pe}
     * ({@code shmem_long_atomic_fetch}; long (also longlong, int64, uint64, ulong, size, ptrdiff)). Atomic with respect
     * to every atomic on the word from any PE.
     */
    public final long atomicFetchLong(SymmetricMemory source, long index, int pe) {
        return amoLong(AmoOp.FETCH, source, "source", index, 0, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicFetchLong} ({@code shmem_long_atomic_fetch_nbi}): the old value lands in element
     * {@code fetchIndex} of {@code fetch} by the next {@link #quiet()}; do not read it before.
     */
    public final void atomicFetchLongNbi(long[] fetch, int fetchIndex, SymmetricMemory source, long index, int pe) {
        amoLongNbi(AmoOp.FETCH, MemorySegment.ofArray(Checks.notNull("fetch", fetch)), fetchIndex, source, "source",
                index, 0, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicFetchLong} ({@code shmem_long_atomic_fetch_nbi}): the old value lands in {@code long}
     * element {@code fetchIndex} of the segment {@code fetch} by the next {@link #quiet()}; do not read it before.
     */
    public final void atomicFetchLongNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory source, long index,
                                         int pe) {
        amoLongNbi(AmoOp.FETCH, fetch, fetchIndex, source, "source", index, 0, 0, pe);
    }

    /**
     * Atomically stores {@code value} into element {@code index} of {@code dest} on {@code pe}
     * ({@code shmem_long_atomic_set}; long (also longlong, int64, uint64, ulong, size, ptrdiff)). Atomic with respect
     * to every atomic on the word from any PE.
     */
    public final void atomicSetLong(SymmetricMemory dest, long index, long value, int pe) {
        amoLong(AmoOp.SET, dest, "dest", index, value, 0, pe);
    }

    /**
     * Atomically stores {@code value}, returning the old value ({@code shmem_long_atomic_swap}; long (also longlong,
     * int64, uint64, ulong, size, ptrdiff)). Atomic with respect to every atomic on the word from any PE.
     */
    public final long atomicSwapLong(SymmetricMemory dest, long index, long value, int pe) {
        return amoLong(AmoOp.SWAP, dest, "dest", index, value, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicSwapLong} ({@code shmem_long_atomic_swap_nbi}): the old value lands in element
     * {@code fetchIndex} of {@code fetch} by the next {@link #quiet()}; do not read it before.
     */
    public final void atomicSwapLongNbi(long[] fetch, int fetchIndex, SymmetricMemory dest, long index, long value,
                                        int pe) {
        amoLongNbi(AmoOp.SWAP, MemorySegment.ofArray(Checks.notNull("fetch", fetch)), fetchIndex, dest, "dest", index,
                value, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicSwapLong} ({@code shmem_long_atomic_swap_nbi}): the old value lands in {@code long}
     * element {@code fetchIndex} of the segment {@code fetch} by the next {@link #quiet()}; do not read it before.
     */
    public final void atomicSwapLongNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                        long value, int pe) {
        amoLongNbi(AmoOp.SWAP, fetch, fetchIndex, dest, "dest", index, value, 0, pe);
    }

    /**
     * Atomically stores {@code value} when the element equals {@code cond}; returns the old value either way
     * ({@code shmem_long_atomic_compare_swap}; long (also longlong, int64, uint64, ulong, size, ptrdiff)). Atomic with
     * respect to every atomic on the word from any PE.
     */
    public final long atomicCompareSwapLong(SymmetricMemory dest, long index, long cond, long value, int pe) {
        return amoLong(AmoOp.COMPARE_SWAP, dest, "dest", index, value, cond, pe);
    }

    /**
     * Non-blocking {@link #atomicCompareSwapLong} ({@code shmem_long_atomic_compare_swap_nbi}): the old value lands in
     * element {@code fetchIndex} of {@code fetch} by the next {@link #quiet()}; do not read it before.
     */
    public final void atomicCompareSwapLongNbi(long[] fetch, int fetchIndex, SymmetricMemory dest, long index,
                                               long cond, long value, int pe) {
        amoLongNbi(AmoOp.COMPARE_SWAP, MemorySegment.ofArray(Checks.notNull("fetch", fetch)), fetchIndex, dest, "dest",
                index, value, cond, pe);
    }

    /**
     * Non-blocking {@link #atomicCompareSwapLong} ({@code shmem_long_atomic_compare_swap_nbi}): the old value lands in
     * {@code long} element {@code fetchIndex} of the segment {@code fetch} by the next {@link #quiet()}; do not read it
     * before.
     */
    public final void atomicCompareSwapLongNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                               long cond, long value, int pe) {
        amoLongNbi(AmoOp.COMPARE_SWAP, fetch, fetchIndex, dest, "dest", index, value, cond, pe);
    }

    /**
     * Atomically adds 1, returning the old value ({@code shmem_long_atomic_fetch_inc}; long (also longlong, int64,
     * uint64, ulong, size, ptrdiff)). Atomic with respect to every atomic on the word from any PE.
     */
    public final long atomicFetchIncLong(SymmetricMemory dest, long index, int pe) {
        return amoLong(AmoOp.FETCH_ADD, dest, "dest", index, 1, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicFetchIncLong} ({@code shmem_long_atomic_fetch_inc_nbi}): the old value lands in
     * element {@code fetchIndex} of {@code fetch} by the next {@link #quiet()}; do not read it before.
     */
    public final void atomicFetchIncLongNbi(long[] fetch, int fetchIndex, SymmetricMemory dest, long index, int pe) {
        amoLongNbi(AmoOp.FETCH_ADD, MemorySegment.ofArray(Checks.notNull("fetch", fetch)), fetchIndex, dest, "dest",
                index, 1, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicFetchIncLong} ({@code shmem_long_atomic_fetch_inc_nbi}): the old value lands in
     * {@code long} element {@code fetchIndex} of the segment {@code fetch} by the next {@link #quiet()}; do not read it
     * before.
     */
    public final void atomicFetchIncLongNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                            int pe) {
        amoLongNbi(AmoOp.FETCH_ADD, fetch, fetchIndex, dest, "dest", index, 1, 0, pe);
    }

    /**
     * Atomically adds 1 ({@code shmem_long_atomic_inc}; long (also longlong, int64, uint64, ulong, size, ptrdiff)).
     * Atomic with respect to every atomic on the word from any PE.
     */
    public final void atomicIncLong(SymmetricMemory dest, long index, int pe) {
        amoLong(AmoOp.FETCH_ADD, dest, "dest", index, 1, 0, pe);
    }

    /**
     * Atomically adds {@code value} (two's complement, wrapping), returning the old value
     * ({@code shmem_long_atomic_fetch_add}; long (also longlong, int64, uint64, ulong, size, ptrdiff)). Atomic with
     * respect to every atomic on the word from any PE.
     */
    public final long atomicFetchAddLong(SymmetricMemory dest, long index, long value, int pe) {
        return amoLong(AmoOp.FETCH_ADD, dest, "dest", index, value, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicFetchAddLong} ({@code shmem_long_atomic_fetch_add_nbi}): the old value lands in
     * element {@code fetchIndex} of {@code fetch} by the next {@link #quiet()}; do not read it before.
     */
    public final void atomicFetchAddLongNbi(long[] fetch, int fetchIndex, SymmetricMemory dest, long index, long value,
                                            int pe) {
        amoLongNbi(AmoOp.FETCH_ADD, MemorySegment.ofArray(Checks.notNull("fetch", fetch)), fetchIndex, dest, "dest",
                index, value, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicFetchAddLong} ({@code shmem_long_atomic_fetch_add_nbi}): the old value lands in
     * {@code long} element {@code fetchIndex} of the segment {@code fetch} by the next {@link #quiet()}; do not read it
     * before.
     */
    public final void atomicFetchAddLongNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                            long value, int pe) {
        amoLongNbi(AmoOp.FETCH_ADD, fetch, fetchIndex, dest, "dest", index, value, 0, pe);
    }

    /**
     * Atomically adds {@code value} (two's complement, wrapping) ({@code shmem_long_atomic_add}; long (also longlong,
     * int64, uint64, ulong, size, ptrdiff)). Atomic with respect to every atomic on the word from any PE.
     */
    public final void atomicAddLong(SymmetricMemory dest, long index, long value, int pe) {
        amoLong(AmoOp.FETCH_ADD, dest, "dest", index, value, 0, pe);
    }

    /**
     * Atomically ands {@code value} in, returning the old value ({@code shmem_long_atomic_fetch_and}; long (also
     * longlong, int64, uint64, ulong, size, ptrdiff)). Atomic with respect to every atomic on the word from any PE.
     */
    public final long atomicFetchAndLong(SymmetricMemory dest, long index, long value, int pe) {
        return amoLong(AmoOp.FETCH_AND, dest, "dest", index, value, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicFetchAndLong} ({@code shmem_long_atomic_fetch_and_nbi}): the old value lands in
     * element {@code fetchIndex} of {@code fetch} by the next {@link #quiet()}; do not read it before.
     */
    public final void atomicFetchAndLongNbi(long[] fetch, int fetchIndex, SymmetricMemory dest, long index, long value,
                                            int pe) {
        amoLongNbi(AmoOp.FETCH_AND, MemorySegment.ofArray(Checks.notNull("fetch", fetch)), fetchIndex, dest, "dest",
                index, value, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicFetchAndLong} ({@code shmem_long_atomic_fetch_and_nbi}): the old value lands in
     * {@code long} element {@code fetchIndex} of the segment {@code fetch} by the next {@link #quiet()}; do not read it
     * before.
     */
    public final void atomicFetchAndLongNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                            long value, int pe) {
        amoLongNbi(AmoOp.FETCH_AND, fetch, fetchIndex, dest, "dest", index, value, 0, pe);
    }

    /**
     * Atomically ands {@code value} in ({@code shmem_long_atomic_and}; long (also longlong, int64, uint64, ulong, size,
     * ptrdiff)). Atomic with respect to every atomic on the word from any PE.
     */
    public final void atomicAndLong(SymmetricMemory dest, long index, long value, int pe) {
        amoLong(AmoOp.FETCH_AND, dest, "dest", index, value, 0, pe);
    }

    /**
     * Atomically ors {@code value} in, returning the old value ({@code shmem_long_atomic_fetch_or}; long (also
     * longlong, int64, uint64, ulong, size, ptrdiff)). Atomic with respect to every atomic on the word from any PE.
     */
    public final long atomicFetchOrLong(SymmetricMemory dest, long index, long value, int pe) {
        return amoLong(AmoOp.FETCH_OR, dest, "dest", index, value, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicFetchOrLong} ({@code shmem_long_atomic_fetch_or_nbi}): the old value lands in element
     * {@code fetchIndex} of {@code fetch} by the next {@link #quiet()}; do not read it before.
     */
    public final void atomicFetchOrLongNbi(long[] fetch, int fetchIndex, SymmetricMemory dest, long index, long value,
                                           int pe) {
        amoLongNbi(AmoOp.FETCH_OR, MemorySegment.ofArray(Checks.notNull("fetch", fetch)), fetchIndex, dest, "dest",
                index, value, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicFetchOrLong} ({@code shmem_long_atomic_fetch_or_nbi}): the old value lands in
     * {@code long} element {@code fetchIndex} of the segment {@code fetch} by the next {@link #quiet()}; do not read it
     * before.
     */
    public final void atomicFetchOrLongNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                           long value, int pe) {
        amoLongNbi(AmoOp.FETCH_OR, fetch, fetchIndex, dest, "dest", index, value, 0, pe);
    }

    /**
     * Atomically ors {@code value} in ({@code shmem_long_atomic_or}; long (also longlong, int64, uint64, ulong, size,
     * ptrdiff)). Atomic with respect to every atomic on the word from any PE.
     */
    public final void atomicOrLong(SymmetricMemory dest, long index, long value, int pe) {
        amoLong(AmoOp.FETCH_OR, dest, "dest", index, value, 0, pe);
    }

    /**
     * Atomically xors {@code value} in, returning the old value ({@code shmem_long_atomic_fetch_xor}; long (also
     * longlong, int64, uint64, ulong, size, ptrdiff)). Atomic with respect to every atomic on the word from any PE.
     */
    public final long atomicFetchXorLong(SymmetricMemory dest, long index, long value, int pe) {
        return amoLong(AmoOp.FETCH_XOR, dest, "dest", index, value, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicFetchXorLong} ({@code shmem_long_atomic_fetch_xor_nbi}): the old value lands in
     * element {@code fetchIndex} of {@code fetch} by the next {@link #quiet()}; do not read it before.
     */
    public final void atomicFetchXorLongNbi(long[] fetch, int fetchIndex, SymmetricMemory dest, long index, long value,
                                            int pe) {
        amoLongNbi(AmoOp.FETCH_XOR, MemorySegment.ofArray(Checks.notNull("fetch", fetch)), fetchIndex, dest, "dest",
                index, value, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicFetchXorLong} ({@code shmem_long_atomic_fetch_xor_nbi}): the old value lands in
     * {@code long} element {@code fetchIndex} of the segment {@code fetch} by the next {@link #quiet()}; do not read it
     * before.
     */
    public final void atomicFetchXorLongNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                            long value, int pe) {
        amoLongNbi(AmoOp.FETCH_XOR, fetch, fetchIndex, dest, "dest", index, value, 0, pe);
    }

    /**
     * Atomically xors {@code value} in ({@code shmem_long_atomic_xor}; long (also longlong, int64, uint64, ulong, size,
     * ptrdiff)). Atomic with respect to every atomic on the word from any PE.
     */
    public final void atomicXorLong(SymmetricMemory dest, long index, long value, int pe) {
        amoLong(AmoOp.FETCH_XOR, dest, "dest", index, value, 0, pe);
    }

    /**
     * Atomically loads and returns element {@code index} of {@code source} on {@code pe}
     * ({@code shmem_float_atomic_fetch}), on the raw IEEE bits (NaN payloads are kept). Atomic with respect to every
     * atomic on the word from any PE.
     */
    public final float atomicFetchFloat(SymmetricMemory source, long index, int pe) {
        return Float.intBitsToFloat(amoInt(AmoOp.FETCH, source, "source", index, 0, 0, pe));
    }

    /**
     * Non-blocking {@link #atomicFetchFloat} ({@code shmem_float_atomic_fetch_nbi}): the old value lands in element
     * {@code fetchIndex} of {@code fetch} by the next {@link #quiet()}.
     */
    public final void atomicFetchFloatNbi(float[] fetch, int fetchIndex, SymmetricMemory source, long index, int pe) {
        amoIntNbi(AmoOp.FETCH, MemorySegment.ofArray(Checks.notNull("fetch", fetch)), fetchIndex, source, "source",
                index, 0, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicFetchFloat} ({@code shmem_float_atomic_fetch_nbi}): the old value lands in element
     * {@code fetchIndex} of {@code fetch} by the next {@link #quiet()}.
     */
    public final void atomicFetchFloatNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory source, long index,
                                          int pe) {
        amoIntNbi(AmoOp.FETCH, fetch, fetchIndex, source, "source", index, 0, 0, pe);
    }

    /**
     * Atomically stores {@code value} into element {@code index} of {@code dest} on {@code pe}
     * ({@code shmem_float_atomic_set}), on the raw IEEE bits (NaN payloads are kept). Atomic with respect to every
     * atomic on the word from any PE.
     */
    public final void atomicSetFloat(SymmetricMemory dest, long index, float value, int pe) {
        amoInt(AmoOp.SET, dest, "dest", index, Float.floatToRawIntBits(value), 0, pe);
    }

    /**
     * Atomically stores {@code value}, returning the old value ({@code shmem_float_atomic_swap}), on the raw IEEE bits
     * (NaN payloads are kept). Atomic with respect to every atomic on the word from any PE.
     */
    public final float atomicSwapFloat(SymmetricMemory dest, long index, float value, int pe) {
        return Float.intBitsToFloat(amoInt(AmoOp.SWAP, dest, "dest", index, Float.floatToRawIntBits(value), 0, pe));
    }

    /**
     * Non-blocking {@link #atomicSwapFloat} ({@code shmem_float_atomic_swap_nbi}): the old value lands in element
     * {@code fetchIndex} of {@code fetch} by the next {@link #quiet()}.
     */
    public final void atomicSwapFloatNbi(float[] fetch, int fetchIndex, SymmetricMemory dest, long index, float value,
                                         int pe) {
        amoIntNbi(AmoOp.SWAP, MemorySegment.ofArray(Checks.notNull("fetch", fetch)), fetchIndex, dest, "dest", index,
                Float.floatToRawIntBits(value), 0, pe);
    }

    /**
     * Non-blocking {@link #atomicSwapFloat} ({@code shmem_float_atomic_swap_nbi}): the old value lands in element
     * {@code fetchIndex} of {@code fetch} by the next {@link #quiet()}.
     */
    public final void atomicSwapFloatNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                         float value, int pe) {
        amoIntNbi(AmoOp.SWAP, fetch, fetchIndex, dest, "dest", index, Float.floatToRawIntBits(value), 0, pe);
    }

    /**
     * Atomically loads and returns element {@code index} of {@code source} on {@code pe}
     * ({@code shmem_double_atomic_fetch}), on the raw IEEE bits (NaN payloads are kept). Atomic with respect to every
     * atomic on the word from any PE.
     */
    public final double atomicFetchDouble(SymmetricMemory source, long index, int pe) {
        return Double.longBitsToDouble(amoLong(AmoOp.FETCH, source, "source", index, 0, 0, pe));
    }

    /**
     * Non-blocking {@link #atomicFetchDouble} ({@code shmem_double_atomic_fetch_nbi}): the old value lands in element
     * {@code fetchIndex} of {@code fetch} by the next {@link #quiet()}.
     */
    public final void atomicFetchDoubleNbi(double[] fetch, int fetchIndex, SymmetricMemory source, long index, int pe) {
        amoLongNbi(AmoOp.FETCH, MemorySegment.ofArray(Checks.notNull("fetch", fetch)), fetchIndex, source, "source",
                index, 0, 0, pe);
    }

    /**
     * Non-blocking {@link #atomicFetchDouble} ({@code shmem_double_atomic_fetch_nbi}): the old value lands in element
     * {@code fetchIndex} of {@code fetch} by the next {@link #quiet()}.
     */
    public final void atomicFetchDoubleNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory source, long index,
                                           int pe) {
        amoLongNbi(AmoOp.FETCH, fetch, fetchIndex, source, "source", index, 0, 0, pe);
    }

    /**
     * Atomically stores {@code value} into element {@code index} of {@code dest} on {@code pe}
     * ({@code shmem_double_atomic_set}), on the raw IEEE bits (NaN payloads are kept). Atomic with respect to every
     * atomic on the word from any PE.
     */
    public final void atomicSetDouble(SymmetricMemory dest, long index, double value, int pe) {
        amoLong(AmoOp.SET, dest, "dest", index, Double.doubleToRawLongBits(value), 0, pe);
    }

    /**
     * Atomically stores {@code value}, returning the old value ({@code shmem_double_atomic_swap}), on the raw IEEE bits
     * (NaN payloads are kept). Atomic with respect to every atomic on the word from any PE.
     */
    public final double atomicSwapDouble(SymmetricMemory dest, long index, double value, int pe) {
        return Double.longBitsToDouble(
                amoLong(AmoOp.SWAP, dest, "dest", index, Double.doubleToRawLongBits(value), 0, pe));
    }

    /**
     * Non-blocking {@link #atomicSwapDouble} ({@code shmem_double_atomic_swap_nbi}): the old value lands in element
     * {@code fetchIndex} of {@code fetch} by the next {@link #quiet()}.
     */
    public final void atomicSwapDoubleNbi(double[] fetch, int fetchIndex, SymmetricMemory dest, long index,
                                          double value, int pe) {
        amoLongNbi(AmoOp.SWAP, MemorySegment.ofArray(Checks.notNull("fetch", fetch)), fetchIndex, dest, "dest", index,
                Double.doubleToRawLongBits(value), 0, pe);
    }

    /**
     * Non-blocking {@link #atomicSwapDouble} ({@code shmem_double_atomic_swap_nbi}): the old value lands in element
     * {@code fetchIndex} of {@code fetch} by the next {@link #quiet()}.
     */
    public final void atomicSwapDoubleNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                          double value, int pe) {
        amoLongNbi(AmoOp.SWAP, fetch, fetchIndex, dest, "dest", index, Double.doubleToRawLongBits(value), 0, pe);
    }

    /**
     * Puts {@code count} bytes from {@code src[srcIndex..]} to element {@code destIndex} of {@code dest} on {@code pe},
     * then updates the 64-bit signal word {@code sigIndex} of {@code sig} there ({@code shmem_byte_put_signal}). A PE
     * that observes the signal update (acquire load, a wait, signalFetch) observes the data.
     */
    public final void putSignal(SymmetricMemory dest, long destIndex, byte[] src, int srcIndex, int count,
                                SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        putSignalArray(dest, destIndex, MemorySegment.ofArray(Checks.notNull("src", src)), src.length, srcIndex, count,
                ValueLayout.JAVA_BYTE, sig, sigIndex, signal, sigOp, pe, false);
    }

    /**
     * Non-blocking {@link #putSignal(SymmetricMemory, long, byte[], int, int, SymmetricMemory, long, long, SignalOp,
     * int)} ({@code shmem_byte_put_signal_nbi}): {@code src} may be reused after {@link #quiet()}; the signal still
     * never arrives before the data.
     */
    public final void putSignalNbi(SymmetricMemory dest, long destIndex, byte[] src, int srcIndex, int count,
                                   SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        putSignalArray(dest, destIndex, MemorySegment.ofArray(Checks.notNull("src", src)), src.length, srcIndex, count,
                ValueLayout.JAVA_BYTE, sig, sigIndex, signal, sigOp, pe, true);
    }

    /**
     * Puts {@code count} shorts from {@code src[srcIndex..]} to element {@code destIndex} of {@code dest} on
     * {@code pe}, then updates the 64-bit signal word {@code sigIndex} of {@code sig} there
     * ({@code shmem_short_put_signal}). A PE that observes the signal update (acquire load, a wait, signalFetch)
     * observes the data.
     */
    public final void putSignal(SymmetricMemory dest, long destIndex, short[] src, int srcIndex, int count,
                                SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        putSignalArray(dest, destIndex, MemorySegment.ofArray(Checks.notNull("src", src)), src.length, srcIndex, count,
                ValueLayout.JAVA_SHORT, sig, sigIndex, signal, sigOp, pe, false);
    }

    /**
     * Non-blocking {@link #putSignal(SymmetricMemory, long, short[], int, int, SymmetricMemory, long, long, SignalOp,
     * int)} ({@code shmem_short_put_signal_nbi}): {@code src} may be reused after {@link #quiet()}; the signal still
     * never arrives before the data.
     */
    public final void putSignalNbi(SymmetricMemory dest, long destIndex, short[] src, int srcIndex, int count,
                                   SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        putSignalArray(dest, destIndex, MemorySegment.ofArray(Checks.notNull("src", src)), src.length, srcIndex, count,
                ValueLayout.JAVA_SHORT, sig, sigIndex, signal, sigOp, pe, true);
    }

    /**
     * Puts {@code count} chars from {@code src[srcIndex..]} to element {@code destIndex} of {@code dest} on {@code pe},
     * then updates the 64-bit signal word {@code sigIndex} of {@code sig} there ({@code shmem_char_put_signal}). A PE
     * that observes the signal update (acquire load, a wait, signalFetch) observes the data.
     */
    public final void putSignal(SymmetricMemory dest, long destIndex, char[] src, int srcIndex, int count,
                                SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        putSignalArray(dest, destIndex, MemorySegment.ofArray(Checks.notNull("src", src)), src.length, srcIndex, count,
                ValueLayout.JAVA_CHAR, sig, sigIndex, signal, sigOp, pe, false);
    }

    /**
     * Non-blocking {@link #putSignal(SymmetricMemory, long, char[], int, int, SymmetricMemory, long, long, SignalOp,
     * int)} ({@code shmem_char_put_signal_nbi}): {@code src} may be reused after {@link #quiet()}; the signal still
     * never arrives before the data.
     */
    public final void putSignalNbi(SymmetricMemory dest, long destIndex, char[] src, int srcIndex, int count,
                                   SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        putSignalArray(dest, destIndex, MemorySegment.ofArray(Checks.notNull("src", src)), src.length, srcIndex, count,
                ValueLayout.JAVA_CHAR, sig, sigIndex, signal, sigOp, pe, true);
    }

    /**
     * Puts {@code count} ints from {@code src[srcIndex..]} to element {@code destIndex} of {@code dest} on {@code pe},
     * then updates the 64-bit signal word {@code sigIndex} of {@code sig} there ({@code shmem_int_put_signal}). A PE
     * that observes the signal update (acquire load, a wait, signalFetch) observes the data.
     */
    public final void putSignal(SymmetricMemory dest, long destIndex, int[] src, int srcIndex, int count,
                                SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        putSignalArray(dest, destIndex, MemorySegment.ofArray(Checks.notNull("src", src)), src.length, srcIndex, count,
                ValueLayout.JAVA_INT, sig, sigIndex, signal, sigOp, pe, false);
    }

    /**
     * Non-blocking {@link #putSignal(SymmetricMemory, long, int[], int, int, SymmetricMemory, long, long, SignalOp,
     * int)} ({@code shmem_int_put_signal_nbi}): {@code src} may be reused after {@link #quiet()}; the signal still
     * never arrives before the data.
     */
    public final void putSignalNbi(SymmetricMemory dest, long destIndex, int[] src, int srcIndex, int count,
                                   SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        putSignalArray(dest, destIndex, MemorySegment.ofArray(Checks.notNull("src", src)), src.length, srcIndex, count,
                ValueLayout.JAVA_INT, sig, sigIndex, signal, sigOp, pe, true);
    }

    /**
     * Puts {@code count} longs from {@code src[srcIndex..]} to element {@code destIndex} of {@code dest} on {@code pe},
     * then updates the 64-bit signal word {@code sigIndex} of {@code sig} there ({@code shmem_long_put_signal}). A PE
     * that observes the signal update (acquire load, a wait, signalFetch) observes the data.
     */
    public final void putSignal(SymmetricMemory dest, long destIndex, long[] src, int srcIndex, int count,
                                SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        putSignalArray(dest, destIndex, MemorySegment.ofArray(Checks.notNull("src", src)), src.length, srcIndex, count,
                ValueLayout.JAVA_LONG, sig, sigIndex, signal, sigOp, pe, false);
    }

    /**
     * Non-blocking {@link #putSignal(SymmetricMemory, long, long[], int, int, SymmetricMemory, long, long, SignalOp,
     * int)} ({@code shmem_long_put_signal_nbi}): {@code src} may be reused after {@link #quiet()}; the signal still
     * never arrives before the data.
     */
    public final void putSignalNbi(SymmetricMemory dest, long destIndex, long[] src, int srcIndex, int count,
                                   SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        putSignalArray(dest, destIndex, MemorySegment.ofArray(Checks.notNull("src", src)), src.length, srcIndex, count,
                ValueLayout.JAVA_LONG, sig, sigIndex, signal, sigOp, pe, true);
    }

    /**
     * Puts {@code count} floats from {@code src[srcIndex..]} to element {@code destIndex} of {@code dest} on
     * {@code pe}, then updates the 64-bit signal word {@code sigIndex} of {@code sig} there
     * ({@code shmem_float_put_signal}). A PE that observes the signal update (acquire load, a wait, signalFetch)
     * observes the data.
     */
    public final void putSignal(SymmetricMemory dest, long destIndex, float[] src, int srcIndex, int count,
                                SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        putSignalArray(dest, destIndex, MemorySegment.ofArray(Checks.notNull("src", src)), src.length, srcIndex, count,
                ValueLayout.JAVA_FLOAT, sig, sigIndex, signal, sigOp, pe, false);
    }

    /**
     * Non-blocking {@link #putSignal(SymmetricMemory, long, float[], int, int, SymmetricMemory, long, long, SignalOp,
     * int)} ({@code shmem_float_put_signal_nbi}): {@code src} may be reused after {@link #quiet()}; the signal still
     * never arrives before the data.
     */
    public final void putSignalNbi(SymmetricMemory dest, long destIndex, float[] src, int srcIndex, int count,
                                   SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        putSignalArray(dest, destIndex, MemorySegment.ofArray(Checks.notNull("src", src)), src.length, srcIndex, count,
                ValueLayout.JAVA_FLOAT, sig, sigIndex, signal, sigOp, pe, true);
    }

    /**
     * Puts {@code count} doubles from {@code src[srcIndex..]} to element {@code destIndex} of {@code dest} on
     * {@code pe}, then updates the 64-bit signal word {@code sigIndex} of {@code sig} there
     * ({@code shmem_double_put_signal}). A PE that observes the signal update (acquire load, a wait, signalFetch)
     * observes the data.
     */
    public final void putSignal(SymmetricMemory dest, long destIndex, double[] src, int srcIndex, int count,
                                SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        putSignalArray(dest, destIndex, MemorySegment.ofArray(Checks.notNull("src", src)), src.length, srcIndex, count,
                ValueLayout.JAVA_DOUBLE, sig, sigIndex, signal, sigOp, pe, false);
    }

    /**
     * Non-blocking {@link #putSignal(SymmetricMemory, long, double[], int, int, SymmetricMemory, long, long, SignalOp,
     * int)} ({@code shmem_double_put_signal_nbi}): {@code src} may be reused after {@link #quiet()}; the signal still
     * never arrives before the data.
     */
    public final void putSignalNbi(SymmetricMemory dest, long destIndex, double[] src, int srcIndex, int count,
                                   SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        putSignalArray(dest, destIndex, MemorySegment.ofArray(Checks.notNull("src", src)), src.length, srcIndex, count,
                ValueLayout.JAVA_DOUBLE, sig, sigIndex, signal, sigOp, pe, true);
    }

    /**
     * Blocks until element {@code index} of this PE's {@code ivar} satisfies {@code ivar cmp value}
     * ({@code shmem_short_wait_until}; short, int16). Acquire loads: after it returns, everything the writer made
     * visible before its store (quiet, fence, put-with-signal) is visible here. Spins, then yields and parks; throws
     * ShmemTimeoutException after JSHMEM_TIMEOUT and PeFailedException when a PE dies.
     */
    public final void waitUntilShort(SymmetricMemory ivar, long index, Cmp cmp, short value) {
        waitOne(WaitType.SHORT, ivar, index, cmp, value, "waitUntilShort");
    }

    /**
     * Blocks until element {@code index} of {@code ivar} differs from {@code value} ({@code shmem_short_wait},
     * deprecated in OpenSHMEM: {@link #waitUntilShort} with {@link Cmp#NE}).
     */
    public final void waitShort(SymmetricMemory ivar, long index, short value) {
        waitOne(WaitType.SHORT, ivar, index, Cmp.NE, value, "waitShort");
    }

    /**
     * Whether element {@code index} of {@code ivar} satisfies {@code ivar cmp value} now ({@code shmem_short_test}); an
     * acquire load, never blocks.
     */
    public final boolean testShort(SymmetricMemory ivar, long index, Cmp cmp, short value) {
        return testOne(WaitType.SHORT, ivar, index, cmp, value);
    }

    /**
     * Blocks until every element i of {@code ivars[index .. index+nelems)} with {@code status} null or
     * {@code status[i] == 0} has satisfied {@code cmp} against {@code value} ({@code shmem_short_wait_until_all}).
     * Elements are waited for in order.
     */
    public final void waitUntilAllShort(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                        short value) {
        PointToPoint.waitAll(comm, waitVars(WaitType.SHORT, ivars, index, nelems, status), operand(cmp, value),
                "waitUntilAllShort");
    }

    /**
     * Blocks until some included element satisfies {@code cmp} against {@code value}
     * ({@code shmem_short_wait_until_any}); returns its index relative to {@code index}, or -1 (SIZE_MAX) when every
     * element is excluded.
     */
    public final int waitUntilAnyShort(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                       short value) {
        return PointToPoint.waitAny(comm, waitVars(WaitType.SHORT, ivars, index, nelems, status), operand(cmp, value),
                "waitUntilAnyShort");
    }

    /**
     * Blocks until at least one included element satisfies {@code cmp} against {@code value}, then writes the indices
     * of all that do into {@code indices} ({@code shmem_short_wait_until_some}); returns their count (0 when every
     * element is excluded).
     */
    public final int waitUntilSomeShort(SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status,
                                        Cmp cmp, short value) {
        return PointToPoint.waitSome(comm, waitVars(WaitType.SHORT, ivars, index, nelems, status), operand(cmp, value),
                indices(indices, nelems), "waitUntilSomeShort");
    }

    /**
     * Whether every included element satisfies {@code cmp} against {@code value} now ({@code shmem_short_test_all});
     * true when every element is excluded.
     */
    public final boolean testAllShort(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                      short value) {
        return PointToPoint.testAll(comm, waitVars(WaitType.SHORT, ivars, index, nelems, status), operand(cmp, value));
    }

    /**
     * Index of an included element that satisfies {@code cmp} against {@code value} now ({@code shmem_short_test_any}),
     * or -1 (SIZE_MAX) when none does.
     */
    public final int testAnyShort(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp, short value) {
        return PointToPoint.testAny(comm, waitVars(WaitType.SHORT, ivars, index, nelems, status), operand(cmp, value));
    }

    /**
     * Writes the indices of the included elements that satisfy {@code cmp} against {@code value} now into
     * {@code indices} ({@code shmem_short_test_some}); returns their count.
     */
    public final int testSomeShort(SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status, Cmp cmp,
                                   short value) {
        return PointToPoint.testSome(comm, waitVars(WaitType.SHORT, ivars, index, nelems, status), operand(cmp, value),
                indices(indices, nelems));
    }

    /**
     * Blocks until every element i of {@code ivars[index .. index+nelems)} with {@code status} null or
     * {@code status[i] == 0} has satisfied {@code cmp} against its own compare value {@code values[i]}
     * ({@code shmem_short_wait_until_all_vector}). Elements are waited for in order.
     */
    public final void waitUntilAllVectorShort(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                              short[] values) {
        PointToPoint.waitAll(comm, waitVars(WaitType.SHORT, ivars, index, nelems, status), operand(cmp, values, nelems),
                "waitUntilAllVectorShort");
    }

    /**
     * Blocks until some included element satisfies {@code cmp} against its own compare value {@code values[i]}
     * ({@code shmem_short_wait_until_any_vector}); returns its index relative to {@code index}, or -1 (SIZE_MAX) when
     * every element is excluded.
     */
    public final int waitUntilAnyVectorShort(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                             short[] values) {
        return PointToPoint.waitAny(comm, waitVars(WaitType.SHORT, ivars, index, nelems, status),
                operand(cmp, values, nelems), "waitUntilAnyVectorShort");
    }

    /**
     * Blocks until at least one included element satisfies {@code cmp} against its own compare value {@code values[i]},
     * then writes the indices of all that do into {@code indices} ({@code shmem_short_wait_until_some_vector}); returns
     * their count (0 when every element is excluded).
     */
    public final int waitUntilSomeVectorShort(SymmetricMemory ivars, long index, int nelems, int[] indices,
                                              int[] status, Cmp cmp, short[] values) {
        return PointToPoint.waitSome(comm, waitVars(WaitType.SHORT, ivars, index, nelems, status),
                operand(cmp, values, nelems), indices(indices, nelems), "waitUntilSomeVectorShort");
    }

    /**
     * Whether every included element satisfies {@code cmp} against its own compare value {@code values[i]} now
     * ({@code shmem_short_test_all_vector}); true when every element is excluded.
     */
    public final boolean testAllVectorShort(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                            short[] values) {
        return PointToPoint.testAll(comm, waitVars(WaitType.SHORT, ivars, index, nelems, status),
                operand(cmp, values, nelems));
    }

    /**
     * Index of an included element that satisfies {@code cmp} against its own compare value {@code values[i]} now
     * ({@code shmem_short_test_any_vector}), or -1 (SIZE_MAX) when none does.
     */
    public final int testAnyVectorShort(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                        short[] values) {
        return PointToPoint.testAny(comm, waitVars(WaitType.SHORT, ivars, index, nelems, status),
                operand(cmp, values, nelems));
    }

    /**
     * Writes the indices of the included elements that satisfy {@code cmp} against its own compare value
     * {@code values[i]} now into {@code indices} ({@code shmem_short_test_some_vector}); returns their count.
     */
    public final int testSomeVectorShort(SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status,
                                         Cmp cmp, short[] values) {
        return PointToPoint.testSome(comm, waitVars(WaitType.SHORT, ivars, index, nelems, status),
                operand(cmp, values, nelems), indices(indices, nelems));
    }

    /**
     * Blocks until element {@code index} of this PE's {@code ivar} satisfies {@code ivar cmp value}
     * ({@code shmem_int_wait_until}; int, int32). Acquire loads: after it returns, everything the writer made visible
     * before its store (quiet, fence, put-with-signal) is visible here. Spins, then yields and parks; throws
     * ShmemTimeoutException after JSHMEM_TIMEOUT and PeFailedException when a PE dies.
     */
    public final void waitUntilInt(SymmetricMemory ivar, long index, Cmp cmp, int value) {
        waitOne(WaitType.INT, ivar, index, cmp, value, "waitUntilInt");
    }

    /**
     * Blocks until element {@code index} of {@code ivar} differs from {@code value} ({@code shmem_int_wait}, deprecated
     * in OpenSHMEM: {@link #waitUntilInt} with {@link Cmp#NE}).
     */
    public final void waitInt(SymmetricMemory ivar, long index, int value) {
        waitOne(WaitType.INT, ivar, index, Cmp.NE, value, "waitInt");
    }

    /**
     * Whether element {@code index} of {@code ivar} satisfies {@code ivar cmp value} now ({@code shmem_int_test}); an
     * acquire load, never blocks.
     */
    public final boolean testInt(SymmetricMemory ivar, long index, Cmp cmp, int value) {
        return testOne(WaitType.INT, ivar, index, cmp, value);
    }

    /**
     * Blocks until every element i of {@code ivars[index .. index+nelems)} with {@code status} null or
     * {@code status[i] == 0} has satisfied {@code cmp} against {@code value} ({@code shmem_int_wait_until_all}).
     * Elements are waited for in order.
     */
    public final void waitUntilAllInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp, int value) {
        PointToPoint.waitAll(comm, waitVars(WaitType.INT, ivars, index, nelems, status), operand(cmp, value),
                "waitUntilAllInt");
    }

    /**
     * Blocks until some included element satisfies {@code cmp} against {@code value}
     * ({@code shmem_int_wait_until_any}); returns its index relative to {@code index}, or -1 (SIZE_MAX) when every
     * element is excluded.
     */
    public final int waitUntilAnyInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp, int value) {
        return PointToPoint.waitAny(comm, waitVars(WaitType.INT, ivars, index, nelems, status), operand(cmp, value),
                "waitUntilAnyInt");
    }

    /**
     * Blocks until at least one included element satisfies {@code cmp} against {@code value}, then writes the indices
     * of all that do into {@code indices} ({@code shmem_int_wait_until_some}); returns their count (0 when every
     * element is excluded).
     */
    public final int waitUntilSomeInt(SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status,
                                      Cmp cmp, int value) {
        return PointToPoint.waitSome(comm, waitVars(WaitType.INT, ivars, index, nelems, status), operand(cmp, value),
                indices(indices, nelems), "waitUntilSomeInt");
    }

    /**
     * Whether every included element satisfies {@code cmp} against {@code value} now ({@code shmem_int_test_all}); true
     * when every element is excluded.
     */
    public final boolean testAllInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp, int value) {
        return PointToPoint.testAll(comm, waitVars(WaitType.INT, ivars, index, nelems, status), operand(cmp, value));
    }

    /**
     * Index of an included element that satisfies {@code cmp} against {@code value} now ({@code shmem_int_test_any}),
     * or -1 (SIZE_MAX) when none does.
     */
    public final int testAnyInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp, int value) {
        return PointToPoint.testAny(comm, waitVars(WaitType.INT, ivars, index, nelems, status), operand(cmp, value));
    }

    /**
     * Writes the indices of the included elements that satisfy {@code cmp} against {@code value} now into
     * {@code indices} ({@code shmem_int_test_some}); returns their count.
     */
    public final int testSomeInt(SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status, Cmp cmp,
                                 int value) {
        return PointToPoint.testSome(comm, waitVars(WaitType.INT, ivars, index, nelems, status), operand(cmp, value),
                indices(indices, nelems));
    }

    /**
     * Blocks until every element i of {@code ivars[index .. index+nelems)} with {@code status} null or
     * {@code status[i] == 0} has satisfied {@code cmp} against its own compare value {@code values[i]}
     * ({@code shmem_int_wait_until_all_vector}). Elements are waited for in order.
     */
    public final void waitUntilAllVectorInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                            int[] values) {
        PointToPoint.waitAll(comm, waitVars(WaitType.INT, ivars, index, nelems, status), operand(cmp, values, nelems),
                "waitUntilAllVectorInt");
    }

    /**
     * Blocks until some included element satisfies {@code cmp} against its own compare value {@code values[i]}
     * ({@code shmem_int_wait_until_any_vector}); returns its index relative to {@code index}, or -1 (SIZE_MAX) when
     * every element is excluded.
     */
    public final int waitUntilAnyVectorInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                           int[] values) {
        return PointToPoint.waitAny(comm, waitVars(WaitType.INT, ivars, index, nelems, status),
                operand(cmp, values, nelems), "waitUntilAnyVectorInt");
    }

    /**
     * Blocks until at least one included element satisfies {@code cmp} against its own compare value {@code values[i]},
     * then writes the indices of all that do into {@code indices} ({@code shmem_int_wait_until_some_vector}); returns
     * their count (0 when every element is excluded).
     */
    public final int waitUntilSomeVectorInt(SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status,
                                            Cmp cmp, int[] values) {
        return PointToPoint.waitSome(comm, waitVars(WaitType.INT, ivars, index, nelems, status),
                operand(cmp, values, nelems), indices(indices, nelems), "waitUntilSomeVectorInt");
    }

    /**
     * Whether every included element satisfies {@code cmp} against its own compare value {@code values[i]} now
     * ({@code shmem_int_test_all_vector}); true when every element is excluded.
     */
    public final boolean testAllVectorInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                          int[] values) {
        return PointToPoint.testAll(comm, waitVars(WaitType.INT, ivars, index, nelems, status),
                operand(cmp, values, nelems));
    }

    /**
     * Index of an included element that satisfies {@code cmp} against its own compare value {@code values[i]} now
     * ({@code shmem_int_test_any_vector}), or -1 (SIZE_MAX) when none does.
     */
    public final int testAnyVectorInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                      int[] values) {
        return PointToPoint.testAny(comm, waitVars(WaitType.INT, ivars, index, nelems, status),
                operand(cmp, values, nelems));
    }

    /**
     * Writes the indices of the included elements that satisfy {@code cmp} against its own compare value
     * {@code values[i]} now into {@code indices} ({@code shmem_int_test_some_vector}); returns their count.
     */
    public final int testSomeVectorInt(SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status,
                                       Cmp cmp, int[] values) {
        return PointToPoint.testSome(comm, waitVars(WaitType.INT, ivars, index, nelems, status),
                operand(cmp, values, nelems), indices(indices, nelems));
    }

    /**
     * Blocks until element {@code index} of this PE's {@code ivar} satisfies {@code ivar cmp value}
     * ({@code shmem_long_wait_until}; long, longlong, int64, ptrdiff). Acquire loads: after it returns, everything the
     * writer made visible before its store (quiet, fence, put-with-signal) is visible here. Spins, then yields and
     * parks; throws ShmemTimeoutException after JSHMEM_TIMEOUT and PeFailedException when a PE dies.
     */
    public final void waitUntilLong(SymmetricMemory ivar, long index, Cmp cmp, long value) {
        waitOne(WaitType.LONG, ivar, index, cmp, value, "waitUntilLong");
    }

    /**
     * Blocks until element {@code index} of {@code ivar} differs from {@code value} ({@code shmem_long_wait},
     * deprecated in OpenSHMEM: {@link #waitUntilLong} with {@link Cmp#NE}).
     */
    public final void waitLong(SymmetricMemory ivar, long index, long value) {
        waitOne(WaitType.LONG, ivar, index, Cmp.NE, value, "waitLong");
    }

    /**
     * Whether element {@code index} of {@code ivar} satisfies {@code ivar cmp value} now ({@code shmem_long_test}); an
     * acquire load, never blocks.
     */
    public final boolean testLong(SymmetricMemory ivar, long index, Cmp cmp, long value) {
        return testOne(WaitType.LONG, ivar, index, cmp, value);
    }

    /**
     * Blocks until every element i of {@code ivars[index .. index+nelems)} with {@code status} null or
     * {@code status[i] == 0} has satisfied {@code cmp} against {@code value} ({@code shmem_long_wait_until_all}).
     * Elements are waited for in order.
     */
    public final void waitUntilAllLong(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                       long value) {
        PointToPoint.waitAll(comm, waitVars(WaitType.LONG, ivars, index, nelems, status), operand(cmp, value),
                "waitUntilAllLong");
    }

    /**
     * Blocks until some included element satisfies {@code cmp} against {@code value}
     * ({@code shmem_long_wait_until_any}); returns its index relative to {@code index}, or -1 (SIZE_MAX) when every
     * element is excluded.
     */
    public final int waitUntilAnyLong(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                      long value) {
        return PointToPoint.waitAny(comm, waitVars(WaitType.LONG, ivars, index, nelems, status), operand(cmp, value),
                "waitUntilAnyLong");
    }

    /**
     * Blocks until at least one included element satisfies {@code cmp} against {@code value}, then writes the indices
     * of all that do into {@code indices} ({@code shmem_long_wait_until_some}); returns their count (0 when every
     * element is excluded).
     */
    public final int waitUntilSomeLong(SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status,
                                       Cmp cmp, long value) {
        return PointToPoint.waitSome(comm, waitVars(WaitType.LONG, ivars, index, nelems, status), operand(cmp, value),
                indices(indices, nelems), "waitUntilSomeLong");
    }

    /**
     * Whether every included element satisfies {@code cmp} against {@code value} now ({@code shmem_long_test_all});
     * true when every element is excluded.
     */
    public final boolean testAllLong(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp, long value) {
        return PointToPoint.testAll(comm, waitVars(WaitType.LONG, ivars, index, nelems, status), operand(cmp, value));
    }

    /**
     * Index of an included element that satisfies {@code cmp} against {@code value} now ({@code shmem_long_test_any}),
     * or -1 (SIZE_MAX) when none does.
     */
    public final int testAnyLong(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp, long value) {
        return PointToPoint.testAny(comm, waitVars(WaitType.LONG, ivars, index, nelems, status), operand(cmp, value));
    }

    /**
     * Writes the indices of the included elements that satisfy {@code cmp} against {@code value} now into
     * {@code indices} ({@code shmem_long_test_some}); returns their count.
     */
    public final int testSomeLong(SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status, Cmp cmp,
                                  long value) {
        return PointToPoint.testSome(comm, waitVars(WaitType.LONG, ivars, index, nelems, status), operand(cmp, value),
                indices(indices, nelems));
    }

    /**
     * Blocks until every element i of {@code ivars[index .. index+nelems)} with {@code status} null or
     * {@code status[i] == 0} has satisfied {@code cmp} against its own compare value {@code values[i]}
     * ({@code shmem_long_wait_until_all_vector}). Elements are waited for in order.
     */
    public final void waitUntilAllVectorLong(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                             long[] values) {
        PointToPoint.waitAll(comm, waitVars(WaitType.LONG, ivars, index, nelems, status), operand(cmp, values, nelems),
                "waitUntilAllVectorLong");
    }

    /**
     * Blocks until some included element satisfies {@code cmp} against its own compare value {@code values[i]}
     * ({@code shmem_long_wait_until_any_vector}); returns its index relative to {@code index}, or -1 (SIZE_MAX) when
     * every element is excluded.
     */
    public final int waitUntilAnyVectorLong(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                            long[] values) {
        return PointToPoint.waitAny(comm, waitVars(WaitType.LONG, ivars, index, nelems, status),
                operand(cmp, values, nelems), "waitUntilAnyVectorLong");
    }

    /**
     * Blocks until at least one included element satisfies {@code cmp} against its own compare value {@code values[i]},
     * then writes the indices of all that do into {@code indices} ({@code shmem_long_wait_until_some_vector}); returns
     * their count (0 when every element is excluded).
     */
    public final int waitUntilSomeVectorLong(SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status,
                                             Cmp cmp, long[] values) {
        return PointToPoint.waitSome(comm, waitVars(WaitType.LONG, ivars, index, nelems, status),
                operand(cmp, values, nelems), indices(indices, nelems), "waitUntilSomeVectorLong");
    }

    /**
     * Whether every included element satisfies {@code cmp} against its own compare value {@code values[i]} now
     * ({@code shmem_long_test_all_vector}); true when every element is excluded.
     */
    public final boolean testAllVectorLong(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                           long[] values) {
        return PointToPoint.testAll(comm, waitVars(WaitType.LONG, ivars, index, nelems, status),
                operand(cmp, values, nelems));
    }

    /**
     * Index of an included element that satisfies {@code cmp} against its own compare value {@code values[i]} now
     * ({@code shmem_long_test_any_vector}), or -1 (SIZE_MAX) when none does.
     */
    public final int testAnyVectorLong(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                       long[] values) {
        return PointToPoint.testAny(comm, waitVars(WaitType.LONG, ivars, index, nelems, status),
                operand(cmp, values, nelems));
    }

    /**
     * Writes the indices of the included elements that satisfy {@code cmp} against its own compare value
     * {@code values[i]} now into {@code indices} ({@code shmem_long_test_some_vector}); returns their count.
     */
    public final int testSomeVectorLong(SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status,
                                        Cmp cmp, long[] values) {
        return PointToPoint.testSome(comm, waitVars(WaitType.LONG, ivars, index, nelems, status),
                operand(cmp, values, nelems), indices(indices, nelems));
    }

    /**
     * Blocks until element {@code index} of this PE's {@code ivar} satisfies {@code ivar cmp value}
     * ({@code shmem_ushort_wait_until}; ushort, uint16; the bits of {@code short} values, compared unsigned). Acquire
     * loads: after it returns, everything the writer made visible before its store (quiet, fence, put-with-signal) is
     * visible here. Spins, then yields and parks; throws ShmemTimeoutException after JSHMEM_TIMEOUT and
     * PeFailedException when a PE dies.
     */
    public final void waitUntilUnsignedShort(SymmetricMemory ivar, long index, Cmp cmp, short value) {
        waitOne(WaitType.UNSIGNED_SHORT, ivar, index, cmp, value, "waitUntilUnsignedShort");
    }

    /**
     * Blocks until element {@code index} of {@code ivar} differs from {@code value} ({@code shmem_ushort_wait},
     * deprecated in OpenSHMEM: {@link #waitUntilUnsignedShort} with {@link Cmp#NE}).
     */
    public final void waitUnsignedShort(SymmetricMemory ivar, long index, short value) {
        waitOne(WaitType.UNSIGNED_SHORT, ivar, index, Cmp.NE, value, "waitUnsignedShort");
    }

    /**
     * Whether element {@code index} of {@code ivar} satisfies {@code ivar cmp value} now ({@code shmem_ushort_test});
     * an acquire load, never blocks.
     */
    public final boolean testUnsignedShort(SymmetricMemory ivar, long index, Cmp cmp, short value) {
        return testOne(WaitType.UNSIGNED_SHORT, ivar, index, cmp, value);
    }

    /**
     * Blocks until every element i of {@code ivars[index .. index+nelems)} with {@code status} null or
     * {@code status[i] == 0} has satisfied {@code cmp} against {@code value} ({@code shmem_ushort_wait_until_all}).
     * Elements are waited for in order.
     */
    public final void waitUntilAllUnsignedShort(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                                short value) {
        PointToPoint.waitAll(comm, waitVars(WaitType.UNSIGNED_SHORT, ivars, index, nelems, status), operand(cmp, value),
                "waitUntilAllUnsignedShort");
    }

    /**
     * Blocks until some included element satisfies {@code cmp} against {@code value}
     * ({@code shmem_ushort_wait_until_any}); returns its index relative to {@code index}, or -1 (SIZE_MAX) when every
     * element is excluded.
     */
    public final int waitUntilAnyUnsignedShort(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                               short value) {
        return PointToPoint.waitAny(comm, waitVars(WaitType.UNSIGNED_SHORT, ivars, index, nelems, status),
                operand(cmp, value), "waitUntilAnyUnsignedShort");
    }

    /**
     * Blocks until at least one included element satisfies {@code cmp} against {@code value}, then writes the indices
     * of all that do into {@code indices} ({@code shmem_ushort_wait_until_some}); returns their count (0 when every
     * element is excluded).
     */
    public final int waitUntilSomeUnsignedShort(SymmetricMemory ivars, long index, int nelems, int[] indices,
                                                int[] status, Cmp cmp, short value) {
        return PointToPoint.waitSome(comm, waitVars(WaitType.UNSIGNED_SHORT, ivars, index, nelems, status),
                operand(cmp, value), indices(indices, nelems), "waitUntilSomeUnsignedShort");
    }

    /**
     * Whether every included element satisfies {@code cmp} against {@code value} now ({@code shmem_ushort_test_all});
     * true when every element is excluded.
     */
    public final boolean testAllUnsignedShort(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                              short value) {
        return PointToPoint.testAll(comm, waitVars(WaitType.UNSIGNED_SHORT, ivars, index, nelems, status),
                operand(cmp, value));
    }

    /**
     * Index of an included element that satisfies {@code cmp} against {@code value} now
     * ({@code shmem_ushort_test_any}), or -1 (SIZE_MAX) when none does.
     */
    public final int testAnyUnsignedShort(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                          short value) {
        return PointToPoint.testAny(comm, waitVars(WaitType.UNSIGNED_SHORT, ivars, index, nelems, status),
                operand(cmp, value));
    }

    /**
     * Writes the indices of the included elements that satisfy {@code cmp} against {@code value} now into
     * {@code indices} ({@code shmem_ushort_test_some}); returns their count.
     */
    public final int testSomeUnsignedShort(SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status,
                                           Cmp cmp, short value) {
        return PointToPoint.testSome(comm, waitVars(WaitType.UNSIGNED_SHORT, ivars, index, nelems, status),
                operand(cmp, value), indices(indices, nelems));
    }

    /**
     * Blocks until every element i of {@code ivars[index .. index+nelems)} with {@code status} null or
     * {@code status[i] == 0} has satisfied {@code cmp} against its own compare value {@code values[i]}
     * ({@code shmem_ushort_wait_until_all_vector}). Elements are waited for in order.
     */
    public final void waitUntilAllVectorUnsignedShort(SymmetricMemory ivars, long index, int nelems, int[] status,
                                                      Cmp cmp, short[] values) {
        PointToPoint.waitAll(comm, waitVars(WaitType.UNSIGNED_SHORT, ivars, index, nelems, status),
                operand(cmp, values, nelems), "waitUntilAllVectorUnsignedShort");
    }

    /**
     * Blocks until some included element satisfies {@code cmp} against its own compare value {@code values[i]}
     * ({@code shmem_ushort_wait_until_any_vector}); returns its index relative to {@code index}, or -1 (SIZE_MAX) when
     * every element is excluded.
     */
    public final int waitUntilAnyVectorUnsignedShort(SymmetricMemory ivars, long index, int nelems, int[] status,
                                                     Cmp cmp, short[] values) {
        return PointToPoint.waitAny(comm, waitVars(WaitType.UNSIGNED_SHORT, ivars, index, nelems, status),
                operand(cmp, values, nelems), "waitUntilAnyVectorUnsignedShort");
    }

    /**
     * Blocks until at least one included element satisfies {@code cmp} against its own compare value {@code values[i]},
     * then writes the indices of all that do into {@code indices} ({@code shmem_ushort_wait_until_some_vector});
     * returns their count (0 when every element is excluded).
     */
    public final int waitUntilSomeVectorUnsignedShort(SymmetricMemory ivars, long index, int nelems, int[] indices,
                                                      int[] status, Cmp cmp, short[] values) {
        return PointToPoint.waitSome(comm, waitVars(WaitType.UNSIGNED_SHORT, ivars, index, nelems, status),
                operand(cmp, values, nelems), indices(indices, nelems), "waitUntilSomeVectorUnsignedShort");
    }

    /**
     * Whether every included element satisfies {@code cmp} against its own compare value {@code values[i]} now
     * ({@code shmem_ushort_test_all_vector}); true when every element is excluded.
     */
    public final boolean testAllVectorUnsignedShort(SymmetricMemory ivars, long index, int nelems, int[] status,
                                                    Cmp cmp, short[] values) {
        return PointToPoint.testAll(comm, waitVars(WaitType.UNSIGNED_SHORT, ivars, index, nelems, status),
                operand(cmp, values, nelems));
    }

    /**
     * Index of an included element that satisfies {@code cmp} against its own compare value {@code values[i]} now
     * ({@code shmem_ushort_test_any_vector}), or -1 (SIZE_MAX) when none does.
     */
    public final int testAnyVectorUnsignedShort(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                                short[] values) {
        return PointToPoint.testAny(comm, waitVars(WaitType.UNSIGNED_SHORT, ivars, index, nelems, status),
                operand(cmp, values, nelems));
    }

    /**
     * Writes the indices of the included elements that satisfy {@code cmp} against its own compare value
     * {@code values[i]} now into {@code indices} ({@code shmem_ushort_test_some_vector}); returns their count.
     */
    public final int testSomeVectorUnsignedShort(SymmetricMemory ivars, long index, int nelems, int[] indices,
                                                 int[] status, Cmp cmp, short[] values) {
        return PointToPoint.testSome(comm, waitVars(WaitType.UNSIGNED_SHORT, ivars, index, nelems, status),
                operand(cmp, values, nelems), indices(indices, nelems));
    }

    /**
     * Blocks until element {@code index} of this PE's {@code ivar} satisfies {@code ivar cmp value}
     * ({@code shmem_uint_wait_until}; uint, uint32; compared unsigned). Acquire loads: after it returns, everything the
     * writer made visible before its store (quiet, fence, put-with-signal) is visible here. Spins, then yields and
     * parks; throws ShmemTimeoutException after JSHMEM_TIMEOUT and PeFailedException when a PE dies.
     */
    public final void waitUntilUnsignedInt(SymmetricMemory ivar, long index, Cmp cmp, int value) {
        waitOne(WaitType.UNSIGNED_INT, ivar, index, cmp, value, "waitUntilUnsignedInt");
    }

    /**
     * Blocks until element {@code index} of {@code ivar} differs from {@code value} ({@code shmem_uint_wait},
     * deprecated in OpenSHMEM: {@link #waitUntilUnsignedInt} with {@link Cmp#NE}).
     */
    public final void waitUnsignedInt(SymmetricMemory ivar, long index, int value) {
        waitOne(WaitType.UNSIGNED_INT, ivar, index, Cmp.NE, value, "waitUnsignedInt");
    }

    /**
     * Whether element {@code index} of {@code ivar} satisfies {@code ivar cmp value} now ({@code shmem_uint_test}); an
     * acquire load, never blocks.
     */
    public final boolean testUnsignedInt(SymmetricMemory ivar, long index, Cmp cmp, int value) {
        return testOne(WaitType.UNSIGNED_INT, ivar, index, cmp, value);
    }

    /**
     * Blocks until every element i of {@code ivars[index .. index+nelems)} with {@code status} null or
     * {@code status[i] == 0} has satisfied {@code cmp} against {@code value} ({@code shmem_uint_wait_until_all}).
     * Elements are waited for in order.
     */
    public final void waitUntilAllUnsignedInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                              int value) {
        PointToPoint.waitAll(comm, waitVars(WaitType.UNSIGNED_INT, ivars, index, nelems, status), operand(cmp, value),
                "waitUntilAllUnsignedInt");
    }

    /**
     * Blocks until some included element satisfies {@code cmp} against {@code value}
     * ({@code shmem_uint_wait_until_any}); returns its index relative to {@code index}, or -1 (SIZE_MAX) when every
     * element is excluded.
     */
    public final int waitUntilAnyUnsignedInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                             int value) {
        return PointToPoint.waitAny(comm, waitVars(WaitType.UNSIGNED_INT, ivars, index, nelems, status),
                operand(cmp, value), "waitUntilAnyUnsignedInt");
    }

    /**
     * Blocks until at least one included element satisfies {@code cmp} against {@code value}, then writes the indices
     * of all that do into {@code indices} ({@code shmem_uint_wait_until_some}); returns their count (0 when every
     * element is excluded).
     */
    public final int waitUntilSomeUnsignedInt(SymmetricMemory ivars, long index, int nelems, int[] indices,
                                              int[] status, Cmp cmp, int value) {
        return PointToPoint.waitSome(comm, waitVars(WaitType.UNSIGNED_INT, ivars, index, nelems, status),
                operand(cmp, value), indices(indices, nelems), "waitUntilSomeUnsignedInt");
    }

    /**
     * Whether every included element satisfies {@code cmp} against {@code value} now ({@code shmem_uint_test_all});
     * true when every element is excluded.
     */
    public final boolean testAllUnsignedInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                            int value) {
        return PointToPoint.testAll(comm, waitVars(WaitType.UNSIGNED_INT, ivars, index, nelems, status),
                operand(cmp, value));
    }

    /**
     * Index of an included element that satisfies {@code cmp} against {@code value} now ({@code shmem_uint_test_any}),
     * or -1 (SIZE_MAX) when none does.
     */
    public final int testAnyUnsignedInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                        int value) {
        return PointToPoint.testAny(comm, waitVars(WaitType.UNSIGNED_INT, ivars, index, nelems, status),
                operand(cmp, value));
    }

    /**
     * Writes the indices of the included elements that satisfy {@code cmp} against {@code value} now into
     * {@code indices} ({@code shmem_uint_test_some}); returns their count.
     */
    public final int testSomeUnsignedInt(SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status,
                                         Cmp cmp, int value) {
        return PointToPoint.testSome(comm, waitVars(WaitType.UNSIGNED_INT, ivars, index, nelems, status),
                operand(cmp, value), indices(indices, nelems));
    }

    /**
     * Blocks until every element i of {@code ivars[index .. index+nelems)} with {@code status} null or
     * {@code status[i] == 0} has satisfied {@code cmp} against its own compare value {@code values[i]}
     * ({@code shmem_uint_wait_until_all_vector}). Elements are waited for in order.
     */
    public final void waitUntilAllVectorUnsignedInt(SymmetricMemory ivars, long index, int nelems, int[] status,
                                                    Cmp cmp, int[] values) {
        PointToPoint.waitAll(comm, waitVars(WaitType.UNSIGNED_INT, ivars, index, nelems, status),
                operand(cmp, values, nelems), "waitUntilAllVectorUnsignedInt");
    }

    /**
     * Blocks until some included element satisfies {@code cmp} against its own compare value {@code values[i]}
     * ({@code shmem_uint_wait_until_any_vector}); returns its index relative to {@code index}, or -1 (SIZE_MAX) when
     * every element is excluded.
     */
    public final int waitUntilAnyVectorUnsignedInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                                   int[] values) {
        return PointToPoint.waitAny(comm, waitVars(WaitType.UNSIGNED_INT, ivars, index, nelems, status),
                operand(cmp, values, nelems), "waitUntilAnyVectorUnsignedInt");
    }

    /**
     * Blocks until at least one included element satisfies {@code cmp} against its own compare value {@code values[i]},
     * then writes the indices of all that do into {@code indices} ({@code shmem_uint_wait_until_some_vector}); returns
     * their count (0 when every element is excluded).
     */
    public final int waitUntilSomeVectorUnsignedInt(SymmetricMemory ivars, long index, int nelems, int[] indices,
                                                    int[] status, Cmp cmp, int[] values) {
        return PointToPoint.waitSome(comm, waitVars(WaitType.UNSIGNED_INT, ivars, index, nelems, status),
                operand(cmp, values, nelems), indices(indices, nelems), "waitUntilSomeVectorUnsignedInt");
    }

    /**
     * Whether every included element satisfies {@code cmp} against its own compare value {@code values[i]} now
     * ({@code shmem_uint_test_all_vector}); true when every element is excluded.
     */
    public final boolean testAllVectorUnsignedInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                                  int[] values) {
        return PointToPoint.testAll(comm, waitVars(WaitType.UNSIGNED_INT, ivars, index, nelems, status),
                operand(cmp, values, nelems));
    }

    /**
     * Index of an included element that satisfies {@code cmp} against its own compare value {@code values[i]} now
     * ({@code shmem_uint_test_any_vector}), or -1 (SIZE_MAX) when none does.
     */
    public final int testAnyVectorUnsignedInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                              int[] values) {
        return PointToPoint.testAny(comm, waitVars(WaitType.UNSIGNED_INT, ivars, index, nelems, status),
                operand(cmp, values, nelems));
    }

    /**
     * Writes the indices of the included elements that satisfy {@code cmp} against its own compare value
     * {@code values[i]} now into {@code indices} ({@code shmem_uint_test_some_vector}); returns their count.
     */
    public final int testSomeVectorUnsignedInt(SymmetricMemory ivars, long index, int nelems, int[] indices,
                                               int[] status, Cmp cmp, int[] values) {
        return PointToPoint.testSome(comm, waitVars(WaitType.UNSIGNED_INT, ivars, index, nelems, status),
                operand(cmp, values, nelems), indices(indices, nelems));
    }

    /**
     * Blocks until element {@code index} of this PE's {@code ivar} satisfies {@code ivar cmp value}
     * ({@code shmem_ulong_wait_until}; ulong, ulonglong, uint64, size; compared unsigned). Acquire loads: after it
     * returns, everything the writer made visible before its store (quiet, fence, put-with-signal) is visible here.
     * Spins, then yields and parks; throws ShmemTimeoutException after JSHMEM_TIMEOUT and PeFailedException when a PE
     * dies.
     */
    public final void waitUntilUnsignedLong(SymmetricMemory ivar, long index, Cmp cmp, long value) {
        waitOne(WaitType.UNSIGNED_LONG, ivar, index, cmp, value, "waitUntilUnsignedLong");
    }

    /**
     * Blocks until element {@code index} of {@code ivar} differs from {@code value} ({@code shmem_ulong_wait},
     * deprecated in OpenSHMEM: {@link #waitUntilUnsignedLong} with {@link Cmp#NE}).
     */
    public final void waitUnsignedLong(SymmetricMemory ivar, long index, long value) {
        waitOne(WaitType.UNSIGNED_LONG, ivar, index, Cmp.NE, value, "waitUnsignedLong");
    }

    /**
     * Whether element {@code index} of {@code ivar} satisfies {@code ivar cmp value} now ({@code shmem_ulong_test}); an
     * acquire load, never blocks.
     */
    public final boolean testUnsignedLong(SymmetricMemory ivar, long index, Cmp cmp, long value) {
        return testOne(WaitType.UNSIGNED_LONG, ivar, index, cmp, value);
    }

    /**
     * Blocks until every element i of {@code ivars[index .. index+nelems)} with {@code status} null or
     * {@code status[i] == 0} has satisfied {@code cmp} against {@code value} ({@code shmem_ulong_wait_until_all}).
     * Elements are waited for in order.
     */
    public final void waitUntilAllUnsignedLong(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                               long value) {
        PointToPoint.waitAll(comm, waitVars(WaitType.UNSIGNED_LONG, ivars, index, nelems, status), operand(cmp, value),
                "waitUntilAllUnsignedLong");
    }

    /**
     * Blocks until some included element satisfies {@code cmp} against {@code value}
     * ({@code shmem_ulong_wait_until_any}); returns its index relative to {@code index}, or -1 (SIZE_MAX) when every
     * element is excluded.
     */
    public final int waitUntilAnyUnsignedLong(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                              long value) {
        return PointToPoint.waitAny(comm, waitVars(WaitType.UNSIGNED_LONG, ivars, index, nelems, status),
                operand(cmp, value), "waitUntilAnyUnsignedLong");
    }

    /**
     * Blocks until at least one included element satisfies {@code cmp} against {@code value}, then writes the indices
     * of all that do into {@code indices} ({@code shmem_ulong_wait_until_some}); returns their count (0 when every
     * element is excluded).
     */
    public final int waitUntilSomeUnsignedLong(SymmetricMemory ivars, long index, int nelems, int[] indices,
                                               int[] status, Cmp cmp, long value) {
        return PointToPoint.waitSome(comm, waitVars(WaitType.UNSIGNED_LONG, ivars, index, nelems, status),
                operand(cmp, value), indices(indices, nelems), "waitUntilSomeUnsignedLong");
    }

    /**
     * Whether every included element satisfies {@code cmp} against {@code value} now ({@code shmem_ulong_test_all});
     * true when every element is excluded.
     */
    public final boolean testAllUnsignedLong(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                             long value) {
        return PointToPoint.testAll(comm, waitVars(WaitType.UNSIGNED_LONG, ivars, index, nelems, status),
                operand(cmp, value));
    }

    /**
     * Index of an included element that satisfies {@code cmp} against {@code value} now ({@code shmem_ulong_test_any}),
     * or -1 (SIZE_MAX) when none does.
     */
    public final int testAnyUnsignedLong(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                         long value) {
        return PointToPoint.testAny(comm, waitVars(WaitType.UNSIGNED_LONG, ivars, index, nelems, status),
                operand(cmp, value));
    }

    /**
     * Writes the indices of the included elements that satisfy {@code cmp} against {@code value} now into
     * {@code indices} ({@code shmem_ulong_test_some}); returns their count.
     */
    public final int testSomeUnsignedLong(SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status,
                                          Cmp cmp, long value) {
        return PointToPoint.testSome(comm, waitVars(WaitType.UNSIGNED_LONG, ivars, index, nelems, status),
                operand(cmp, value), indices(indices, nelems));
    }

    /**
     * Blocks until every element i of {@code ivars[index .. index+nelems)} with {@code status} null or
     * {@code status[i] == 0} has satisfied {@code cmp} against its own compare value {@code values[i]}
     * ({@code shmem_ulong_wait_until_all_vector}). Elements are waited for in order.
     */
    public final void waitUntilAllVectorUnsignedLong(SymmetricMemory ivars, long index, int nelems, int[] status,
                                                     Cmp cmp, long[] values) {
        PointToPoint.waitAll(comm, waitVars(WaitType.UNSIGNED_LONG, ivars, index, nelems, status),
                operand(cmp, values, nelems), "waitUntilAllVectorUnsignedLong");
    }

    /**
     * Blocks until some included element satisfies {@code cmp} against its own compare value {@code values[i]}
     * ({@code shmem_ulong_wait_until_any_vector}); returns its index relative to {@code index}, or -1 (SIZE_MAX) when
     * every element is excluded.
     */
    public final int waitUntilAnyVectorUnsignedLong(SymmetricMemory ivars, long index, int nelems, int[] status,
                                                    Cmp cmp, long[] values) {
        return PointToPoint.waitAny(comm, waitVars(WaitType.UNSIGNED_LONG, ivars, index, nelems, status),
                operand(cmp, values, nelems), "waitUntilAnyVectorUnsignedLong");
    }

    /**
     * Blocks until at least one included element satisfies {@code cmp} against its own compare value {@code values[i]},
     * then writes the indices of all that do into {@code indices} ({@code shmem_ulong_wait_until_some_vector}); returns
     * their count (0 when every element is excluded).
     */
    public final int waitUntilSomeVectorUnsignedLong(SymmetricMemory ivars, long index, int nelems, int[] indices,
                                                     int[] status, Cmp cmp, long[] values) {
        return PointToPoint.waitSome(comm, waitVars(WaitType.UNSIGNED_LONG, ivars, index, nelems, status),
                operand(cmp, values, nelems), indices(indices, nelems), "waitUntilSomeVectorUnsignedLong");
    }

    /**
     * Whether every included element satisfies {@code cmp} against its own compare value {@code values[i]} now
     * ({@code shmem_ulong_test_all_vector}); true when every element is excluded.
     */
    public final boolean testAllVectorUnsignedLong(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                                   long[] values) {
        return PointToPoint.testAll(comm, waitVars(WaitType.UNSIGNED_LONG, ivars, index, nelems, status),
                operand(cmp, values, nelems));
    }

    /**
     * Index of an included element that satisfies {@code cmp} against its own compare value {@code values[i]} now
     * ({@code shmem_ulong_test_any_vector}), or -1 (SIZE_MAX) when none does.
     */
    public final int testAnyVectorUnsignedLong(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                               long[] values) {
        return PointToPoint.testAny(comm, waitVars(WaitType.UNSIGNED_LONG, ivars, index, nelems, status),
                operand(cmp, values, nelems));
    }

    /**
     * Writes the indices of the included elements that satisfy {@code cmp} against its own compare value
     * {@code values[i]} now into {@code indices} ({@code shmem_ulong_test_some_vector}); returns their count.
     */
    public final int testSomeVectorUnsignedLong(SymmetricMemory ivars, long index, int nelems, int[] indices,
                                                int[] status, Cmp cmp, long[] values) {
        return PointToPoint.testSome(comm, waitVars(WaitType.UNSIGNED_LONG, ivars, index, nelems, status),
                operand(cmp, values, nelems), indices(indices, nelems));
    }

    // END GENERATED SYNC API

    /**
     * Puts {@code bytes} from {@code src} to {@code dest + destOffset} on {@code pe}, then updates the 64-bit
     * signal word {@code sigIndex} of {@code sig} there with {@code sigOp} ({@code shmem_putmem_signal}). The
     * signal is a release store (SET) or an atomic add (ADD) made after the data stores, so a PE that observes the
     * signal with an acquire load ({@link #signalWaitUntil}, {@link #signalFetch}, the waits) observes the data.
     * Returns when {@code src} may be reused.
     */
    public final void putmemSignal(SymmetricMemory dest, long destOffset, MemorySegment src, long srcOffset,
                                   long bytes, SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp,
                                   int pe) {
        putSignalBytes(dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, sigOp, pe, false);
    }

    /** {@code putmemSignal} from this PE's copy of a symmetric block. */
    public final void putmemSignal(SymmetricMemory dest, long destOffset, SymmetricMemory src, long srcOffset,
                                   long bytes, SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp,
                                   int pe) {
        long srcOff = remote(src, "src", srcOffset, "srcOffset", bytes, pe);
        putSignalBytes(dest, destOffset, comm.localHeap(), srcOff, bytes, sig, sigIndex, signal, sigOp, pe, false);
    }

    /**
     * Non-blocking {@code putmemSignal} ({@code shmem_putmem_signal_nbi}): {@code src} may be reused after
     * {@link #quiet()}; the signal still never becomes visible before the data.
     */
    public final void putmemSignalNbi(SymmetricMemory dest, long destOffset, MemorySegment src, long srcOffset,
                                      long bytes, SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp,
                                      int pe) {
        putSignalBytes(dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, sigOp, pe, true);
    }

    /** Non-blocking {@code putmemSignal} from this PE's copy of a symmetric block. */
    public final void putmemSignalNbi(SymmetricMemory dest, long destOffset, SymmetricMemory src, long srcOffset,
                                      long bytes, SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp,
                                      int pe) {
        long srcOff = remote(src, "src", srcOffset, "srcOffset", bytes, pe);
        putSignalBytes(dest, destOffset, comm.localHeap(), srcOff, bytes, sig, sigIndex, signal, sigOp, pe, true);
    }

    /**
     * Atomically adds {@code value} (modulo 2^64) to the signal word {@code index} of {@code sig} on {@code pe}
     * ({@code shmem_signal_add}). Ordered after earlier operations to {@code pe} only by {@link #fence()} or
     * {@link #quiet()}.
     */
    public final void signalAdd(SymmetricMemory sig, long index, long value, int pe) {
        comm.atomicLong(AmoOp.FETCH_ADD, pe, slot(sig, "sig", index, Long.BYTES, pe), value, 0);
    }

    /**
     * Atomically stores {@code value} into the signal word {@code index} of {@code sig} on {@code pe}
     * ({@code shmem_signal_set}); a volatile store.
     */
    public final void signalSet(SymmetricMemory sig, long index, long value, int pe) {
        comm.atomicLong(AmoOp.SET, pe, slot(sig, "sig", index, Long.BYTES, pe), value, 0);
    }

    /** This PE's signal word {@code index} of {@code sig}, by an acquire load ({@code shmem_signal_fetch}). */
    public final long signalFetch(SymmetricMemory sig, long index) {
        return WaitType.UNSIGNED_LONG.loadAcquire(comm.localHeap(), localSlots(sig, "sig", index, 1, Long.BYTES));
    }

    /**
     * Blocks until this PE's signal word {@code index} of {@code sig} satisfies {@code sig cmp value}, compared as
     * unsigned 64-bit integers, and returns the value that did ({@code shmem_signal_wait_until}). Everything the
     * signalling put delivered is visible when it returns.
     */
    public final long signalWaitUntil(SymmetricMemory sig, long index, Cmp cmp, long value) {
        long off = localSlots(sig, "sig", index, 1, Long.BYTES);
        return PointToPoint.waitUntil(comm, WaitType.UNSIGNED_LONG, off, comparison(cmp), value, "signalWaitUntil");
    }

    /**
     * Blocks until this PE holds the distributed lock in the 64-bit word {@code index} of {@code lock}
     * ({@code shmem_set_lock}). The word must be 0 on every PE before its first use and must not be touched
     * otherwise. Fair: PEs acquire in the order they asked (an MCS queue); each waits on its own heap. Everything
     * the previous holder stored before {@link #clearLock} is visible to the next holder. Threads of one PE queue
     * behind each other (the lock belongs to the PE).
     */
    public final void setLock(SymmetricMemory lock, long index) {
        runtime.locks().set(localSlots(lock, "lock", index, 1, Long.BYTES));
    }

    /**
     * Takes the lock if it is free, without waiting ({@code shmem_test_lock}). Returns true when this PE now holds
     * the lock; note that C's {@code shmem_test_lock} returns 0 in that case.
     */
    public final boolean testLock(SymmetricMemory lock, long index) {
        return runtime.locks().test(localSlots(lock, "lock", index, 1, Long.BYTES));
    }

    /**
     * Releases the lock ({@code shmem_clear_lock}): first completes this PE's outstanding operations (a quiet), then
     * hands the lock to the next PE in line. Throws {@link io.jshmem.error.ShmemStateException}, changing nothing,
     * when this PE does not hold the lock.
     */
    public final void clearLock(SymmetricMemory lock, long index) {
        runtime.locks().clear(localSlots(lock, "lock", index, 1, Long.BYTES), "lock");
    }

    /**
     * Completes this context's outstanding operations to the given PEs only ({@code shmem_pe_quiet}, OpenSHMEM
     * 1.6): afterwards they are visible at those targets, as after {@link #quiet()}. A full fence on one host.
     */
    public final void peQuiet(int... pes) {
        usable();
        Checks.notNull("pes", pes);
        for (int i = 0; i < pes.length; i++) {
            Checks.pe("pes[" + i + "]", pes[i], nPes);
        }
        comm.quiet(pes);
    }

    /**
     * Destroys a context made by {@link ShmemRuntime#createCtx(CtxOption...)} ({@code shmem_ctx_destroy}): completes
     * its outstanding operations (a quiet), then makes every later call on it throw. The default context cannot
     * be destroyed (finalize the runtime with {@link ShmemRuntime#close()} instead).
     */
    public final void destroy() {
        if (state == null) {
            throw new ShmemStateException("the default context cannot be destroyed: destroy only contexts made by "
                    + "createCtx; close() the runtime to finalize it");
        }
        state.destroy();
    }

    /**
     * The team this context was created from ({@code shmem_ctx_get_team}): {@link ShmemRuntime#teamWorld()} for the
     * default context and for contexts made by {@link ShmemRuntime#createCtx(CtxOption...)}.
     */
    public final Team team() {
        usable();
        return team != null ? team : runtime.teamWorld();
    }

    /** Whether this context has been destroyed (always false for the default context). */
    public final boolean isDestroyed() {
        return state != null && state.isDestroyed();
    }

    /** The options this context was created with (empty for the default context). */
    public final Set<CtxOption> options() {
        EnumSet<CtxOption> set = EnumSet.noneOf(CtxOption.class);
        if (state != null) {
            if (state.isPrivate()) {
                set.add(CtxOption.PRIVATE);
            }
            if (state.isSerialized()) {
                set.add(CtxOption.SERIALIZED);
            }
            if (state.isNoStore()) {
                set.add(CtxOption.NOSTORE);
            }
        }
        return Collections.unmodifiableSet(set);
    }

    // ---- checked helpers of the synchronization calls

    /** Throws when this is a destroyed context, or a private context used from a thread other than its owner. */
    final void usable() {
        if (state != null) {
            state.check();
        }
    }

    /** Checked heap offset of the naturally aligned {@code size}-byte element {@code index} of {@code mem}. */
    final long slot(SymmetricMemory mem, String name, long index, long size, int pe) {
        if (checks) {
            Checks.pe("pe", pe, nPes);
            return localSlots(mem, name, index, 1, size);
        }
        return mem.heapOffset() + index * size;
    }

    /** Checked heap offset of elements {@code [index, index + count)} of {@code mem}, naturally aligned. */
    final long localSlots(SymmetricMemory mem, String name, long index, long count, long size) {
        if (!checks) {
            return mem.heapOffset() + index * size;
        }
        usable();
        Checks.notNull(name, mem);
        mem.usable(runtime, name);
        long bytes = mem.byteSize();
        // index <= bytes bounds the product (a heap is far below 2^60 bytes, count below 2^31): no division here.
        if (index < 0 || index > bytes || (index + count) * size > bytes) {
            throw outside(name, index, count, bytes / size, size);
        }
        long off = mem.heapOffset() + index * size;
        if ((off & (size - 1)) != 0) {
            throw misaligned(name, index, off, size);
        }
        return off;
    }

    private static ShmemArgumentException outside(String name, long index, long count, long elements, long size) {
        return new ShmemArgumentException("index = " + index + (count == 1 ? "" : " with nelems = " + count)
                + " is outside " + name + " (a symmetric block of " + elements + " " + size + "-byte elements): "
                + "valid is 0 <= index" + (count == 1 ? " < " + elements : " and index + nelems <= " + elements)
                + "; pass an index inside the block or allocate a larger one");
    }

    private static ShmemArgumentException misaligned(String name, long index, long off, long size) {
        return new ShmemArgumentException(name + " element " + index + " is at heap offset " + off + ", not " + size
                + "-byte aligned: atomics, signals, waits and locks need naturally aligned slots; use a block from "
                + "malloc/calloc/align (aligned to 8 bytes or more)");
    }

    final long amoLong(AmoOp op, SymmetricMemory dest, String name, long index, long operand, long compare,
                       int pe) {
        return comm.atomicLong(op, pe, slot(dest, name, index, Long.BYTES, pe), operand, compare);
    }

    final int amoInt(AmoOp op, SymmetricMemory dest, String name, long index, int operand, int compare, int pe) {
        return comm.atomicInt(op, pe, slot(dest, name, index, Integer.BYTES, pe), operand, compare);
    }

    final void amoLongNbi(AmoOp op, MemorySegment fetch, long fetchIndex, SymmetricMemory dest, String name,
                          long index, long operand, long compare, int pe) {
        long off = slot(dest, name, index, Long.BYTES, pe);
        fetchSlot(fetch, fetchIndex, Long.BYTES);
        comm.atomicLongNbi(op, pe, off, operand, compare, fetch, fetchIndex * Long.BYTES);
    }

    final void amoIntNbi(AmoOp op, MemorySegment fetch, long fetchIndex, SymmetricMemory dest, String name,
                         long index, int operand, int compare, int pe) {
        long off = slot(dest, name, index, Integer.BYTES, pe);
        fetchSlot(fetch, fetchIndex, Integer.BYTES);
        comm.atomicIntNbi(op, pe, off, operand, compare, fetch, fetchIndex * Integer.BYTES);
    }

    private void fetchSlot(MemorySegment fetch, long fetchIndex, long size) {
        if (checks) {
            Checks.notNull("fetch", fetch);
            Checks.range("fetchIndex*" + size, fetchIndex * size, "bytes", size, fetch.byteSize(),
                    "fetch (local segment)");
        }
    }

    final void putSignalArray(SymmetricMemory dest, long destIndex, MemorySegment src, int srcLength, int srcIndex,
                              int count, ValueLayout type, SymmetricMemory sig, long sigIndex, long signal,
                              SignalOp sigOp, int pe, boolean nbi) {
        long size = type.byteSize();
        if (checks) {
            checkCount(count);
            Checks.range("srcIndex", srcIndex, "count", count, srcLength, "the source array (elements)");
        }
        long off = remote(dest, "dest", destIndex * size, "destIndex", size, count * size, pe);
        signal(off, src, srcIndex * size, count * size, sig, sigIndex, signal, sigOp, pe, nbi);
    }

    private void putSignalBytes(SymmetricMemory dest, long destOffset, MemorySegment src, long srcOffset,
                                long bytes, SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe,
                                boolean nbi) {
        long off = remote(dest, "dest", destOffset, "destOffset", bytes, pe);
        local(src, "src", srcOffset, "srcOffset", bytes);
        signal(off, src, srcOffset, bytes, sig, sigIndex, signal, sigOp, pe, nbi);
    }

    private void signal(long off, MemorySegment src, long srcOffset, long bytes, SymmetricMemory sig, long sigIndex,
                        long signal, SignalOp sigOp, int pe, boolean nbi) {
        long sigOff = slot(sig, "sig", sigIndex, Long.BYTES, pe);
        if (checks) {
            Checks.notNull("sigOp", sigOp);
        }
        // Both forms are complete on return on one host; a network engine completes the nbi data by quiet.
        comm.putSignal(pe, off, src, srcOffset, bytes, sigOff, signal, sigOp == SignalOp.ADD);
    }

    final void waitOne(WaitType type, SymmetricMemory ivar, long index, Cmp cmp, long value, String op) {
        long off = localSlots(ivar, "ivar", index, 1, type.byteSize());
        PointToPoint.waitUntil(comm, type, off, comparison(cmp), value, op);
    }

    final boolean testOne(WaitType type, SymmetricMemory ivar, long index, Cmp cmp, long value) {
        long off = localSlots(ivar, "ivar", index, 1, type.byteSize());
        return PointToPoint.test(comm, type, off, comparison(cmp), value);
    }

    final PointToPoint.Vars waitVars(WaitType type, SymmetricMemory ivars, long index, int nelems, int[] status) {
        if (checks) {
            Checks.nonNegative("nelems", nelems);
            if (status != null && status.length < nelems) {
                throw new ShmemArgumentException("status has " + status.length + " entries for nelems = " + nelems
                        + ": valid is status == null or status.length >= nelems; pass one entry per variable");
            }
        }
        long off = localSlots(ivars, "ivars", index, nelems, type.byteSize());
        return new PointToPoint.Vars(type, off, nelems, status);
    }

    final PointToPoint.Operand operand(Cmp cmp, long value) {
        return new PointToPoint.Operand(comparison(cmp), value, null);
    }

    final PointToPoint.Operand operand(Cmp cmp, short[] values, int nelems) {
        return operand(cmp, values == null ? null : MemorySegment.ofArray(values), values == null ? -1 : values.length,
                nelems);
    }

    final PointToPoint.Operand operand(Cmp cmp, int[] values, int nelems) {
        return operand(cmp, values == null ? null : MemorySegment.ofArray(values), values == null ? -1 : values.length,
                nelems);
    }

    final PointToPoint.Operand operand(Cmp cmp, long[] values, int nelems) {
        return operand(cmp, values == null ? null : MemorySegment.ofArray(values), values == null ? -1 : values.length,
                nelems);
    }

    private PointToPoint.Operand operand(Cmp cmp, MemorySegment values, int length, int nelems) {
        if (length < nelems) {
            throw new ShmemArgumentException("values " + (values == null ? "is null" : "has " + length + " entries")
                    + " for nelems = " + nelems + ": valid is one compare value per variable; pass an array of at "
                    + "least nelems values");
        }
        return new PointToPoint.Operand(comparison(cmp), 0, values);
    }

    final int[] indices(int[] indices, int nelems) {
        Checks.notNull("indices", indices);
        if (indices.length < nelems) {
            throw new ShmemArgumentException("indices has " + indices.length + " entries for nelems = " + nelems
                    + ": valid is indices.length >= nelems; pass room for every index");
        }
        return indices;
    }

    private static Comparison comparison(Cmp cmp) {
        if (cmp == null) {
            throw new ShmemArgumentException("cmp is null: valid comparisons are EQ, NE, GT, GE, LT, LE; pass one of "
                    + "the Cmp constants (or Cmp.fromCode for a C code)");
        }
        return cmp.comparison();
    }

    // ---- end of issue 3 section ----

    // ---- ordering -------------------------------------------------------------------------------------------

    /**
     * Completes every outstanding put, get, atomic and signal of this context and makes it visible at its target
     * ({@code shmem_quiet}); a full fence ({@code VarHandle.fullFence()}) on the shared-memory engine.
     */
    public void quiet() {
        usable();
        comm.quiet();
    }

    /**
     * Orders earlier puts, atomics and signals to each PE before later ones to the same PE ({@code shmem_fence});
     * does not wait for completion. On the shared-memory engine this is {@code VarHandle.releaseFence()}.
     */
    public void fence() {
        usable();
        comm.fence();
    }

    // ---- checked paths shared by the overloads --------------------------------------------------------------

    final void putArray(SymmetricMemory dest, long destIndex, MemorySegment src, int srcLength, int srcIndex,
                        int count, ValueLayout type, int pe, boolean nbi) {
        long size = type.byteSize();
        if (checks) {
            checkCount(count);
            Checks.range("srcIndex", srcIndex, "count", count, srcLength, "the source array (elements)");
        }
        long off = remote(dest, "dest", destIndex * size, "destIndex", size, count * size, pe);
        if (nbi) {
            comm.putNbi(pe, off, src, srcIndex * size, count * size);
        } else {
            comm.put(pe, off, src, srcIndex * size, count * size);
        }
    }

    final void getArray(MemorySegment dest, int destLength, int destIndex, SymmetricMemory src, long srcIndex,
                        int count, ValueLayout type, int pe, boolean nbi) {
        long size = type.byteSize();
        if (checks) {
            checkCount(count);
            Checks.range("destIndex", destIndex, "count", count, destLength, "the destination array (elements)");
        }
        long off = remote(src, "src", srcIndex * size, "srcIndex", size, count * size, pe);
        if (nbi) {
            comm.getNbi(pe, off, dest, destIndex * size, count * size);
        } else {
            comm.get(pe, off, dest, destIndex * size, count * size);
        }
    }

    final void iputArray(SymmetricMemory dest, long destIndex, long destStride, MemorySegment src, int srcLength,
                         int srcIndex, int srcStride, int count, ValueLayout type, int pe) {
        long size = type.byteSize();
        checkStride("destStride", destStride);
        checkStride("srcStride", srcStride);
        checkCount(count);
        if (count == 0) {
            return;
        }
        long srcSpan = (long) (count - 1) * srcStride + 1;
        Checks.range("srcIndex", srcIndex, "(count-1)*srcStride+1", srcSpan, srcLength, "the source array (elements)");
        long destSpan = (count - 1L) * destStride + 1;
        long off = remote(dest, "dest", destIndex * size, "destIndex", size, destSpan * size, pe);
        comm.iput(pe, off, destStride, src, srcIndex * size, srcStride, count, size);
    }

    final void igetArray(MemorySegment dest, int destLength, int destIndex, int destStride, SymmetricMemory src,
                         long srcIndex, long srcStride, int count, ValueLayout type, int pe) {
        long size = type.byteSize();
        checkStride("destStride", destStride);
        checkStride("srcStride", srcStride);
        checkCount(count);
        if (count == 0) {
            return;
        }
        long destSpan = (long) (count - 1) * destStride + 1;
        Checks.range("destIndex", destIndex, "(count-1)*destStride+1", destSpan, destLength,
                "the destination array (elements)");
        long srcSpan = (count - 1L) * srcStride + 1;
        long off = remote(src, "src", srcIndex * size, "srcIndex", size, srcSpan * size, pe);
        comm.iget(pe, off, srcStride, dest, destIndex * size, destStride, count, size);
    }

    final void putScalar(SymmetricMemory dest, long index, ValueLayout type, long bits, int pe) {
        long off = remote(dest, "dest", index * type.byteSize(), "index", type.byteSize(), type.byteSize(), pe);
        comm.putScalar(pe, off, type, bits);
    }

    final long getScalar(SymmetricMemory src, long index, ValueLayout type, int pe) {
        long off = remote(src, "src", index * type.byteSize(), "index", type.byteSize(), type.byteSize(), pe);
        return comm.getScalar(pe, off, type);
    }

    /** Checks a symmetric operand and a PE; returns the heap offset of {@code offset} within the block. */
    final long remote(SymmetricMemory mem, String name, long offset, String offsetName, long bytes, int pe) {
        return remote(mem, name, offset, offsetName, 1, bytes, pe);
    }

    /**
     * As above for an offset computed as {@code index * scale}; the argument's name in a message is
     * {@code offsetBase*scale}. Messages are built only when a check fails, so the checked path allocates nothing.
     */
    final long remote(SymmetricMemory mem, String name, long offset, String offsetBase, long scale, long bytes,
                      int pe) {
        if (checks) {
            usable();
            Checks.notNull(name, mem);
            mem.usable(runtime, name);
            Checks.pe("pe", pe, nPes);
            long size = mem.byteSize();
            if ((offset | bytes) < 0 || offset > size || bytes > size - offset) {
                Checks.range(scale == 1 ? offsetBase : offsetBase + "*" + scale, offset, "bytes", bytes, size,
                        name + " (symmetric block)");
            }
        }
        return mem.heapOffset() + offset;
    }

    private void local(MemorySegment seg, String name, long offset, String offsetName, long bytes) {
        if (checks) {
            Checks.notNull(name, seg);
            long size = seg.byteSize();
            if ((offset | bytes) < 0 || offset > size || bytes > size - offset) {
                Checks.range(offsetName, offset, "bytes", bytes, size, name + " (local segment)");
            }
        }
    }

    private static void checkCount(long count) {
        Checks.nonNegative("count", count);
    }

    private static void checkStride(String name, long stride) {
        if (stride < 1) {
            throw new ShmemArgumentException(name + " = " + stride + " is invalid: valid strides are 1 or more "
                    + "elements");
        }
    }
}
