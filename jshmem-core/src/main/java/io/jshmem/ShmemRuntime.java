package io.jshmem;

import java.util.Optional;

/**
 * An initialized jshmem instance and its default {@link Context}. Obtain one with {@link Shmem#init()} (or
 * {@link #init(InitAttributes)}), use it, and close it: {@link #close()} is {@code shmem_finalize} and is collective.
 *
 * <pre>{@code
 * try (ShmemRuntime shmem = Shmem.init()) {
 *     SymmetricMemory buf = shmem.malloc(1024);
 *     shmem.p(ValueLayout.JAVA_LONG, buf, 0, shmem.myPe(), (shmem.myPe() + 1) % shmem.nPes());
 *     shmem.barrierAll();
 * }
 * }</pre>
 *
 * <p>Collective calls (malloc, calloc, align, realloc, free, barrierAll, syncAll, close) must be made by every PE in
 * the same order; they end in a barrier and verify that every PE passed the same arguments, failing on every PE
 * with a message naming the PEs that differ. Thread-safety: RMA may be used from any thread; collective calls are
 * serialized internally; of concurrent {@link #free} calls on one buffer exactly one wins.
 */
public interface ShmemRuntime extends Context {
    /** Alignment of {@link #malloc} blocks: a cache line, so separate buffers never share one. */
    long DEFAULT_ALIGNMENT = 64;

    /**
     * Collective: initializes a PE with the given attributes ({@code shmem_init_attr}). The instance
     * ({@link InitAttributes#instanceId}, 0 by default) must not be live; it becomes the current instance of the
     * {@link Shmem} facade.
     */
    static ShmemRuntime init(InitAttributes attributes) {
        return Provider.get().init(attributes, null);
    }

    /**
     * Collective: {@link #init(InitAttributes)} with a thread level ({@code shmem_init_thread}); every level is
     * provided as requested and {@link #queryThread()} reports it.
     */
    static ShmemRuntime initThread(InitAttributes attributes, ThreadLevel requested) {
        return Provider.get().init(attributes, requested);
    }

    /** Bytes of symmetric heap per PE, reserved area included. */
    long heapSize();

    /**
     * Collective: allocates {@code bytes} of symmetric memory, aligned to 64 bytes ({@code shmem_malloc}). Ends in a
     * barrier and verifies that every PE asked for the same size. {@code bytes == 0} allocates nothing, does not
     * communicate and returns {@code null} (OpenSHMEM: "no action is performed and a null pointer is returned"). A
     * size beyond the heap's free space throws {@link io.jshmem.error.ShmemOutOfMemoryException} on every PE,
     * naming the size and the free space, with nothing allocated.
     */
    SymmetricMemory malloc(long bytes);

    /** Collective: allocates {@code count * elementSize} zeroed bytes ({@code shmem_calloc}). */
    SymmetricMemory calloc(long count, long elementSize);

    /** Collective: allocates {@code bytes} aligned to {@code alignment}, a power of two ({@code shmem_align}). */
    SymmetricMemory align(long alignment, long bytes);

    /**
     * Collective: resizes {@code mem} to {@code bytes} ({@code shmem_realloc}); the contents up to the smaller size
     * are kept. The old handle is invalid afterwards, even when the block did not move.
     */
    SymmetricMemory realloc(SymmetricMemory mem, long bytes);

    /**
     * PE {@code pe}'s copy of {@code mem}, a buffer of this instance, when mapped in this process
     * ({@code shmem_ptr}); see {@link SymmetricMemory#ptr(int)}.
     */
    Optional<java.lang.foreign.MemorySegment> ptr(SymmetricMemory mem, int pe);

    /**
     * Collective: frees {@code mem} ({@code shmem_free}); {@code null} does nothing. A second free, or a free racing
     * another thread's free of the same handle, throws {@link io.jshmem.error.ShmemStateException} (exactly one
     * wins); afterwards every use of the handle and of its views throws.
     */
    void free(SymmetricMemory mem);

    /** This PE's heap usage (equal on every PE while all follow the collective rules). */
    HeapUsage heapUsage();

