package io.jshmem.impl;

import io.jshmem.Context;
import io.jshmem.CtxOption;
import io.jshmem.DataOpEngine;
import io.jshmem.EngineConfig;
import io.jshmem.Handle;
import io.jshmem.HeapUsage;
import io.jshmem.InitAttributes;
import io.jshmem.InitStatus;
import io.jshmem.MemType;
import io.jshmem.ProfData;
import io.jshmem.ProfFrame;
import io.jshmem.ProfScope;
import io.jshmem.ShmemRuntime;
import io.jshmem.Stream;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;
import io.jshmem.ThreadLevel;
import io.jshmem.comm.QueueLocks;
import io.jshmem.operand.SymmetricBlock;
import io.jshmem.runtime.HostProfile;
import io.jshmem.runtime.Instance;
import io.jshmem.runtime.Profiler;
import io.jshmem.team.TeamState;

import java.lang.foreign.MemorySegment;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * jshmem's {@link ShmemRuntime}: an initialized instance, its default context (held and forwarded to by
 * {@link ForwardingContext}), its nested-init count and finalize, teams, locks and the CANN SHMEM extensions.
 * Allocation is in {@link Allocations}, created contexts come from {@link ContextFactory}. Thread-safe.
 */
final class RuntimeImpl extends ForwardingContext implements ShmemRuntime {
    private final Instance instance;
    /** Instance id, streams, engine configurations, profiler (CANN SHMEM extensions). */
    private final Extensions ext;
    /** Symmetric allocation and the live blocks finalize retires. */
    private final Allocations alloc;

    RuntimeImpl(Instance instance, int instanceId, ThreadLevel level, AtomicReference<Thread> inCall) {
        Profiler profiler = Profiler.fromSettings(instance.settings(), instance.myPe(), instance.nPes());
        super(instance, new HostProfile(profiler), CallGuard.of(level, Thread.currentThread(), inCall, false));
        this.contexts = new ContextFactory(this, instance, ctx.prof, level, Thread.currentThread(), inCall);
        this.instance = instance;
        this.ext = new Extensions(this, instanceId, profiler);
        this.locks = new QueueLocks(instance.comm());
        this.alloc = new Allocations(instance, instanceId, gate);
    }

    // ---- nested init and finalize (OpenSHMEM 1.6) -------------------------------------------------------------

    /** Inits of this runtime not yet matched by a finalize; guarded by the lifecycle lock. */
    private int initCount = 1;

    /**
     * A further init of a live instance (OpenSHMEM 1.6: init and init_thread may be called many times, each matched
     * by a finalize): the same runtime, one more finalize needed, made current again. Nothing is communicated. The
     * thread level stays the one the first init provided (1.6 lets a library keep it). Only a plain init nests
     * (attributes from the environment, at most an instance id): explicit attributes (a PE, job size and unique id,
     * or any setting) start an instance, and CANN SHMEM's {@code shmem_init_attr} rejects a repeated init of a live
     * one, so they are rejected with nothing changed.
     */
    RuntimeImpl initAgain(InitAttributes attributes) {
        if (attributes.myPe() >= 0 || !attributes.overrides().isEmpty()) {
            throw RuntimeInit.explicitOnLive(this, initCount, attributes);
        }
        initCount++;
        InstanceRegistry.setCurrent(instanceId());
        return this;
    }

    /** Inits of this runtime not yet matched by a finalize: 1 after the first init, 0 once finalized. */
    @Override
    public int initCount() {
        InstanceRegistry.lock("initCount");
        try {
            return isLive() ? initCount : 0;
        } finally {
            InstanceRegistry.unlock();
        }
    }

    Instance instance() {
        return instance;
    }

    /** Bytes of symmetric heap per PE, reserved area included. */
    public long heapSize() {
        return instance.heapSize();
    }

    // ---- collective allocation (see Allocations) --------------------------------------------------------------

    @Override
    public SymmetricMemory malloc(long bytes) {
        return alloc.malloc(bytes);
    }

    @Override
    public SymmetricMemory calloc(long count, long elementSize) {
        return alloc.calloc(count, elementSize);
    }

    @Override
    public SymmetricMemory align(long alignment, long bytes) {
        return alloc.align(alignment, bytes);
    }

    @Override
    public SymmetricMemory realloc(SymmetricMemory mem, long bytes) {
        return alloc.realloc(mem, bytes);
    }

    @Override
    public void free(SymmetricMemory mem) {
        alloc.free(mem);
    }

