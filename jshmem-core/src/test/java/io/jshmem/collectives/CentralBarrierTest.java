package io.jshmem.collectives;

import io.jshmem.comm.Comm;
import io.jshmem.comm.FailureState;
import io.jshmem.comm.Futex;
import io.jshmem.comm.InProcessPes;
import io.jshmem.comm.WaitMode;
import io.jshmem.error.ShmemTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The barrier choice ({@link Barrier#over}) and the central barrier, with threads playing PEs on in-process heaps
 * whose waits really sleep on the doorbell futexes. Offsets as the world barrier's: round flags from 4096, one
 * 128-byte line apart; arrivals at 128; each PE's entry stamps at 8192.
 */
class CentralBarrierTest {
    private static final long FLAGS = 4096;
    private static final long ARRIVED = 128;
    private static final long STAMPS = 8192;

    private static int[] world(int n) {
        int[] m = new int[n];
        Arrays.setAll(m, i -> i);
        return m;
    }

    private static boolean[] all(int n, boolean v) {
        boolean[] b = new boolean[n];
        Arrays.fill(b, v);
        return b;
    }

    @Test
    void membersThatAllSleepGetTheCentralBarrierAndAnyOtherMixTheDisseminationOne() {
        boolean[] mixed = all(4, true);
        mixed[2] = false;
        try (InProcessPes sleeping = new InProcessPes(4, Duration.ofSeconds(5), WaitMode.POLL, 0, new FailureState(),
                0, all(4, true));
             InProcessPes oneSpins = new InProcessPes(4, Duration.ofSeconds(5), WaitMode.POLL, 0,
                     new FailureState(), 0, mixed);
             InProcessPes unknown = new InProcessPes(4, Duration.ofSeconds(5), WaitMode.POLL, 0, new FailureState(),
                     0, null)) {
            for (int pe = 0; pe < 4; pe++) {
                assertInstanceOf(CentralBarrier.class, over(sleeping.comms[pe], world(4), pe));
                assertInstanceOf(DisseminationBarrier.class, over(oneSpins.comms[pe], world(4), pe),
                        "PE 2 spins, so no member may pick the central barrier");
                assertInstanceOf(DisseminationBarrier.class, over(unknown.comms[pe], world(4), pe));
            }
            // A team without the spinning PE may still use it.
            assertInstanceOf(CentralBarrier.class, over(oneSpins.comms[3], new int[]{1, 3}, 1));
        }
    }

    private static Barrier over(Comm comm, int[] members, int me) {
        return Barrier.over(comm, members, me, FLAGS, 128, ARRIVED, null);
    }

    /**
     * Every PE stamps the epoch into its own heap before each barrier; after the barrier it must see every other
     * PE's stamp of that epoch (nobody left early) and none beyond the next one (nobody overtook a barrier).
     */
    @ParameterizedTest(name = "{0} PEs, {1} yields before a sleep: no PE leaves a barrier early")
    @CsvSource({"2, 0", "5, 0", "7, 128", "12, 16"})
    @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void noPeLeavesBeforeEveryoneArrived(int n, int yields) throws Exception {
        assumeTrue(Futex.available(), "futexes need Linux on x86_64, aarch64 or riscv64");
        int barriers = 400;
        try (InProcessPes pes = new InProcessPes(n, Duration.ofSeconds(60), WaitMode.SLEEP, 5_000_000_000L,
                new FailureState(), yields, all(n, true))) {
            pes.runAll(me -> {
                Barrier b = over(pes.comms[me], world(n), me);
                assertInstanceOf(CentralBarrier.class, b);
                for (long e = 1; e <= barriers; e++) {
                    pes.heaps[me].set(ValueLayout.JAVA_LONG, STAMPS, e);
                    b.barrier();
                    assertEquals(e, b.epoch());
                    for (int p = 0; p < n; p++) {
                        long seen = pes.heaps[p].get(ValueLayout.JAVA_LONG, STAMPS);
                        if (seen < e || seen > e + 1) {
                            throw new AssertionError("PE " + me + " after barrier " + e + " saw PE " + p
                                    + "'s stamp " + seen);
                        }
                    }
                }
            });
            assertEquals((long) n * barriers, pes.heaps[0].get(ValueLayout.JAVA_LONG, FLAGS),
                    "the arrival counter on the first member counts every arrival");
            assertEquals(0, pes.fullSlices(), "a sleep that ran its whole 5 s slice is a lost release wake-up");
        }
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void membersThatNeverArriveAreNamedWhenTheDeadlineEnds() {
        assumeTrue(Futex.available(), "futexes need Linux on x86_64, aarch64 or riscv64");
        try (InProcessPes pes = new InProcessPes(3, Duration.ofSeconds(1), WaitMode.SLEEP, 50_000_000L,
                new FailureState(), 128, all(3, true))) {
            Barrier b = over(pes.comms[0], world(3), 0);
            long start = System.nanoTime();
            ShmemTimeoutException e = assertThrows(ShmemTimeoutException.class, b::barrier);
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(ms >= 900 && ms < 5_000, "timed out after " + ms + " ms, the deadline is 1 s");
            assertEquals(List.of(1, 2), e.missingPes(), e.getMessage());
            assertTrue(e.getMessage().contains("barrier (epoch 1, 3 PEs, central)"), e.getMessage());
        }
    }
}
