package io.jshmem.it;

import io.jshmem.it.pe.EagerFcollectPe;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The fcollect that synchronizes nobody ({@code EagerFcollect}) with real PE processes: thousands of back-to-back
 * fcollects of blocks around the eager limits, in place and not, with members dawdling, interleaved with eager
 * broadcasts, reductions, collects and syncs, on TEAM_WORLD and a strided team; auto (eager where every member is
 * mapped), eager forced through the engine's staged transfers (JSHMEM_COLL_DIRECT=false), and 9 PEs, the largest
 * team with a flag word per sender.
 */
class EagerFcollectTest {
    @ParameterizedTest(name = "{0} PEs, JSHMEM_FCOLLECT_ALGO={1}, direct {2}")
    @CsvSource({
        "2, auto, true",
        "3, auto, true",
        "4, auto, true",
        "9, auto, true",
        "3, eager, false",
        "4, direct, true"})
    @Timeout(300)
    void everyMemberGathersEveryBlockWhileOthersRunAhead(int nPes, String algo, String direct) {
        CollectivesTest.runOkWithLine(Jobs.spec(EagerFcollectPe.class, nPes).withEnv("JSHMEM_FCOLLECT_ALGO", algo)
                .withEnv("JSHMEM_COLL_DIRECT", direct), nPes, pe -> "EAGER FCOLLECT OK pe " + pe + " of " + nPes);
    }
}
