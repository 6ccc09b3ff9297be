package io.jshmem.collectives;

import io.jshmem.team.TeamLayout;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The communication of a team split, over the parent team: every member publishes its split record (epoch,
 * operation, three arguments, free-slot mask) in its slot, the parent synchronizes, every member reads every
 * record; then, after each member has decided locally (the same decision everywhere, see
 * {@link io.jshmem.team.SplitPlan}) and prepared the new team's slot, {@link #finish} synchronizes the parent
 * again so that no record is overwritten while being read and no new slot is used before it was cleared.
 * Not thread-safe (the caller holds the parent's lock).
 */
public final class SplitExchange {
    private SplitExchange() {
    }

    /** Publishes this member's record and returns every member's, in parent order. */
    public static long[][] exchange(TeamChannel parent, long operation, long a, long b, long c, long freeMask) {
        long epoch = parent.begin(CollectiveActivity.SPLIT);
        MemorySegment local = parent.local();
        long at = parent.slotWord(TeamLayout.SPLIT_RECORD);
        long[] mine = {epoch, operation, a, b, c, freeMask};
        for (int i = 0; i < mine.length; i++) {
            local.set(ValueLayout.JAVA_LONG, at + 8L * i, mine[i]);
        }
        int n = parent.size();
        if (n > 1) {
            parent.sync();
        }
        long[][] records = new long[n][];
        MemorySegment buffer = MemorySegment.ofArray(new long[TeamLayout.SPLIT_RECORD_WORDS]);
        for (int i = 0; i < n; i++) {
            if (i == parent.me()) {
                records[i] = mine;
            } else {
                parent.get(i, at, buffer, 0, 8L * TeamLayout.SPLIT_RECORD_WORDS);
                records[i] = buffer.toArray(ValueLayout.JAVA_LONG);
            }
        }
        return records;
    }

    /** The closing sync of a split. */
    public static void finish(TeamChannel parent) {
        if (parent.size() > 1) {
            parent.sync();
        }
    }
}
