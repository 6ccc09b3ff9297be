package io.jshmem;

import io.jshmem.comm.Comm;
import io.jshmem.error.Checks;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.runtime.Instance;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

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

    Context(ShmemRuntime runtime, Instance instance) {
        this.runtime = runtime == null ? (ShmemRuntime) this : runtime;
        this.comm = instance.comm();
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

    // ---- end of issue 3 section ----

    // ---- ordering -------------------------------------------------------------------------------------------

    /**
     * Completes every outstanding put, get, atomic and signal of this context and makes it visible at its target
     * ({@code shmem_quiet}); a full fence ({@code VarHandle.fullFence()}) on the shared-memory engine.
     */
    public void quiet() {
        comm.quiet();
    }

    /**
     * Orders earlier puts, atomics and signals to each PE before later ones to the same PE ({@code shmem_fence});
     * does not wait for completion. On the shared-memory engine this is {@code VarHandle.releaseFence()}.
     */
    public void fence() {
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
        long off = remote(dest, "dest", destIndex * size, "destIndex*" + size, count * size, pe);
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
        long off = remote(src, "src", srcIndex * size, "srcIndex*" + size, count * size, pe);
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
        long off = remote(dest, "dest", destIndex * size, "((count-1)*destStride+1)*" + size, destSpan * size, pe);
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
        long off = remote(src, "src", srcIndex * size, "((count-1)*srcStride+1)*" + size, srcSpan * size, pe);
        comm.iget(pe, off, srcStride, dest, destIndex * size, destStride, count, size);
    }

    final void putScalar(SymmetricMemory dest, long index, ValueLayout type, long bits, int pe) {
        long off = remote(dest, "dest", index * type.byteSize(), "index*" + type.byteSize(), type.byteSize(), pe);
        comm.putScalar(pe, off, type, bits);
    }

    final long getScalar(SymmetricMemory src, long index, ValueLayout type, int pe) {
        long off = remote(src, "src", index * type.byteSize(), "index*" + type.byteSize(), type.byteSize(), pe);
        return comm.getScalar(pe, off, type);
    }

    /** Checks a symmetric operand and a PE; returns the heap offset of {@code offset} within the block. */
    final long remote(SymmetricMemory mem, String name, long offset, String offsetName, long bytes, int pe) {
        if (checks) {
            Checks.notNull(name, mem);
            mem.usable(runtime, name);
            Checks.pe("pe", pe, nPes);
            Checks.range(offsetName, offset, "bytes", bytes, mem.byteSize(), name + " (symmetric block)");
        }
        return mem.heapOffset() + offset;
    }

    private void local(MemorySegment seg, String name, long offset, String offsetName, long bytes) {
        if (checks) {
            Checks.notNull(name, seg);
            Checks.range(offsetName, offset, "bytes", bytes, seg.byteSize(), name + " (local segment)");
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