    @Override
    public Optional<MemorySegment> ptr(SymmetricMemory mem, int pe) {
        return alloc.ptr(mem, pe);
    }

    @Override
    public SymmetricMemory mallocWithHints(long bytes, long hints) {
        return alloc.mallocWithHints(bytes, hints);
    }

    @Override
    public SymmetricMemory malloc(long bytes, MemType memType) {
        return alloc.malloc(bytes, memType);
    }

    @Override
    public SymmetricMemory calloc(long count, long elementSize, MemType memType) {
        return alloc.calloc(count, elementSize, memType);
    }

    @Override
    public SymmetricMemory align(long alignment, long bytes, MemType memType) {
        return alloc.align(alignment, bytes, memType);
    }

    @Override
    public void free(SymmetricMemory mem, MemType memType) {
        alloc.free(mem, memType);
    }

    /** This PE's heap usage (equal on every PE while all follow the collective rules). */
    @Override
    public HeapUsage heapUsage() {
        return instance.heapUsage();
    }

    /** Checks the thread level's rules at a call that is not a context operation (creation, team calls). */
    void checkThread() {
        gate.leave(gate.enter());
    }

    // ---- synchronization ------------------------------------------------------------------------------------

    /**
     * Collective: completes this PE's outstanding operations, then waits until every PE has arrived
     * ({@code shmem_barrier_all}). Everything any PE stored before it is visible to every PE after it.
     */
    public void barrierAll() {
        HostProfile.Span span = ctx.prof.begin();
        int claimed = gate.enter();
        try {
            instance.barrierAll();
        } finally {
            gate.leave(claimed);
            HostProfile.end(span, ProfFrame.BARRIER, "barrierAll", -1, 0);
        }
    }

    /** Collective: waits until every PE has arrived, without completing outstanding operations ({@code shmem_sync_all}). */
    public void syncAll() {
        HostProfile.Span span = ctx.prof.begin();
        int claimed = gate.enter();
        try {
            instance.syncAll();
        } finally {
            gate.leave(claimed);
            HostProfile.end(span, ProfFrame.BARRIER, "syncAll", -1, 0);
        }
    }

    /**
     * Ends every PE of the job with {@code status} ({@code shmem_global_exit}); does not return. The other PEs
     * are stopped within about a second wherever they are.
     */
    public void globalExit(int status) {
        instance.globalExit(status);
    }

    // ---- contexts and thread levels ----

    /** Created contexts, with the thread level's rules. */
    private final ContextFactory contexts;
    /** Distributed locks of this PE: the holder record and local queue per lock word. */
    private final QueueLocks locks;

    /** The thread level this runtime provides ({@code shmem_query_thread}). */
    public ThreadLevel queryThread() {
        instance.ensureLive();
        return contexts.threadLevel();
    }

    @Override
    public void setLock(SymmetricMemory lock, long index) {
        locks.set(gate.localSlots(lock, "lock", index, 1, Long.BYTES));
    }

    @Override
    public boolean testLock(SymmetricMemory lock, long index) {
        return locks.test(gate.localSlots(lock, "lock", index, 1, Long.BYTES));
    }

    @Override
    public void clearLock(SymmetricMemory lock, long index) {
        locks.clear(gate.localSlots(lock, "lock", index, 1, Long.BYTES), "lock");
    }

    /**
     * Creates a communication context ({@code shmem_ctx_create}) over the world: a {@link Context} with the same
     * operations as this default context and its own {@link Context#quiet()} and {@link Context#fence()}, which
     * complete and order only operations issued through it (they may complete more). With {@link ThreadLevel#MULTIPLE}
     * any number of contexts may be used by concurrent threads, virtual threads included. Destroy it with
     * {@link Context#close()}; every call after that throws. Not collective.
     *
     * @param options any of {@link CtxOption#PRIVATE} (only the calling thread may use it; enforced),
     *                {@link CtxOption#SERIALIZED}, {@link CtxOption#NOSTORE} (hints)
     */
    public Context createCtx(CtxOption... options) {
        return createCtx(null, options);
    }

    /**
     * A context created from {@code team} ({@code shmem_team_create_ctx}); null means the world team. Its
     * operations take the team's PE numbers; they are translated to world PEs through the member list.
     */
    Context createCtx(Team team, CtxOption... options) {
        return createCtx(team, false, options);
    }

    /**
     * A context for jshmem's own threads (streams): the thread level's rules are the application's promise about its
     * threads and do not apply to it.
     */
    Context createInternalCtx() {
        return createCtx(null, true);
    }

