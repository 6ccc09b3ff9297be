package io.jshmem;

import io.jshmem.bootstrap.UniqueId;
import io.jshmem.comm.QueueLocks;
import io.jshmem.config.Settings;
import io.jshmem.error.Checks;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.memory.Block;
import io.jshmem.runtime.ContextState;
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

    private ShmemRuntime(Instance instance) {
        super(null, instance);
        this.instance = instance;
    }

    /** Collective: initializes a PE with the given attributes. */
    public static ShmemRuntime init(InitAttributes attributes) {
        Settings settings = attributes.applyTo(Settings.fromEnvironment());
        InitOptions options;
        if (attributes.myPe() >= 0) {
            String text = attributes.uniqueId();
            boolean url = text.startsWith("tcp://") || text.startsWith("tcp6://");
            UniqueId uid = url ? urlUniqueId(text, settings) : UniqueId.parse(text);
            options = new InitOptions(settings, attributes.myPe(), attributes.nPes(), uid, url);
        } else {
            options = InitOptions.fromEnvironment(settings);
        }
        return new ShmemRuntime(Instance.init(options));
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
        instance.ensureLive();
        Checks.notNull("options", options);
        EnumSet<CtxOption> set = EnumSet.noneOf(CtxOption.class);
        for (int i = 0; i < options.length; i++) {
            set.add(Checks.notNull("options[" + i + "]", options[i]));
        }
        ContextState state = ContextState.create(instance.comm(), set.contains(CtxOption.PRIVATE),
                set.contains(CtxOption.SERIALIZED), set.contains(CtxOption.NOSTORE));
        return new Context(this, instance, state);
    }

    // TODO(issue 4): ctxGetTeam: Context.team() returning TEAM_WORLD for createCtx contexts once io.jshmem.Team
    // exists; Team.createCtx can build its contexts with the same ContextState.


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
        instance.finalizeInstance();
    }
}
