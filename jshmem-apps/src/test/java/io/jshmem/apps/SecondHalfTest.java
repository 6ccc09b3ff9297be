package io.jshmem.apps;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which iterations the second half counts and what it divides by, for even, odd and single-iteration runs. */
class SecondHalfTest {
    /** Feeds iteration i (numbered from 1) i microseconds of communication; returns the second half's mean. */
    private static double meanCommMicros(int iterations) {
        SecondHalf h = new SecondHalf(1, iterations);
        for (int iter = 0; iter <= iterations; iter++) {
            h.iterationStarts(iter);
            h.comm(iter, iter * 1000L);
        }
        return h.commSeconds() * 1e6;
    }

    @Test
    void evenRunsCountTheirLastHalf() {
        // 10 iterations: 6..10, mean 8
        assertEquals(8.0, meanCommMicros(10), 1e-9);
    }

    @Test
    void oddRunsCountTheLargerHalf() {
        // 5 iterations: 3..5, mean 4
        assertEquals(4.0, meanCommMicros(5), 1e-9);
    }

    @Test
    void aSingleIterationIsItsOwnSecondHalf() {
        // the untimed iteration 0 is never counted
        assertEquals(1.0, meanCommMicros(1), 1e-9);
    }

    @Test
    void theIterationTimeRunsFromTheFirstIterationOfTheHalf() throws InterruptedException {
        SecondHalf h = new SecondHalf(1, 4);
        h.iterationStarts(1);
        h.iterationStarts(2);
        Thread.sleep(5);
        h.iterationStarts(3); // the half starts here: iterations 3 and 4
        long start = System.nanoTime();
        Thread.sleep(20);
        long end = System.nanoTime();
        double perIteration = h.iterationSeconds(end);
        assertTrue(perIteration >= (end - start) * 1e-9 / 2, "at least the slept time over 2: " + perIteration);
        assertTrue(perIteration < (end - start) * 1e-9 / 2 + 0.002, "the earlier sleep is not counted: "
                + perIteration);
    }
}
