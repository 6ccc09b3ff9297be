package io.jshmem.collectives;

import io.jshmem.team.TeamLayout;
import org.junit.jupiter.api.Test;

import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which fcollect runs: auto takes the eager push for blocks that fit the first scratch slot (120 bytes at 2 PEs,
 * 36 at 4, 14 at 8, 12 at 9) on mapped teams of up to 9 PEs, the direct allgather for the rest of mapped teams, and
 * recursive doubling or the ring elsewhere.
 */
class FcollectChoiceTest {
    private static CollectiveTuning tuning(String fcollect) {
        return new CollectiveTuning(true, CollectiveTuning.BroadcastChoice.AUTO, 262_144, 65_536,
                CollectiveTuning.FcollectChoice.valueOf(fcollect.toUpperCase(Locale.ROOT)), 4096,
                CollectiveTuning.ReduceChoice.AUTO, 4096);
    }

    @Test
    void autoIsEagerUpToTheScratchSlotOnMappedTeams() {
        CollectiveTuning auto = tuning("auto");
        assertEquals("eager", Collectives.fcollectAlgorithm(auto, true, 2, 8));
        assertEquals("eager", Collectives.fcollectAlgorithm(auto, true, 2, 120));
        assertEquals("direct", Collectives.fcollectAlgorithm(auto, true, 2, 121));
        assertEquals("eager", Collectives.fcollectAlgorithm(auto, true, 4, 36));
        assertEquals("direct", Collectives.fcollectAlgorithm(auto, true, 4, 37));
        assertEquals("eager", Collectives.fcollectAlgorithm(auto, true, 8, 14));
        assertEquals("eager", Collectives.fcollectAlgorithm(auto, true, 9, 12));
        assertEquals("direct", Collectives.fcollectAlgorithm(auto, true, 10, 8), "10 PEs: not a flag per sender");
        assertEquals("eager", Collectives.fcollectAlgorithm(auto, true, 2, 0));
    }

    @Test
    void theFlagWordsAndTheDataNeverMeet() {
        for (int n = 2; n <= 9; n++) {
            long maxBlock = TeamLayout.rdCapacity(n) / n;
            assertTrue(EagerFcollect.fits(n, maxBlock) && !EagerFcollect.fits(n, maxBlock + 1), n + " PEs");
            long dataEnd = TeamLayout.RD_DATA + n * maxBlock;
            java.util.Set<Long> seen = new java.util.HashSet<>();
            for (int f = 0; f <= n - 2; f++) {
                long w = EagerFcollect.flagWord(n, f);
                assertTrue(seen.add(w), n + " PEs: flag " + f + " shares word " + w);
                assertTrue(w + 8 <= TeamLayout.RD_HALF_BYTES, n + " PEs: flag " + f + " at " + w + " leaves the half");
                // A slot head: the slot's flag word or the unused word after it, never a slot's data.
                long inSlot = w % TeamLayout.rdSlotBytes(n);
                assertTrue(inSlot == 0 || inSlot == 8, n + " PEs: flag " + f + " at " + w + " is not a slot head");
                assertTrue(w + 8 <= TeamLayout.RD_DATA || w >= dataEnd, n + " PEs: flag " + f + " at " + w
                        + " overlaps the blocks [" + TeamLayout.RD_DATA + ", " + dataEnd + ")");
            }
        }
    }

    @Test
    void collectsChoiceDoesNotDependOnTheBlockSizes() {
        // Members of a collect may contribute different sizes: they must still all run the same algorithm.
        assertFalse(Collectives.collectByRing(tuning("auto"), true));
        assertTrue(Collectives.collectByRing(tuning("auto"), false));
        assertFalse(Collectives.collectByRing(tuning("eager"), true));
        assertTrue(Collectives.collectByRing(tuning("eager"), false), "eager forced on a team not all mapped: ring");
        assertFalse(Collectives.collectByRing(tuning("direct"), false));
        assertTrue(Collectives.collectByRing(tuning("ring"), true));
        assertTrue(Collectives.collectByRing(tuning("rd"), true));
    }

    @Test
    void aTeamFitsUpToNinePesAndAHugeBlockNeverFits() {
        for (int n = 2; n <= 64; n++) {
            boolean any = EagerFcollect.fits(n, 1);
            assertEquals(n <= 9, any, n + " PEs");
            assertFalse(EagerFcollect.fits(n, Long.MAX_VALUE), "a huge block never fits (no overflow)");
        }
        assertTrue(EagerFcollect.fits(9, 12));
        assertFalse(EagerFcollect.fits(9, 13));
        assertFalse(EagerFcollect.fits(1, 8), "one member needs no exchange");
    }

    @Test
    void autoKeepsRecursiveDoublingAndTheRingElsewhere() {
        CollectiveTuning auto = tuning("auto");
        assertEquals("rd", Collectives.fcollectAlgorithm(auto, false, 4, 8), "not every member mapped");
        assertEquals("ring", Collectives.fcollectAlgorithm(auto, false, 3, 8));
        assertEquals("direct", Collectives.fcollectAlgorithm(auto, true, 2, 1 << 20));
    }

    @Test
    void forcedChoicesHold() {
        assertEquals("eager", Collectives.fcollectAlgorithm(tuning("eager"), false, 3, 8));
        assertEquals("ring", Collectives.fcollectAlgorithm(tuning("eager"), false, 3, 4096), "too large: ring");
        assertEquals("direct", Collectives.fcollectAlgorithm(tuning("eager"), true, 3, 4096), "too large: direct");
        assertEquals("direct", Collectives.fcollectAlgorithm(tuning("direct"), true, 2, 8));
        assertEquals("ring", Collectives.fcollectAlgorithm(tuning("ring"), true, 2, 8));
        assertEquals("rd", Collectives.fcollectAlgorithm(tuning("rd"), true, 4, 8));
    }
}
