package io.jshmem.team;

import io.jshmem.memory.HeapLayout;

/**
 * Where each team keeps its synchronization words: the heap's reserved team area (from
 * {@link HeapLayout#SYNC_AREA_OFFSET}, {@code JSHMEM_TEAMS_MAX} slots, {@link #DEFAULT_SLOTS} by default, at most
 * {@link #MAX_SLOTS}; see {@link #userOffset(int)}) is cut into slots of {@link #SLOT_BYTES}; a team uses the same
 * slot index on every member, so "word w of the team's slot" names the
 * same offset on every member, like symmetric memory. Slot 0 is TEAM_WORLD, slot 1 TEAM_SHARED.
 *
 * <pre>
 *   +0     line A: ARRIVED (barrier epoch, for timeout reports) | EPOCH (collective epoch and the digest of the
 *                  team's calls) | COUNT and COUNT_SOURCE (collect: block size and source offset) | SPLIT record (5
 *                  words, read by the parent's members during a split; the free-slot bitmap is in the heap
 *                  header) | MATCH_DESC (the current call) | MISMATCH (a mismatch record
 *                  written by the member that found it), see {@code CollectiveMatch} | COLLECT_DEST and
 *                  COLLECT_CAPACITY (collect: dest offset and its room, checked to agree before any write)
 *   +128   line B: dissemination barrier flags, one word per round (16 rounds: teams of up to 65536 PEs); a
 *                  central barrier (members that sleep) uses word 0 as arrival counter (on the first member)
 *                  and word 8 as release word instead
 *   +256   line C: per-round data flags of the collectives (16 words)
 *   +384   line D: arrival counter (atomic adds of senders)
 *   +512   recursive-doubling scratch: two halves (collective epoch parity) of 512 bytes
 *   +1536  eager ring: 16 entries of 16 bytes, flag (epoch) | data (up to 8 bytes), for broadcasts of a scalar;
 *          only that broadcast writes here, so the flags only ever hold epochs
 * </pre>
 *
 * Words that several PEs write in the same phase sit on their own line; words of one line that different PEs
 * write (barrier rounds, data rounds) are written in sequence, so packing them costs at most one extra miss per
 * round. Stateless.
 */
public final class TeamLayout {
    public static final long SLOT_BYTES = 1792;
    /** Team slots of the default layout ({@code JSHMEM_TEAMS_MAX} unset): the area up to 64 KiB. */
    public static final int DEFAULT_SLOTS = (int) ((HeapLayout.USER_OFFSET - HeapLayout.SYNC_AREA_OFFSET) / SLOT_BYTES);
    /** Most team slots a heap may reserve (CANN SHMEM's 2048 team slots); bounded by the split bitmap's room. */
    public static final int MAX_SLOTS = 2048;
    public static final int WORLD_SLOT = 0;
    public static final int SHARED_SLOT = 1;

    public static final long ARRIVED = 0;
    /**
     * The collective epoch (the team's call count, modulo 2^32, high 32 bits) and the digest of the team's calls so
     * far (low 32 bits), published together by one store at each call: members compare epochs by their 32-bit
     * difference ({@link #epochNear}), and the digests where the epochs agree.
     */
    public static final long EPOCH = 8;
    public static final long COUNT = 16;
    public static final long COUNT_SOURCE = 24;
    public static final long SPLIT_RECORD = 32;
    public static final int SPLIT_RECORD_WORDS = 5;
    /** The current call's descriptor: operation and operator (16 bits), root (16), size (32, saturated). */
    public static final long MATCH_DESC = 88;
    /** Zero, or the record of a mismatch of the team's calls: the call it starts at and the PE that found it. */
    public static final long MISMATCH = 96;
    /** collect: this member's dest offset and the bytes from it to the end of dest, compared before any write. */
    public static final long COLLECT_DEST = 104;
    public static final long COLLECT_CAPACITY = 112;

    public static final long BARRIER_FLAGS = 128;
    public static final long ROUND_FLAGS = 256;
    public static final int MAX_ROUNDS = 16;
    public static final long ARRIVALS = 384;

    public static final long RD_SCRATCH = 512;
    public static final long RD_HALF_BYTES = 512;
    /** Each recursive-doubling slot starts with its flag; the data follows at this offset (16-byte aligned). */
    public static final long RD_DATA = 16;

    /**
     * The eager broadcast's ring for data of up to {@link #EAGER_RING_DATA_BYTES}: entry {@code epoch mod}
     * {@link #EAGER_RING_ENTRIES}, each a flag word then the data. Sixteen entries let a parent run up to fifteen
     * broadcasts ahead of a child, so it reads the child's epoch about once in a dozen calls instead of once in two
     * or three (2 PEs, 8 B: about 105 to 60 ns per broadcast); four entries share a cache line, so a child that
     * is behind finds several broadcasts' data in one transfer.
     */
    public static final long EAGER_RING = 1536;
    public static final int EAGER_RING_ENTRIES = 16;
    public static final long EAGER_RING_ENTRY_BYTES = 16;
    /** Offset of an entry's data after its flag. */
    public static final long EAGER_RING_DATA = 8;
    public static final long EAGER_RING_DATA_BYTES = 8;

    private TeamLayout() {
    }

    /** The EPOCH word of {@code epoch} (the call count) with the calls' digest {@code digest}. */
    public static long epochWord(long epoch, int digest) {
        return epoch << 32 | digest & 0xffff_ffffL;
    }

    /**
     * The epoch an EPOCH word holds, as the 64-bit call count nearest {@code near}: members of a team are never
     * 2^31 calls apart, so the 32-bit difference decides.
     */
    public static long epochNear(long word, long near) {
        return near + (int) ((word >>> 32) - near);
    }

    /** Start of the user region of a heap whose team area holds {@code slots} slots. */
    public static long userOffset(int slots) {
        return HeapLayout.userOffset(slots * SLOT_BYTES);
    }

    /** Words of the free-slot bitmap of {@code slots} slots. */
    public static int maskWords(int slots) {
        return (slots + 63) >>> 6;
    }

    /** Heap offset of slot {@code slot}. */
    public static long slotBase(int slot) {
        return HeapLayout.SYNC_AREA_OFFSET + slot * SLOT_BYTES;
    }

    /** Largest power of two not above {@code n} (n >= 1). */
    public static int floorPowerOfTwo(int n) {
        return Integer.highestOneBit(n);
    }

    /** Recursive-doubling slots a team of {@code n} PEs needs: one per round plus one for the fold of extra PEs. */
    public static int rdSlots(int n) {
        return Integer.numberOfTrailingZeros(floorPowerOfTwo(n)) + 1;
    }

    /** Bytes per recursive-doubling slot (flag and data), a multiple of 16. */
    public static long rdSlotBytes(int n) {
        return (RD_HALF_BYTES / rdSlots(n)) & ~15L;
    }

    /** Data bytes one recursive-doubling slot holds for a team of {@code n} PEs (0 when none fit). */
    public static long rdCapacity(int n) {
        return Math.max(0, rdSlotBytes(n) - RD_DATA);
    }
}
