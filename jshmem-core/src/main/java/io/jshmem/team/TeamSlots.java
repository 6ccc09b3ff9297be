package io.jshmem.team;

import io.jshmem.error.ShmemArgumentException;

/**
 * This PE's team slots: which of the reserved area's {@link TeamLayout#SLOTS} slots its live teams use. The limit
 * ({@code JSHMEM_TEAMS_MAX}) caps how many may be in use at once. A split publishes {@link #freeMask()} so that the
 * members of a new team agree on a slot free on all of them. Thread-safe (synchronized).
 */
public final class TeamSlots {
    private final int limit;
    private long used;

    /** @param limit slots this PE may use, predefined teams included: 2..{@link TeamLayout#SLOTS} */
    public TeamSlots(int limit) {
        if (limit < 2 || limit > TeamLayout.SLOTS) {
            throw new ShmemArgumentException("JSHMEM_TEAMS_MAX = " + limit + " is invalid: valid range is 2.."
                    + TeamLayout.SLOTS + " (TEAM_WORLD and TEAM_SHARED take two; the reserved heap area holds "
                    + TeamLayout.SLOTS + " team slots); fix the setting");
        }
        this.limit = limit;
        this.used = (1L << TeamLayout.WORLD_SLOT) | (1L << TeamLayout.SHARED_SLOT);
    }

    public int limit() {
        return limit;
    }

    /** Bit s set when slot s is free here and below the limit. */
    public synchronized long freeMask() {
        long allowed = limit == 64 ? -1L : (1L << limit) - 1;
        return allowed & ~used;
    }

    /** Number of slots in use (live teams, predefined ones included). */
    public synchronized int inUse() {
        return Long.bitCount(used);
    }

    /** Marks {@code slot} used; it must be free. */
    public synchronized void claim(int slot) {
        if ((used & (1L << slot)) != 0) {
            throw new IllegalStateException("team slot " + slot + " is already in use on this PE");
        }
        used |= 1L << slot;
    }

    /** Returns {@code slot} to the free set. */
    public synchronized void release(int slot) {
        used &= ~(1L << slot);
    }
}