    /**
     * Collective: completes this PE's outstanding operations, then waits until every PE has arrived
     * ({@code shmem_barrier_all}). Everything any PE stored before it is visible to every PE after it.
     */
    void barrierAll();

    /** Collective: waits until every PE has arrived, without completing outstanding operations ({@code shmem_sync_all}). */
    void syncAll();

    /**
     * Ends every PE of the job with {@code status} ({@code shmem_global_exit}); does not return. The other PEs
     * are stopped within about a second wherever they are.
     */
    void globalExit(int status);

    /** The thread level this runtime provides ({@code shmem_query_thread}). */
    ThreadLevel queryThread();

    /**
     * Creates a communication context ({@code shmem_ctx_create}) over the world: a {@link Context} with the same
     * operations as this default context and its own {@link Context#quiet()} and {@link Context#fence()}, which
     * complete and order only operations issued through it (they may complete more). With {@link ThreadLevel#MULTIPLE}
     * any number of contexts may be used by concurrent threads, virtual threads included. Destroy it with
     * {@link Context#destroy()}; every call after that throws. Not collective.
     *
     * @param options any of {@link CtxOption#PRIVATE} (only the calling thread may use it; enforced),
     *                {@link CtxOption#SERIALIZED}, {@link CtxOption#NOSTORE} (hints)
     */
    Context createCtx(CtxOption... options);

    /**
     * TEAM_WORLD ({@code SHMEM_TEAM_WORLD}): every PE, numbered as {@link #myPe()}. The team collectives (broadcast,
     * collect, fcollect, alltoall(s), reductions, scans) are methods of {@link Team}.
     */
    Team teamWorld();

    /**
     * TEAM_SHARED ({@code SHMEM_TEAM_SHARED}): the PEs whose symmetric heaps this PE maps ({@link SymmetricMemory#ptr}
     * works between any two of them), in global order; this PE alone when its host's peers are reached through a
     * network engine.
     */
    Team teamShared();

    /** Whether this instance is initialized and not finalized. */
    boolean isLive();

    /** This runtime's instance id, 0..254 ({@link InitAttributes#instanceId}). */
    int instanceId();

    /** This instance's status ({@code aclshmemx_init_status}): INITIALIZED while live, NOT_INITIALIZED after close. */
    InitStatus initStatus();

    /**
     * A new {@link Stream}: an ordered queue with its own thread and context. Destroy it when done; finalize
     * destroys the streams left. Not collective.
     */
    Stream createStream();

    /** The runtime's default stream (CANN's NULL stream), created on first use and destroyed by finalize. */
    Stream defaultStream();

    /**
     * {@code aclshmemx_handle_wait(handle, stream)}: queues {@link Stream#handleWait(Handle)} on {@code stream}.
     *
     * @throws io.jshmem.error.ShmemArgumentException when the stream belongs to another instance, or the handle's
     *                                                team is destroyed or of another instance
     */
    void handleWait(Handle handle, Stream stream);

    /**
     * {@code aclshmemx_set_mte_config}: sets the MTE workspace; workspaceOffset 0..2^63-1, workspaceBytes
     * 0..2^32-1, syncId 0..2^32-1. <b>Acts:</b> {@code workspaceBytes} becomes this PE's SHM-engine large-copy
     * threshold (copies of at least that many bytes to mapped peers use the routine JSHMEM_LARGE_COPY chose, below it
     * the JVM copy stub; until set, JSHMEM_MEMCPY_THRESHOLD, default 16 KiB = MTE's default). {@code workspaceOffset}
     * and {@code syncId} are accepted for parity only (jshmem stages nothing). Local (this PE only, not
     * collective); copies that start after the call use the new value. Thread-safe. Bad values throw and change
     * nothing.
     */
    void setMteConfig(long workspaceOffset, long workspaceBytes, long syncId);

