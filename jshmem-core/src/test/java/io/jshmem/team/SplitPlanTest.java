package io.jshmem.team;

import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The split arithmetic every member of a parent team runs on the same published records. */
class SplitPlanTest {
    private static final long ALL_FREE = ~3L & 0xFFFFFFFFL;

    private static long[][] strided(int n, long start, long stride, long size, long mask) {
        long[][] r = new long[n][];
        for (int i = 0; i < n; i++) {
            r[i] = new long[] {7, SplitPlan.STRIDED, start, stride, size, mask};
        }
        return r;
    }

    @Test
    @Timeout(10)
    void stridedSplitPicksMembersAndTheLowestCommonSlot() {
        int[] parent = {0, 1, 2, 3, 4, 5};
        long[][] rec = strided(6, 1, 2, 3, ALL_FREE);
        rec[3][5] = ALL_FREE & ~(1L << 2);
        SplitPlan.NewTeam t = SplitPlan.planStrided(parent, rec, 3);
        assertArrayEquals(new int[] {1, 3, 5}, t.members());
        assertEquals(3, t.slot(), "slot 2 is taken on member PE 3");
        assertNull(SplitPlan.planStrided(parent, rec, 2), "PE 2 is not a member");
    }

    @Test
    @Timeout(10)
    void membersOfASubTeamAreMappedToGlobalPes() {
        int[] parent = {1, 3, 5, 7};
        SplitPlan.NewTeam t = SplitPlan.planStrided(parent, strided(4, 0, 2, 2, ALL_FREE), 2);
        assertArrayEquals(new int[] {1, 5}, t.members());
    }

    @Test
    @Timeout(10)
    void disagreementNamesTheOddOneOut() {
        int[] parent = {0, 1, 2, 3};
        long[][] rec = strided(4, 0, 1, 4, ALL_FREE);
        rec[2] = new long[] {7, SplitPlan.STRIDED, 0, 1, 3, ALL_FREE};
        ShmemArgumentException e = assertThrows(ShmemArgumentException.class,
                () -> SplitPlan.checkAgreement("TEAM_WORLD", parent, rec));
        assertTrue(e.getMessage().contains("PEs [2]"), e.getMessage());
        assertTrue(e.getMessage().contains("PE 2: splitStrided(start=0, stride=1, size=3)"), e.getMessage());
        rec[2] = new long[] {7, SplitPlan.TWO_D, 2, 0, 0, ALL_FREE};
        e = assertThrows(ShmemArgumentException.class, () -> SplitPlan.checkAgreement("TEAM_WORLD", parent, rec));
        assertTrue(e.getMessage().contains("split2d(xRange=2)"), e.getMessage());
        rec[2] = new long[] {5, SplitPlan.STRIDED, 0, 1, 4, ALL_FREE};
        e = assertThrows(ShmemArgumentException.class, () -> SplitPlan.checkAgreement("TEAM_WORLD", parent, rec));
        assertTrue(e.getMessage().contains("not this call"), e.getMessage());
    }

    @Test
    @Timeout(10)
    void freeMasksMayDifferWithoutADisagreement() {
        long[][] rec = strided(3, 0, 1, 3, ALL_FREE);
        rec[1][5] = 0xF0;
        SplitPlan.checkAgreement("TEAM_WORLD", new int[] {0, 1, 2}, rec);
    }

    @Test
    @Timeout(10)
    void badArgumentsAreRejectedWithTheirRange() {
        assertTrue(assertThrows(ShmemArgumentException.class, () -> SplitPlan.stridedIndices(4, 4, 1, 1))
                .getMessage().contains("start = 4"));
        assertTrue(assertThrows(ShmemArgumentException.class, () -> SplitPlan.stridedIndices(4, 0, 0, 2))
                .getMessage().contains("stride = 0"));
        assertTrue(assertThrows(ShmemArgumentException.class, () -> SplitPlan.stridedIndices(4, 0, 1, 5))
                .getMessage().contains("size = 5"));
        assertArrayEquals(new int[] {1, 3}, SplitPlan.stridedIndices(4, 1, 2, 2));
        assertTrue(assertThrows(ShmemArgumentException.class, () -> SplitPlan.stridedIndices(4, 1, 2, 3))
                .getMessage().contains("= 5"));
        assertArrayEquals(new int[] {2}, SplitPlan.stridedIndices(4, 2, 0, 1), "stride 0 for one member");
    }

