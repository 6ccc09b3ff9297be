package io.jshmem.memory;

/**
 * Layout of every PE's symmetric heap. The first {@link #USER_OFFSET} bytes are the runtime's own: a header, the
 * barrier flags, the allocation-check slot and room for the synchronization words of teams and collectives.
 * Every word that another PE writes sits on its own 128-byte line so that PEs never share a line by accident.
 *
 * <pre>
 *   0        header: MAGIC (8) | VERSION (8) | owner PID (8) | owner start time, epoch ms (8) | PID namespace (8)
 *   128      BARRIER_ARRIVED (8)
 *   256      ACTIVITY: CODE (8) | EPOCH (8): the collective this PE last entered (for diagnostics) |
 *            FINALIZE_SHORT (8): 1 while this PE finalizes after a failure, through the rendezvous only
 *   384      DOORBELL (4): bumped by writers when waiters sleep (futex word)
 *   512      WAITERS (4): threads of this PE sleeping (or about to) on the doorbell
 *   640      allocation-check slot: SEQ | OP | SIZE | ALIGN (32 bytes)
 *   768      SPLIT_FREE: this PE's free team-slot bitmap, published during a team split (up to 4096 bits)
 *   4096     barrier flags: one line per dissemination round (32 rounds: any int count of PEs); a central
 *            barrier (PEs that sleep) uses the first two lines instead: arrival counter (on PE 0), release word
 *   8192     reserved for team/collective synchronization: JSHMEM_TEAMS_MAX slots of 1792 bytes
 *   userOffset(area)   user region: blocks handed out by the allocator (65536 for the default 32 team slots,
 *                      rounded up to 64 KiB above the team area for more)
 * </pre>
 *
 * The team area, and so the start of the user region, follows {@code JSHMEM_TEAMS_MAX}; every PE of a job must use
 * the same value (init checks it), since symmetric offsets are only symmetric over one layout.
 */
public final class HeapLayout {
    public static final long LINE = 128;
    public static final long MAGIC = 0x4a53484d454d3031L; // "JSHMEM01"
    /** Layout version: 2 since the team area moved to 8192 and team slots grew to 1792 bytes. */
    public static final long VERSION = 2;

    public static final long MAGIC_OFFSET = 0;
    public static final long VERSION_OFFSET = 8;
    public static final long PID_OFFSET = 16;
    /**
     * Start time of the owner process (epoch milliseconds, 0 when unknown): with the PID it tells a dead owner from
     * a live process that reused its PID, so that a stale-file sweep never removes a running job's heap.
     */
    public static final long OWNER_START_OFFSET = 24;
    /**
     * Inode of the owner's PID namespace (0 when unknown): a PID means something only inside its namespace, and
     * containers sharing /dev/shm must not take each other's live PIDs for dead ones.
     */
    public static final long OWNER_PID_NS_OFFSET = 32;
    /** Bytes of the header that identify the owner. */
    public static final long HEADER_BYTES = 40;
    /** Epoch of the last world barrier this PE entered; read by others to name late PEs on timeout. */
    public static final long BARRIER_ARRIVED_OFFSET = LINE;

    /**
     * The barrier or collective this PE last entered: its code (low 32 bits) and its epoch modulo 2^32 (high 32
     * bits), in one word so that a reader never pairs one call's code with another's epoch (see
     * collectives.CollectiveActivity).
     */
    public static final long ACTIVITY_OFFSET = 2 * LINE;
    /**
     * 1 when this PE finalizes after a failure (a timeout, collectives called in different orders) and so skips the
     * world barrier, whose epochs the failure may have left unequal: a PE waiting in finalize's world barrier reads
     * it and goes on to the rendezvous step.
     */
    public static final long FINALIZE_SHORT_OFFSET = 2 * LINE + 16;
    /** 32-bit futex word that a writer to this PE bumps, and wakes, when it clears {@link #WAITERS_OFFSET}. */
    public static final long DOORBELL_OFFSET = 3 * LINE;
    /** 32-bit flag: 1 when a thread of this PE may sleep on {@link #DOORBELL_OFFSET} since the last ring. */
    public static final long WAITERS_OFFSET = 4 * LINE;

    public static final long BARRIER_FLAGS_OFFSET = 4096;
    /** Dissemination rounds of the world barrier: ceil(log2 nPes) is at most 31 for an int count of PEs. */
    public static final int BARRIER_MAX_ROUNDS = 32;

    public static final long ALLOC_CHECK_OFFSET = 5 * LINE;
    public static final long ALLOC_CHECK_LENGTH = 32;

    /** This PE's free team-slot bitmap during a split (read by the parent's members; one bit per slot). */
    public static final long SPLIT_FREE_OFFSET = ALLOC_CHECK_OFFSET + LINE;
    /** Room of {@link #SPLIT_FREE_OFFSET}: 4096 slots. */
    public static final long SPLIT_FREE_BYTES = 512;

    /**
     * Start of the team area, right after the world barrier's flags: 32 team slots then end at {@link #USER_OFFSET}.
     */
    public static final long SYNC_AREA_OFFSET = BARRIER_FLAGS_OFFSET + BARRIER_MAX_ROUNDS * LINE;
    /**
     * Start of the user region with the default team area (32 slots); a larger {@code JSHMEM_TEAMS_MAX} moves it,
     * see {@link #userOffset(long)}.
     */
    public static final long USER_OFFSET = 65536;
    /** Granule the user region's start is rounded up to. */
    public static final long USER_ALIGN = 65536;

    /** Smallest heap the runtime accepts with the default team area: the reserved area plus one page. */
    public static final long MIN_HEAP_SIZE = USER_OFFSET + 4096;

    private HeapLayout() {
    }

    /** Start of the user region when the team area takes {@code syncAreaBytes} from {@link #SYNC_AREA_OFFSET}. */
    public static long userOffset(long syncAreaBytes) {
        long end = SYNC_AREA_OFFSET + syncAreaBytes;
        return Math.max(USER_OFFSET, (end + USER_ALIGN - 1) / USER_ALIGN * USER_ALIGN);
    }

    /** Smallest heap with a user region starting at {@code userOffset}: one page of user memory. */
    public static long minHeapSize(long userOffset) {
        return userOffset + 4096;
    }

    /** Offset of the flag written in dissemination round {@code round}. */
    public static long barrierFlag(int round) {
        return BARRIER_FLAGS_OFFSET + round * LINE;
    }
}
