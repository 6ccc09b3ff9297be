package io.jshmem;

import io.jshmem.bootstrap.UniqueId;
import io.jshmem.comm.QueueLocks;
import io.jshmem.config.Settings;
import io.jshmem.error.Checks;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.memory.Block;
import io.jshmem.runtime.ContextState;
import io.jshmem.runtime.DerivedSession;
import io.jshmem.runtime.InitOptions;
import io.jshmem.runtime.Instance;
import io.jshmem.runtime.UniqueIdAddress;

import java.util.EnumSet;

/**
 * An initialized jshmem instance and its default {@link Context}. Obtain one with {@link Shmem#init()} (or
 * {@link #init(InitAttributes)}), use it, and close it: {@link #close()} is {@code shmem_finalize} and is collective.
 *
 * <pre>{@code
 * try (ShmemRuntime shmem = Shmem.init()) {
 *     SymmetricMemory buf = shmem.malloc(1024);
 *     shmem.p(buf, 0, (long) shmem.myPe(), (shmem.myPe() + 1) % shmem.nPes());
 *     shmem.barrierAll();
 * }
 * }</pre>
 *
 * <p>Collective calls (malloc, calloc, align, realloc, free, barrierAll, syncAll, close) must be made by every PE in
 * the same order; they end in a barrier and verify that every PE passed the same arguments, failing on every PE
 * with a message naming the PEs that differ. Thread-safety: RMA may be used from any thread; collective calls are
 * serialized internally.
 */
public final class ShmemRuntime extends Context implements AutoCloseable {
    /** Alignment of {@link #malloc} blocks: a cache line, so separate buffers never share one. */
    public static final long DEFAULT_ALIGNMENT = 64;

    private final Instance instance;
    /** Instance id, streams, engine configurations, profiler (issue 6). */
    private final Extensions ext;

    private ShmemRuntime(Instance instance, int instanceId) {
        super(null, instance);
        this.instance = instance;
        this.ext = new Extensions(this, instance, instanceId);
    }

    /**
     * Collective: initializes a PE with the given attributes. The instance ({@link InitAttributes#instanceId}, 0
     * by default) must not be live; it becomes the current instance of the {@link Shmem} facade.
     */
    public static ShmemRuntime init(InitAttributes attributes) {
        int id = attributes.instanceId();
        InstanceRegistry.lock("init of instance " + id);
        try {
            InstanceRegistry.beginInit(id);
            try {
                ShmemRuntime rt = initInstance(attributes, id);
                InstanceRegistry.initialized(id, rt);
                return rt;
            } catch (RuntimeException | Error e) {
                InstanceRegistry.initFailed(id);
                throw e;
            }
        } finally {
            InstanceRegistry.unlock();
        }
    }

    private static ShmemRuntime initInstance(InitAttributes attributes, int id) {
        Settings settings = InstanceRegistry.applyTls(attributes.applyTo(Settings.fromEnvironment()));
        InitOptions options;
        if (attributes.myPe() >= 0) {
            String text = attributes.uniqueId();
            boolean url = text.startsWith("tcp://") || text.startsWith("tcp6://");
            if (url) {
                text = DerivedSession.urlForInstance(text, id, settings);
            }
            UniqueId uid = url ? urlUniqueId(text, settings) : UniqueId.parse(text);
            options = new InitOptions(settings, attributes.myPe(), attributes.nPes(), uid, url);
        } else if (id != 0) {
            // A launched job has one unique id, instance 0's; instance id gets a session derived through it.
            ShmemRuntime zero = InstanceRegistry.liveOrNull(0);
            if (zero == null) {
                throw new io.jshmem.error.ShmemStateException("instance " + id + " of a launched job takes its"
                        + " rendezvous from instance 0, which is not initialized: init instance 0 first, or pass"
                        + " explicit attributes (InitAttributes.of(pe, nPes, uniqueId).instanceId(" + id + "))");
            }
            UniqueId uid = DerivedSession.derive(zero.instance, id, InstanceRegistry.generation(id), settings);
            options = new InitOptions(settings, zero.myPe(), zero.nPes(), uid, false);
        } else {
            options = InitOptions.fromEnvironment(settings);
        }
        Instance in = Instance.init(options, () -> InstanceRegistry.heapCreated(id));
        try {
            return new ShmemRuntime(in, id);
        } catch (RuntimeException e) {
            // A bad setting seen only now (SHMEM_CYCLE_PROF_PE) is seen by every PE: all finalize together.
            in.finalizeInstance();
            throw e;
        }
    }