    /**
     * {@code aclshmemx_set_sdma_config}: sets the SDMA workspace; ranges as {@link #setMteConfig}. <b>Acts:</b>
     * {@code workspaceBytes} (at least 1 is used) becomes the copy engine's minimum: putmemNbi/getmemNbi of at least
     * that many bytes to mapped peers go to its background thread (until set, JSHMEM_COPY_ENGINE_MIN). It acts only
     * when the copy engine runs (JSHMEM_COPY_ENGINE=true); otherwise it is stored only. {@code workspaceOffset} and
     * {@code syncId}: parity only. Local; nbi calls that start after the call use it. Thread-safe.
     */
    void setSdmaConfig(long workspaceOffset, long workspaceBytes, long syncId);

    /**
     * {@code aclshmemx_set_rdma_config}: sets the RDMA workspace; workspaceBytes 128..2^32-1. <b>Accepted for parity
     * only</b>, every field: the UCX engine stages nothing, and UCX fixes its protocols and lanes when
     * {@code ucp_init} reads its configuration, before this can be called. The UCX knob jshmem maps is
     * {@code InitAttributes.qpNum} / {@code setQpNum} (UCX_MAX_RNDV_RAILS), set before init. Validated, stored,
     * shown by {@link #engineConfig} and diagnostics. Local. Thread-safe.
     */
    void setRdmaConfig(long workspaceOffset, long workspaceBytes, long syncId);

    /**
     * {@code aclshmemx_set_udma_config}: sets the UDMA workspace; workspaceBytes 128..2^32-1. <b>Accepted for parity
     * only</b>: jshmem has no UDMA engine (Ascend 950 UB fabric). Validated and stored. Local. Thread-safe.
     */
    void setUdmaConfig(long workspaceOffset, long workspaceBytes, long syncId);

    /** The stored configuration of {@code engine} (CANN's defaults until set). Thread-safe. */
    EngineConfig engineConfig(DataOpEngine engine);

    /**
     * What the engine that {@code engine} names really runs with on this PE now, by name: MTE
     * {@code memcpyThresholdBytes}; SDMA {@code copyEngine}, {@code minBytes}, {@code queuedCopies},
     * {@code bytesCopied}; RDMA {@code ucxEngine} and, with a UCX engine, {@code UCX_MAX_RNDV_RAILS} as UCX read it
     * and {@code qpNum}; every map has {@code actingFields}, the config fields that act. A snapshot; thread-safe.
     *
     * @throws io.jshmem.error.ShmemArgumentException when engine is null
     */
    java.util.Map<String, Object> engineSettings(DataOpEngine engine);

    /**
     * This PE's profiling data ({@code aclshmemx_get_prof}), printed as a table when {@code verbose}; empty on PEs
     * that SHMEM_CYCLE_PROF_PE does not name. Safe to call from several threads.
     */
    Optional<ProfData> getProf(boolean verbose);

    /** Prints this PE's profiling table ({@code aclshmemx_show_prof}); nothing on PEs not profiled. */
    void showProf();

    /**
     * Starts a timed region under user frame {@code frame} ({@value ProfFrame#FIRST_USER_FRAME}..1023) in the
     * calling thread's block; close the scope to record it ({@code SHMEMI_PROF_START/END}).
     */
    ProfScope profStart(int frame);

    /**
     * Diagnostics of this instance as JSON: instance id, status, PE, engine per PE, engine configurations, TLS,
     * profiling, streams and the effective settings with their sources.
     */
    String diagnostics();

    /** Blocks until this PE holds the distributed lock in the 64-bit word {@code index} of {@code lock} ({@code shmem_set_lock}); fair (MCS queue). */
    void setLock(SymmetricMemory lock, long index);

    /** Takes the lock if free, without waiting ({@code shmem_test_lock}); true when this PE now holds it (C returns 0 then). */
    boolean testLock(SymmetricMemory lock, long index);

    /** Quiets, then releases the lock ({@code shmem_clear_lock}); throws, changing nothing, when this PE does not hold it. */
    void clearLock(SymmetricMemory lock, long index);

    /**
     * Collective: completes outstanding operations, synchronizes every PE, releases engines, heap and bootstrap
     * ({@code shmem_finalize}). A second call does nothing.
     */
    @Override
    void close();
}
