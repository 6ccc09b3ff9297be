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
    private Shmem() {
    }

    /**
     * Collective: initializes this PE from the launcher environment (shmemrun, torchrun, Slurm, Open MPI; a lone
     * process becomes a one-PE job) and makes it the facade's runtime ({@code shmem_init}).
     */
    public static ShmemRuntime init() {
        return init(InitAttributes.fromEnvironment());
    }

    /**
     * Collective: initializes with explicit attributes ({@code shmem_init_attr}); the initialized instance
     * ({@link InitAttributes#instanceId}, 0 by default) becomes the current one. A live instance cannot be
     * initialized again.
     */
    public static ShmemRuntime init(InitAttributes attributes) {
        return ShmemRuntime.init(io.jshmem.error.Checks.notNull("attributes", attributes));
    }

    /**
     * Creates a unique id for a self-bootstrapped job ({@code shmem_get_uniqueid}) and starts serving its
     * rendezvous in this process. Hand its string form to the other PEs; every PE then calls
     * {@code init(InitAttributes.of(pe, nPes, id))}, this one included.
     */
    public static String getUniqueId() {
        return LocalRendezvous.create(InstanceRegistry.applyTls(Settings.fromEnvironment())).toString();
    }

    /** The runtime of the current instance, which the facade uses. */
    public static ShmemRuntime current() {
        ShmemRuntime rt = InstanceRegistry.current();
        if (rt == null) {
            throw new ShmemStateException("jshmem is not initialized: call Shmem.init() before any other call");
        }
        if (!rt.isLive()) {
            throw new ShmemStateException("jshmem has been finalized: no calls are allowed after "
                    + "Shmem.finalizeShmem(); call Shmem.init() again for a new job");
        }
        return rt;
    }

    /** Collective: {@link ShmemRuntime#close()} of the current instance ({@code shmem_finalize}). */
    public static void finalizeShmem() {
        ShmemRuntime rt = InstanceRegistry.current();
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

    // Allocation is a lifecycle call: it waits while another thread holds an instance scope (withInstance).

    public static SymmetricMemory malloc(long bytes) {
        InstanceRegistry.lock("malloc");
        try {
            return current().malloc(bytes);
        } finally {
            InstanceRegistry.unlock();
        }
    }

    public static SymmetricMemory calloc(long count, long elementSize) {
        InstanceRegistry.lock("calloc");
        try {
            return current().calloc(count, elementSize);
        } finally {
            InstanceRegistry.unlock();
        }
    }

    public static SymmetricMemory align(long alignment, long bytes) {
        InstanceRegistry.lock("align");
        try {
            return current().align(alignment, bytes);
        } finally {
            InstanceRegistry.unlock();
        }
    }

    public static SymmetricMemory realloc(SymmetricMemory mem, long bytes) {
        InstanceRegistry.lock("realloc");
        try {
            return current().realloc(mem, bytes);
        } finally {
            InstanceRegistry.unlock();
        }
    }

    public static void free(SymmetricMemory mem) {
        InstanceRegistry.lock("free");
        try {
            current().free(mem);
        } finally {
            InstanceRegistry.unlock();
        }
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

    /**
     * Collective: {@link #init()} with a thread level ({@code shmem_init_thread}). Every level is provided as
     * requested (jshmem is thread-safe at every level); {@link #queryThread()} reports it.
     */
    public static synchronized ShmemRuntime initThread(ThreadLevel requested) {
        io.jshmem.error.Checks.notNull("requested", requested);
        ShmemRuntime rt = init();
        rt.provideThreadLevel(requested);
        return rt;
    }

    /** {@link ShmemRuntime#queryThread()} ({@code shmem_query_thread}). */
    public static ThreadLevel queryThread() {
        return current().queryThread();
    }

    /** {@link ShmemRuntime#createCtx(CtxOption...)} ({@code shmem_ctx_create}). */
    public static Context ctxCreate(CtxOption... options) {
        return current().createCtx(options);
    }

    /** {@link Context#destroy()} ({@code shmem_ctx_destroy}). */
    public static void ctxDestroy(Context ctx) {
        io.jshmem.error.Checks.notNull("ctx", ctx).destroy();
    }

    /** {@link Context#team()} ({@code shmem_ctx_get_team}). */
    public static Team ctxGetTeam(Context ctx) {
        return io.jshmem.error.Checks.notNull("ctx", ctx).team();
    }

    /** {@link Context#peQuiet(int...)} on the default context ({@code shmem_pe_quiet}). */
    public static void peQuiet(int... pes) {
        current().peQuiet(pes);
    }

    /**
     * {@link Context#putmemSignal(SymmetricMemory, long, MemorySegment, long, long, SymmetricMemory, long, long,
     * SignalOp, int)} on the default context.
     */
    public static void putmemSignal(SymmetricMemory dest, long destOffset, MemorySegment src, long srcOffset,
                                    long bytes, SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp,
                                    int pe) {
        current().putmemSignal(dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, sigOp, pe);
    }

    /** {@code putmemSignal} from a symmetric source on the default context. */
    public static void putmemSignal(SymmetricMemory dest, long destOffset, SymmetricMemory src, long srcOffset,
                                    long bytes, SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp,
                                    int pe) {
        current().putmemSignal(dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, sigOp, pe);
    }

    /** {@code putmemSignalNbi} on the default context. */
    public static void putmemSignalNbi(SymmetricMemory dest, long destOffset, MemorySegment src, long srcOffset,
                                       long bytes, SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp,
                                       int pe) {
        current().putmemSignalNbi(dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, sigOp, pe);
    }

    /** {@code putmemSignalNbi} from a symmetric source on the default context. */
    public static void putmemSignalNbi(SymmetricMemory dest, long destOffset, SymmetricMemory src, long srcOffset,
                                       long bytes, SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp,
                                       int pe) {
        current().putmemSignalNbi(dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, sigOp, pe);
    }

    /** {@link Context#signalAdd(SymmetricMemory, long, long, int)} on the default context. */
    public static void signalAdd(SymmetricMemory sig, long index, long value, int pe) {
        current().signalAdd(sig, index, value, pe);
    }

    /** {@link Context#signalSet(SymmetricMemory, long, long, int)} on the default context. */
    public static void signalSet(SymmetricMemory sig, long index, long value, int pe) {
        current().signalSet(sig, index, value, pe);
    }

    /** {@link Context#signalFetch(SymmetricMemory, long)}. */
    public static long signalFetch(SymmetricMemory sig, long index) {
        return current().signalFetch(sig, index);
    }

    /** {@link Context#signalWaitUntil(SymmetricMemory, long, Cmp, long)}. */
    public static long signalWaitUntil(SymmetricMemory sig, long index, Cmp cmp, long value) {
        return current().signalWaitUntil(sig, index, cmp, value);
    }

    /** {@link Context#setLock(SymmetricMemory, long)}. */
    public static void setLock(SymmetricMemory lock, long index) {
        current().setLock(lock, index);
    }

    /** {@link Context#testLock(SymmetricMemory, long)}: true when the lock was acquired (C returns 0 then). */
    public static boolean testLock(SymmetricMemory lock, long index) {
        return current().testLock(lock, index);
    }

    /** {@link Context#clearLock(SymmetricMemory, long)}. */
    public static void clearLock(SymmetricMemory lock, long index) {
        current().clearLock(lock, index);
    }

    // BEGIN GENERATED SYNC API (tools/gen_sync_api.py)

    /** {@link Context#atomicFetchInt(SymmetricMemory, long, int)} on the default context. */
    public static int atomicFetchInt(SymmetricMemory source, long index, int pe) {
        return current().atomicFetchInt(source, index, pe);
    }

    /** {@link Context#atomicFetchIntNbi(int[], int, SymmetricMemory, long, int)} on the default context. */
    public static void atomicFetchIntNbi(int[] fetch, int fetchIndex, SymmetricMemory source, long index, int pe) {
        current().atomicFetchIntNbi(fetch, fetchIndex, source, index, pe);
    }

    /** {@link Context#atomicFetchIntNbi(MemorySegment, long, SymmetricMemory, long, int)} on the default context. */
    public static void atomicFetchIntNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory source, long index,
                                         int pe) {
        current().atomicFetchIntNbi(fetch, fetchIndex, source, index, pe);
    }

    /** {@link Context#atomicSetInt(SymmetricMemory, long, int, int)} on the default context. */
    public static void atomicSetInt(SymmetricMemory dest, long index, int value, int pe) {
        current().atomicSetInt(dest, index, value, pe);
    }

    /** {@link Context#atomicSwapInt(SymmetricMemory, long, int, int)} on the default context. */
    public static int atomicSwapInt(SymmetricMemory dest, long index, int value, int pe) {
        return current().atomicSwapInt(dest, index, value, pe);
    }

    /** {@link Context#atomicSwapIntNbi(int[], int, SymmetricMemory, long, int, int)} on the default context. */
    public static void atomicSwapIntNbi(int[] fetch, int fetchIndex, SymmetricMemory dest, long index, int value,
                                        int pe) {
        current().atomicSwapIntNbi(fetch, fetchIndex, dest, index, value, pe);
    }

    /**
     * {@link Context#atomicSwapIntNbi(MemorySegment, long, SymmetricMemory, long, int, int)} on the default context.
     */
    public static void atomicSwapIntNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                        int value, int pe) {
        current().atomicSwapIntNbi(fetch, fetchIndex, dest, index, value, pe);
    }

    /** {@link Context#atomicCompareSwapInt(SymmetricMemory, long, int, int, int)} on the default context. */
    public static int atomicCompareSwapInt(SymmetricMemory dest, long index, int cond, int value, int pe) {
        return current().atomicCompareSwapInt(dest, index, cond, value, pe);
    }

    /**
     * {@link Context#atomicCompareSwapIntNbi(int[], int, SymmetricMemory, long, int, int, int)} on the default context.
     */
    public static void atomicCompareSwapIntNbi(int[] fetch, int fetchIndex, SymmetricMemory dest, long index, int cond,
                                               int value, int pe) {
        current().atomicCompareSwapIntNbi(fetch, fetchIndex, dest, index, cond, value, pe);
    }

    /**
     * {@link Context#atomicCompareSwapIntNbi(MemorySegment, long, SymmetricMemory, long, int, int, int)} on the default
     * context.
     */
    public static void atomicCompareSwapIntNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                               int cond, int value, int pe) {
        current().atomicCompareSwapIntNbi(fetch, fetchIndex, dest, index, cond, value, pe);
    }

    /** {@link Context#atomicFetchIncInt(SymmetricMemory, long, int)} on the default context. */
    public static int atomicFetchIncInt(SymmetricMemory dest, long index, int pe) {
        return current().atomicFetchIncInt(dest, index, pe);
    }

    /** {@link Context#atomicFetchIncIntNbi(int[], int, SymmetricMemory, long, int)} on the default context. */
    public static void atomicFetchIncIntNbi(int[] fetch, int fetchIndex, SymmetricMemory dest, long index, int pe) {
        current().atomicFetchIncIntNbi(fetch, fetchIndex, dest, index, pe);
    }

    /** {@link Context#atomicFetchIncIntNbi(MemorySegment, long, SymmetricMemory, long, int)} on the default context. */
    public static void atomicFetchIncIntNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                            int pe) {
        current().atomicFetchIncIntNbi(fetch, fetchIndex, dest, index, pe);
    }

    /** {@link Context#atomicIncInt(SymmetricMemory, long, int)} on the default context. */
    public static void atomicIncInt(SymmetricMemory dest, long index, int pe) {
        current().atomicIncInt(dest, index, pe);
    }

    /** {@link Context#atomicFetchAddInt(SymmetricMemory, long, int, int)} on the default context. */
    public static int atomicFetchAddInt(SymmetricMemory dest, long index, int value, int pe) {
        return current().atomicFetchAddInt(dest, index, value, pe);
    }

    /** {@link Context#atomicFetchAddIntNbi(int[], int, SymmetricMemory, long, int, int)} on the default context. */
    public static void atomicFetchAddIntNbi(int[] fetch, int fetchIndex, SymmetricMemory dest, long index, int value,
                                            int pe) {
        current().atomicFetchAddIntNbi(fetch, fetchIndex, dest, index, value, pe);
    }

    /**
     * {@link Context#atomicFetchAddIntNbi(MemorySegment, long, SymmetricMemory, long, int, int)} on the default
     * context.
     */
    public static void atomicFetchAddIntNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                            int value, int pe) {
        current().atomicFetchAddIntNbi(fetch, fetchIndex, dest, index, value, pe);
    }

    /** {@link Context#atomicAddInt(SymmetricMemory, long, int, int)} on the default context. */
    public static void atomicAddInt(SymmetricMemory dest, long index, int value, int pe) {
        current().atomicAddInt(dest, index, value, pe);
    }

    /** {@link Context#atomicFetchAndInt(SymmetricMemory, long, int, int)} on the default context. */
    public static int atomicFetchAndInt(SymmetricMemory dest, long index, int value, int pe) {
        return current().atomicFetchAndInt(dest, index, value, pe);
    }

    /** {@link Context#atomicFetchAndIntNbi(int[], int, SymmetricMemory, long, int, int)} on the default context. */
    public static void atomicFetchAndIntNbi(int[] fetch, int fetchIndex, SymmetricMemory dest, long index, int value,
                                            int pe) {
        current().atomicFetchAndIntNbi(fetch, fetchIndex, dest, index, value, pe);
    }

    /**
     * {@link Context#atomicFetchAndIntNbi(MemorySegment, long, SymmetricMemory, long, int, int)} on the default
     * context.
     */
    public static void atomicFetchAndIntNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                            int value, int pe) {
        current().atomicFetchAndIntNbi(fetch, fetchIndex, dest, index, value, pe);
    }

    /** {@link Context#atomicAndInt(SymmetricMemory, long, int, int)} on the default context. */
    public static void atomicAndInt(SymmetricMemory dest, long index, int value, int pe) {
        current().atomicAndInt(dest, index, value, pe);
    }

    /** {@link Context#atomicFetchOrInt(SymmetricMemory, long, int, int)} on the default context. */
    public static int atomicFetchOrInt(SymmetricMemory dest, long index, int value, int pe) {
        return current().atomicFetchOrInt(dest, index, value, pe);
    }

    /** {@link Context#atomicFetchOrIntNbi(int[], int, SymmetricMemory, long, int, int)} on the default context. */
    public static void atomicFetchOrIntNbi(int[] fetch, int fetchIndex, SymmetricMemory dest, long index, int value,
                                           int pe) {
        current().atomicFetchOrIntNbi(fetch, fetchIndex, dest, index, value, pe);
    }

    /**
     * {@link Context#atomicFetchOrIntNbi(MemorySegment, long, SymmetricMemory, long, int, int)} on the default context.
     */
    public static void atomicFetchOrIntNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                           int value, int pe) {
        current().atomicFetchOrIntNbi(fetch, fetchIndex, dest, index, value, pe);
    }

    /** {@link Context#atomicOrInt(SymmetricMemory, long, int, int)} on the default context. */
    public static void atomicOrInt(SymmetricMemory dest, long index, int value, int pe) {
        current().atomicOrInt(dest, index, value, pe);
    }

    /** {@link Context#atomicFetchXorInt(SymmetricMemory, long, int, int)} on the default context. */
    public static int atomicFetchXorInt(SymmetricMemory dest, long index, int value, int pe) {
        return current().atomicFetchXorInt(dest, index, value, pe);
    }

    /** {@link Context#atomicFetchXorIntNbi(int[], int, SymmetricMemory, long, int, int)} on the default context. */
    public static void atomicFetchXorIntNbi(int[] fetch, int fetchIndex, SymmetricMemory dest, long index, int value,
                                            int pe) {
        current().atomicFetchXorIntNbi(fetch, fetchIndex, dest, index, value, pe);
    }

    /**
     * {@link Context#atomicFetchXorIntNbi(MemorySegment, long, SymmetricMemory, long, int, int)} on the default
     * context.
     */
    public static void atomicFetchXorIntNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                            int value, int pe) {
        current().atomicFetchXorIntNbi(fetch, fetchIndex, dest, index, value, pe);
    }

    /** {@link Context#atomicXorInt(SymmetricMemory, long, int, int)} on the default context. */
    public static void atomicXorInt(SymmetricMemory dest, long index, int value, int pe) {
        current().atomicXorInt(dest, index, value, pe);
    }

    /** {@link Context#atomicFetchLong(SymmetricMemory, long, int)} on the default context. */
    public static long atomicFetchLong(SymmetricMemory source, long index, int pe) {
        return current().atomicFetchLong(source, index, pe);
    }

    /** {@link Context#atomicFetchLongNbi(long[], int, SymmetricMemory, long, int)} on the default context. */
    public static void atomicFetchLongNbi(long[] fetch, int fetchIndex, SymmetricMemory source, long index, int pe) {
        current().atomicFetchLongNbi(fetch, fetchIndex, source, index, pe);
    }

    /** {@link Context#atomicFetchLongNbi(MemorySegment, long, SymmetricMemory, long, int)} on the default context. */
    public static void atomicFetchLongNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory source, long index,
                                          int pe) {
        current().atomicFetchLongNbi(fetch, fetchIndex, source, index, pe);
    }

    /** {@link Context#atomicSetLong(SymmetricMemory, long, long, int)} on the default context. */
    public static void atomicSetLong(SymmetricMemory dest, long index, long value, int pe) {
        current().atomicSetLong(dest, index, value, pe);
    }

    /** {@link Context#atomicSwapLong(SymmetricMemory, long, long, int)} on the default context. */
    public static long atomicSwapLong(SymmetricMemory dest, long index, long value, int pe) {
        return current().atomicSwapLong(dest, index, value, pe);
    }

    /** {@link Context#atomicSwapLongNbi(long[], int, SymmetricMemory, long, long, int)} on the default context. */
    public static void atomicSwapLongNbi(long[] fetch, int fetchIndex, SymmetricMemory dest, long index, long value,
                                         int pe) {
        current().atomicSwapLongNbi(fetch, fetchIndex, dest, index, value, pe);
    }

    /**
     * {@link Context#atomicSwapLongNbi(MemorySegment, long, SymmetricMemory, long, long, int)} on the default context.
     */
    public static void atomicSwapLongNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                         long value, int pe) {
        current().atomicSwapLongNbi(fetch, fetchIndex, dest, index, value, pe);
    }

    /** {@link Context#atomicCompareSwapLong(SymmetricMemory, long, long, long, int)} on the default context. */
    public static long atomicCompareSwapLong(SymmetricMemory dest, long index, long cond, long value, int pe) {
        return current().atomicCompareSwapLong(dest, index, cond, value, pe);
    }

    /**
     * {@link Context#atomicCompareSwapLongNbi(long[], int, SymmetricMemory, long, long, long, int)} on the default
     * context.
     */
    public static void atomicCompareSwapLongNbi(long[] fetch, int fetchIndex, SymmetricMemory dest, long index,
                                                long cond, long value, int pe) {
        current().atomicCompareSwapLongNbi(fetch, fetchIndex, dest, index, cond, value, pe);
    }

    /**
     * {@link Context#atomicCompareSwapLongNbi(MemorySegment, long, SymmetricMemory, long, long, long, int)} on the
     * default context.
     */
    public static void atomicCompareSwapLongNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                                long cond, long value, int pe) {
        current().atomicCompareSwapLongNbi(fetch, fetchIndex, dest, index, cond, value, pe);
    }

    /** {@link Context#atomicFetchIncLong(SymmetricMemory, long, int)} on the default context. */
    public static long atomicFetchIncLong(SymmetricMemory dest, long index, int pe) {
        return current().atomicFetchIncLong(dest, index, pe);
    }

    /** {@link Context#atomicFetchIncLongNbi(long[], int, SymmetricMemory, long, int)} on the default context. */
    public static void atomicFetchIncLongNbi(long[] fetch, int fetchIndex, SymmetricMemory dest, long index, int pe) {
        current().atomicFetchIncLongNbi(fetch, fetchIndex, dest, index, pe);
    }

    /**
     * {@link Context#atomicFetchIncLongNbi(MemorySegment, long, SymmetricMemory, long, int)} on the default context.
     */
    public static void atomicFetchIncLongNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                             int pe) {
        current().atomicFetchIncLongNbi(fetch, fetchIndex, dest, index, pe);
    }

    /** {@link Context#atomicIncLong(SymmetricMemory, long, int)} on the default context. */
    public static void atomicIncLong(SymmetricMemory dest, long index, int pe) {
        current().atomicIncLong(dest, index, pe);
    }

    /** {@link Context#atomicFetchAddLong(SymmetricMemory, long, long, int)} on the default context. */
    public static long atomicFetchAddLong(SymmetricMemory dest, long index, long value, int pe) {
        return current().atomicFetchAddLong(dest, index, value, pe);
    }

    /** {@link Context#atomicFetchAddLongNbi(long[], int, SymmetricMemory, long, long, int)} on the default context. */
    public static void atomicFetchAddLongNbi(long[] fetch, int fetchIndex, SymmetricMemory dest, long index, long value,
                                             int pe) {
        current().atomicFetchAddLongNbi(fetch, fetchIndex, dest, index, value, pe);
    }

    /**
     * {@link Context#atomicFetchAddLongNbi(MemorySegment, long, SymmetricMemory, long, long, int)} on the default
     * context.
     */
    public static void atomicFetchAddLongNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                             long value, int pe) {
        current().atomicFetchAddLongNbi(fetch, fetchIndex, dest, index, value, pe);
    }

    /** {@link Context#atomicAddLong(SymmetricMemory, long, long, int)} on the default context. */
    public static void atomicAddLong(SymmetricMemory dest, long index, long value, int pe) {
        current().atomicAddLong(dest, index, value, pe);
    }

    /** {@link Context#atomicFetchAndLong(SymmetricMemory, long, long, int)} on the default context. */
    public static long atomicFetchAndLong(SymmetricMemory dest, long index, long value, int pe) {
        return current().atomicFetchAndLong(dest, index, value, pe);
    }

    /** {@link Context#atomicFetchAndLongNbi(long[], int, SymmetricMemory, long, long, int)} on the default context. */
    public static void atomicFetchAndLongNbi(long[] fetch, int fetchIndex, SymmetricMemory dest, long index, long value,
                                             int pe) {
        current().atomicFetchAndLongNbi(fetch, fetchIndex, dest, index, value, pe);
    }

    /**
     * {@link Context#atomicFetchAndLongNbi(MemorySegment, long, SymmetricMemory, long, long, int)} on the default
     * context.
     */
    public static void atomicFetchAndLongNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                             long value, int pe) {
        current().atomicFetchAndLongNbi(fetch, fetchIndex, dest, index, value, pe);
    }

    /** {@link Context#atomicAndLong(SymmetricMemory, long, long, int)} on the default context. */
    public static void atomicAndLong(SymmetricMemory dest, long index, long value, int pe) {
        current().atomicAndLong(dest, index, value, pe);
    }

    /** {@link Context#atomicFetchOrLong(SymmetricMemory, long, long, int)} on the default context. */
    public static long atomicFetchOrLong(SymmetricMemory dest, long index, long value, int pe) {
        return current().atomicFetchOrLong(dest, index, value, pe);
    }

    /** {@link Context#atomicFetchOrLongNbi(long[], int, SymmetricMemory, long, long, int)} on the default context. */
    public static void atomicFetchOrLongNbi(long[] fetch, int fetchIndex, SymmetricMemory dest, long index, long value,
                                            int pe) {
        current().atomicFetchOrLongNbi(fetch, fetchIndex, dest, index, value, pe);
    }

    /**
     * {@link Context#atomicFetchOrLongNbi(MemorySegment, long, SymmetricMemory, long, long, int)} on the default
     * context.
     */
    public static void atomicFetchOrLongNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                            long value, int pe) {
        current().atomicFetchOrLongNbi(fetch, fetchIndex, dest, index, value, pe);
    }

    /** {@link Context#atomicOrLong(SymmetricMemory, long, long, int)} on the default context. */
    public static void atomicOrLong(SymmetricMemory dest, long index, long value, int pe) {
        current().atomicOrLong(dest, index, value, pe);
    }

    /** {@link Context#atomicFetchXorLong(SymmetricMemory, long, long, int)} on the default context. */
    public static long atomicFetchXorLong(SymmetricMemory dest, long index, long value, int pe) {
        return current().atomicFetchXorLong(dest, index, value, pe);
    }

    /** {@link Context#atomicFetchXorLongNbi(long[], int, SymmetricMemory, long, long, int)} on the default context. */
    public static void atomicFetchXorLongNbi(long[] fetch, int fetchIndex, SymmetricMemory dest, long index, long value,
                                             int pe) {
        current().atomicFetchXorLongNbi(fetch, fetchIndex, dest, index, value, pe);
    }

    /**
     * {@link Context#atomicFetchXorLongNbi(MemorySegment, long, SymmetricMemory, long, long, int)} on the default
     * context.
     */
    public static void atomicFetchXorLongNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                             long value, int pe) {
        current().atomicFetchXorLongNbi(fetch, fetchIndex, dest, index, value, pe);
    }

    /** {@link Context#atomicXorLong(SymmetricMemory, long, long, int)} on the default context. */
    public static void atomicXorLong(SymmetricMemory dest, long index, long value, int pe) {
        current().atomicXorLong(dest, index, value, pe);
    }

    /** {@link Context#atomicFetchFloat(SymmetricMemory, long, int)} on the default context. */
    public static float atomicFetchFloat(SymmetricMemory source, long index, int pe) {
        return current().atomicFetchFloat(source, index, pe);
    }

    /** {@link Context#atomicFetchFloatNbi(float[], int, SymmetricMemory, long, int)} on the default context. */
    public static void atomicFetchFloatNbi(float[] fetch, int fetchIndex, SymmetricMemory source, long index, int pe) {
        current().atomicFetchFloatNbi(fetch, fetchIndex, source, index, pe);
    }

    /** {@link Context#atomicFetchFloatNbi(MemorySegment, long, SymmetricMemory, long, int)} on the default context. */
    public static void atomicFetchFloatNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory source, long index,
                                           int pe) {
        current().atomicFetchFloatNbi(fetch, fetchIndex, source, index, pe);
    }

    /** {@link Context#atomicSetFloat(SymmetricMemory, long, float, int)} on the default context. */
    public static void atomicSetFloat(SymmetricMemory dest, long index, float value, int pe) {
        current().atomicSetFloat(dest, index, value, pe);
    }

    /** {@link Context#atomicSwapFloat(SymmetricMemory, long, float, int)} on the default context. */
    public static float atomicSwapFloat(SymmetricMemory dest, long index, float value, int pe) {
        return current().atomicSwapFloat(dest, index, value, pe);
    }

    /** {@link Context#atomicSwapFloatNbi(float[], int, SymmetricMemory, long, float, int)} on the default context. */
    public static void atomicSwapFloatNbi(float[] fetch, int fetchIndex, SymmetricMemory dest, long index, float value,
                                          int pe) {
        current().atomicSwapFloatNbi(fetch, fetchIndex, dest, index, value, pe);
    }

    /**
     * {@link Context#atomicSwapFloatNbi(MemorySegment, long, SymmetricMemory, long, float, int)} on the default
     * context.
     */
    public static void atomicSwapFloatNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                          float value, int pe) {
        current().atomicSwapFloatNbi(fetch, fetchIndex, dest, index, value, pe);
    }

    /** {@link Context#atomicFetchDouble(SymmetricMemory, long, int)} on the default context. */
    public static double atomicFetchDouble(SymmetricMemory source, long index, int pe) {
        return current().atomicFetchDouble(source, index, pe);
    }

    /** {@link Context#atomicFetchDoubleNbi(double[], int, SymmetricMemory, long, int)} on the default context. */
    public static void atomicFetchDoubleNbi(double[] fetch, int fetchIndex, SymmetricMemory source, long index,
                                            int pe) {
        current().atomicFetchDoubleNbi(fetch, fetchIndex, source, index, pe);
    }

    /** {@link Context#atomicFetchDoubleNbi(MemorySegment, long, SymmetricMemory, long, int)} on the default context. */
    public static void atomicFetchDoubleNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory source, long index,
                                            int pe) {
        current().atomicFetchDoubleNbi(fetch, fetchIndex, source, index, pe);
    }

    /** {@link Context#atomicSetDouble(SymmetricMemory, long, double, int)} on the default context. */
    public static void atomicSetDouble(SymmetricMemory dest, long index, double value, int pe) {
        current().atomicSetDouble(dest, index, value, pe);
    }

    /** {@link Context#atomicSwapDouble(SymmetricMemory, long, double, int)} on the default context. */
    public static double atomicSwapDouble(SymmetricMemory dest, long index, double value, int pe) {
        return current().atomicSwapDouble(dest, index, value, pe);
    }

    /**
     * {@link Context#atomicSwapDoubleNbi(double[], int, SymmetricMemory, long, double, int)} on the default context.
     */
    public static void atomicSwapDoubleNbi(double[] fetch, int fetchIndex, SymmetricMemory dest, long index,
                                           double value, int pe) {
        current().atomicSwapDoubleNbi(fetch, fetchIndex, dest, index, value, pe);
    }

    /**
     * {@link Context#atomicSwapDoubleNbi(MemorySegment, long, SymmetricMemory, long, double, int)} on the default
     * context.
     */
    public static void atomicSwapDoubleNbi(MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                                           double value, int pe) {
        current().atomicSwapDoubleNbi(fetch, fetchIndex, dest, index, value, pe);
    }

    /**
     * {@link Context#putSignal(SymmetricMemory, long, byte[], int, int, SymmetricMemory, long, long, SignalOp, int)} on
     * the default context.
     */
    public static void putSignal(SymmetricMemory dest, long destIndex, byte[] src, int srcIndex, int count,
                                 SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        current().putSignal(dest, destIndex, src, srcIndex, count, sig, sigIndex, signal, sigOp, pe);
    }

    /**
     * {@link Context#putSignalNbi(SymmetricMemory, long, byte[], int, int, SymmetricMemory, long, long, SignalOp, int)}
     * on the default context.
     */
    public static void putSignalNbi(SymmetricMemory dest, long destIndex, byte[] src, int srcIndex, int count,
                                    SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        current().putSignalNbi(dest, destIndex, src, srcIndex, count, sig, sigIndex, signal, sigOp, pe);
    }

    /**
     * {@link Context#putSignal(SymmetricMemory, long, short[], int, int, SymmetricMemory, long, long, SignalOp, int)}
     * on the default context.
     */
    public static void putSignal(SymmetricMemory dest, long destIndex, short[] src, int srcIndex, int count,
                                 SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        current().putSignal(dest, destIndex, src, srcIndex, count, sig, sigIndex, signal, sigOp, pe);
    }

    /**
     * {@link Context#putSignalNbi(SymmetricMemory, long, short[], int, int, SymmetricMemory, long, long, SignalOp,
     * int)} on the default context.
     */
    public static void putSignalNbi(SymmetricMemory dest, long destIndex, short[] src, int srcIndex, int count,
                                    SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        current().putSignalNbi(dest, destIndex, src, srcIndex, count, sig, sigIndex, signal, sigOp, pe);
    }

    /**
     * {@link Context#putSignal(SymmetricMemory, long, char[], int, int, SymmetricMemory, long, long, SignalOp, int)} on
     * the default context.
     */
    public static void putSignal(SymmetricMemory dest, long destIndex, char[] src, int srcIndex, int count,
                                 SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        current().putSignal(dest, destIndex, src, srcIndex, count, sig, sigIndex, signal, sigOp, pe);
    }

    /**
     * {@link Context#putSignalNbi(SymmetricMemory, long, char[], int, int, SymmetricMemory, long, long, SignalOp, int)}
     * on the default context.
     */
    public static void putSignalNbi(SymmetricMemory dest, long destIndex, char[] src, int srcIndex, int count,
                                    SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        current().putSignalNbi(dest, destIndex, src, srcIndex, count, sig, sigIndex, signal, sigOp, pe);
    }

    /**
     * {@link Context#putSignal(SymmetricMemory, long, int[], int, int, SymmetricMemory, long, long, SignalOp, int)} on
     * the default context.
     */
    public static void putSignal(SymmetricMemory dest, long destIndex, int[] src, int srcIndex, int count,
                                 SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        current().putSignal(dest, destIndex, src, srcIndex, count, sig, sigIndex, signal, sigOp, pe);
    }

    /**
     * {@link Context#putSignalNbi(SymmetricMemory, long, int[], int, int, SymmetricMemory, long, long, SignalOp, int)}
     * on the default context.
     */
    public static void putSignalNbi(SymmetricMemory dest, long destIndex, int[] src, int srcIndex, int count,
                                    SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        current().putSignalNbi(dest, destIndex, src, srcIndex, count, sig, sigIndex, signal, sigOp, pe);
    }

    /**
     * {@link Context#putSignal(SymmetricMemory, long, long[], int, int, SymmetricMemory, long, long, SignalOp, int)} on
     * the default context.
     */
    public static void putSignal(SymmetricMemory dest, long destIndex, long[] src, int srcIndex, int count,
                                 SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        current().putSignal(dest, destIndex, src, srcIndex, count, sig, sigIndex, signal, sigOp, pe);
    }

    /**
     * {@link Context#putSignalNbi(SymmetricMemory, long, long[], int, int, SymmetricMemory, long, long, SignalOp, int)}
     * on the default context.
     */
    public static void putSignalNbi(SymmetricMemory dest, long destIndex, long[] src, int srcIndex, int count,
                                    SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        current().putSignalNbi(dest, destIndex, src, srcIndex, count, sig, sigIndex, signal, sigOp, pe);
    }

    /**
     * {@link Context#putSignal(SymmetricMemory, long, float[], int, int, SymmetricMemory, long, long, SignalOp, int)}
     * on the default context.
     */
    public static void putSignal(SymmetricMemory dest, long destIndex, float[] src, int srcIndex, int count,
                                 SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        current().putSignal(dest, destIndex, src, srcIndex, count, sig, sigIndex, signal, sigOp, pe);
    }

    /**
     * {@link Context#putSignalNbi(SymmetricMemory, long, float[], int, int, SymmetricMemory, long, long, SignalOp,
     * int)} on the default context.
     */
    public static void putSignalNbi(SymmetricMemory dest, long destIndex, float[] src, int srcIndex, int count,
                                    SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        current().putSignalNbi(dest, destIndex, src, srcIndex, count, sig, sigIndex, signal, sigOp, pe);
    }

    /**
     * {@link Context#putSignal(SymmetricMemory, long, double[], int, int, SymmetricMemory, long, long, SignalOp, int)}
     * on the default context.
     */
    public static void putSignal(SymmetricMemory dest, long destIndex, double[] src, int srcIndex, int count,
                                 SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        current().putSignal(dest, destIndex, src, srcIndex, count, sig, sigIndex, signal, sigOp, pe);
    }

    /**
     * {@link Context#putSignalNbi(SymmetricMemory, long, double[], int, int, SymmetricMemory, long, long, SignalOp,
     * int)} on the default context.
     */
    public static void putSignalNbi(SymmetricMemory dest, long destIndex, double[] src, int srcIndex, int count,
                                    SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        current().putSignalNbi(dest, destIndex, src, srcIndex, count, sig, sigIndex, signal, sigOp, pe);
    }

    /** {@link Context#waitUntilShort(SymmetricMemory, long, Cmp, short)} on the default context. */
    public static void waitUntilShort(SymmetricMemory ivar, long index, Cmp cmp, short value) {
        current().waitUntilShort(ivar, index, cmp, value);
    }

    /** {@link Context#waitShort(SymmetricMemory, long, short)} on the default context. */
    public static void waitShort(SymmetricMemory ivar, long index, short value) {
        current().waitShort(ivar, index, value);
    }

    /** {@link Context#testShort(SymmetricMemory, long, Cmp, short)} on the default context. */
    public static boolean testShort(SymmetricMemory ivar, long index, Cmp cmp, short value) {
        return current().testShort(ivar, index, cmp, value);
    }

    /** {@link Context#waitUntilAllShort(SymmetricMemory, long, int, int[], Cmp, short)} on the default context. */
    public static void waitUntilAllShort(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                         short value) {
        current().waitUntilAllShort(ivars, index, nelems, status, cmp, value);
    }

    /** {@link Context#waitUntilAnyShort(SymmetricMemory, long, int, int[], Cmp, short)} on the default context. */
    public static int waitUntilAnyShort(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                        short value) {
        return current().waitUntilAnyShort(ivars, index, nelems, status, cmp, value);
    }

    /**
     * {@link Context#waitUntilSomeShort(SymmetricMemory, long, int, int[], int[], Cmp, short)} on the default context.
     */
    public static int waitUntilSomeShort(SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status,
                                         Cmp cmp, short value) {
        return current().waitUntilSomeShort(ivars, index, nelems, indices, status, cmp, value);
    }

    /** {@link Context#testAllShort(SymmetricMemory, long, int, int[], Cmp, short)} on the default context. */
    public static boolean testAllShort(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                       short value) {
        return current().testAllShort(ivars, index, nelems, status, cmp, value);
    }

    /** {@link Context#testAnyShort(SymmetricMemory, long, int, int[], Cmp, short)} on the default context. */
    public static int testAnyShort(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp, short value) {
        return current().testAnyShort(ivars, index, nelems, status, cmp, value);
    }

    /** {@link Context#testSomeShort(SymmetricMemory, long, int, int[], int[], Cmp, short)} on the default context. */
    public static int testSomeShort(SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status, Cmp cmp,
                                    short value) {
        return current().testSomeShort(ivars, index, nelems, indices, status, cmp, value);
    }

    /**
     * {@link Context#waitUntilAllVectorShort(SymmetricMemory, long, int, int[], Cmp, short[])} on the default context.
     */
    public static void waitUntilAllVectorShort(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                               short[] values) {
        current().waitUntilAllVectorShort(ivars, index, nelems, status, cmp, values);
    }

    /**
     * {@link Context#waitUntilAnyVectorShort(SymmetricMemory, long, int, int[], Cmp, short[])} on the default context.
     */
    public static int waitUntilAnyVectorShort(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                              short[] values) {
        return current().waitUntilAnyVectorShort(ivars, index, nelems, status, cmp, values);
    }

    /**
     * {@link Context#waitUntilSomeVectorShort(SymmetricMemory, long, int, int[], int[], Cmp, short[])} on the default
     * context.
     */
    public static int waitUntilSomeVectorShort(SymmetricMemory ivars, long index, int nelems, int[] indices,
                                               int[] status, Cmp cmp, short[] values) {
        return current().waitUntilSomeVectorShort(ivars, index, nelems, indices, status, cmp, values);
    }

    /** {@link Context#testAllVectorShort(SymmetricMemory, long, int, int[], Cmp, short[])} on the default context. */
    public static boolean testAllVectorShort(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                             short[] values) {
        return current().testAllVectorShort(ivars, index, nelems, status, cmp, values);
    }

    /** {@link Context#testAnyVectorShort(SymmetricMemory, long, int, int[], Cmp, short[])} on the default context. */
    public static int testAnyVectorShort(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                         short[] values) {
        return current().testAnyVectorShort(ivars, index, nelems, status, cmp, values);
    }

    /**
     * {@link Context#testSomeVectorShort(SymmetricMemory, long, int, int[], int[], Cmp, short[])} on the default
     * context.
     */
    public static int testSomeVectorShort(SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status,
                                          Cmp cmp, short[] values) {
        return current().testSomeVectorShort(ivars, index, nelems, indices, status, cmp, values);
    }

    /** {@link Context#waitUntilInt(SymmetricMemory, long, Cmp, int)} on the default context. */
    public static void waitUntilInt(SymmetricMemory ivar, long index, Cmp cmp, int value) {
        current().waitUntilInt(ivar, index, cmp, value);
    }

    /** {@link Context#waitInt(SymmetricMemory, long, int)} on the default context. */
    public static void waitInt(SymmetricMemory ivar, long index, int value) {
        current().waitInt(ivar, index, value);
    }

    /** {@link Context#testInt(SymmetricMemory, long, Cmp, int)} on the default context. */
    public static boolean testInt(SymmetricMemory ivar, long index, Cmp cmp, int value) {
        return current().testInt(ivar, index, cmp, value);
    }

    /** {@link Context#waitUntilAllInt(SymmetricMemory, long, int, int[], Cmp, int)} on the default context. */
    public static void waitUntilAllInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                       int value) {
        current().waitUntilAllInt(ivars, index, nelems, status, cmp, value);
    }

    /** {@link Context#waitUntilAnyInt(SymmetricMemory, long, int, int[], Cmp, int)} on the default context. */
    public static int waitUntilAnyInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp, int value) {
        return current().waitUntilAnyInt(ivars, index, nelems, status, cmp, value);
    }

    /** {@link Context#waitUntilSomeInt(SymmetricMemory, long, int, int[], int[], Cmp, int)} on the default context. */
    public static int waitUntilSomeInt(SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status,
                                       Cmp cmp, int value) {
        return current().waitUntilSomeInt(ivars, index, nelems, indices, status, cmp, value);
    }

    /** {@link Context#testAllInt(SymmetricMemory, long, int, int[], Cmp, int)} on the default context. */
    public static boolean testAllInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp, int value) {
        return current().testAllInt(ivars, index, nelems, status, cmp, value);
    }

    /** {@link Context#testAnyInt(SymmetricMemory, long, int, int[], Cmp, int)} on the default context. */
    public static int testAnyInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp, int value) {
        return current().testAnyInt(ivars, index, nelems, status, cmp, value);
    }

    /** {@link Context#testSomeInt(SymmetricMemory, long, int, int[], int[], Cmp, int)} on the default context. */
    public static int testSomeInt(SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status, Cmp cmp,
                                  int value) {
        return current().testSomeInt(ivars, index, nelems, indices, status, cmp, value);
    }

    /** {@link Context#waitUntilAllVectorInt(SymmetricMemory, long, int, int[], Cmp, int[])} on the default context. */
    public static void waitUntilAllVectorInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                             int[] values) {
        current().waitUntilAllVectorInt(ivars, index, nelems, status, cmp, values);
    }

    /** {@link Context#waitUntilAnyVectorInt(SymmetricMemory, long, int, int[], Cmp, int[])} on the default context. */
    public static int waitUntilAnyVectorInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                            int[] values) {
        return current().waitUntilAnyVectorInt(ivars, index, nelems, status, cmp, values);
    }

    /**
     * {@link Context#waitUntilSomeVectorInt(SymmetricMemory, long, int, int[], int[], Cmp, int[])} on the default
     * context.
     */
    public static int waitUntilSomeVectorInt(SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status,
                                             Cmp cmp, int[] values) {
        return current().waitUntilSomeVectorInt(ivars, index, nelems, indices, status, cmp, values);
    }

    /** {@link Context#testAllVectorInt(SymmetricMemory, long, int, int[], Cmp, int[])} on the default context. */
    public static boolean testAllVectorInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                           int[] values) {
        return current().testAllVectorInt(ivars, index, nelems, status, cmp, values);
    }

    /** {@link Context#testAnyVectorInt(SymmetricMemory, long, int, int[], Cmp, int[])} on the default context. */
    public static int testAnyVectorInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                       int[] values) {
        return current().testAnyVectorInt(ivars, index, nelems, status, cmp, values);
    }

    /**
     * {@link Context#testSomeVectorInt(SymmetricMemory, long, int, int[], int[], Cmp, int[])} on the default context.
     */
    public static int testSomeVectorInt(SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status,
                                        Cmp cmp, int[] values) {
        return current().testSomeVectorInt(ivars, index, nelems, indices, status, cmp, values);
    }

    /** {@link Context#waitUntilLong(SymmetricMemory, long, Cmp, long)} on the default context. */
    public static void waitUntilLong(SymmetricMemory ivar, long index, Cmp cmp, long value) {
        current().waitUntilLong(ivar, index, cmp, value);
    }

    /** {@link Context#waitLong(SymmetricMemory, long, long)} on the default context. */
    public static void waitLong(SymmetricMemory ivar, long index, long value) {
        current().waitLong(ivar, index, value);
    }

    /** {@link Context#testLong(SymmetricMemory, long, Cmp, long)} on the default context. */
    public static boolean testLong(SymmetricMemory ivar, long index, Cmp cmp, long value) {
        return current().testLong(ivar, index, cmp, value);
    }

    /** {@link Context#waitUntilAllLong(SymmetricMemory, long, int, int[], Cmp, long)} on the default context. */
    public static void waitUntilAllLong(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                        long value) {
        current().waitUntilAllLong(ivars, index, nelems, status, cmp, value);
    }

    /** {@link Context#waitUntilAnyLong(SymmetricMemory, long, int, int[], Cmp, long)} on the default context. */
    public static int waitUntilAnyLong(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                       long value) {
        return current().waitUntilAnyLong(ivars, index, nelems, status, cmp, value);
    }

    /**
     * {@link Context#waitUntilSomeLong(SymmetricMemory, long, int, int[], int[], Cmp, long)} on the default context.
     */
    public static int waitUntilSomeLong(SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status,
                                        Cmp cmp, long value) {
        return current().waitUntilSomeLong(ivars, index, nelems, indices, status, cmp, value);
    }

    /** {@link Context#testAllLong(SymmetricMemory, long, int, int[], Cmp, long)} on the default context. */
    public static boolean testAllLong(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                      long value) {
        return current().testAllLong(ivars, index, nelems, status, cmp, value);
    }

    /** {@link Context#testAnyLong(SymmetricMemory, long, int, int[], Cmp, long)} on the default context. */
    public static int testAnyLong(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp, long value) {
        return current().testAnyLong(ivars, index, nelems, status, cmp, value);
    }

    /** {@link Context#testSomeLong(SymmetricMemory, long, int, int[], int[], Cmp, long)} on the default context. */
    public static int testSomeLong(SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status, Cmp cmp,
                                   long value) {
        return current().testSomeLong(ivars, index, nelems, indices, status, cmp, value);
    }

    /**
     * {@link Context#waitUntilAllVectorLong(SymmetricMemory, long, int, int[], Cmp, long[])} on the default context.
     */
    public static void waitUntilAllVectorLong(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                              long[] values) {
        current().waitUntilAllVectorLong(ivars, index, nelems, status, cmp, values);
    }

    /**
     * {@link Context#waitUntilAnyVectorLong(SymmetricMemory, long, int, int[], Cmp, long[])} on the default context.
     */
    public static int waitUntilAnyVectorLong(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                             long[] values) {
        return current().waitUntilAnyVectorLong(ivars, index, nelems, status, cmp, values);
    }

    /**
     * {@link Context#waitUntilSomeVectorLong(SymmetricMemory, long, int, int[], int[], Cmp, long[])} on the default
     * context.
     */
    public static int waitUntilSomeVectorLong(SymmetricMemory ivars, long index, int nelems, int[] indices,
                                              int[] status, Cmp cmp, long[] values) {
        return current().waitUntilSomeVectorLong(ivars, index, nelems, indices, status, cmp, values);
    }

    /** {@link Context#testAllVectorLong(SymmetricMemory, long, int, int[], Cmp, long[])} on the default context. */
    public static boolean testAllVectorLong(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                            long[] values) {
        return current().testAllVectorLong(ivars, index, nelems, status, cmp, values);
    }

    /** {@link Context#testAnyVectorLong(SymmetricMemory, long, int, int[], Cmp, long[])} on the default context. */
    public static int testAnyVectorLong(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                        long[] values) {
        return current().testAnyVectorLong(ivars, index, nelems, status, cmp, values);
    }

    /**
     * {@link Context#testSomeVectorLong(SymmetricMemory, long, int, int[], int[], Cmp, long[])} on the default context.
     */
    public static int testSomeVectorLong(SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status,
                                         Cmp cmp, long[] values) {
        return current().testSomeVectorLong(ivars, index, nelems, indices, status, cmp, values);
    }

    /** {@link Context#waitUntilUnsignedShort(SymmetricMemory, long, Cmp, short)} on the default context. */
    public static void waitUntilUnsignedShort(SymmetricMemory ivar, long index, Cmp cmp, short value) {
        current().waitUntilUnsignedShort(ivar, index, cmp, value);
    }

    /** {@link Context#waitUnsignedShort(SymmetricMemory, long, short)} on the default context. */
    public static void waitUnsignedShort(SymmetricMemory ivar, long index, short value) {
        current().waitUnsignedShort(ivar, index, value);
    }

    /** {@link Context#testUnsignedShort(SymmetricMemory, long, Cmp, short)} on the default context. */
    public static boolean testUnsignedShort(SymmetricMemory ivar, long index, Cmp cmp, short value) {
        return current().testUnsignedShort(ivar, index, cmp, value);
    }

    /**
     * {@link Context#waitUntilAllUnsignedShort(SymmetricMemory, long, int, int[], Cmp, short)} on the default context.
     */
    public static void waitUntilAllUnsignedShort(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                                 short value) {
        current().waitUntilAllUnsignedShort(ivars, index, nelems, status, cmp, value);
    }

    /**
     * {@link Context#waitUntilAnyUnsignedShort(SymmetricMemory, long, int, int[], Cmp, short)} on the default context.
     */
    public static int waitUntilAnyUnsignedShort(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                                short value) {
        return current().waitUntilAnyUnsignedShort(ivars, index, nelems, status, cmp, value);
    }

    /**
     * {@link Context#waitUntilSomeUnsignedShort(SymmetricMemory, long, int, int[], int[], Cmp, short)} on the default
     * context.
     */
    public static int waitUntilSomeUnsignedShort(SymmetricMemory ivars, long index, int nelems, int[] indices,
                                                 int[] status, Cmp cmp, short value) {
        return current().waitUntilSomeUnsignedShort(ivars, index, nelems, indices, status, cmp, value);
    }

    /** {@link Context#testAllUnsignedShort(SymmetricMemory, long, int, int[], Cmp, short)} on the default context. */
    public static boolean testAllUnsignedShort(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                               short value) {
        return current().testAllUnsignedShort(ivars, index, nelems, status, cmp, value);
    }

    /** {@link Context#testAnyUnsignedShort(SymmetricMemory, long, int, int[], Cmp, short)} on the default context. */
    public static int testAnyUnsignedShort(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                           short value) {
        return current().testAnyUnsignedShort(ivars, index, nelems, status, cmp, value);
    }

    /**
     * {@link Context#testSomeUnsignedShort(SymmetricMemory, long, int, int[], int[], Cmp, short)} on the default
     * context.
     */
    public static int testSomeUnsignedShort(SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status,
                                            Cmp cmp, short value) {
        return current().testSomeUnsignedShort(ivars, index, nelems, indices, status, cmp, value);
    }

    /**
     * {@link Context#waitUntilAllVectorUnsignedShort(SymmetricMemory, long, int, int[], Cmp, short[])} on the default
     * context.
     */
    public static void waitUntilAllVectorUnsignedShort(SymmetricMemory ivars, long index, int nelems, int[] status,
                                                       Cmp cmp, short[] values) {
        current().waitUntilAllVectorUnsignedShort(ivars, index, nelems, status, cmp, values);
    }

    /**
     * {@link Context#waitUntilAnyVectorUnsignedShort(SymmetricMemory, long, int, int[], Cmp, short[])} on the default
     * context.
     */
    public static int waitUntilAnyVectorUnsignedShort(SymmetricMemory ivars, long index, int nelems, int[] status,
                                                      Cmp cmp, short[] values) {
        return current().waitUntilAnyVectorUnsignedShort(ivars, index, nelems, status, cmp, values);
    }

    /**
     * {@link Context#waitUntilSomeVectorUnsignedShort(SymmetricMemory, long, int, int[], int[], Cmp, short[])} on the
     * default context.
     */
    public static int waitUntilSomeVectorUnsignedShort(SymmetricMemory ivars, long index, int nelems, int[] indices,
                                                       int[] status, Cmp cmp, short[] values) {
        return current().waitUntilSomeVectorUnsignedShort(ivars, index, nelems, indices, status, cmp, values);
    }

    /**
     * {@link Context#testAllVectorUnsignedShort(SymmetricMemory, long, int, int[], Cmp, short[])} on the default
     * context.
     */
    public static boolean testAllVectorUnsignedShort(SymmetricMemory ivars, long index, int nelems, int[] status,
                                                     Cmp cmp, short[] values) {
        return current().testAllVectorUnsignedShort(ivars, index, nelems, status, cmp, values);
    }

    /**
     * {@link Context#testAnyVectorUnsignedShort(SymmetricMemory, long, int, int[], Cmp, short[])} on the default
     * context.
     */
    public static int testAnyVectorUnsignedShort(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                                 short[] values) {
        return current().testAnyVectorUnsignedShort(ivars, index, nelems, status, cmp, values);
    }

    /**
     * {@link Context#testSomeVectorUnsignedShort(SymmetricMemory, long, int, int[], int[], Cmp, short[])} on the
     * default context.
     */
    public static int testSomeVectorUnsignedShort(SymmetricMemory ivars, long index, int nelems, int[] indices,
                                                  int[] status, Cmp cmp, short[] values) {
        return current().testSomeVectorUnsignedShort(ivars, index, nelems, indices, status, cmp, values);
    }

    /** {@link Context#waitUntilUnsignedInt(SymmetricMemory, long, Cmp, int)} on the default context. */
    public static void waitUntilUnsignedInt(SymmetricMemory ivar, long index, Cmp cmp, int value) {
        current().waitUntilUnsignedInt(ivar, index, cmp, value);
    }

    /** {@link Context#waitUnsignedInt(SymmetricMemory, long, int)} on the default context. */
    public static void waitUnsignedInt(SymmetricMemory ivar, long index, int value) {
        current().waitUnsignedInt(ivar, index, value);
    }

    /** {@link Context#testUnsignedInt(SymmetricMemory, long, Cmp, int)} on the default context. */
    public static boolean testUnsignedInt(SymmetricMemory ivar, long index, Cmp cmp, int value) {
        return current().testUnsignedInt(ivar, index, cmp, value);
    }

    /** {@link Context#waitUntilAllUnsignedInt(SymmetricMemory, long, int, int[], Cmp, int)} on the default context. */
    public static void waitUntilAllUnsignedInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                               int value) {
        current().waitUntilAllUnsignedInt(ivars, index, nelems, status, cmp, value);
    }

    /** {@link Context#waitUntilAnyUnsignedInt(SymmetricMemory, long, int, int[], Cmp, int)} on the default context. */
    public static int waitUntilAnyUnsignedInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                              int value) {
        return current().waitUntilAnyUnsignedInt(ivars, index, nelems, status, cmp, value);
    }

    /**
     * {@link Context#waitUntilSomeUnsignedInt(SymmetricMemory, long, int, int[], int[], Cmp, int)} on the default
     * context.
     */
    public static int waitUntilSomeUnsignedInt(SymmetricMemory ivars, long index, int nelems, int[] indices,
                                               int[] status, Cmp cmp, int value) {
        return current().waitUntilSomeUnsignedInt(ivars, index, nelems, indices, status, cmp, value);
    }

    /** {@link Context#testAllUnsignedInt(SymmetricMemory, long, int, int[], Cmp, int)} on the default context. */
    public static boolean testAllUnsignedInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                             int value) {
        return current().testAllUnsignedInt(ivars, index, nelems, status, cmp, value);
    }

    /** {@link Context#testAnyUnsignedInt(SymmetricMemory, long, int, int[], Cmp, int)} on the default context. */
    public static int testAnyUnsignedInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                         int value) {
        return current().testAnyUnsignedInt(ivars, index, nelems, status, cmp, value);
    }

    /**
     * {@link Context#testSomeUnsignedInt(SymmetricMemory, long, int, int[], int[], Cmp, int)} on the default context.
     */
    public static int testSomeUnsignedInt(SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status,
                                          Cmp cmp, int value) {
        return current().testSomeUnsignedInt(ivars, index, nelems, indices, status, cmp, value);
    }

    /**
     * {@link Context#waitUntilAllVectorUnsignedInt(SymmetricMemory, long, int, int[], Cmp, int[])} on the default
     * context.
     */
    public static void waitUntilAllVectorUnsignedInt(SymmetricMemory ivars, long index, int nelems, int[] status,
                                                     Cmp cmp, int[] values) {
        current().waitUntilAllVectorUnsignedInt(ivars, index, nelems, status, cmp, values);
    }

    /**
     * {@link Context#waitUntilAnyVectorUnsignedInt(SymmetricMemory, long, int, int[], Cmp, int[])} on the default
     * context.
     */
    public static int waitUntilAnyVectorUnsignedInt(SymmetricMemory ivars, long index, int nelems, int[] status,
                                                    Cmp cmp, int[] values) {
        return current().waitUntilAnyVectorUnsignedInt(ivars, index, nelems, status, cmp, values);
    }

    /**
     * {@link Context#waitUntilSomeVectorUnsignedInt(SymmetricMemory, long, int, int[], int[], Cmp, int[])} on the
     * default context.
     */
    public static int waitUntilSomeVectorUnsignedInt(SymmetricMemory ivars, long index, int nelems, int[] indices,
                                                     int[] status, Cmp cmp, int[] values) {
        return current().waitUntilSomeVectorUnsignedInt(ivars, index, nelems, indices, status, cmp, values);
    }

    /**
     * {@link Context#testAllVectorUnsignedInt(SymmetricMemory, long, int, int[], Cmp, int[])} on the default context.
     */
    public static boolean testAllVectorUnsignedInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                                   int[] values) {
        return current().testAllVectorUnsignedInt(ivars, index, nelems, status, cmp, values);
    }

    /**
     * {@link Context#testAnyVectorUnsignedInt(SymmetricMemory, long, int, int[], Cmp, int[])} on the default context.
     */
    public static int testAnyVectorUnsignedInt(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                               int[] values) {
        return current().testAnyVectorUnsignedInt(ivars, index, nelems, status, cmp, values);
    }

    /**
     * {@link Context#testSomeVectorUnsignedInt(SymmetricMemory, long, int, int[], int[], Cmp, int[])} on the default
     * context.
     */
    public static int testSomeVectorUnsignedInt(SymmetricMemory ivars, long index, int nelems, int[] indices,
                                                int[] status, Cmp cmp, int[] values) {
        return current().testSomeVectorUnsignedInt(ivars, index, nelems, indices, status, cmp, values);
    }

    /** {@link Context#waitUntilUnsignedLong(SymmetricMemory, long, Cmp, long)} on the default context. */
    public static void waitUntilUnsignedLong(SymmetricMemory ivar, long index, Cmp cmp, long value) {
        current().waitUntilUnsignedLong(ivar, index, cmp, value);
    }

    /** {@link Context#waitUnsignedLong(SymmetricMemory, long, long)} on the default context. */
    public static void waitUnsignedLong(SymmetricMemory ivar, long index, long value) {
        current().waitUnsignedLong(ivar, index, value);
    }

    /** {@link Context#testUnsignedLong(SymmetricMemory, long, Cmp, long)} on the default context. */
    public static boolean testUnsignedLong(SymmetricMemory ivar, long index, Cmp cmp, long value) {
        return current().testUnsignedLong(ivar, index, cmp, value);
    }

    /**
     * {@link Context#waitUntilAllUnsignedLong(SymmetricMemory, long, int, int[], Cmp, long)} on the default context.
     */
    public static void waitUntilAllUnsignedLong(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                                long value) {
        current().waitUntilAllUnsignedLong(ivars, index, nelems, status, cmp, value);
    }

    /**
     * {@link Context#waitUntilAnyUnsignedLong(SymmetricMemory, long, int, int[], Cmp, long)} on the default context.
     */
    public static int waitUntilAnyUnsignedLong(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                               long value) {
        return current().waitUntilAnyUnsignedLong(ivars, index, nelems, status, cmp, value);
    }

    /**
     * {@link Context#waitUntilSomeUnsignedLong(SymmetricMemory, long, int, int[], int[], Cmp, long)} on the default
     * context.
     */
    public static int waitUntilSomeUnsignedLong(SymmetricMemory ivars, long index, int nelems, int[] indices,
                                                int[] status, Cmp cmp, long value) {
        return current().waitUntilSomeUnsignedLong(ivars, index, nelems, indices, status, cmp, value);
    }

    /** {@link Context#testAllUnsignedLong(SymmetricMemory, long, int, int[], Cmp, long)} on the default context. */
    public static boolean testAllUnsignedLong(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                              long value) {
        return current().testAllUnsignedLong(ivars, index, nelems, status, cmp, value);
    }

    /** {@link Context#testAnyUnsignedLong(SymmetricMemory, long, int, int[], Cmp, long)} on the default context. */
    public static int testAnyUnsignedLong(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                          long value) {
        return current().testAnyUnsignedLong(ivars, index, nelems, status, cmp, value);
    }

    /**
     * {@link Context#testSomeUnsignedLong(SymmetricMemory, long, int, int[], int[], Cmp, long)} on the default context.
     */
    public static int testSomeUnsignedLong(SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status,
                                           Cmp cmp, long value) {
        return current().testSomeUnsignedLong(ivars, index, nelems, indices, status, cmp, value);
    }

    /**
     * {@link Context#waitUntilAllVectorUnsignedLong(SymmetricMemory, long, int, int[], Cmp, long[])} on the default
     * context.
     */
    public static void waitUntilAllVectorUnsignedLong(SymmetricMemory ivars, long index, int nelems, int[] status,
                                                      Cmp cmp, long[] values) {
        current().waitUntilAllVectorUnsignedLong(ivars, index, nelems, status, cmp, values);
    }

    /**
     * {@link Context#waitUntilAnyVectorUnsignedLong(SymmetricMemory, long, int, int[], Cmp, long[])} on the default
     * context.
     */
    public static int waitUntilAnyVectorUnsignedLong(SymmetricMemory ivars, long index, int nelems, int[] status,
                                                     Cmp cmp, long[] values) {
        return current().waitUntilAnyVectorUnsignedLong(ivars, index, nelems, status, cmp, values);
    }

    /**
     * {@link Context#waitUntilSomeVectorUnsignedLong(SymmetricMemory, long, int, int[], int[], Cmp, long[])} on the
     * default context.
     */
    public static int waitUntilSomeVectorUnsignedLong(SymmetricMemory ivars, long index, int nelems, int[] indices,
                                                      int[] status, Cmp cmp, long[] values) {
        return current().waitUntilSomeVectorUnsignedLong(ivars, index, nelems, indices, status, cmp, values);
    }

    /**
     * {@link Context#testAllVectorUnsignedLong(SymmetricMemory, long, int, int[], Cmp, long[])} on the default context.
     */
    public static boolean testAllVectorUnsignedLong(SymmetricMemory ivars, long index, int nelems, int[] status,
                                                    Cmp cmp, long[] values) {
        return current().testAllVectorUnsignedLong(ivars, index, nelems, status, cmp, values);
    }

    /**
     * {@link Context#testAnyVectorUnsignedLong(SymmetricMemory, long, int, int[], Cmp, long[])} on the default context.
     */
    public static int testAnyVectorUnsignedLong(SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                                long[] values) {
        return current().testAnyVectorUnsignedLong(ivars, index, nelems, status, cmp, values);
    }

    /**
     * {@link Context#testSomeVectorUnsignedLong(SymmetricMemory, long, int, int[], int[], Cmp, long[])} on the default
     * context.
     */
    public static int testSomeVectorUnsignedLong(SymmetricMemory ivars, long index, int nelems, int[] indices,
                                                 int[] status, Cmp cmp, long[] values) {
        return current().testSomeVectorUnsignedLong(ivars, index, nelems, indices, status, cmp, values);
    }

    // END GENERATED SYNC API

    // ---- end of issue 3 section ----

    public static void quiet() {
        current().quiet();
    }

    public static void fence() {
        current().fence();
    }

    // ---- teams and collectives (issue 4) ----
    // Team collectives take the team first, as in OpenSHMEM; Team documents the rules and ordering.

    /** {@code SHMEM_TEAM_WORLD}: {@link ShmemRuntime#teamWorld()}. */
    public static Team teamWorld() {
        return current().teamWorld();
    }

    /** {@code SHMEM_TEAM_SHARED}: {@link ShmemRuntime#teamShared()}. */
    public static Team teamShared() {
        return current().teamShared();
    }

    /** {@code shmem_team_my_pe}: {@link Team#myPe()} (-1 for an invalid team). */
    public static int teamMyPe(Team team) {
        return io.jshmem.error.Checks.notNull("team", team).myPe();
    }

    /** {@code shmem_team_n_pes}: {@link Team#nPes()} (-1 for an invalid team). */
    public static int teamNPes(Team team) {
        return io.jshmem.error.Checks.notNull("team", team).nPes();
    }

    /** {@code shmem_team_translate_pe}: {@link Team#translatePe(int, Team)}. */
    public static int teamTranslatePe(Team srcTeam, int srcPe, Team destTeam) {
        return io.jshmem.error.Checks.notNull("srcTeam", srcTeam).translatePe(srcPe, destTeam);
    }

    /** {@code shmem_team_get_config}: {@link Team#getConfig()}. */
    public static TeamConfig teamGetConfig(Team team) {
        return io.jshmem.error.Checks.notNull("team", team).getConfig();
    }

    /** {@code shmem_team_split_strided}: {@link Team#splitStrided(int, int, int, TeamConfig)}. */
    public static Team teamSplitStrided(Team parent, int start, int stride, int size, TeamConfig config) {
        return io.jshmem.error.Checks.notNull("parent", parent).splitStrided(start, stride, size, config);
    }

    /** {@code shmem_team_split_strided} with the default configuration. */
    public static Team teamSplitStrided(Team parent, int start, int stride, int size) {
        return io.jshmem.error.Checks.notNull("parent", parent).splitStrided(start, stride, size);
    }

    /** {@code shmem_team_split_2d}: {@link Team#split2d(int, TeamConfig, TeamConfig)}. */
    public static Team.Split2d teamSplit2d(Team parent, int xRange, TeamConfig xConfig, TeamConfig yConfig) {
        return io.jshmem.error.Checks.notNull("parent", parent).split2d(xRange, xConfig, yConfig);
    }

    /** {@code shmem_team_split_2d} with default configurations. */
    public static Team.Split2d teamSplit2d(Team parent, int xRange) {
        return io.jshmem.error.Checks.notNull("parent", parent).split2d(xRange);
    }

    /** {@code shmem_team_destroy}: {@link Team#destroy()}. */
    public static void teamDestroy(Team team) {
        io.jshmem.error.Checks.notNull("team", team).destroy();
    }

    /** {@code shmem_team_create_ctx}: {@link Team#createCtx(CtxOption...)}. */
    public static Context teamCreateCtx(Team team, CtxOption... options) {
        return io.jshmem.error.Checks.notNull("team", team).createCtx(options);
    }

    /** {@code shmem_team_sync}: {@link Team#sync()}. */
    public static void teamSync(Team team) {
        io.jshmem.error.Checks.notNull("team", team).sync();
    }

    /** CANN's {@code aclshmem_barrier(team)}: {@link Team#barrier()}. */
    public static void barrier(Team team) {
        io.jshmem.error.Checks.notNull("team", team).barrier();
    }

    /** {@code shmem_broadcastmem}: {@link Team#broadcastmem}. */
    public static void broadcastmem(Team team, SymmetricMemory dest, long destOffset, SymmetricMemory source,
                                    long sourceOffset, long bytes, int root) {
        io.jshmem.error.Checks.notNull("team", team).broadcastmem(dest, destOffset, source, sourceOffset, bytes, root);
    }

    /** {@code shmem_TYPE_broadcast}: {@link Team#broadcast}. */
    public static void broadcast(Team team, ValueLayout type, SymmetricMemory dest, long destIndex,
                                 SymmetricMemory source, long sourceIndex, long nelems, int root) {
        io.jshmem.error.Checks.notNull("team", team).broadcast(type, dest, destIndex, source, sourceIndex, nelems, root);
    }

    /** {@code shmem_fcollectmem}: {@link Team#fcollectmem}. */
    public static void fcollectmem(Team team, SymmetricMemory dest, long destOffset, SymmetricMemory source,
                                   long sourceOffset, long bytes) {
        io.jshmem.error.Checks.notNull("team", team).fcollectmem(dest, destOffset, source, sourceOffset, bytes);
    }

    /** {@code shmem_TYPE_fcollect}: {@link Team#fcollect}. */
    public static void fcollect(Team team, ValueLayout type, SymmetricMemory dest, long destIndex,
                                SymmetricMemory source, long sourceIndex, long nelems) {
        io.jshmem.error.Checks.notNull("team", team).fcollect(type, dest, destIndex, source, sourceIndex, nelems);
    }

    /** {@code shmem_collectmem}: {@link Team#collectmem}; returns the bytes gathered. */
    public static long collectmem(Team team, SymmetricMemory dest, long destOffset, SymmetricMemory source,
                                  long sourceOffset, long bytes) {
        return io.jshmem.error.Checks.notNull("team", team).collectmem(dest, destOffset, source, sourceOffset, bytes);
    }

    /** {@code shmem_TYPE_collect}: {@link Team#collect}; returns the elements gathered. */
    public static long collect(Team team, ValueLayout type, SymmetricMemory dest, long destIndex,
                               SymmetricMemory source, long sourceIndex, long nelems) {
        return io.jshmem.error.Checks.notNull("team", team).collect(type, dest, destIndex, source, sourceIndex, nelems);
    }

    /** {@code shmem_alltoallmem}: {@link Team#alltoallmem}. */
    public static void alltoallmem(Team team, SymmetricMemory dest, long destOffset, SymmetricMemory source,
                                   long sourceOffset, long bytes) {
        io.jshmem.error.Checks.notNull("team", team).alltoallmem(dest, destOffset, source, sourceOffset, bytes);
    }

    /** {@code shmem_TYPE_alltoall}: {@link Team#alltoall}. */
    public static void alltoall(Team team, ValueLayout type, SymmetricMemory dest, long destIndex,
                                SymmetricMemory source, long sourceIndex, long nelems) {
        io.jshmem.error.Checks.notNull("team", team).alltoall(type, dest, destIndex, source, sourceIndex, nelems);
    }

    /** {@code shmem_alltoallsmem}: {@link Team#alltoallsmem}. */
    public static void alltoallsmem(Team team, SymmetricMemory dest, long destOffset, SymmetricMemory source,
                                    long sourceOffset, long dst, long sst, long bytes) {
        io.jshmem.error.Checks.notNull("team", team).alltoallsmem(dest, destOffset, source, sourceOffset, dst, sst, bytes);
    }

    /** {@code shmem_TYPE_alltoalls}: {@link Team#alltoalls}. */
    public static void alltoalls(Team team, ValueLayout type, SymmetricMemory dest, long destIndex,
                                 SymmetricMemory source, long sourceIndex, long dst, long sst, long nelems) {
        io.jshmem.error.Checks.notNull("team", team).alltoalls(type, dest, destIndex, source, sourceIndex, dst, sst, nelems);
    }

    /** {@code shmem_TYPE_OP_reduce}: {@link Team#reduce}. */
    public static void reduce(Team team, ReduceOp op, ReduceType type, SymmetricMemory dest, long destIndex,
                              SymmetricMemory source, long sourceIndex, long count) {
        io.jshmem.error.Checks.notNull("team", team).reduce(op, type, dest, destIndex, source, sourceIndex, count);
    }

    /** {@code shmem_TYPE_and_reduce}. */
    public static void andReduce(Team team, ReduceType type, SymmetricMemory dest, long destIndex,
                                 SymmetricMemory source, long sourceIndex, long count) {
        reduce(team, ReduceOp.AND, type, dest, destIndex, source, sourceIndex, count);
    }

    /** {@code shmem_TYPE_or_reduce}. */
    public static void orReduce(Team team, ReduceType type, SymmetricMemory dest, long destIndex,
                                SymmetricMemory source, long sourceIndex, long count) {
        reduce(team, ReduceOp.OR, type, dest, destIndex, source, sourceIndex, count);
    }

    /** {@code shmem_TYPE_xor_reduce}. */
    public static void xorReduce(Team team, ReduceType type, SymmetricMemory dest, long destIndex,
                                 SymmetricMemory source, long sourceIndex, long count) {
        reduce(team, ReduceOp.XOR, type, dest, destIndex, source, sourceIndex, count);
    }

    /** {@code shmem_TYPE_max_reduce}. */
    public static void maxReduce(Team team, ReduceType type, SymmetricMemory dest, long destIndex,
                                 SymmetricMemory source, long sourceIndex, long count) {
        reduce(team, ReduceOp.MAX, type, dest, destIndex, source, sourceIndex, count);
    }

    /** {@code shmem_TYPE_min_reduce}. */
    public static void minReduce(Team team, ReduceType type, SymmetricMemory dest, long destIndex,
                                 SymmetricMemory source, long sourceIndex, long count) {
        reduce(team, ReduceOp.MIN, type, dest, destIndex, source, sourceIndex, count);
    }

    /** {@code shmem_TYPE_sum_reduce}. */
    public static void sumReduce(Team team, ReduceType type, SymmetricMemory dest, long destIndex,
                                 SymmetricMemory source, long sourceIndex, long count) {
        reduce(team, ReduceOp.SUM, type, dest, destIndex, source, sourceIndex, count);
    }

    /** {@code shmem_TYPE_prod_reduce}. */
    public static void prodReduce(Team team, ReduceType type, SymmetricMemory dest, long destIndex,
                                  SymmetricMemory source, long sourceIndex, long count) {
        reduce(team, ReduceOp.PROD, type, dest, destIndex, source, sourceIndex, count);
    }

    /** {@code shmem_TYPE_sum_inscan} (OpenSHMEM 1.6): {@link Team#sumInscan}. */
    public static void sumInscan(Team team, ReduceType type, SymmetricMemory dest, long destIndex,
                                 SymmetricMemory source, long sourceIndex, long count) {
        io.jshmem.error.Checks.notNull("team", team).sumInscan(type, dest, destIndex, source, sourceIndex, count);
    }

    /** {@code shmem_TYPE_sum_exscan} (OpenSHMEM 1.6): {@link Team#sumExscan}. */
    public static void sumExscan(Team team, ReduceType type, SymmetricMemory dest, long destIndex,
                                 SymmetricMemory source, long sourceIndex, long count) {
        io.jshmem.error.Checks.notNull("team", team).sumExscan(type, dest, destIndex, source, sourceIndex, count);
    }


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

    // ---- CANN SHMEM extensions (issue 6): instances, init status, version, TLS, streams, handles, engine
    // configuration, profiling, logging ----

    /** The current instance's id ({@code aclshmemx_instance_ctx_get}); 0 before any init. */
    public static int currentInstance() {
        return InstanceRegistry.currentId();
    }

    /**
     * Makes instance {@code instanceId} current for the facade ({@code aclshmemx_instance_ctx_set}). A lifecycle
     * call: waits while another thread holds an instance scope.
     *
     * @throws io.jshmem.error.ShmemArgumentException when the id is outside 0..254
     * @throws ShmemStateException                    when that instance is not initialized
     */
    public static void setInstance(int instanceId) {
        InstanceRegistry.checkId("instanceId", instanceId);
        InstanceRegistry.lock("setInstance(" + instanceId + ")");
        try {
            InstanceRegistry.setCurrent(instanceId);
        } finally {
            InstanceRegistry.unlock();
        }
    }

    /**
     * A scoped switch to instance {@code instanceId} ({@code multi_instance(id)}): use it in try-with-resources.
     * While it is open, other threads' lifecycle calls (init, finalize, setInstance, withInstance, malloc, calloc,
     * align, realloc, free, engine configuration) wait; closing it restores the previous instance.
     */
    public static InstanceScope withInstance(int instanceId) {
        InstanceRegistry.checkId("instanceId", instanceId);
        InstanceRegistry.lock("withInstance(" + instanceId + ")");
        try {
            int previous = InstanceRegistry.currentId();
            InstanceRegistry.setCurrent(instanceId);
            return new InstanceScope(previous, instanceId);
        } catch (RuntimeException e) {
            InstanceRegistry.unlock();
            throw e;
        }
    }

    /**
     * Collective over instance {@code instanceId}'s PEs: finalizes it ({@code aclshmemx_finalize(id)}). When it was
     * the current instance and is not 0, instance 0 becomes current again.
     *
     * @throws ShmemStateException when the instance is not initialized
     */
    public static void finalizeShmem(int instanceId) {
        InstanceRegistry.checkId("instanceId", instanceId);
        InstanceRegistry.lock("finalizeShmem(" + instanceId + ")");
        try {
            InstanceRegistry.live(instanceId).close();
        } finally {
            InstanceRegistry.unlock();
        }
    }

    /** The current instance's status ({@code aclshmemx_init_status}). */
    public static InitStatus initStatus() {
        return InstanceRegistry.status(InstanceRegistry.currentId());
    }

    /** The status of instance {@code instanceId}. */
    public static InitStatus initStatus(int instanceId) {
        return InstanceRegistry.status(instanceId);
    }

    /** {@code shmem_info_get_version}: the OpenSHMEM version implemented (1.6). */
    public static ShmemInfo.Version infoGetVersion() {
        return ShmemInfo.version();
    }

    /** {@code shmem_info_get_name}: the vendor name. */
    public static String infoGetName() {
        return ShmemInfo.name();
    }

    /**
     * Chooses TLS for the rendezvous of every later init and unique id of this process
     * ({@code aclshmemx_set_conf_store_tls}); overrides JSHMEM_TLS and JSHMEM_TLS_INFO. {@code tlsInfo} lists the
     * files as {@code key: value;} pairs (see {@link io.jshmem.bootstrap.TlsInfo}); it is checked here. TLS 1.3 with
     * mutual authentication: every PE and the rendezvous server must present a certificate the other trusts.
     *
     * @throws ShmemStateException                    after init (while any instance is live)
     * @throws io.jshmem.error.ShmemArgumentException when TLS is enabled and tlsInfo is malformed
     */
    public static void setConfStoreTls(boolean enabled, String tlsInfo) {
        if (enabled) {
            io.jshmem.bootstrap.TlsInfo.parse("tlsInfo", tlsInfo);
        }
        InstanceRegistry.lock("setConfStoreTls");
        try {
            InstanceRegistry.setTls(enabled, enabled ? tlsInfo : null);
        } finally {
            InstanceRegistry.unlock();
        }
    }

    /** A new stream of the current instance: {@link ShmemRuntime#createStream()}. */
    public static Stream createStream() {
        return current().createStream();
    }

    /** The current instance's default stream: {@link ShmemRuntime#defaultStream()}. */
    public static Stream defaultStream() {
        return current().defaultStream();
    }

    /** {@code aclshmemx_putmem_on_stream}: {@link Stream#putmem(SymmetricMemory, long, MemorySegment, long, long, int)}. */
    public static void putmemOnStream(SymmetricMemory dest, long destOffset, MemorySegment src, long srcOffset,
                                      long bytes, int pe, Stream stream) {
        current().ownStream(stream).putmem(dest, destOffset, src, srcOffset, bytes, pe);
    }

    /** {@code aclshmemx_putmem_on_stream} from a symmetric block. */
    public static void putmemOnStream(SymmetricMemory dest, long destOffset, SymmetricMemory src, long srcOffset,
                                      long bytes, int pe, Stream stream) {
        current().ownStream(stream).putmem(dest, destOffset, src, srcOffset, bytes, pe);
    }

    /** {@code aclshmemx_getmem_on_stream}: {@link Stream#getmem(MemorySegment, long, SymmetricMemory, long, long, int)}. */
    public static void getmemOnStream(MemorySegment dest, long destOffset, SymmetricMemory src, long srcOffset,
                                      long bytes, int pe, Stream stream) {
        current().ownStream(stream).getmem(dest, destOffset, src, srcOffset, bytes, pe);
    }

    /** {@code aclshmemx_getmem_on_stream} into a symmetric block. */
    public static void getmemOnStream(SymmetricMemory dest, long destOffset, SymmetricMemory src, long srcOffset,
                                      long bytes, int pe, Stream stream) {
        current().ownStream(stream).getmem(dest, destOffset, src, srcOffset, bytes, pe);
    }

    /** {@code aclshmemx_quiet_on_stream}: {@link Stream#quiet()}. */
    public static void quietOnStream(Stream stream) {
        current().ownStream(stream).quiet();
    }

    /** {@code aclshmemx_signal_op_on_stream}: {@link Stream#signalOp}. */
    public static void signalOpOnStream(SymmetricMemory sig, long index, long value, SignalOp op, int pe,
                                        Stream stream) {
        current().ownStream(stream).signalOp(sig, index, value, op, pe);
    }

    /** {@code aclshmemx_signal_wait_until_on_stream}: {@link Stream#signalWaitUntil}. */
    public static void signalWaitUntilOnStream(SymmetricMemory sig, long index, Cmp cmp, long value, Stream stream) {
        current().ownStream(stream).signalWaitUntil(sig, index, cmp, value);
    }

    /** {@code aclshmemx_barrier_on_stream}: {@link Stream#barrier(Team)}. */
    public static void barrierOnStream(Team team, Stream stream) {
        current().ownStream(stream).barrier(team);
    }

    /** {@code aclshmemx_barrier_all_on_stream}: {@link Stream#barrierAll()}. */
    public static void barrierAllOnStream(Stream stream) {
        current().ownStream(stream).barrierAll();
    }

    /** {@code aclshmemx_handle_wait}: {@link Stream#handleWait(Handle)}. */
    public static void handleWait(Handle handle, Stream stream) {
        current().handleWait(handle, stream);
    }

    /** {@code aclshmemx_set_mte_config}: {@link ShmemRuntime#setMteConfig}. */
    public static void setMteConfig(long workspaceOffset, long workspaceBytes, long syncId) {
        configure(DataOpEngine.MTE, workspaceOffset, workspaceBytes, syncId);
    }

    /** {@code aclshmemx_set_sdma_config}: {@link ShmemRuntime#setSdmaConfig}. */
    public static void setSdmaConfig(long workspaceOffset, long workspaceBytes, long syncId) {
        configure(DataOpEngine.SDMA, workspaceOffset, workspaceBytes, syncId);
    }

    /** {@code aclshmemx_set_rdma_config}: {@link ShmemRuntime#setRdmaConfig}; workspaceBytes at least 128. */
    public static void setRdmaConfig(long workspaceOffset, long workspaceBytes, long syncId) {
        configure(DataOpEngine.RDMA, workspaceOffset, workspaceBytes, syncId);
    }

    /** {@code aclshmemx_set_udma_config}: {@link ShmemRuntime#setUdmaConfig}; workspaceBytes at least 128. */
    public static void setUdmaConfig(long workspaceOffset, long workspaceBytes, long syncId) {
        configure(DataOpEngine.UDMA, workspaceOffset, workspaceBytes, syncId);
    }

    private static void configure(DataOpEngine engine, long workspaceOffset, long workspaceBytes, long syncId) {
        InstanceRegistry.lock("set" + engine + "Config");
        try {
            current().ext().setConfig(engine, workspaceOffset, workspaceBytes, syncId);
        } finally {
            InstanceRegistry.unlock();
        }
    }

    /** {@code aclshmemx_get_prof}: {@link ShmemRuntime#getProf(boolean)}. */
    public static java.util.Optional<ProfData> getProf(boolean verbose) {
        return current().getProf(verbose);
    }

    /** {@code aclshmemx_show_prof}: {@link ShmemRuntime#showProf()}. */
    public static void showProf() {
        current().showProf();
    }

    /**
     * {@code aclshmemx_set_log_level}: 0 debug, 1 info, 2 warn, 3 error, 4 fatal. SHMEM_LOG_LEVEL, when set, wins.
     * Works before init.
     */
    public static void setLogLevel(int level) {
        io.jshmem.config.ShmemLog.setLevel(io.jshmem.config.LogLevel.fromCode(level));
    }

    /**
     * {@code aclshmemx_set_extern_logger}: every later jshmem message goes to {@code logger} instead of standard
     * error; null restores standard error. Works before init.
     */
    public static void setExternLogger(io.jshmem.config.ExternalLogger logger) {
        io.jshmem.config.ShmemLog.setExternalLogger(logger);
    }
}