    @Test
    @Timeout(10)
    void negativeStridesListTheParentInReverse() {
        assertArrayEquals(new int[] {5, 4, 3, 2, 1, 0}, SplitPlan.stridedIndices(6, 5, -1, 6));
        assertArrayEquals(new int[] {5, 3, 1}, SplitPlan.stridedIndices(6, 5, -2, 3));
        assertArrayEquals(new int[] {4, 1}, SplitPlan.stridedIndices(6, 4, -3, 2));
        ShmemArgumentException e = assertThrows(ShmemArgumentException.class,
                () -> SplitPlan.stridedIndices(6, 1, -1, 3));
        assertTrue(e.getMessage().contains("= -1 is outside") && e.getMessage().contains("wrap"), e.getMessage());
        assertTrue(assertThrows(ShmemArgumentException.class, () -> SplitPlan.stridedIndices(6, 3, 0, 2))
                .getMessage().contains("stride = 0"));
        int[] parent = {0, 1, 2, 3, 4, 5};
        SplitPlan.NewTeam t = SplitPlan.planStrided(parent, strided(6, 5, -2, 3, ALL_FREE), 3);
        assertArrayEquals(new int[] {5, 3, 1}, t.members(), "team order is the reverse of the parent's");
    }

    @Test
    @Timeout(10)
    void slotsBeyondTheFirst64AreFoundInLaterBitmapWords() {
        TeamSlots s = new TeamSlots(2048);
        assertEquals(32, s.freeWords().length);
        for (int slot = 2; slot < 100; slot++) {
            s.claim(slot);
        }
        assertEquals(0, s.freeMask(), "the first 64 are taken");
        long[] free = s.freeWords();
        long[][] rec = new long[2][];
        for (int i = 0; i < 2; i++) {
            rec[i] = new long[SplitPlan.MASK + free.length];
            rec[i][1] = SplitPlan.STRIDED;
            rec[i][4] = 2;
            rec[i][3] = 1;
            System.arraycopy(free, 0, rec[i], SplitPlan.MASK, free.length);
        }
        rec[1][SplitPlan.MASK + 1] &= ~(1L << (100 - 64)); // slot 100 taken on the second member only
        assertEquals(101, SplitPlan.planStrided(new int[] {0, 1}, rec, 0).slot());
        s.release(50);
        assertEquals(1L << 50, s.freeMask());
        assertEquals(99, s.inUse());
        assertEquals(0, new TeamSlots(70).freeWords()[1] >>> 6, "bits above the limit are never free");
    }

    @Test
    @Timeout(10)
    void noCommonSlotIsAClearStateError() {
        long[][] rec = strided(2, 0, 1, 2, ALL_FREE);
        rec[1][5] = 0;
        ShmemStateException e = assertThrows(ShmemStateException.class,
                () -> SplitPlan.planStrided(new int[] {0, 1}, rec, 0));
        assertTrue(e.getMessage().contains("PEs [1]") && e.getMessage().contains("JSHMEM_TEAMS_MAX"),
                e.getMessage());
    }

    @Test
    @Timeout(10)
    void twoDimensionalSplitGivesRowsAndColumnsWithDistinctSlots() {
        int n = 5;
        int[] parent = {0, 1, 2, 3, 4};
        long[][] rec = new long[n][];
        for (int i = 0; i < n; i++) {
            rec[i] = new long[] {3, SplitPlan.TWO_D, 2, 0, 0, ALL_FREE};
        }
        SplitPlan.NewTeam[] t3 = SplitPlan.plan2d(parent, rec, 3);
        assertArrayEquals(new int[] {2, 3}, t3[0].members(), "row 1");
        assertArrayEquals(new int[] {1, 3}, t3[1].members(), "column 1");
        SplitPlan.NewTeam[] t4 = SplitPlan.plan2d(parent, rec, 4);
        assertArrayEquals(new int[] {4}, t4[0].members(), "short last row");
        assertArrayEquals(new int[] {0, 2, 4}, t4[1].members(), "column 0");
        for (int pe = 0; pe < n; pe++) {
            SplitPlan.NewTeam[] t = SplitPlan.plan2d(parent, rec, pe);
            assertNotEquals(t[0].slot(), t[1].slot(), "x and y slots differ on PE " + pe);
        }
        rec[0][2] = 0;
        for (long[] r : rec) {
            r[2] = 0;
        }
        assertThrows(ShmemArgumentException.class, () -> SplitPlan.plan2d(parent, rec, 0));
    }

