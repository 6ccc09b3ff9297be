package io.jshmem.bench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The gates' warm-up rule: how long a quiet stretch must be, and when PE 0 asks for another pass. */
class GateWarmupTest {
    @Test
    void theQuietStretchCoversTheRoundsCopiesAndAtLeastTwoPasses() {
        assertEquals(22, GateWarmup.quietPassesFor(50, 11 * 100), "1100 copies at 50 per pass");
        assertEquals(23, GateWarmup.quietPassesFor(50, 1101), "a partial pass counts as a whole one");
        assertEquals(2, GateWarmup.quietPassesFor(50, 10), "never fewer than two passes");
        assertEquals(2, GateWarmup.quietPassesFor(1000, 0));
        assertEquals(12, GateWarmup.quietPassesFor(1, 12));
        assertEquals(Integer.MAX_VALUE, GateWarmup.quietPassesFor(1, Long.MAX_VALUE / 2), "clamped, no overflow");
    }

    @Test
    void anotherPassUntilTheStretchIsQuietTheBudgetIsSpentOrThereIsNoClock() {
        long second = 1_000_000_000L;
        assertTrue(GateWarmup.more(0, 22, 0, 60 * second, true), "nothing quiet yet");
        assertTrue(GateWarmup.more(21, 22, 59 * second, 60 * second, true), "one pass short");
        assertFalse(GateWarmup.more(22, 22, 1, 60 * second, true), "quiet stretch reached");
        assertFalse(GateWarmup.more(0, 22, 60 * second, 60 * second, true), "budget spent");
        assertFalse(GateWarmup.more(0, 22, 1, 0, true), "a zero budget runs one pass");
        assertFalse(GateWarmup.more(0, 22, 0, 60 * second, false), "without a JIT clock: the fixed warm-up");
    }
}
