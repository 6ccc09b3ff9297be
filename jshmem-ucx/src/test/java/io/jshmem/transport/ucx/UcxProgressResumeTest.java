package io.jshmem.transport.ucx;

import io.jshmem.spi.Transport;
import io.jshmem.spi.WaitProgress;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * After a wait in which the application thread progressed the worker itself, the progress thread parks; it must
 * serve peers again once the wait is over, whether the wait was short (its end does not unpark the thread, whose own
 * park slice ends within a millisecond) or long (its end unparks it). The target then computes without calling the
 * library, and a peer's gets, which over tcp need the target's progress, must still complete promptly.
 */
@Timeout(120)
class UcxProgressResumeTest {
    private static final long VALUE = 0x5eed_0042L;
    private static final int GETS = 200;
    /** Far above the 1 ms park slice plus tcp loopback, far below the target's compute phase. */
    private static final long MAX_GET_NANOS = 400_000_000L;
    private static final long COMPUTE_MILLIS = 2500;

    @BeforeEach
    void requireUcx() {
        UcxTestSupport.assumeUcx();
    }

    @ParameterizedTest(name = "after waits of {0} us each for 20 ms, the target computes and its progress thread"
            + " serves gets")
    @ValueSource(longs = {1, 50, 3000})
    void theProgressThreadServesAgainAfterAWaitEnds(long waitMicros) throws Exception {
        UcxJobRunner.run(2, pe -> {
            Transport t = pe.transport();
            if (pe.pe() == 1) {
                pe.heap().set(JAVA_LONG, 0, VALUE);
                WaitProgress progress = t.waitProgress();
                assertNotNull(progress, "the UCX engine needs target-side progress");
                pe.barrier();
                // Waits back to back for 20 ms, as a ping-pong makes them: the progress thread parks during them,
                // and the last one ends at any point of its park.
                long phase = System.nanoTime() + 20_000_000L;
                do {
                    progress.begin();
                    long end = System.nanoTime() + waitMicros * 1000;
                    do {
                        progress.progress();
                    } while (System.nanoTime() - end < 0);
                    progress.end();
                } while (System.nanoTime() - phase < 0);
                pe.barrier();
                Thread.sleep(COMPUTE_MILLIS); // no library call: only the progress thread can serve PE 0
                pe.barrier();
                return;
            }
            pe.barrier();
            pe.barrier();
            long worst = 0;
            long start = System.nanoTime();
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment v = arena.allocate(8, 8);
                for (int i = 0; i < GETS; i++) {
                    v.set(JAVA_LONG, 0, 0);
                    long t0 = System.nanoTime();
                    t.get(1, 0, v, 0, 8);
                    worst = Math.max(worst, System.nanoTime() - t0);
                    assertEquals(VALUE, v.get(JAVA_LONG, 0), "get " + i);
                }
            }
            long all = System.nanoTime() - start;
            assertTrue(worst < MAX_GET_NANOS, "slowest get took " + worst / 1000 + " us after the target's wait of "
                    + waitMicros + " us ended: its progress thread did not resume serving");
            assertTrue(all < COMPUTE_MILLIS * 1_000_000L, GETS + " gets took " + all / 1000 + " us: they waited for"
                    + " the target to call the library again");
            pe.barrier();
        });
    }
}