    @Test
    @Timeout(10)
    void layoutFitsTheReservedAreaAndScratchShrinksWithTeamSize() {
        assertEquals(32, TeamLayout.DEFAULT_SLOTS);
        assertEquals(io.jshmem.memory.HeapLayout.USER_OFFSET, TeamLayout.userOffset(TeamLayout.DEFAULT_SLOTS),
                "the default layout is unchanged");
        assertTrue(TeamLayout.userOffset(2048) >= io.jshmem.memory.HeapLayout.SYNC_AREA_OFFSET + 2048 * TeamLayout.SLOT_BYTES);
        assertTrue(TeamLayout.MAX_SLOTS / 8 <= io.jshmem.memory.HeapLayout.SPLIT_FREE_BYTES, "bitmap fits");
        assertEquals(240, TeamLayout.rdCapacity(2));
        assertEquals(144, TeamLayout.rdCapacity(6));
        assertEquals(64, TeamLayout.rdCapacity(32));
        assertTrue(TeamLayout.SPLIT_RECORD + 8L * TeamLayout.SPLIT_RECORD_WORDS <= TeamLayout.BARRIER_FLAGS);
        assertTrue(TeamLayout.RD_SCRATCH + 2 * TeamLayout.RD_HALF_BYTES <= TeamLayout.EAGER_RING);
        assertTrue(TeamLayout.EAGER_RING + TeamLayout.EAGER_RING_ENTRIES * TeamLayout.EAGER_RING_ENTRY_BYTES
                <= TeamLayout.SLOT_BYTES, "the eager ring fits the slot");
        assertEquals(1, Integer.bitCount(TeamLayout.EAGER_RING_ENTRIES), "ring entries are picked by a mask");
        assertTrue(TeamLayout.EAGER_RING_DATA + TeamLayout.EAGER_RING_DATA_BYTES <= TeamLayout.EAGER_RING_ENTRY_BYTES);
        assertEquals(0, 64 % TeamLayout.EAGER_RING_ENTRY_BYTES, "an entry never straddles two cache lines");
        assertEquals(0, TeamLayout.SLOT_BYTES % io.jshmem.memory.HeapLayout.LINE,
                "every slot starts on a 128-byte line");
    }

    @Test
    @Timeout(10)
    void theHeapHeaderRegionsDoNotOverlap() {
        long line = io.jshmem.memory.HeapLayout.LINE;
        assertTrue(io.jshmem.memory.HeapLayout.ALLOC_CHECK_OFFSET >= io.jshmem.memory.HeapLayout.WAITERS_OFFSET + line);
        assertTrue(io.jshmem.memory.HeapLayout.ALLOC_CHECK_OFFSET + io.jshmem.memory.HeapLayout.ALLOC_CHECK_LENGTH
                <= io.jshmem.memory.HeapLayout.SPLIT_FREE_OFFSET);
        assertTrue(io.jshmem.memory.HeapLayout.SPLIT_FREE_OFFSET + io.jshmem.memory.HeapLayout.SPLIT_FREE_BYTES
                <= io.jshmem.memory.HeapLayout.BARRIER_FLAGS_OFFSET);
        assertTrue(io.jshmem.memory.HeapLayout.barrierFlag(io.jshmem.memory.HeapLayout.BARRIER_MAX_ROUNDS - 1) + line
                <= io.jshmem.memory.HeapLayout.SYNC_AREA_OFFSET);
        assertTrue(io.jshmem.collectives.DisseminationBarrier.roundsFor(Integer.MAX_VALUE)
                <= io.jshmem.memory.HeapLayout.BARRIER_MAX_ROUNDS, "the world barrier's rounds fit any job");
        assertEquals(0, io.jshmem.memory.HeapLayout.SYNC_AREA_OFFSET % line);
    }

    @Test
    @Timeout(10)
    void slotsHonourTheLimit() {
        TeamSlots s = new TeamSlots(4);
        assertEquals(0b1100, s.freeMask());
        s.claim(2);
        assertEquals(0b1000, s.freeMask());
        s.release(2);
        assertEquals(2, s.inUse());
        assertThrows(ShmemArgumentException.class, () -> new TeamSlots(TeamLayout.MAX_SLOTS + 1));
        assertThrows(ShmemArgumentException.class, () -> new TeamSlots(1));
    }
}
