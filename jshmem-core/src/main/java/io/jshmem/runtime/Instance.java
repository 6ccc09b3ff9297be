package io.jshmem.runtime;

import io.jshmem.HeapUsage;

import io.jshmem.bootstrap.RendezvousClient;
import io.jshmem.bootstrap.RendezvousServer;
import io.jshmem.collectives.Barrier;
import io.jshmem.collectives.CollectiveActivity;
import io.jshmem.collectives.CollectiveMatch;
import io.jshmem.collectives.FinalizeHandshake;
import io.jshmem.collectives.LiveTeams;
import io.jshmem.comm.Comm;
import io.jshmem.comm.FailureState;
import io.jshmem.config.Setting;
import io.jshmem.config.Settings;
import io.jshmem.config.ShmemLog;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;
import io.jshmem.memory.Block;
import io.jshmem.memory.HeapLayout;
import io.jshmem.memory.SymmetricAllocator;
import io.jshmem.team.TeamLayout;
import io.jshmem.team.TeamSlots;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One initialized jshmem instance in this process: its bootstrap session, heap, engines, world barrier and
 * allocator. Created by {@link #init(InitOptions)}, ended by {@link #finalizeInstance()}.
 *
 * <p>Thread-safety: data-path methods (through {@link #comm()}) may be used from any thread; collective heap
 * operations and barriers are serialized by an internal lock, since OpenSHMEM requires every PE to call them in
 * the same order.
 */
public final class Instance {
    private final Settings settings;
    private final int pe;
    private final int nPes;
    private final Duration timeout;
    private final RendezvousServer server;
    private final RendezvousClient boot;
    private final Arena arena;
    private final MemorySegment[] heaps;
    private final String[] hosts;
    private final long heapSize;
    private final Comm comm;
    private final FailureState failures;
    private final LiveTeams liveTeams = new LiveTeams();
    private final Barrier worldBarrier;
    /** The world operation in progress and its epoch (guarded by the collective lock; read on slow paths). */
    private volatile int worldCode;
    private volatile long worldEpoch;
    private final SymmetricAllocator allocator;
    /** Team slots the heap reserves ({@code JSHMEM_TEAMS_MAX}); the user region starts after them. */
    private final int teamSlots;
    private final CollectiveCheck check;
    private final ReentrantLock collectiveLock = new ReentrantLock();
    private volatile boolean live = true;
    private static final System.Logger LOG = ShmemLog.logger(Instance.class);
    /** Deadline of init and finalize control steps (CANN's control_operation_timeout). */
    Duration controlTimeout;
    boolean tls;
    /** Set after the finalize barrier; the orphan watchdog then ignores the end of the rendezvous. */
    java.util.concurrent.atomic.AtomicBoolean leaving = new java.util.concurrent.atomic.AtomicBoolean();

    Instance(Settings settings, int pe, int nPes, Duration timeout, RendezvousServer server,
                     RendezvousClient boot, Arena arena, HeapSetup.Mapped mapped, long heapSize, Comm comm,
                     FailureState failures) {
        this.settings = settings;
        this.pe = pe;
        this.nPes = nPes;
        this.timeout = timeout;
        this.server = server;
        this.boot = boot;
        this.arena = arena;
        this.heaps = mapped.heaps();
        this.hosts = mapped.hosts();
        this.heapSize = heapSize;
        this.comm = comm;
        this.failures = failures;
        int[] world = new int[nPes];
        for (int i = 0; i < nPes; i++) {
            world[i] = i;
        }
        this.worldBarrier = Barrier.over(comm, world, pe, HeapLayout.BARRIER_FLAGS_OFFSET,
                HeapLayout.LINE, HeapLayout.BARRIER_ARRIVED_OFFSET,
                () -> CollectiveActivity.mismatch(comm, world, pe, worldCode, worldEpoch),
                () -> worldCode == CollectiveActivity.FINALIZE ? CollectiveActivity.finalizingShort(comm)
                        : CollectiveMatch.recordedOnWorld(comm));
        this.teamSlots = TeamSlots.check(settings.intValue(Setting.TEAMS_MAX));
        this.allocator = new SymmetricAllocator(TeamLayout.userOffset(teamSlots), heapSize);
        this.check = new CollectiveCheck(comm, worldBarrier);
        comm.waitLoop().watchWriters(() -> CollectiveActivity.writersInFinalize(comm));
    }

    /**
     * Publishes that this PE enters world operation {@code op} (a {@link CollectiveActivity} code): its epoch is
     * the world barrier's next one. Called with the collective lock held.
     */
    private void enterWorld(int op) {
        worldCode = CollectiveActivity.world(op);
        worldEpoch = worldBarrier.epoch() + 1;
        CollectiveActivity.enter(localHeap(), worldCode, worldEpoch);
    }

    /** Collective over all PEs of the job: the init sequence of docs/architecture.md ("A job and its PEs"). */
    public static Instance init(InitOptions options) {
        return init(options, () -> { });
    }

    /**
     * {@link #init(InitOptions)}, calling {@code heapCreated} once the symmetric heaps are mapped and before the
     * engines and the final barrier (CANN's SHM_CREATED state).
     */
    public static Instance init(InitOptions options, Runnable heapCreated) {
        return InstanceInit.run(options, heapCreated);
    }

    public int myPe() {
        return pe;
    }

    public int nPes() {
        return nPes;
    }

    public long heapSize() {
        return heapSize;
    }

    /** Team slots this heap reserves ({@code JSHMEM_TEAMS_MAX}, the same on every PE). */
    public int teamSlots() {
        return teamSlots;
    }

    public Settings settings() {
        return settings;
    }

    public Duration timeout() {
        return timeout;
    }

    /** Deadline of each control-plane step of init and finalize. */
    public Duration controlTimeout() {
        return controlTimeout;
    }

    /** Whether the rendezvous of this instance runs over TLS. */
    public boolean usesTls() {
        return tls;
    }

    /** The bootstrap client, for sessions derived from this instance (other instances). */
    RendezvousClient bootstrap() {
        return boot;
    }

    static double warnFraction(Settings s) {
        String v = s.string(Setting.COLL_WARN_FRACTION);
        try {
            double f = Double.parseDouble(v);
            if (f >= 0 && f < 1) {
                return f;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new ShmemArgumentException(Setting.COLL_WARN_FRACTION.envName() + " = '" + v + "' is invalid: valid"
                + " values are fractions of JSHMEM_TIMEOUT from 0 (never warn) up to, not including, 1");
    }


    public Comm comm() {
        return comm;
    }

    public FailureState failures() {
        return failures;
    }

    /** Host identity of a PE; PEs with equal values share a host. */
    public String hostOf(int p) {
        return hosts[p];
    }

    public boolean isLive() {
        return live;
    }

    /** Throws a clear state exception after finalize. */
    public void ensureLive() {
        if (!live) {
            throw new ShmemStateException("this jshmem instance has been finalized: no operations are allowed "
                    + "after finalize; call init again for a new instance");
        }
    }

    /** The mapped local heap. */
    public MemorySegment localHeap() {
        return heaps[pe];
    }

    /** Collective allocation: verified, deterministic, ends in a barrier. */
    public Block allocate(String operation, long size, long alignment) {
        return allocate(operation, size, alignment, alignment, "alignment");
    }

    /**
     * As {@link #allocate(String, long, long)}, verifying {@code tag} (named {@code tagName}) across PEs in place of
     * the alignment: malloc_with_hints, whose alignment is fixed, verifies its hints.
     */
    public Block allocate(String operation, long size, long alignment, long tag, String tagName) {
        collectiveLock.lock();
        try {
            ensureLive();
            enterWorld(CollectiveActivity.MALLOC);
            check.verify(operation, size, tag, "size", tagName);
            Block b;
            try {
                b = allocator.allocate(size, alignment);
            } finally {
                worldBarrier.barrier();
            }
            LOG.log(System.Logger.Level.DEBUG, () -> "PE " + pe + ": " + operation + " of " + size + " bytes"
                    + " (alignment " + alignment + ") at heap offset " + b.offset() + "; " + allocator.usedBytes()
                    + " of " + allocator.capacity() + " bytes in use");
            return b;
        } finally {
            collectiveLock.unlock();
        }
    }

    /**
     * A collective heap operation on another heap than this instance's (a memory kind's): under the collective lock,
     * verified across PEs like allocate ({@code a}, {@code b} named {@code aName}, {@code bName}), and ending in a
     * world barrier even when {@code body} throws (it must then throw on every PE, as a deterministic allocator does).
     */
    public <T> T heapCollective(String operation, long a, long b, String aName, String bName,
                                java.util.function.Supplier<T> body) {
        collectiveLock.lock();
        try {
            ensureLive();
            enterWorld(CollectiveActivity.MALLOC);
            check.verify(operation, a, b, aName, bName);
            try {
                return body.get();
            } finally {
                worldBarrier.barrier();
            }
        } finally {
            collectiveLock.unlock();
        }
    }

    /** Collective free of the block at {@code offset}; verified, ends in a barrier. */
    public void free(long offset) {
        collectiveLock.lock();
        try {
            ensureLive();
            if (!allocator.isAllocated(offset)) {
                throw new ShmemArgumentException("buffer at heap offset " + offset + " is not allocated "
                        + "(double free?): free each buffer exactly once");
            }
            enterWorld(CollectiveActivity.MALLOC);
            check.verify("free", offset, 0, "offset", "unused");
            allocator.free(offset);
            worldBarrier.barrier();
            LOG.log(System.Logger.Level.DEBUG, () -> "PE " + pe + ": free of the block at heap offset " + offset);
        } finally {
            collectiveLock.unlock();
        }
    }

    /**
     * Collective resize. Grows in place when possible, otherwise allocates a new block, copies the local contents
     * (up to the smaller size) and frees the old one. Every PE gets the same new offset.
     */
    public Block reallocate(long offset, long newSize, long alignment) {
        collectiveLock.lock();
        try {
            ensureLive();
            long oldSize = allocator.sizeOf(offset);
            if (oldSize < 0) {
                throw new ShmemArgumentException("buffer at heap offset " + offset + " is not allocated: pass a "
                        + "live buffer to realloc");
            }
            enterWorld(CollectiveActivity.MALLOC);
            check.verify("realloc", offset, newSize, "offset", "size");
            Block result;
            try {
                if (allocator.resizeInPlace(offset, newSize)) {
                    result = new Block(offset, allocator.sizeOf(offset));
                } else {
                    Block fresh = allocator.allocate(newSize, alignment);
                    MemorySegment.copy(localHeap(), offset, localHeap(), fresh.offset(), Math.min(oldSize, newSize));
                    allocator.free(offset);
                    result = fresh;
                }
            } finally {
                worldBarrier.barrier();
            }
            return result;
        } finally {
            collectiveLock.unlock();
        }
    }

    public boolean isAllocated(long offset) {
        return allocator.isAllocated(offset);
    }

    /** Heap usage of this PE (the same on every PE while all follow the collective rules). */
    public HeapUsage heapUsage() {
        collectiveLock.lock();
        try {
            return new HeapUsage(allocator.capacity(), allocator.usedBytes(), allocator.largestFree(),
                    allocator.liveBlocks());
        } finally {
            collectiveLock.unlock();
        }
    }

    /** World barrier: quiet, then synchronize every PE. */
    public void barrierAll() {
        collectiveLock.lock();
        try {
            ensureLive();
            enterWorld(CollectiveActivity.BARRIER_ALL);
            worldBarrier.barrier();
        } finally {
            collectiveLock.unlock();
        }
    }

    /** World synchronization without quiet. */
    public void syncAll() {
        collectiveLock.lock();
        try {
            ensureLive();
            enterWorld(CollectiveActivity.SYNC_ALL);
            worldBarrier.sync();
        } finally {
            collectiveLock.unlock();
        }
    }

    /** Collective end: completes outstanding operations, synchronizes, releases engines, heap and bootstrap. */
    public void finalizeInstance() {
        collectiveLock.lock();
        try {
            if (!live) {
                return;
            }
            String diverged = null;
            try {
                LOG.log(System.Logger.Level.INFO, () -> "PE " + pe + " finalize start");
                if (failures.hasTimedOut()) {
                    finalizeAfterFailure("a timeout");
                } else if (failures.hasDiverged()) {
                    finalizeAfterFailure("collectives called in different orders");
                } else {
                    enterWorld(CollectiveActivity.FINALIZE);
                    FinalizeHandshake.await(comm, comm.waitLoop(), liveTeams::probe);
                    // Every PE is in finalize: the teams' calls are final and can be compared.
                    diverged = liveTeams.verifyAtFinalize();
                    if (diverged != null) {
                        failures.collectivesDiverged(false);
                        finalizeAfterFailure("finding collectives called in different orders");
                    } else {
                        try {
                            worldBarrier.barrier();
                        } catch (ShmemStateException e) {
                            // Another PE finalizes after a failure, through the rendezvous only: meet it there.
                            LOG.log(System.Logger.Level.WARNING, () -> "PE " + pe + ": finalize goes on to the"
                                    + " rendezvous: " + e.getMessage());
                        }
                        boot.barrier("finalize", controlTimeout);
                    }
                }
            } finally {
                leaving.set(true);
                live = false;
                RuntimeException first = null;
                try {
                    comm.close();
                } catch (RuntimeException e) {
                    first = e;
                }
                arena.close();
                closeQuietly(boot);
                if (server != null) {
                    server.close();
                }
                if (first != null) {
                    throw first;
                }
            }
            if (diverged != null && !failures.divergenceReported()) {
                // The job is over on every PE; this PE's program never heard of the mismatch, so finalize says it.
                throw new ShmemStateException("finalize found that " + diverged);
            }
        } finally {
            collectiveLock.unlock();
        }
    }

    /** The channels of this PE's live teams, compared between members at finalize ({@link LiveTeams}). */
    public LiveTeams liveTeams() {
        return liveTeams;
    }

    /**
     * Finalize after a call of this PE failed ({@code after}: passed its deadline, or found collectives called in
     * different orders): the PEs may no longer agree on where they are, so each step waits a short deadline instead
     * of a second full one (a quarter of JSHMEM_TIMEOUT, at most 5 s), and a step that does not meet every PE is
     * logged and skipped: closing goes on. The others' own deadlines, or their own checks (which fail them as soon
     * as one PE has found a mismatch), bring them here at about the same time, so the steps are short.
     */
    private void finalizeAfterFailure(String after) {
        Duration quarter = controlTimeout.dividedBy(4);
        Duration shortWait = quarter.compareTo(Duration.ofSeconds(5)) < 0 ? quarter : Duration.ofSeconds(5);
        Duration wait = shortWait.isZero() ? Duration.ofMillis(1) : shortWait;
        LOG.log(System.Logger.Level.INFO, () -> "PE " + pe + ": finalize after " + after + " meets the other PEs"
                + " at the rendezvous only, waiting at most " + wait.toMillis() + " ms");
        // The world barrier is skipped: the failure may have left its epochs unequal (a PE that failed inside
        // barrierAll entered an epoch the others did not), so it would only wait out its deadline. A PE that waits
        // in finalize's world barrier reads this word and goes on to the rendezvous.
        if (worldCode != CollectiveActivity.FINALIZE) {
            enterWorld(CollectiveActivity.FINALIZE);
        }
        java.lang.invoke.VarHandle.releaseFence();
        localHeap().set(java.lang.foreign.ValueLayout.JAVA_LONG, HeapLayout.FINALIZE_SHORT_OFFSET, 1L);
        try {
            boot.barrier("finalize", wait);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, () -> "PE " + pe + ": finalize after " + after + " did not meet"
                    + " every PE at the rendezvous (" + e.getMessage() + "); closing anyway");
        }
    }

    /** Ends every PE of the job with {@code status}; does not return. */
    public void globalExit(int status) {
        try {
            boot.abort(status, "globalExit(" + status + ") called by PE " + pe);
            if (server != null) {
                // This process hosts the rendezvous: deliver the abort to every PE before the halt closes it.
                server.close();
            }
        } catch (RuntimeException e) {
            // The rendezvous may already be gone; this PE still exits with the status.
        }
        GlobalExit.haltNow(status);
    }

    static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // Shutting down: a peer may already have closed its side.
        }
    }

}
