package io.jshmem;

import io.jshmem.config.Settings;
import io.jshmem.error.ShmemStateException;
import io.jshmem.runtime.LocalRendezvous;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The OpenSHMEM-style static facade: C programs port line by line ({@code shmem_long_put} becomes
 * {@code Shmem.put(dest, idx, long[] src, ...)}, {@code shmem_finalize} becomes {@link #finalizeShmem()}). Every
 * call delegates to the runtime created by {@link #init()}; the object API ({@link ShmemRuntime}, {@link Context})
 * documents ordering and thread-safety. Calls before init or after finalize throw {@link ShmemStateException}.
 */
public final class Shmem {
    private static volatile ShmemRuntime current;

    private Shmem() {
    }

    /**
     * Collective: initializes this PE from the launcher environment (shmemrun, torchrun, Slurm, Open MPI; a lone
     * process becomes a one-PE job) and makes it the facade's runtime ({@code shmem_init}).
     */
    public static synchronized ShmemRuntime init() {
        return init(InitAttributes.fromEnvironment());
    }

    /** Collective: initializes with explicit attributes ({@code shmem_init_attr}). */
    public static synchronized ShmemRuntime init(InitAttributes attributes) {
        ShmemRuntime rt = current;
        if (rt != null && rt.isLive()) {
            throw new ShmemStateException("jshmem is already initialized in this process (PE " + rt.myPe()
                    + "): call Shmem.finalizeShmem() before initializing again");
        }
        rt = ShmemRuntime.init(attributes);
        current = rt;
        return rt;
    }

    /**
     * Creates a unique id for a self-bootstrapped job ({@code shmem_get_uniqueid}) and starts serving its
     * rendezvous in this process. Hand its string form to the other PEs; every PE then calls
     * {@code init(InitAttributes.of(pe, nPes, id))}, this one included.
     */
    public static String getUniqueId() {
        return LocalRendezvous.create(Settings.fromEnvironment()).toString();
    }

    /** The runtime the facade uses. */
    public static ShmemRuntime current() {
        ShmemRuntime rt = current;
        if (rt == null) {
            throw new ShmemStateException("jshmem is not initialized: call Shmem.init() before any other call");
        }
        if (!rt.isLive()) {
            throw new ShmemStateException("jshmem has been finalized: no calls are allowed after "
                    + "Shmem.finalizeShmem(); call Shmem.init() again for a new job");
        }
        return rt;
    }

    /** Collective: {@link ShmemRuntime#close()} ({@code shmem_finalize}). */
    public static synchronized void finalizeShmem() {
        ShmemRuntime rt = current;
        if (rt != null) {
            rt.close();
        }
    }

    public static int myPe() {
        return current().myPe();
    }

    public static int nPes() {
        return current().nPes();
    }

    public static SymmetricMemory malloc(long bytes) {
        return current().malloc(bytes);
    }

    public static SymmetricMemory calloc(long count, long elementSize) {
        return current().calloc(count, elementSize);
    }

    public static SymmetricMemory align(long alignment, long bytes) {
        return current().align(alignment, bytes);
    }

    public static SymmetricMemory realloc(SymmetricMemory mem, long bytes) {
        return current().realloc(mem, bytes);
    }

    public static void free(SymmetricMemory mem) {
        current().free(mem);
    }

    public static HeapUsage heapUsage() {
        return current().heapUsage();
    }

    /** {@code shmem_ptr}: PE {@code pe}'s copy of {@code mem} when mapped in this process, else null. */
    public static MemorySegment ptr(SymmetricMemory mem, int pe) {
        return mem.ptr(pe).orElse(null);
    }

    public static void putmem(SymmetricMemory dest, long destOffset, MemorySegment src, long srcOffset, long bytes,
                              int pe) {
        current().putmem(dest, destOffset, src, srcOffset, bytes, pe);
    }

    public static void putmem(SymmetricMemory dest, long destOffset, SymmetricMemory src, long srcOffset,
                              long bytes, int pe) {
        current().putmem(dest, destOffset, src, srcOffset, bytes, pe);
    }

    public static void putmemNbi(SymmetricMemory dest, long destOffset, MemorySegment src, long srcOffset,
                                 long bytes, int pe) {
        current().putmemNbi(dest, destOffset, src, srcOffset, bytes, pe);
    }

    public static void putmemNbi(SymmetricMemory dest, long destOffset, SymmetricMemory src, long srcOffset,
                                 long bytes, int pe) {
        current().putmemNbi(dest, destOffset, src, srcOffset, bytes, pe);
    }

    public static void getmem(MemorySegment dest, long destOffset, SymmetricMemory src, long srcOffset, long bytes,
                              int pe) {
        current().getmem(dest, destOffset, src, srcOffset, bytes, pe);
    }

    public static void getmem(SymmetricMemory dest, long destOffset, SymmetricMemory src, long srcOffset,
                              long bytes, int pe) {
        current().getmem(dest, destOffset, src, srcOffset, bytes, pe);
    }

    public static void getmemNbi(MemorySegment dest, long destOffset, SymmetricMemory src, long srcOffset,
                                 long bytes, int pe) {
        current().getmemNbi(dest, destOffset, src, srcOffset, bytes, pe);
    }

    public static void getmemNbi(SymmetricMemory dest, long destOffset, SymmetricMemory src, long srcOffset,
                                 long bytes, int pe) {
        current().getmemNbi(dest, destOffset, src, srcOffset, bytes, pe);
    }

    public static void put(ValueLayout type, SymmetricMemory dest, long destIndex, MemorySegment src, long srcIndex,
                           long count, int pe) {
        current().put(type, dest, destIndex, src, srcIndex, count, pe);
    }

    public static void get(ValueLayout type, MemorySegment dest, long destIndex, SymmetricMemory src, long srcIndex,
                           long count, int pe) {
        current().get(type, dest, destIndex, src, srcIndex, count, pe);
    }

    // BEGIN GENERATED TYPED RMA (tools/gen_typed_rma.py)

    /** {@link Context#put(SymmetricMemory, long, byte[], int, int, int)} on the default context. */
    public static void put(SymmetricMemory dest, long destIndex, byte[] src, int srcIndex, int count, int pe) {
        current().put(dest, destIndex, src, srcIndex, count, pe);
    }

    /** {@link Context#putNbi(SymmetricMemory, long, byte[], int, int, int)} on the default context. */
    public static void putNbi(SymmetricMemory dest, long destIndex, byte[] src, int srcIndex, int count, int pe) {
        current().putNbi(dest, destIndex, src, srcIndex, count, pe);
    }

    /** {@link Context#get(byte[], int, SymmetricMemory, long, int, int)} on the default context. */
    public static void get(byte[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {
        current().get(dest, destIndex, src, srcIndex, count, pe);
    }

    /** {@link Context#getNbi(byte[], int, SymmetricMemory, long, int, int)} on the default context. */
    public static void getNbi(byte[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {
        current().getNbi(dest, destIndex, src, srcIndex, count, pe);
    }

    /** {@link Context#iput(SymmetricMemory, long, long, byte[], int, int, int, int)} on the default context. */
    public static void iput(SymmetricMemory dest, long destIndex, long destStride, byte[] src, int srcIndex,
                            int srcStride, int count, int pe) {
        current().iput(dest, destIndex, destStride, src, srcIndex, srcStride, count, pe);
    }

    /** {@link Context#iget(byte[], int, int, SymmetricMemory, long, long, int, int)} on the default context. */
    public static void iget(byte[] dest, int destIndex, int destStride, SymmetricMemory src, long srcIndex,
                            long srcStride, int count, int pe) {
        current().iget(dest, destIndex, destStride, src, srcIndex, srcStride, count, pe);
    }

    /** {@link Context#p(SymmetricMemory, long, byte, int)} on the default context. */
    public static void p(SymmetricMemory dest, long index, byte value, int pe) {
        current().p(dest, index, value, pe);
    }

    /** {@link Context#gByte(SymmetricMemory, long, int)} on the default context. */
    public static byte gByte(SymmetricMemory src, long index, int pe) {
        return current().gByte(src, index, pe);
    }

    /** {@link Context#put(SymmetricMemory, long, short[], int, int, int)} on the default context. */
    public static void put(SymmetricMemory dest, long destIndex, short[] src, int srcIndex, int count, int pe) {
        current().put(dest, destIndex, src, srcIndex, count, pe);
    }

    /** {@link Context#putNbi(SymmetricMemory, long, short[], int, int, int)} on the default context. */
    public static void putNbi(SymmetricMemory dest, long destIndex, short[] src, int srcIndex, int count, int pe) {
        current().putNbi(dest, destIndex, src, srcIndex, count, pe);
    }

    /** {@link Context#get(short[], int, SymmetricMemory, long, int, int)} on the default context. */
    public static void get(short[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {
        current().get(dest, destIndex, src, srcIndex, count, pe);
    }

    /** {@link Context#getNbi(short[], int, SymmetricMemory, long, int, int)} on the default context. */
    public static void getNbi(short[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {
        current().getNbi(dest, destIndex, src, srcIndex, count, pe);
    }

    /** {@link Context#iput(SymmetricMemory, long, long, short[], int, int, int, int)} on the default context. */
    public static void iput(SymmetricMemory dest, long destIndex, long destStride, short[] src, int srcIndex,
                            int srcStride, int count, int pe) {
        current().iput(dest, destIndex, destStride, src, srcIndex, srcStride, count, pe);
    }

    /** {@link Context#iget(short[], int, int, SymmetricMemory, long, long, int, int)} on the default context. */
    public static void iget(short[] dest, int destIndex, int destStride, SymmetricMemory src, long srcIndex,
                            long srcStride, int count, int pe) {
        current().iget(dest, destIndex, destStride, src, srcIndex, srcStride, count, pe);
    }

    /** {@link Context#p(SymmetricMemory, long, short, int)} on the default context. */
    public static void p(SymmetricMemory dest, long index, short value, int pe) {
        current().p(dest, index, value, pe);
    }

    /** {@link Context#gShort(SymmetricMemory, long, int)} on the default context. */
    public static short gShort(SymmetricMemory src, long index, int pe) {
        return current().gShort(src, index, pe);
    }

    /** {@link Context#put(SymmetricMemory, long, char[], int, int, int)} on the default context. */
    public static void put(SymmetricMemory dest, long destIndex, char[] src, int srcIndex, int count, int pe) {
        current().put(dest, destIndex, src, srcIndex, count, pe);
    }

    /** {@link Context#putNbi(SymmetricMemory, long, char[], int, int, int)} on the default context. */
    public static void putNbi(SymmetricMemory dest, long destIndex, char[] src, int srcIndex, int count, int pe) {
        current().putNbi(dest, destIndex, src, srcIndex, count, pe);
    }

    /** {@link Context#get(char[], int, SymmetricMemory, long, int, int)} on the default context. */
    public static void get(char[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {
        current().get(dest, destIndex, src, srcIndex, count, pe);
    }

    /** {@link Context#getNbi(char[], int, SymmetricMemory, long, int, int)} on the default context. */
    public static void getNbi(char[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {
        current().getNbi(dest, destIndex, src, srcIndex, count, pe);
    }

    /** {@link Context#iput(SymmetricMemory, long, long, char[], int, int, int, int)} on the default context. */
    public static void iput(SymmetricMemory dest, long destIndex, long destStride, char[] src, int srcIndex,
                            int srcStride, int count, int pe) {
        current().iput(dest, destIndex, destStride, src, srcIndex, srcStride, count, pe);
    }

    /** {@link Context#iget(char[], int, int, SymmetricMemory, long, long, int, int)} on the default context. */
    public static void iget(char[] dest, int destIndex, int destStride, SymmetricMemory src, long srcIndex,
                            long srcStride, int count, int pe) {
        current().iget(dest, destIndex, destStride, src, srcIndex, srcStride, count, pe);
    }

    /** {@link Context#p(SymmetricMemory, long, char, int)} on the default context. */
    public static void p(SymmetricMemory dest, long index, char value, int pe) {
        current().p(dest, index, value, pe);
    }

    /** {@link Context#gChar(SymmetricMemory, long, int)} on the default context. */
    public static char gChar(SymmetricMemory src, long index, int pe) {
        return current().gChar(src, index, pe);
    }

    /** {@link Context#put(SymmetricMemory, long, int[], int, int, int)} on the default context. */
    public static void put(SymmetricMemory dest, long destIndex, int[] src, int srcIndex, int count, int pe) {
        current().put(dest, destIndex, src, srcIndex, count, pe);
    }

    /** {@link Context#putNbi(SymmetricMemory, long, int[], int, int, int)} on the default context. */
    public static void putNbi(SymmetricMemory dest, long destIndex, int[] src, int srcIndex, int count, int pe) {
        current().putNbi(dest, destIndex, src, srcIndex, count, pe);
    }

    /** {@link Context#get(int[], int, SymmetricMemory, long, int, int)} on the default context. */
    public static void get(int[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {
        current().get(dest, destIndex, src, srcIndex, count, pe);
    }

    /** {@link Context#getNbi(int[], int, SymmetricMemory, long, int, int)} on the default context. */
    public static void getNbi(int[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {
        current().getNbi(dest, destIndex, src, srcIndex, count, pe);
    }

    /** {@link Context#iput(SymmetricMemory, long, long, int[], int, int, int, int)} on the default context. */
    public static void iput(SymmetricMemory dest, long destIndex, long destStride, int[] src, int srcIndex,
                            int srcStride, int count, int pe) {
        current().iput(dest, destIndex, destStride, src, srcIndex, srcStride, count, pe);
    }

    /** {@link Context#iget(int[], int, int, SymmetricMemory, long, long, int, int)} on the default context. */
    public static void iget(int[] dest, int destIndex, int destStride, SymmetricMemory src, long srcIndex,
                            long srcStride, int count, int pe) {
        current().iget(dest, destIndex, destStride, src, srcIndex, srcStride, count, pe);
    }

    /** {@link Context#p(SymmetricMemory, long, int, int)} on the default context. */
    public static void p(SymmetricMemory dest, long index, int value, int pe) {
        current().p(dest, index, value, pe);
    }

    /** {@link Context#gInt(SymmetricMemory, long, int)} on the default context. */
    public static int gInt(SymmetricMemory src, long index, int pe) {
        return current().gInt(src, index, pe);
    }

    /** {@link Context#put(SymmetricMemory, long, long[], int, int, int)} on the default context. */
    public static void put(SymmetricMemory dest, long destIndex, long[] src, int srcIndex, int count, int pe) {
        current().put(dest, destIndex, src, srcIndex, count, pe);
    }

    /** {@link Context#putNbi(SymmetricMemory, long, long[], int, int, int)} on the default context. */
    public static void putNbi(SymmetricMemory dest, long destIndex, long[] src, int srcIndex, int count, int pe) {
        current().putNbi(dest, destIndex, src, srcIndex, count, pe);
    }

    /** {@link Context#get(long[], int, SymmetricMemory, long, int, int)} on the default context. */
    public static void get(long[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {
        current().get(dest, destIndex, src, srcIndex, count, pe);
    }

    /** {@link Context#getNbi(long[], int, SymmetricMemory, long, int, int)} on the default context. */
    public static void getNbi(long[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {
        current().getNbi(dest, destIndex, src, srcIndex, count, pe);
    }

    /** {@link Context#iput(SymmetricMemory, long, long, long[], int, int, int, int)} on the default context. */
    public static void iput(SymmetricMemory dest, long destIndex, long destStride, long[] src, int srcIndex,
                            int srcStride, int count, int pe) {
        current().iput(dest, destIndex, destStride, src, srcIndex, srcStride, count, pe);
    }

    /** {@link Context#iget(long[], int, int, SymmetricMemory, long, long, int, int)} on the default context. */
    public static void iget(long[] dest, int destIndex, int destStride, SymmetricMemory src, long srcIndex,
                            long srcStride, int count, int pe) {
        current().iget(dest, destIndex, destStride, src, srcIndex, srcStride, count, pe);
    }

    /** {@link Context#p(SymmetricMemory, long, long, int)} on the default context. */
    public static void p(SymmetricMemory dest, long index, long value, int pe) {
        current().p(dest, index, value, pe);
    }

    /** {@link Context#gLong(SymmetricMemory, long, int)} on the default context. */
    public static long gLong(SymmetricMemory src, long index, int pe) {
        return current().gLong(src, index, pe);
    }

    /** {@link Context#put(SymmetricMemory, long, float[], int, int, int)} on the default context. */
    public static void put(SymmetricMemory dest, long destIndex, float[] src, int srcIndex, int count, int pe) {
        current().put(dest, destIndex, src, srcIndex, count, pe);
    }

    /** {@link Context#putNbi(SymmetricMemory, long, float[], int, int, int)} on the default context. */
    public static void putNbi(SymmetricMemory dest, long destIndex, float[] src, int srcIndex, int count, int pe) {
        current().putNbi(dest, destIndex, src, srcIndex, count, pe);
    }

    /** {@link Context#get(float[], int, SymmetricMemory, long, int, int)} on the default context. */
    public static void get(float[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {
        current().get(dest, destIndex, src, srcIndex, count, pe);
    }

    /** {@link Context#getNbi(float[], int, SymmetricMemory, long, int, int)} on the default context. */
    public static void getNbi(float[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {
        current().getNbi(dest, destIndex, src, srcIndex, count, pe);
    }

    /** {@link Context#iput(SymmetricMemory, long, long, float[], int, int, int, int)} on the default context. */
    public static void iput(SymmetricMemory dest, long destIndex, long destStride, float[] src, int srcIndex,
                            int srcStride, int count, int pe) {
        current().iput(dest, destIndex, destStride, src, srcIndex, srcStride, count, pe);
    }

    /** {@link Context#iget(float[], int, int, SymmetricMemory, long, long, int, int)} on the default context. */
    public static void iget(float[] dest, int destIndex, int destStride, SymmetricMemory src, long srcIndex,
                            long srcStride, int count, int pe) {
        current().iget(dest, destIndex, destStride, src, srcIndex, srcStride, count, pe);
    }

    /** {@link Context#p(SymmetricMemory, long, float, int)} on the default context. */
    public static void p(SymmetricMemory dest, long index, float value, int pe) {
        current().p(dest, index, value, pe);
    }

    /** {@link Context#gFloat(SymmetricMemory, long, int)} on the default context. */
    public static float gFloat(SymmetricMemory src, long index, int pe) {
        return current().gFloat(src, index, pe);
    }

    /** {@link Context#put(SymmetricMemory, long, double[], int, int, int)} on the default context. */
    public static void put(SymmetricMemory dest, long destIndex, double[] src, int srcIndex, int count, int pe) {
        current().put(dest, destIndex, src, srcIndex, count, pe);
    }

    /** {@link Context#putNbi(SymmetricMemory, long, double[], int, int, int)} on the default context. */
    public static void putNbi(SymmetricMemory dest, long destIndex, double[] src, int srcIndex, int count, int pe) {
        current().putNbi(dest, destIndex, src, srcIndex, count, pe);
    }

    /** {@link Context#get(double[], int, SymmetricMemory, long, int, int)} on the default context. */
    public static void get(double[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {
        current().get(dest, destIndex, src, srcIndex, count, pe);
    }

    /** {@link Context#getNbi(double[], int, SymmetricMemory, long, int, int)} on the default context. */
    public static void getNbi(double[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {
        current().getNbi(dest, destIndex, src, srcIndex, count, pe);
    }

    /** {@link Context#iput(SymmetricMemory, long, long, double[], int, int, int, int)} on the default context. */
    public static void iput(SymmetricMemory dest, long destIndex, long destStride, double[] src, int srcIndex,
                            int srcStride, int count, int pe) {
        current().iput(dest, destIndex, destStride, src, srcIndex, srcStride, count, pe);
    }

    /** {@link Context#iget(double[], int, int, SymmetricMemory, long, long, int, int)} on the default context. */
    public static void iget(double[] dest, int destIndex, int destStride, SymmetricMemory src, long srcIndex,
                            long srcStride, int count, int pe) {
        current().iget(dest, destIndex, destStride, src, srcIndex, srcStride, count, pe);
    }

    /** {@link Context#p(SymmetricMemory, long, double, int)} on the default context. */
    public static void p(SymmetricMemory dest, long index, double value, int pe) {
        current().p(dest, index, value, pe);
    }

    /** {@link Context#gDouble(SymmetricMemory, long, int)} on the default context. */
    public static double gDouble(SymmetricMemory src, long index, int pe) {
        return current().gDouble(src, index, pe);
    }

    // END GENERATED TYPED RMA

    // ---- atomics, signals, point-to-point waits, locks (issue 3) ----------------------------------------------

    // ---- end of issue 3 section ----

    public static void quiet() {
        current().quiet();
    }

    public static void fence() {
        current().fence();
    }

    // ---- teams and collectives (issue 4) ----

    // ---- end of issue 4 section ----

    public static void barrierAll() {
        current().barrierAll();
    }

    public static void syncAll() {
        current().syncAll();
    }

    /** {@code shmem_global_exit}: ends every PE with {@code status}; does not return. */
    public static void globalExit(int status) {
        current().globalExit(status);
    }
}