    private Context createCtx(Team team, boolean internal, CtxOption... options) {
        checkThread();
        instance.ensureLive();
        TeamState members = team instanceof TeamImpl t && t != teams().world() ? t.state() : null;
        return contexts.create(team, members, internal, options);
    }

    // ---- teams and collectives ----

    private volatile Teams teams;

    /**
     * TEAM_WORLD ({@code SHMEM_TEAM_WORLD}): every PE, numbered as {@link #myPe()}. The team collectives (broadcast,
     * collect, fcollect, alltoall(s), reductions, scans) are methods of {@link Team}.
     */
    public Team teamWorld() {
        return teams().world();
    }

    /**
     * TEAM_SHARED ({@code SHMEM_TEAM_SHARED}): the PEs whose symmetric heaps this PE maps ({@link SymmetricMemory#ptr}
     * works between any two of them), in global order; this PE alone when its host's peers are reached through a
     * network engine.
     */
    public Team teamShared() {
        return teams().shared();
    }

    /** The team registry, created on first use (local work only; teams are per runtime). */
    Teams teams() {
        Teams t = teams;
        if (t == null) {
            synchronized (this) {
                t = teams;
                if (t == null) {
                    instance.ensureLive();
                    t = new Teams(this, instance);
                    teams = t;
                }
            }
        }
        return t;
    }

    /** Whether this instance is initialized and not finalized. */
    public boolean isLive() {
        return instance.isLive();
    }

    /**
     * Collective: completes outstanding operations, synchronizes every PE, releases engines, heap and bootstrap
     * ({@code shmem_finalize}). A second call does nothing.
     */
    @Override
    public void close() {
        InstanceRegistry.lock("finalize of instance " + ext.instanceId());
        boolean last = true;
        try {
            if (initCount > 1 && instance.isLive()) {
                // Not the last finalize of nested inits: OpenSHMEM 1.6 makes it a barrier that releases nothing.
                last = false;
                initCount--;
                instance.barrierAll();
                return;
            }
            if (instance.isLive()) {
                ext.closeStreams();
                // TEAM_WORLD's and TEAM_SHARED's calls are compared at finalize even where this PE made none.
                teams();
            }
            alloc.retireLiveBlocks();
            instance.finalizeInstance();
        } finally {
            if (last) {
                alloc.closeKinds();
                InstanceRegistry.finalized(this);
                PreInitConfig.finalizedOne();
            }
            InstanceRegistry.unlock();
        }
    }

    // ---- accessibility queries and profiling control ----

    /** Whether {@code pe} is a PE of this job ({@code shmem_pe_accessible}); false for any other number. */
    @Override
    public boolean peAccessible(int pe) {
        return pe >= 0 && pe < nPes() && instance.isLive();
    }

    /**
     * Whether {@code mem} is a live symmetric buffer of this instance and {@code pe} a PE of this job
     * ({@code shmem_addr_accessible}); false for null, freed buffers, buffers of another instance and bad PEs.
     */
    @Override
    public boolean addrAccessible(SymmetricMemory mem, int pe) {
        return mem instanceof SymmetricBlock b && b.owner() == gate.owner && b.isLive() && peAccessible(pe);
    }

    /**
     * Whether {@code segment} lies wholly inside this PE's heap of this instance and {@code pe} is a PE of the job
     * ({@code shmem_addr_accessible} of an address); compares addresses only, so it never touches the segment.
     */
    @Override
    public boolean addrAccessible(MemorySegment segment, int pe) {
        return segment != null && peAccessible(pe) && alloc.inLocalHeap(segment);
    }

    /** Sets the profiling level of this process ({@code shmem_pcontrol}); see {@link ShmemRuntime#pcontrol}. */
    @Override
    public void pcontrol(int level) {
        ext.pcontrol(level);
    }

    /** The profiling level in force in this process (1 by default). */
    @Override
    public int pcontrolLevel() {
        return Profiler.pcontrolLevel();
    }

    // ---- CANN SHMEM extensions: instances, streams, handles, engine configuration, profiling ----

    /** This runtime's instance id, 0..254 ({@link InitAttributes#instanceId}). */
    public int instanceId() {
        return ext.instanceId();
    }

    /** This instance's status ({@code aclshmemx_init_status}): INITIALIZED while live, NOT_INITIALIZED after close. */
    public InitStatus initStatus() {
        return isLive() ? InitStatus.INITIALIZED : InitStatus.NOT_INITIALIZED;
    }

