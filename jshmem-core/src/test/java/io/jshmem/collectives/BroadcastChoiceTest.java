package io.jshmem.collectives;

import org.junit.jupiter.api.Test;

import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Which broadcast runs: auto takes the eager push for what fits the first scratch slot when every member is
 * mapped (240 bytes at 2 PEs, 144 at 4, 112 at 8), the tree otherwise, the pipeline for large data on 3+ PEs.
 */
class BroadcastChoiceTest {
    private static CollectiveTuning tuning(String broadcast) {
        return new CollectiveTuning(true, CollectiveTuning.BroadcastChoice.valueOf(broadcast.toUpperCase(Locale.ROOT)),
                262_144, 65_536, CollectiveTuning.FcollectChoice.AUTO, 4096, CollectiveTuning.ReduceChoice.AUTO, 4096);
    }

    @Test
    void autoIsEagerUpToTheScratchSlotOnMappedTeams() {
        CollectiveTuning auto = tuning("auto");
        assertEquals("eager", Collectives.broadcastAlgorithm(auto, true, 2, 8));
        assertEquals("eager", Collectives.broadcastAlgorithm(auto, true, 2, 240));
        assertEquals("tree", Collectives.broadcastAlgorithm(auto, true, 2, 241));
        assertEquals("eager", Collectives.broadcastAlgorithm(auto, true, 4, 144));
        assertEquals("tree", Collectives.broadcastAlgorithm(auto, true, 4, 145));
        assertEquals("eager", Collectives.broadcastAlgorithm(auto, true, 8, 112));
        assertEquals("tree", Collectives.broadcastAlgorithm(auto, true, 8, 113));
        assertEquals("eager", Collectives.broadcastAlgorithm(auto, true, 2, 0));
    }

    @Test
    void aScalarIsEagerOnTeamsOfAnySizeThroughTheRing() {
        CollectiveTuning auto = tuning("auto");
        // 65536 members leave no data room in a recursive-doubling slot; the ring still takes 8 bytes.
        assertEquals(0, io.jshmem.team.TeamLayout.rdCapacity(65_536));
        assertEquals("eager", Collectives.broadcastAlgorithm(auto, true, 65_536, 8));
        assertEquals("tree", Collectives.broadcastAlgorithm(auto, true, 65_536, 9));
        assertEquals("eager", Collectives.broadcastAlgorithm(auto, true, 1024, 8));
    }

    @Test
    void autoKeepsTheTreeAndThePipelineElsewhere() {
        CollectiveTuning auto = tuning("auto");
        assertEquals("tree", Collectives.broadcastAlgorithm(auto, false, 2, 8), "not every member mapped");
        assertEquals("tree", Collectives.broadcastAlgorithm(auto, true, 2, 1 << 20), "2 PEs never pipeline");
        assertEquals("pipeline", Collectives.broadcastAlgorithm(auto, true, 3, 1 << 20));
    }

    @Test
    void forcedChoicesHold() {
        assertEquals("eager", Collectives.broadcastAlgorithm(tuning("eager"), false, 3, 8));
        assertEquals("tree", Collectives.broadcastAlgorithm(tuning("eager"), true, 3, 4096), "too large: tree");
        assertEquals("tree", Collectives.broadcastAlgorithm(tuning("tree"), true, 2, 8));
        assertEquals("pipeline", Collectives.broadcastAlgorithm(tuning("pipeline"), true, 2, 8));
    }
}
