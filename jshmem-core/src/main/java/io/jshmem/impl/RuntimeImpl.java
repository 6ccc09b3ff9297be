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
import io.jshmem.error.ShmemStateException;
import io.jshmem.operand.KindBlock;
import io.jshmem.operand.Operands;
import io.jshmem.operand.SymmetricBlock;

import io.jshmem.comm.QueueLocks;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.memory.Block;
import io.jshmem.runtime.ContextState;
import io.jshmem.runtime.HostProfile;
import io.jshmem.runtime.Instance;
import io.jshmem.runtime.Profiler;

import io.jshmem.team.TeamState;

import java.lang.foreign.MemorySegment;
import java.util.EnumSet;
import java.util.concurrent.atomic.AtomicReference;
import java.util.Map;
import java.util.Optional;

/**
 * jshmem's {@link ShmemRuntime}: an initialized instance and its default context. Allocation validates sizes before
 * any rounding (huge sizes are an out-of-memory error on every PE with nothing changed) and follows OpenSHMEM at the
 * edges (size 0 allocates nothing and returns null; free(null) does nothing; realloc(null, n) is malloc(n);
 * realloc(p, 0) is free(p)). Free is atomic: the block's CAS decides the one winner of concurrent frees.
 */
final class RuntimeImpl extends ForwardingContext implements ShmemRuntime {
    /** Blocks allocated and not yet freed, retired at finalize (their views must not outlive the mapped heap). */
    private final java.util.Set<SymmetricBlock> liveBlocks = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final Instance instance;
    /** Instance id, streams, engine configurations, profiler (CANN SHMEM extensions). */
    private final Extensions ext;
    /** The default context's gate: thread rules and buffer ownership for the runtime's own calls. */
    private final ContextGate gate;

    RuntimeImpl(Instance instance, int instanceId, ThreadLevel level, AtomicReference<Thread> inCall) {
        this(instance, instanceId, level, inCall,
                Profiler.fromSettings(instance.settings(), instance.myPe(), instance.nPes()));
    }

    private RuntimeImpl(Instance instance, int instanceId, ThreadLevel level, AtomicReference<Thread> inCall,
                        Profiler profiler) {
        super(instance, new HostProfile(profiler), CallGuard.of(level, Thread.currentThread(), inCall, false));
        this.threadLevel = level;
        this.initThread = Thread.currentThread();
        this.inCall = inCall;
        this.instance = instance;
        this.gate = ctx.gate;
        this.ext = new Extensions(this, instanceId, profiler, ctx.prof);
        this.locks = new QueueLocks(instance.comm());
        this.kinds = new MemoryKinds(this, instance);
    }

