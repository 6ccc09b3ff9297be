package io.jshmem.team;

import io.jshmem.error.ShmemArgumentException;

/**
 * This PE's team slots: which of the reserved area's slots its live teams use. The limit ({@code JSHMEM_TEAMS_MAX},
 * 2..{@link TeamLayout#MAX_SLOTS}) is also the number of slots the heap reserves. A split publishes
 * {@link #freeWords()} so that the members of a new team agree on a slot free on all of them. Thread-safe
 * (synchronized).
 */
public final class TeamSlots {
    private final int limit;
    private final long[] used;

    /** @param limit slots this PE may use, predefined teams included: 2..{@link TeamLayout#MAX_SLOTS} */
    public TeamSlots(int limit) {
        check(limit);
        this.limit = limit;
        this.used = new long[TeamLayout.maskWords(limit)];
        used[0] = (1L << TeamLayout.WORLD_SLOT) | (1L << TeamLayout.SHARED_SLOT);
    }

    /** Rejects a team limit the layout cannot hold, naming the setting. */
    public static int check(int limit) {
        if (limit < 2 || limit > TeamLayout.MAX_SLOTS) {
            throw new ShmemArgumentException("JSHMEM_TEAMS_MAX = " + limit + " is invalid: valid range is 2.."
                    + TeamLayout.MAX_SLOTS + " (TEAM_WORLD and TEAM_SHARED take two; the heap reserves "
                    + TeamLayout.SLOT_BYTES + " bytes per slot); fix the setting");
        }
        return limit;
    }

    public int limit() {
        return limit;
    }

    /** Bits of slots 0..63 that are free here and below the limit (bit s for slot s). */
    public synchronized long freeMask() {
        return freeWord(0);
    }

    /** The free-slot bitmap: bit s of word s/64 set when slot s is free here and below the limit. */
    public synchronized long[] freeWords() {
        long[] free = new long[used.length];
        for (int w = 0; w < free.length; w++) {
            free[w] = freeWord(w);
        }
        return free;
    }

    private long freeWord(int w) {
        int below = limit - 64 * w;
        long allowed = below >= 64 ? -1L : (1L << below) - 1;
        return allowed & ~used[w];
    }

    /** Number of slots in use (live teams, predefined ones included). */
    public synchronized int inUse() {
        int n = 0;
        for (long w : used) {
            n += Long.bitCount(w);
        }
        return n;
    }

    /** Marks {@code slot} used; it must be free. */
    public synchronized void claim(int slot) {
        long bit = 1L << slot;
        if ((used[slot >>> 6] & bit) != 0) {
            throw new IllegalStateException("team slot " + slot + " is already in use on this PE");
        }
        used[slot >>> 6] |= bit;
    }

    /** Returns {@code slot} to the free set. */
    public synchronized void release(int slot) {
        used[slot >>> 6] &= ~(1L << slot);
    }
}
