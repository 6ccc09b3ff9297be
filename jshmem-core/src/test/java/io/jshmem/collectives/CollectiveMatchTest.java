package io.jshmem.collectives;

import io.jshmem.comm.FailureState;
import io.jshmem.comm.InProcessPes;
import io.jshmem.comm.WaitMode;
import io.jshmem.team.TeamLayout;
import io.jshmem.team.TeamState;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What {@link CollectiveMatch} concludes from the members' published calls, with in-process heaps standing for the
 * PEs of TEAM_WORLD: nothing while they are merely late, a mismatch named on both sides (and recorded for every
 * member) once a member is at a call with another digest, a member in finalize with fewer calls, and at finalize
 * any difference in the count of calls; a team marked by a timeout is not reported again.
 */
class CollectiveMatchTest {
    private static final int BROADCAST = CollectiveActivity.team(CollectiveActivity.BROADCAST, 0);
    private static final int BARRIER = CollectiveActivity.team(CollectiveActivity.BARRIER, 0);
    private static final int REDUCE = CollectiveActivity.reduction(io.jshmem.ReduceOp.SUM, 0);

    private static InProcessPes pes(int n) {
        return new InProcessPes(n, Duration.ofSeconds(5), WaitMode.POLL, 0, new FailureState(), 0, null);
    }

    private static CollectiveMatch[] matches(InProcessPes p, int n) {
        int[] all = new int[n];
        for (int i = 0; i < n; i++) {
            all[i] = i;
        }
        CollectiveMatch[] m = new CollectiveMatch[n];
        for (int i = 0; i < n; i++) {
            m[i] = new CollectiveMatch(p.comms[i], new TeamState("TEAM_WORLD", all, i, TeamLayout.WORLD_SLOT, 0, 0, 1));
        }
        return m;
    }

    /** As the team channel enters a call: the match records it, then the epoch word publishes it with the digest. */
    private static void enter(InProcessPes p, CollectiveMatch[] m, int pe, long epoch, int code, int root, long size,
                              int type) {
        int digest = m[pe].enter(epoch, code, root, size, type);
        p.comms[pe].localHeap().set(java.lang.foreign.ValueLayout.JAVA_LONG,
                TeamLayout.slotBase(TeamLayout.WORLD_SLOT) + TeamLayout.EPOCH, TeamLayout.epochWord(epoch, digest));
    }

    @Test
    void membersThatAreMerelyBehindOrAheadAreNotAMismatch() {
        try (InProcessPes p = pes(3)) {
            CollectiveMatch[] m = matches(p, 3);
            enter(p, m, 0, 1, BROADCAST, 0, 8, 0);
            enter(p, m, 0, 2, REDUCE, -1, 32, 5);
            enter(p, m, 1, 1, BROADCAST, 0, 8, 0);
            // PE 2 has made no call yet, PE 1 one of PE 0's two: late, not wrong.
            assertNull(m[0].diverged());
            assertNull(m[1].diverged(), "PE 0 is ahead: PE 1 cannot compare its call 2, and need not");
            enter(p, m, 1, 2, REDUCE, -1, 32, 5);
            enter(p, m, 2, 1, BROADCAST, 0, 8, 0);
            enter(p, m, 2, 2, REDUCE, -1, 32, 5);
            for (CollectiveMatch x : m) {
                assertNull(x.diverged());
                assertNull(x.atFinalize());
            }
        }
    }

    @Test
    void anotherCallAtTheSameNumberIsFoundFromEitherSideAndRecordedForEveryMember() {
        try (InProcessPes p = pes(3)) {
            CollectiveMatch[] m = matches(p, 3);
            enter(p, m, 0, 1, BROADCAST, 0, 8, 0);
            enter(p, m, 1, 1, BARRIER, -1, 0, 0);
            String why = m[1].diverged();
            assertNotNull(why);
            assertTrue(why.contains("call 1 on TEAM_WORLD is broadcast (root PE 0, 8 bytes) on PE 0 but barrier on"
                    + " PE 1"), why);
            // Recorded: PE 0 (which returned from its broadcast) and PE 2 (which called nothing) know it too.
            String told = m[2].diverged();
            assertTrue(told != null && told.startsWith("PE 1 found that the collectives on TEAM_WORLD were called in"
                    + " different orders"), told);
            assertNotNull(m[0].atFinalize());
        }
    }

    @Test
    void otherRootsOrSizesAreMismatchesToo() {
        try (InProcessPes p = pes(2)) {
            CollectiveMatch[] m = matches(p, 2);
            enter(p, m, 0, 1, BROADCAST, 0, 8, 0);
            enter(p, m, 1, 1, BROADCAST, 1, 8, 0);
            String why = m[0].diverged();
            assertTrue(why != null && why.contains("root PE 1") && why.contains("root PE 0"), why);
        }
        try (InProcessPes p = pes(2)) {
            CollectiveMatch[] m = matches(p, 2);
            enter(p, m, 0, 1, BROADCAST, 0, 8, 0);
            enter(p, m, 1, 1, BROADCAST, 0, 16, 0);
            String why = m[1].diverged();
            assertTrue(why != null && why.contains("8 bytes") && why.contains("16 bytes"), why);
        }
    }

    @Test
    void aLoneCallIsFoundAtTheNextCallThatComparesOrAtFinalize() {
        try (InProcessPes p = pes(2)) {
            CollectiveMatch[] m = matches(p, 2);
            // PE 0 broadcast alone (an eager broadcast returns at once), then both reduce.
            enter(p, m, 0, 1, BROADCAST, 0, 8, 0);
            enter(p, m, 0, 2, REDUCE, -1, 32, 5);
            enter(p, m, 1, 1, REDUCE, -1, 32, 5);
            String why = m[0].diverged();
            assertTrue(why != null && why.contains("call 1 on TEAM_WORLD is sum reduction (32 bytes) on PE 1 but"
                    + " broadcast (root PE 0, 8 bytes) on PE 0"), why);
        }
        try (InProcessPes p = pes(2)) {
            CollectiveMatch[] m = matches(p, 2);
            enter(p, m, 0, 1, BROADCAST, 0, 8, 0);
            // Nobody waits: finalize compares the counts.
            String why = m[1].atFinalize();
            assertTrue(why != null && why.contains("PE 0 made 1 call(s) on TEAM_WORLD before finalize"), why);
            why = m[0].atFinalize();
            assertTrue(why != null && why.contains("PE 1 made 0 call(s) on TEAM_WORLD before finalize"), why);
        }
    }

    @Test
    void aMemberInFinalizeWithFewerCallsIsCertainAndATimeoutMarkSilencesFinalize() {
        try (InProcessPes p = pes(2)) {
            CollectiveMatch[] m = matches(p, 2);
            enter(p, m, 0, 1, BROADCAST, 1, 64, 0);
            assertNull(m[0].diverged(), "PE 1 is just late");
            CollectiveActivity.enter(p.heaps[1], CollectiveActivity.FINALIZE, 3);
            String why = m[0].diverged();
            assertTrue(why != null && why.startsWith("collectives on TEAM_WORLD were called in different orders")
                    && why.contains("PE 1 entered finalize while PE 0 is in call 1"), why);
        }
        try (InProcessPes p = pes(2)) {
            CollectiveMatch[] m = matches(p, 2);
            enter(p, m, 0, 1, BROADCAST, 1, 64, 0);
            m[0].recordTimeout();
            assertNull(m[0].atFinalize(), "the timeout was reported where it happened");
            assertNull(m[1].atFinalize());
            assertNull(m[1].diverged());
        }
    }
}