    /**
     * Collective: initializes a PE with the given attributes. The instance ({@link InitAttributes#instanceId}, 0
     * by default) must not be live; it becomes the current instance of the {@link Shmem} facade.
     */
    static RuntimeImpl init(InitAttributes attributes, ThreadLevel level) {
        Operands.notNull("attributes", attributes);
        int id = InstanceRegistry.checkId("instanceId", attributes.instanceId());
        InstanceRegistry.lock("init of instance " + id);
        try {
            RuntimeImpl live = InstanceRegistry.liveOrNull(id);
            if (live != null) {
                return live.initAgain(attributes);
            }
            return RuntimeInit.initRegistered(attributes, level == null ? ThreadLevel.MULTIPLE : level);
        } finally {
            InstanceRegistry.unlock();
        }
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
    private RuntimeImpl initAgain(InitAttributes attributes) {
        if (attributes.myPe() >= 0 || !attributes.overrides().isEmpty()) {
            throw new ShmemStateException("instance " + instanceId() + " is live: it is already initialized as PE "
                    + myPe() + " of " + nPes() + " with a heap of " + heapSize() + " bytes (" + initCount
                    + (initCount == 1 ? " init" : " inits") + " not yet finalized), and this init passes explicit "
                    + "attributes (" + explicit(attributes) + "), which start an instance rather than join one: "
                    + "finalize it first to start it again with these attributes, call plain init() (or "
                    + "InitAttributes.fromEnvironment()) to nest an init in the live one, or init another instance id"
                    + " (nothing was changed)");
        }
        initCount++;
        InstanceRegistry.setCurrent(instanceId());
        return this;
    }

    /** The explicit part of {@code attributes}, for a message. */
    private static String explicit(InitAttributes attributes) {
        StringBuilder sb = new StringBuilder();
        if (attributes.myPe() >= 0) {
            sb.append("PE ").append(attributes.myPe()).append(" of ").append(attributes.nPes()).append(", unique id ")
                    .append(attributes.uniqueId());
        }
        for (var e : attributes.overrides().entrySet()) {
            sb.append(sb.isEmpty() ? "" : ", ").append(e.getKey()).append('=').append(e.getValue());
        }
        return sb.toString();
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

    // ---- collective allocation ------------------------------------------------------------------------------

    private SymmetricBlock block(io.jshmem.memory.Block b) {
        return block(b, 0);
    }

    private SymmetricBlock block(io.jshmem.memory.Block b, long hints) {
        SymmetricBlock block = new SymmetricBlock(instance, ext.instanceId(), b.offset(), b.size(), instance.comm(),
                hints);
        liveBlocks.add(block);
        return block;
    }

    /**
     * Retires every block still live when the instance finalizes: their views (local(), ptr()) are closed before the
     * heap is unmapped, so a late access fails with IllegalStateException instead of touching unmapped memory.
     */
    private void retireLiveBlocks() {
        for (SymmetricBlock b : liveBlocks) {
            if (b.claimFree()) {
                b.completeFree();
            }
        }
        liveBlocks.clear();
    }

    /**
     * {@code error}, once this PE has taken part in the collective argument check of {@code operation} with its words
     * ({@link AllocationArgs#rejectTogether}): a bad argument on one PE fails every PE instead of leaving the others
     * waiting in the allocation.
     */
    private RuntimeException rejected(String operation, long a, long b, String aName, String bName,
                                      RuntimeException error) {
        int claimed = gate.enter();
        try {
            return AllocationArgs.rejectTogether(instance, operation, a, b, aName, bName, error);
        } finally {
            gate.leave(claimed);
        }
    }

    @Override
    public SymmetricMemory malloc(long bytes) {
        return allocate("malloc", bytes, DEFAULT_ALIGNMENT);
    }

    private SymmetricMemory allocate(String operation, long bytes, long alignment) {
        instance.ensureLive();
        // Sizes the heap can never hold are rejected before any rounding could wrap them.
        RuntimeException bad = AllocationArgs.bytes(operation, bytes, instance.heapUsage());
        if (bad != null) {
            throw rejected(operation, bytes, alignment, "size", "alignment", bad);
        }
        if (bytes == 0) {
            return null;
        }
        int claimed = gate.enter();
        try {
            return block(instance.allocate(operation, bytes, alignment));
        } finally {
            gate.leave(claimed);
        }
    }

    /** Checks the thread level's rules at a call that is not a context operation (creation, team calls). */
    void checkThread() {
        gate.leave(gate.enter());
    }

    @Override
    public SymmetricMemory calloc(long count, long elementSize) {
        instance.ensureLive();
        RuntimeException bad = AllocationArgs.calloc(count, elementSize);
        if (bad != null) {
            throw rejected("calloc", AllocationArgs.NO_SIZE, DEFAULT_ALIGNMENT, "size", "alignment", bad);
        }
        SymmetricMemory m = allocate("calloc", count * elementSize, DEFAULT_ALIGNMENT);
        if (m != null) {
            m.local().fill((byte) 0);
            instance.barrierAll();
        }
        return m;
    }

    @Override
    public SymmetricMemory align(long alignment, long bytes) {
        instance.ensureLive();
        RuntimeException bad = AllocationArgs.alignment(alignment);
        if (bad != null) {
            throw rejected("align", bytes, alignment, "size", "alignment", bad);
        }
        return allocate("align", bytes, Math.max(8, alignment));
    }

    @Override
    public SymmetricMemory realloc(SymmetricMemory mem, long bytes) {
        if (mem == null) {
            return malloc(bytes);
        }
        if (mem instanceof KindBlock k) {
            throw new ShmemArgumentException("realloc of " + k + " is not supported: realloc resizes HOST_SIDE "
                    + "buffers only; allocate a new " + k.memType() + " buffer, copy through local(), and free the "
                    + "old one (nothing was changed)");
        }
        RuntimeException bad = AllocationArgs.bytes("realloc", bytes, instance.heapUsage());
        if (bad != null) {
            if (mem instanceof SymmetricBlock b && b.owner() == gate.owner && b.isLive() && instance.isLive()) {
                throw rejected("realloc", b.heapOffset(), bytes, "offset", "size", bad);
            }
            throw bad;
        }
        if (bytes == 0) {
            free(mem);
            return null;
        }
        SymmetricBlock old = claim("mem", mem);
        try {
            SymmetricBlock fresh = block(instance.reallocate(old.heapOffset(), bytes, DEFAULT_ALIGNMENT), old.hints());
            old.completeFree();
            liveBlocks.remove(old);
            return fresh;
        } catch (RuntimeException | Error e) {
            old.abortFree();
            throw e;
        }
    }

    @Override
    public void free(SymmetricMemory mem) {
        if (mem == null) {
            return;
        }
        if (mem instanceof KindBlock) {
            kinds.free(claimKind("mem", mem));
            return;
        }
        SymmetricBlock b = claim("mem", mem);
        int claimed = gate.enter();
        try {
            instance.free(b.heapOffset());
        } catch (RuntimeException | Error e) {
            b.abortFree();
            throw e;
        } finally {
            gate.leave(claimed);
        }
        b.completeFree();
        liveBlocks.remove(b);
    }

    /** The block behind {@code mem}, claimed for free by this thread; exactly one of concurrent claims wins. */
    private SymmetricBlock claim(String name, SymmetricMemory mem) {
        instance.ensureLive();
        SymmetricBlock b = gate.ownBlock(name, mem);
        if (!b.claimFree()) {
            throw new ShmemStateException(name + " (symmetric memory at heap offset " + b.heapOffset() + ", "
                    + b.byteSize() + " bytes) is already freed or being freed by another thread: free each buffer "
                    + "exactly once");
        }
        return b;
    }

    @Override
    public Optional<MemorySegment> ptr(SymmetricMemory mem, int pe) {
        if (mem instanceof KindBlock) {
            return Operands.kindBlock("mem", mem, instance).ptr(pe);
        }
        return gate.ownBlock("mem", mem).ptr(pe);
    }

    // ---- memory kinds and hints ----

    /** DEVICE_SIDE heaps through the memory-kind SPI. */
    private final MemoryKinds kinds;

    @Override
    public SymmetricMemory mallocWithHints(long bytes, long hints) {
        instance.ensureLive();
        RuntimeException bad = AllocationArgs.bytes("malloc_with_hints", bytes, instance.heapUsage());
        if (bad == null) {
            bad = AllocationArgs.hints(hints, MALLOC_VALID_HINTS);
        }
        if (bad != null) {
            throw rejected("malloc_with_hints", bytes, hints, "size", "hints", bad);
        }
        if (hints == 0) {
            return malloc(bytes);
        }
        if (bytes == 0) {
            return null;
        }
        // Hints change no placement on one host (every engine serves atomics and signals anywhere): recorded only.
        return block(instance.allocate("malloc_with_hints", bytes, DEFAULT_ALIGNMENT, hints, "hints"), hints);
    }

    @Override
    public SymmetricMemory malloc(long bytes, MemType memType) {
        return allocate("malloc", bytes, DEFAULT_ALIGNMENT, memType);
    }

    @Override
    public SymmetricMemory calloc(long count, long elementSize, MemType memType) {
        Operands.notNull("memType", memType);
        if (memType == MemType.HOST_SIDE) {
            return calloc(count, elementSize);
        }
        instance.ensureLive();
        kinds.requireProvider("calloc", memType);
        RuntimeException bad = AllocationArgs.calloc(count, elementSize);
        if (bad != null) {
            throw rejected("calloc(" + memType + ")", AllocationArgs.NO_SIZE, DEFAULT_ALIGNMENT, "size",
                    "alignment", bad);
        }
        SymmetricMemory m = allocate("calloc", count * elementSize, DEFAULT_ALIGNMENT, memType);
        if (m != null) {
            m.local().fill((byte) 0);
            instance.barrierAll();
        }
        return m;
    }

    @Override
    public SymmetricMemory align(long alignment, long bytes, MemType memType) {
        Operands.notNull("memType", memType);
        if (memType == MemType.HOST_SIDE) {
            return align(alignment, bytes);
        }
        instance.ensureLive();
        kinds.requireProvider("align", memType);
        RuntimeException bad = AllocationArgs.alignment(alignment);
        if (bad != null) {
            throw rejected("align(" + memType + ")", bytes, alignment, "size", "alignment", bad);
        }
        return allocate("align", bytes, Math.max(8, alignment), memType);
    }

    private SymmetricMemory allocate(String operation, long bytes, long alignment, MemType memType) {
        Operands.notNull("memType", memType);
        if (memType == MemType.HOST_SIDE) {
            return allocate(operation, bytes, alignment);
        }
        instance.ensureLive();
        kinds.requireProvider(operation, memType);
        RuntimeException bad = AllocationArgs.bytes(operation, bytes, instance.heapUsage());
        if (bad != null) {
            throw rejected(operation + "(" + memType + ")", bytes, alignment, "size", "alignment", bad);
        }
        if (bytes == 0) {
            return null;
        }
        return kinds.allocate(operation, memType, bytes, alignment);
    }

    @Override
    public void free(SymmetricMemory mem, MemType memType) {
        Operands.notNull("memType", memType);
        if (mem == null) {
            return;
        }
        instance.ensureLive();
        Operands.memType("mem", mem instanceof KindBlock ? Operands.kindBlock("mem", mem, instance)
                : gate.ownBlock("mem", mem), memType);
        free(mem);
    }

    /** The block of a provided kind behind {@code mem}, claimed for free; exactly one of concurrent claims wins. */
    private KindBlock claimKind(String name, SymmetricMemory mem) {
        instance.ensureLive();
        KindBlock k = Operands.kindBlock(name, mem, instance);
        if (!k.claimFree()) {
            throw new ShmemStateException(name + " (" + k + ") is already freed or being freed by another thread: "
                    + "free each buffer exactly once");
        }
        return k;
    }

    /** This PE's heap usage (equal on every PE while all follow the collective rules). */
    @Override
    public HeapUsage heapUsage() {
        return instance.heapUsage();
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

    /** The thread level this runtime provides; MULTIPLE unless initThread asked for another. */
    private final ThreadLevel threadLevel;
    /** The thread that called init: the only one allowed under SINGLE and FUNNELED (with checks on). */
    private final Thread initThread;
    /** The thread inside a call under level SERIALIZED, shared by every context of this runtime. */
    private final AtomicReference<Thread> inCall;
    /** Distributed locks of this PE: the holder record and local queue per lock word. */
    private final QueueLocks locks;

    /** The thread level this runtime provides ({@code shmem_query_thread}). */
    public ThreadLevel queryThread() {
        instance.ensureLive();
        return threadLevel;
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
     * {@link Context#destroy()}; every call after that throws. Not collective.
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
        Operands.notNull("options", options);
        EnumSet<CtxOption> set = EnumSet.noneOf(CtxOption.class);
        for (int i = 0; i < options.length; i++) {
            if (options[i] == null) {
                Operands.notNull("options[" + i + "]", null); // throws, naming the position
            }
            set.add(options[i]);
        }
        ContextState state = ContextState.create(instance.comm(), set.contains(CtxOption.PRIVATE),
                set.contains(CtxOption.SERIALIZED), set.contains(CtxOption.NOSTORE));
        CallGuard guard = CallGuard.of(internal ? ThreadLevel.MULTIPLE : threadLevel, initThread, inCall,
                set.contains(CtxOption.SERIALIZED));
        if (team instanceof TeamImpl t && t != teams().world()) {
            TeamState ts = t.state();
            return new ContextImpl(this, instance, ctx.prof, state.comm(),
                    new ContextGate(instance, ts.size(), state, team, ts.members(), ts.myIndex(), guard));
        }
        return new ContextImpl(this, instance, ctx.prof, state.comm(),
                new ContextGate(instance, instance.nPes(), state, team, null, instance.myPe(), guard));
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
            retireLiveBlocks();
            instance.finalizeInstance();
        } finally {
            if (last) {
                kinds.close();
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
        if (segment == null || !segment.isNative() || !peAccessible(pe)) {
            return false;
        }
        MemorySegment heap = instance.localHeap();
        long start = segment.address() - heap.address();
        return start >= 0 && start < heap.byteSize() && segment.byteSize() <= heap.byteSize() - start;
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
        Operands.notNull(name, stream);
        if (stream.runtime() != this) {
            throw new io.jshmem.error.ShmemArgumentException(name + " " + stream + " belongs to instance "
                    + stream.runtime().instanceId() + " but the call is made on instance " + instanceId()
                    + ": valid streams are those created by the instance used (switch with Shmem.setInstance("
                    + stream.runtime().instanceId() + ") or withInstance)");
        }
        return (StreamImpl) stream;
    }
}
