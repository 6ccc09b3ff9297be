package io.jshmem.it;

import io.jshmem.it.pe.CollectivesPe;
import io.jshmem.it.pe.ReductionsPe;
import io.jshmem.launcher.JobResult;
import io.jshmem.launcher.JobSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Team collectives with real PE processes: 1, 2, 3, 4 and 6 PEs (non-powers of two included), every collective at
 * 0 B, 8 B, 1 KiB and 1 MiB, every reduction type and operator against a local computation, and each algorithm
 * forced through the settings.
 */
class CollectivesTest {
    @AfterEach
    void noHeapFilesLeft() throws IOException {
        ShmFiles.assertNoneLeft();
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 2, 3, 4, 6})
    @Timeout(240)
    void dataCollectivesDeliverEveryBlock(int nPes) {
        Jobs.runOk(CollectivesPe.class, nPes, pe -> "COLLECTIVES OK pe " + pe + " of " + nPes);
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 2, 3, 4, 6})
    @Timeout(240)
    void reductionsAndScansMatchALocalComputation(int nPes) {
        Jobs.runOk(ReductionsPe.class, nPes, pe -> "REDUCTIONS OK pe " + pe + " of " + nPes);
    }

    /** Each algorithm forced: pipelined broadcast with small chunks, ring and recursive doubling, staged copies. */
    @ParameterizedTest(name = "{0} PEs, bcast {1}, fcollect {2}, reduce {3}, direct {4}")
    @CsvSource({
        "3, pipeline, ring, rsag, false",
        "4, pipeline, rd, rd, false",
        "4, tree, ring, rsag, true",
        "3, tree, rd, rd, true",
        "6, pipeline, direct, rd, true"})
    @Timeout(240)
    void everyAlgorithmDeliversTheSameResults(int nPes, String bcast, String fcollect, String reduce,
                                              String direct) {
        for (Class<?> main : new Class<?>[] {CollectivesPe.class, ReductionsPe.class}) {
            JobSpec spec = Jobs.spec(main, nPes).withEnv("JSHMEM_BCAST_ALGO", bcast)
                    .withEnv("JSHMEM_BCAST_CHUNK", "4096").withEnv("JSHMEM_FCOLLECT_ALGO", fcollect)
                    .withEnv("JSHMEM_REDUCE_ALGO", reduce).withEnv("JSHMEM_COLL_DIRECT", direct);
            JobResult r = Jobs.run(spec);
            assertEquals(0, r.exitCode(), () -> main.getSimpleName() + " failed: " + r + "\n" + r.transcript());
            for (int pe = 0; pe < nPes; pe++) {
                int p = pe;
                assertTrue(r.stdout(pe).contains(" OK pe " + pe + " of " + nPes),
                        () -> "PE " + p + " did not finish\n" + r.transcript());
            }
        }
    }
}
