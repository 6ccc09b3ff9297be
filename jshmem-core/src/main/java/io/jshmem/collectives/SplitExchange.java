package io.jshmem.collectives;

import io.jshmem.memory.HeapLayout;
import io.jshmem.team.SplitPlan;
import io.jshmem.team.TeamLayout;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The communication of a team split, over the parent team: every member publishes its split record (epoch,
 * operation, three arguments) in its slot and its free-slot bitmap in its heap header, the parent synchronizes, every member reads every
 * record; then, after each member has decided locally (the same decision everywhere, see
 * {@link io.jshmem.team.SplitPlan}) and prepared the new team's slot, {@link #finish} synchronizes the parent
 * again so that no record is overwritten while being read and no new slot is used before it was cleared.
 * Not thread-safe (the caller holds the parent's lock).
 */
public final class SplitExchange {
    private SplitExchange() {
    }

    /**
     * Publishes this member's record and returns every member's, in parent order: the five header words from the
     * parent's slot, then the free-slot bitmap from {@link HeapLayout#SPLIT_FREE_OFFSET} (each PE runs one split at
     * a time, and nobody rewrites either before {@link #finish}).
     */
    public static long[][] exchange(TeamChannel parent, long operation, long a, long b, long c, long[] freeWords) {
        long epoch = parent.begin(CollectiveActivity.SPLIT);
        MemorySegment local = parent.local();
        long at = parent.slotWord(TeamLayout.SPLIT_RECORD);
        int header = SplitPlan.MASK;
        long[] mine = new long[header + freeWords.length];
        long[] head = {epoch, operation, a, b, c};
        System.arraycopy(head, 0, mine, 0, header);
        System.arraycopy(freeWords, 0, mine, header, freeWords.length);
        for (int i = 0; i < header; i++) {
            local.set(ValueLayout.JAVA_LONG, at + 8L * i, mine[i]);
        }
        for (int w = 0; w < freeWords.length; w++) {
            local.set(ValueLayout.JAVA_LONG, HeapLayout.SPLIT_FREE_OFFSET + 8L * w, freeWords[w]);
        }
        int n = parent.size();
        if (n > 1) {
            parent.sync();
        }
        long[][] records = new long[n][];
        for (int i = 0; i < n; i++) {
            if (i == parent.me()) {
                records[i] = mine;
            } else {
                long[] r = new long[mine.length];
                MemorySegment buffer = MemorySegment.ofArray(r);
                parent.get(i, at, buffer, 0, 8L * header);
                parent.get(i, HeapLayout.SPLIT_FREE_OFFSET, buffer, 8L * header, 8L * freeWords.length);
                records[i] = r;
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