    private static UniqueId urlUniqueId(String url, Settings settings) {
        var address = UniqueIdAddress.parseHostPort(url);
        String secret = settings.get(io.jshmem.config.Setting.SECRET).orElse(url);
        byte[] digest;
        try {
            digest = java.security.MessageDigest.getInstance("SHA-256")
                    .digest(secret.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        return new UniqueId(address.getHostString(), address.getPort(), digest);
    }

    Instance instance() {
        return instance;
    }

    /** Bytes of symmetric heap per PE, reserved area included. */
    public long heapSize() {
        return instance.heapSize();
    }

    // ---- collective allocation ------------------------------------------------------------------------------

    /** Collective: allocates {@code bytes} of symmetric memory, aligned to 64 bytes ({@code shmem_malloc}). */
    public SymmetricMemory malloc(long bytes) {
        Checks.nonNegative("bytes", bytes);
        Block b = instance.allocate("malloc", bytes, DEFAULT_ALIGNMENT);
        return new SymmetricMemory(this, b.offset(), b.size());
    }

    /** Collective: allocates {@code count * elementSize} zeroed bytes ({@code shmem_calloc}). */
    public SymmetricMemory calloc(long count, long elementSize) {
        Checks.nonNegative("count", count);
        Checks.nonNegative("elementSize", elementSize);
        if (elementSize != 0 && count > Long.MAX_VALUE / elementSize) {
            throw new ShmemArgumentException("count * elementSize = " + count + " * " + elementSize
                    + " overflows: valid products are below 2^63");
        }
        Block b = instance.allocate("calloc", count * elementSize, DEFAULT_ALIGNMENT);
        SymmetricMemory m = new SymmetricMemory(this, b.offset(), b.size());
        m.local().fill((byte) 0);
        instance.barrierAll();
        return m;
    }

    /** Collective: allocates {@code bytes} aligned to {@code alignment}, a power of two ({@code shmem_align}). */
    public SymmetricMemory align(long alignment, long bytes) {
        Checks.powerOfTwo("alignment", alignment);
        Checks.nonNegative("bytes", bytes);
        Block b = instance.allocate("align", bytes, Math.max(8, alignment));
        return new SymmetricMemory(this, b.offset(), b.size());
    }

    /**
     * Collective: resizes {@code mem} to {@code bytes} ({@code shmem_realloc}); the contents up to the smaller size
     * are kept. The old handle is invalid afterwards, even when the block did not move.
     */
    public SymmetricMemory realloc(SymmetricMemory mem, long bytes) {
        Checks.notNull("mem", mem);
        mem.usable(this, "mem");
        Checks.nonNegative("bytes", bytes);
        Block b = instance.reallocate(mem.heapOffset(), bytes, DEFAULT_ALIGNMENT);
        mem.markFreed();
        return new SymmetricMemory(this, b.offset(), b.size());
    }

    /** Collective: frees {@code mem} ({@code shmem_free}); a second free or later use throws. */
    public void free(SymmetricMemory mem) {
        Checks.notNull("mem", mem);
        mem.usable(this, "mem");
        instance.free(mem.heapOffset());
        mem.markFreed();
    }

    /** This PE's heap usage (equal on every PE while all follow the collective rules). */
    public HeapUsage heapUsage() {
        Instance.HeapUsage u = instance.heapUsage();
        return new HeapUsage(u.capacity(), u.used(), u.largestFree(), u.liveBlocks());
    }

    // ---- synchronization ------------------------------------------------------------------------------------

    /**
     * Collective: completes this PE's outstanding operations, then waits until every PE has arrived
     * ({@code shmem_barrier_all}). Everything any PE stored before it is visible to every PE after it.
     */
    public void barrierAll() {
        instance.barrierAll();
    }

    /** Collective: waits until every PE has arrived, without completing outstanding operations ({@code shmem_sync_all}). */
    public void syncAll() {
        instance.syncAll();
    }

    /**
     * Ends every PE of the job with {@code status} ({@code shmem_global_exit}); does not return. The other PEs
     * are stopped within about a second wherever they are.
     */
    public void globalExit(int status) {
        instance.globalExit(status);
    }

    // ---- contexts and thread levels (issue 3) ----

    /** The thread level this runtime provides; {@link Shmem#init()} provides MULTIPLE. */
    private volatile ThreadLevel threadLevel = ThreadLevel.MULTIPLE;
    /** Distributed locks of this PE: the holder record and local queue per lock word. */
    private final QueueLocks locks = new QueueLocks(comm);

    /**
     * Collective: initializes a PE with the given attributes and thread level ({@code shmem_init_thread}). Every
     * level is provided as requested, since jshmem is thread-safe at every level; {@link #queryThread()} reports it.
     */
    public static ShmemRuntime initThread(InitAttributes attributes, ThreadLevel requested) {
        Checks.notNull("requested", requested);
        ShmemRuntime rt = init(attributes);
        rt.threadLevel = requested;
        return rt;
    }

    /** The thread level this runtime provides ({@code shmem_query_thread}). */
    public ThreadLevel queryThread() {
        instance.ensureLive();
        return threadLevel;
    }

    void provideThreadLevel(ThreadLevel level) {
        threadLevel = level;
    }

    QueueLocks locks() {
        return locks;
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

    /** A context created from {@code team} ({@code shmem_team_create_ctx}); null means the world team. */
    Context createCtx(Team team, CtxOption... options) {
        instance.ensureLive();
        Checks.notNull("options", options);
        EnumSet<CtxOption> set = EnumSet.noneOf(CtxOption.class);
        for (int i = 0; i < options.length; i++) {
            set.add(Checks.notNull("options[" + i + "]", options[i]));
        }
        ContextState state = ContextState.create(instance.comm(), set.contains(CtxOption.PRIVATE),
                set.contains(CtxOption.SERIALIZED), set.contains(CtxOption.NOSTORE));
        return new Context(this, instance, state, team);
    }


    // ---- teams and collectives (issue 4) ----

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
        try {
            if (instance.isLive()) {
                ext.closeStreams();
            }
            instance.finalizeInstance();
        } finally {
            InstanceRegistry.finalized(this);
            InstanceRegistry.unlock();
        }
    }

    // ---- CANN SHMEM extensions (issue 6): instances, streams, handles, engine configuration, profiling ----

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

    /**
     * This PE's profiling data ({@code aclshmemx_get_prof}), printed as a table when {@code verbose}; empty on PEs
     * that SHMEM_CYCLE_PROF_PE does not name. Safe to call from several threads.
     */
    public java.util.Optional<ProfData> getProf(boolean verbose) {
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

    /** {@code stream}, checked to be live and of this instance. */
    Stream ownStream(Stream stream) {
        io.jshmem.error.Checks.notNull("stream", stream);
        if (stream.runtime() != this) {
            throw new io.jshmem.error.ShmemArgumentException("stream " + stream + " belongs to instance "
                    + stream.runtime().instanceId() + " but the call is made on instance " + instanceId()
                    + ": valid streams are those created by the instance used (switch with Shmem.setInstance("
                    + stream.runtime().instanceId() + ") or withInstance)");
        }
        return stream;
    }
}