    /**
     * A new {@link Stream}: an ordered queue with its own thread and context. Destroy it when done; finalize
     * destroys the streams left. Not collective.
     */
    public Stream createStream() {
        return ext.createStream();
    }

    /** The runtime's default stream (CANN's NULL stream), created on first use and destroyed by finalize. */
    public Stream defaultStream() {
        return ext.defaultStream();
    }

    /**
     * {@code aclshmemx_handle_wait(handle, stream)}: queues {@link Stream#handleWait(Handle)} on {@code stream}.
     *
     * @throws io.jshmem.error.ShmemArgumentException when the stream belongs to another instance, or the handle's
     *                                                team is destroyed or of another instance
     */
    public void handleWait(Handle handle, Stream stream) {
        ownStream(stream).handleWait(handle);
    }

    /** Sets the MTE (SHM engine) workspace ({@code aclshmemx_set_mte_config}); workspaceBytes 0..2^32-1. Local. */
    public void setMteConfig(long workspaceOffset, long workspaceBytes, long syncId) {
        ext.setConfig(DataOpEngine.MTE, workspaceOffset, workspaceBytes, syncId);
    }

    /** Sets the SDMA (copy engine) workspace ({@code aclshmemx_set_sdma_config}); workspaceBytes 0..2^32-1. */
    public void setSdmaConfig(long workspaceOffset, long workspaceBytes, long syncId) {
        ext.setConfig(DataOpEngine.SDMA, workspaceOffset, workspaceBytes, syncId);
    }

    /** Sets the RDMA (UCX engine) workspace ({@code aclshmemx_set_rdma_config}); workspaceBytes 128..2^32-1. */
    public void setRdmaConfig(long workspaceOffset, long workspaceBytes, long syncId) {
        ext.setConfig(DataOpEngine.RDMA, workspaceOffset, workspaceBytes, syncId);
    }

    /** Sets the UDMA workspace ({@code aclshmemx_set_udma_config}); workspaceBytes 128..2^32-1. */
    public void setUdmaConfig(long workspaceOffset, long workspaceBytes, long syncId) {
        ext.setConfig(DataOpEngine.UDMA, workspaceOffset, workspaceBytes, syncId);
    }

    /** The stored configuration of {@code engine} (CANN's defaults until set). */
    public EngineConfig engineConfig(DataOpEngine engine) {
        return ext.config(engine);
    }

    /** What the engine {@code engine} names really runs with on this PE (see {@link ShmemRuntime#engineSettings}). */
    public java.util.Map<String, Object> engineSettings(DataOpEngine engine) {
        return ext.effective(engine);
    }

    /**
     * This PE's profiling data ({@code aclshmemx_get_prof}), printed as a table when {@code verbose}; empty on PEs
     * that SHMEM_CYCLE_PROF_PE does not name. Safe to call from several threads.
     */
    public Optional<ProfData> getProf(boolean verbose) {
        return ext.prof(verbose);
    }

    /** Prints this PE's profiling table ({@code aclshmemx_show_prof}); nothing on PEs not profiled. */
    public void showProf() {
        ext.prof(true);
    }

    /**
     * Starts a timed region under user frame {@code frame} ({@value ProfFrame#FIRST_USER_FRAME}..1023) in the
     * calling thread's block; close the scope to record it ({@code SHMEMI_PROF_START/END}).
     */
    public ProfScope profStart(int frame) {
        return ext.profStart(frame);
    }

    /**
     * Diagnostics of this instance as JSON: instance id, status, PE, engine per PE, engine configurations, TLS,
     * profiling, streams and the effective settings with their sources.
     */
    public String diagnostics() {
        return ext.diagnostics();
    }

    Extensions ext() {
        return ext;
    }

    /** Host-operation profiling of this runtime (shared by its contexts and teams). */
    HostProfile prof() {
        return ctx.prof;
    }

    /** The block behind {@code mem} when it is a live buffer of this instance. */
    SymmetricBlock ownBlock(String name, SymmetricMemory mem) {
        return gate.ownBlock(name, mem);
    }

    /** {@code stream}, checked to be live and of this instance. */
    StreamImpl ownStream(Stream stream) {
        return ownStream("stream", stream);
    }

    /** {@code stream} (argument {@code name}) when it is a stream of this instance; throws naming it otherwise. */
    StreamImpl ownStream(String name, Stream stream) {
        return ext.ownStream(name, stream);
    }
}
