package io.jshmem.collectives;

import io.jshmem.comm.FailureState;
import io.jshmem.comm.InProcessPes;
import io.jshmem.comm.WaitMode;
import io.jshmem.error.ShmemStateException;
import io.jshmem.error.ShmemTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a PE learns from the others' published activity about PEs that finalized early, with threads playing PEs on
 * in-process heaps: {@link CollectiveActivity#finalizing} names the members in finalize only while this PE is not,
 * {@link FinalizeHandshake} waits for every PE to enter finalize, and a collective wait on a finalized member fails
 * in seconds, not at the deadline.
 */
class FinalizingPeersTest {
    private static final int BROADCAST_ON_WORLD = CollectiveActivity.team(CollectiveActivity.BROADCAST, 0);

    private static InProcessPes pes(int n, Duration timeout) {
        return new InProcessPes(n, timeout, WaitMode.POLL, 0, new FailureState(), 0, null);
    }

    @Test
    void finalizingNamesOnlyMembersInFinalizeAndOnlyWhileThisPeIsNot() {
        try (InProcessPes p = pes(4, Duration.ofSeconds(5))) {
            int[] members = {0, 1, 2};
            CollectiveActivity.enter(p.heaps[0], BROADCAST_ON_WORLD, 5);
            CollectiveActivity.enter(p.heaps[1], BROADCAST_ON_WORLD, 5);
            CollectiveActivity.enter(p.heaps[2], BROADCAST_ON_WORLD, 4);
            assertNull(CollectiveActivity.finalizing(p.comms[0], members), "nobody in finalize");

            // PE 3 is in finalize but not a member of this wait: a team collective does not need it.
            CollectiveActivity.enter(p.heaps[3], CollectiveActivity.FINALIZE, 9);
            assertNull(CollectiveActivity.finalizing(p.comms[0], members), "PE 3 is not a member");

            CollectiveActivity.enter(p.heaps[2], CollectiveActivity.FINALIZE, 9);
            String why = CollectiveActivity.finalizing(p.comms[0], members);
            assertTrue(why != null && why.startsWith("PE 2 entered finalize while PE 0 is in broadcast epoch 5"),
                    why);
            CollectiveActivity.enter(p.heaps[1], CollectiveActivity.FINALIZE, 9);
            why = CollectiveActivity.finalizing(p.comms[0], members);
            assertTrue(why != null && why.startsWith("PE 1, PE 2 entered finalize"), why);

            // In finalize itself, others in finalize are where they should be.
            CollectiveActivity.enter(p.heaps[0], CollectiveActivity.FINALIZE, 9);
            assertNull(CollectiveActivity.finalizing(p.comms[0], members));
        }
    }

    @Test
    @Timeout(30)
    void theHandshakeReturnsOnceEveryPeIsInFinalize() throws Exception {
        try (InProcessPes p = pes(3, Duration.ofSeconds(10))) {
            p.runAll(pe -> {
                Thread.sleep(100L * pe);
                CollectiveActivity.enter(p.heaps[pe], CollectiveActivity.FINALIZE, 1);
                FinalizeHandshake.await(p.comms[pe], p.comms[pe].waitLoop());
                for (int other = 0; other < 3; other++) {
                    assertEquals(CollectiveActivity.FINALIZE, CollectiveActivity.codeOf(CollectiveActivity.read(p.comms[pe],
                            other)), "PE " + pe + " saw PE " + other);
                }
            });
        }
    }

    @Test
    @Timeout(30)
    void theHandshakeTimesOutNamingThePeElsewhere() {
        try (InProcessPes p = pes(2, Duration.ofMillis(500))) {
            CollectiveActivity.enter(p.heaps[0], CollectiveActivity.FINALIZE, 3);
            CollectiveActivity.enter(p.heaps[1], BROADCAST_ON_WORLD, 7);
            ShmemTimeoutException e = assertThrows(ShmemTimeoutException.class,
                    () -> FinalizeHandshake.await(p.comms[0], p.comms[0].waitLoop()));
            assertTrue(e.getMessage().contains("PEs not arrived: [1]"), e.getMessage());
            assertTrue(e.getMessage().contains("PE 1 is in broadcast epoch 7"), e.getMessage());
        }
    }

    @Test
    @Timeout(60)
    void aBarrierOnAMemberInFinalizeFailsInSecondsNotAtTheDeadline() {
        try (InProcessPes p = pes(2, Duration.ofSeconds(30))) {
            CollectiveActivity.enter(p.heaps[1], CollectiveActivity.FINALIZE, 1);
            CollectiveActivity.enter(p.heaps[0], CollectiveActivity.BARRIER_ALL, 1);
            Barrier barrier = Barrier.over(p.comms[0], new int[]{0, 1}, 0, 4096, 128, 128, null);
            long t0 = System.nanoTime();
            ShmemStateException e = assertThrows(ShmemStateException.class, barrier::sync);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms >= 1_900 && ms < 20_000, ms + " ms");
            assertTrue(e.getMessage().contains("PE 1 entered finalize while PE 0 is in barrier epoch 1"),
                    e.getMessage());
            assertTrue(e.getMessage().contains("instead of at the deadline"), e.getMessage());
        }
    }
}
