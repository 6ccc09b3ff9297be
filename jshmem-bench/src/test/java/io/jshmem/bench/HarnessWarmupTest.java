package io.jshmem.bench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The warm-up rule: budget first, then at least three chunks and a settled last chunk, within five budgets. */
class HarnessWarmupTest {
    private static final long BUDGET = 200_000_000L;

    @Test
    void warmsUpUntilTheBudgetIsSpent() {
        assertTrue(Harness.moreWarmup(5, BUDGET - 1, BUDGET, 10, 10));
    }

    @Test
    void oneSlowChunkThatUsedTheWholeBudgetIsNotEnough() {
        // The first chunk of a cold kernel: 10,000 interpreted calls took the whole budget.
        assertTrue(Harness.moreWarmup(0, BUDGET + 1, BUDGET, 20_000, 20_000));
        assertTrue(Harness.moreWarmup(1, BUDGET + 2, BUDGET, 300, 300));
        assertFalse(Harness.moreWarmup(2, BUDGET + 3, BUDGET, 300, 300));
    }

    @Test
    void continuesWhileTheLastChunkIsFarFromTheBest() {
        assertTrue(Harness.moreWarmup(3, BUDGET * 2, BUDGET, 400, 300));
        assertFalse(Harness.moreWarmup(3, BUDGET * 2, BUDGET, 370, 300));
    }

    @Test
    void neverPastFiveBudgetsNorForUntimedSizes() {
        assertFalse(Harness.moreWarmup(3, BUDGET * 5, BUDGET, 1000, 300));
        assertFalse(Harness.moreWarmup(0, 10, 0, 1000, 300));
    }
}
