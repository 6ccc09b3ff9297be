package io.jshmem.it;

import io.jshmem.it.pe.EagerBroadcastPe;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The broadcast that synchronizes nobody ({@code EagerBroadcast}) with real PE processes: thousands of back-to-back
 * broadcasts with every root, the roots rewriting their sources at once, interleaved with the reductions that share
 * its scratch, fcollects and syncs, on TEAM_WORLD and a strided team; auto (eager where every member is mapped),
 * and eager forced through the engine's staged transfers (JSHMEM_COLL_DIRECT=false).
 */
class EagerBroadcastTest {
    @ParameterizedTest(name = "{0} PEs, JSHMEM_BCAST_ALGO={1}, direct {2}")
    @CsvSource({
        "2, auto, true",
        "3, auto, true",
        "4, auto, true",
        "6, auto, true",
        "3, eager, false",
        "4, tree, true"})
    @Timeout(300)
    void everyMemberSeesEveryBroadcastWhileOthersRunAhead(int nPes, String algo, String direct) {
        CollectivesTest.runOkWithLine(Jobs.spec(EagerBroadcastPe.class, nPes).withEnv("JSHMEM_BCAST_ALGO", algo)
                .withEnv("JSHMEM_COLL_DIRECT", direct), nPes, pe -> "EAGER BROADCAST OK pe " + pe + " of " + nPes);
    }
}
