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

    /** {@code SHMEM_MALLOC_ATOMICS_REMOTE}: the block will be the target of remote atomics (a hint; see mallocWithHints). */
    long MALLOC_ATOMICS_REMOTE = 1L;

    /** {@code SHMEM_MALLOC_SIGNAL_REMOTE}: the block will hold signals of remote put-with-signal (a hint). */
    long MALLOC_SIGNAL_REMOTE = 2L;

    /** Every hint bit {@link #mallocWithHints} accepts: {@link #MALLOC_ATOMICS_REMOTE} | {@link #MALLOC_SIGNAL_REMOTE}. */
    long MALLOC_VALID_HINTS = MALLOC_ATOMICS_REMOTE | MALLOC_SIGNAL_REMOTE;

    /**
     * Collective: initializes a PE with the given attributes ({@code shmem_init_attr}); the instance
     * ({@link InitAttributes#instanceId}, 0 by default) becomes the current instance of the {@link Shmem} facade.
     *
     * <p>Nested inits (OpenSHMEM 1.6): when the instance is already live, this returns the same runtime, makes it
     * current again and counts one more init ({@link #initCount()}), without communicating; each init needs its own
     * {@link #close()}, and only the last one finalizes. Only a plain init nests ({@link InitAttributes#fromEnvironment()},
     * at most with an {@link InitAttributes#instanceId instance id}): an init with explicit attributes (a PE, job
     * size and unique id, or any setting such as a heap size) of a live instance throws
     * {@link io.jshmem.error.ShmemStateException} naming the live instance, with nothing changed, as CANN SHMEM's
     * {@code shmem_init_attr} rejects a repeated init; finalize first to start it with other attributes.
     * Thread-safe: inits and finalizes of a process are serialized.
     */
    static ShmemRuntime init(InitAttributes attributes) {
        return Provider.get().init(attributes, null);
    }

    /**
     * Collective: {@link #init(InitAttributes)} with a thread level ({@code shmem_init_thread}); every level is
     * provided as requested and {@link #queryThread()} reports it. A nested init of a live instance keeps the level
     * its first init provided (OpenSHMEM 1.6 lets a library keep it), whatever {@code requested} says.
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
     * are kept. The old handle is invalid afterwards, even when the block did not move. {@link MemType#HOST_SIDE}
     * buffers only: a DEVICE_SIDE one throws {@link io.jshmem.error.ShmemArgumentException}, changing nothing.
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

    // ---- memory kinds and hints ----

    /**
     * Collective: {@link #malloc(long)} with usage hints ({@code shmem_malloc_with_hints}), an OR of
     * {@link #MALLOC_ATOMICS_REMOTE} and {@link #MALLOC_SIGNAL_REMOTE}. On one host every engine already serves atomics
     * and signals on any block, so the hints change no placement: they are recorded on the block
     * ({@link SymmetricMemory#hints()}) and verified to be equal on every PE, like the size. {@code hints == 0} is
     * exactly {@link #malloc(long)}. Bits outside {@link #MALLOC_VALID_HINTS} throw
     * {@link io.jshmem.error.ShmemArgumentException} before any communication, with nothing allocated (every PE that
     * passes them throws). Ordering and thread-safety as {@link #malloc(long)}: ends in a barrier, serialized with the
     * other collective calls.
     */
    SymmetricMemory mallocWithHints(long bytes, long hints);

    /**
     * Collective: {@link #malloc(long)} from the heap of kind {@code memType} ({@code aclshmemx_malloc}).
     * {@link MemType#HOST_SIDE} is {@link #malloc(long)}. {@link MemType#DEVICE_SIDE} comes from the heap of the
     * {@link io.jshmem.spi.MemoryKindProvider} found for it (the one named by {@code JSHMEM_DEVICE_KIND}, else the
     * first available; opened on first use, collectively); when no provider is available, or none has the name set,
     * it throws {@link io.jshmem.error.ShmemStateException} on every PE, naming the provider interface (or the setting
     * and the providers found) and how to fix it, with nothing allocated. Verified across PEs (a PE asking for another kind makes every PE throw), ends in a
     * barrier; serialized with the other collective calls.
     */
    SymmetricMemory malloc(long bytes, MemType memType);

    /** Collective: {@link #calloc(long, long)} from the heap of kind {@code memType} ({@code aclshmemx_calloc}). */
    SymmetricMemory calloc(long count, long elementSize, MemType memType);

    /** Collective: {@link #align(long, long)} from the heap of kind {@code memType} ({@code aclshmemx_align}). */
    SymmetricMemory align(long alignment, long bytes, MemType memType);

    /**
     * Collective: {@link #free(SymmetricMemory)} checking that {@code mem} comes from the heap of kind
     * {@code memType} ({@code aclshmemx_free}, whose kind must match the allocation's); a mismatch throws
     * {@link io.jshmem.error.ShmemArgumentException} before any communication, freeing nothing.
     */
    void free(SymmetricMemory mem, MemType memType);

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
     * {@link Context#close()} ({@code shmem_ctx_destroy}, also at the end of a try-with-resources block); every call
     * after that throws. Not collective.
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
     * ({@code shmem_finalize}). After nested inits ({@link #initCount()} above 1) only the last call finalizes; the
     * others act as {@link #barrierAll()} and release nothing (OpenSHMEM 1.6). A call after the last one does
     * nothing.
     */
    @Override
    void close();

    // ---- OpenSHMEM 1.6: nested init, accessibility, profiling control ----

    /**
     * Whether the facade's current instance is initialized and not yet finalized ({@code shmem_query_initialized});
     * false before the first init and after the last finalize. May be called at any time from any thread.
     */
    static boolean queryInitialized() {
        return Provider.get().currentOrNull() != null;
    }

    /**
     * Whether the facade's current instance has been finalized by its last finalize and not initialized again (a
     * jshmem addition in the spirit of {@code MPI_Finalized}; OpenSHMEM 1.6 has only
     * {@code shmem_query_initialized}): false before the first init and while live. Any time, any thread.
     */
    static boolean queryFinalized() {
        return Provider.get().queryFinalized();
    }

    /**
     * Inits of this runtime not yet matched by a {@link #close()}: 1 after the first init, one more per nested init,
     * 0 once finalized. Thread-safe.
     */
    int initCount();

    /**
     * Whether PE {@code pe} is reachable through jshmem from this PE ({@code shmem_pe_accessible}): true for every
     * PE of the job (every PE runs the same program and maps or reaches its heap), false for any other number and
     * after finalize. A query: never throws. Thread-safe; no ordering effect.
     */
    boolean peAccessible(int pe);

    /**
     * Whether {@code mem} can be used to reach PE {@code pe}'s copy through jshmem ({@code shmem_addr_accessible}):
     * true when {@code mem} is a live symmetric buffer of this instance and {@code pe} a PE of the job; false for
     * null, a freed buffer, a buffer of another instance, a bad PE number, or after finalize. A query: never
     * throws. Thread-safe; no ordering effect.
     */
    boolean addrAccessible(SymmetricMemory mem, int pe);

    /**
     * Whether the local memory {@code segment} is symmetric and PE {@code pe}'s copy of it can be reached through
     * jshmem ({@code shmem_addr_accessible} asked of an address): true when the whole segment lies inside this PE's
     * symmetric heap of this instance (a slice of a buffer's {@link SymmetricMemory#local()} view) and {@code pe} is
     * a PE of the job; false for private memory (any other native segment, a heap array's segment), a view of
     * another PE's heap, a segment of another instance's heap, null, a bad PE number, or after finalize. A query:
     * never throws and touches no memory. Thread-safe; no ordering effect.
     */
    boolean addrAccessible(java.lang.foreign.MemorySegment segment, int pe);

    /**
     * Sets the profiling level of this PE's process, for every instance ({@code shmem_pcontrol}); not collective,
     * every int is accepted, as OpenSHMEM 1.6 recommends:
     * <ul>
     *   <li>{@code level <= 0}: profiling disabled: {@link #getProf} data stops growing and no JFR events are
     *       emitted (host or stream operations);</li>
     *   <li>{@code 1} (the default after init): profiling at the default detail: ProfData cells on the PEs that
     *       {@code SHMEM_CYCLE_PROF_PE} names, JFR {@code jshmem.Operation}/{@code jshmem.Wait} events while a
     *       recording runs, for stream and host operations (RMA, atomics, signals, quiet, fence, waits, barriers,
     *       collectives);</li>
     *   <li>{@code 2}: as 1, and the profile buffers are flushed: this PE's table is printed as {@link #showProf}
     *       does (when it is profiled); host operations also emit {@code jshmem.OperationDetail} events with the
     *       API call and its stack trace (maximum detail);</li>
     *   <li>{@code > 2}: jshmem-defined: the same as 2.</li>
     * </ul>
     * Thread-safe: one volatile write; operations already in progress finish under the level they started with.
     */
    void pcontrol(int level);

    /** The profiling level in force in this process ({@link #pcontrol}); 1 unless changed. Thread-safe. */
    int pcontrolLevel();
}
