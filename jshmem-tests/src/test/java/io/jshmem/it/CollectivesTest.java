package io.jshmem.it;

import io.jshmem.it.pe.CollectivesPe;
import io.jshmem.it.pe.ReductionsPe;
import io.jshmem.launcher.JobResult;
import io.jshmem.launcher.JobSpec;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.function.IntFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Team collectives with real PE processes: 1, 2, 3, 4 and 6 PEs (non-powers of two included), every collective at
 * 0 B, 8 B, 1 KiB and 1 MiB, every reduction type and operator against a local computation, and each algorithm
 * forced through the settings.
 */
class CollectivesTest {
    static final Duration DEADLINE = Duration.ofSeconds(200);

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 2, 3, 4, 6})
    @Timeout(300)
    void dataCollectivesDeliverEveryBlock(int nPes) {
        runOk(Jobs.spec(CollectivesPe.class, nPes), nPes);
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 2, 3, 4, 6})
    @Timeout(300)
    void reductionsAndScansMatchALocalComputation(int nPes) {
        runOk(Jobs.spec(ReductionsPe.class, nPes), nPes);
    }

    /**
     * Each algorithm forced: pipelined broadcast with small chunks, ring and recursive doubling, staged copies
     * instead of direct loads. The programs run "quick" (sizes up to 64 KiB, one reduction type per kernel family):
     * the algorithms' code paths do not depend on the type or on sizes beyond a few chunks.
     */
    @ParameterizedTest(name = "{0} PEs, bcast {1}, fcollect {2}, reduce {3}, direct {4}")
    @CsvSource({
        "3, pipeline, ring, rsag, false",
        "4, pipeline, rd, rd, false",
        "4, tree, ring, rsag, true",
        "3, tree, rd, rd, true",
        "6, pipeline, direct, rd, true"})
    @Timeout(450)
    void everyAlgorithmDeliversTheSameResults(int nPes, String bcast, String fcollect, String reduce,
                                              String direct) {
        for (Class<?> main : new Class<?>[] {CollectivesPe.class, ReductionsPe.class}) {
            runOk(Jobs.spec(main, nPes, "quick").withEnv("JSHMEM_BCAST_ALGO", bcast)
                    .withEnv("JSHMEM_BCAST_CHUNK", "4096").withEnv("JSHMEM_FCOLLECT_ALGO", fcollect)
                    .withEnv("JSHMEM_REDUCE_ALGO", reduce).withEnv("JSHMEM_COLL_DIRECT", direct), nPes);
        }
    }

    /**
     * Runs a job with a deadline suited to these programs (several hundred collectives; on two shared cores a
     * 6-PE job spends most of its time waiting for a core) and checks that every PE finished.
     */
    static JobResult runOk(JobSpec spec, int nPes) {
        return runOkWithLine(spec, nPes, pe -> " OK pe " + pe + " of " + nPes);
    }

    /** As {@link #runOk}, with the line each PE must print. */
    static JobResult runOkWithLine(JobSpec spec, int nPes, IntFunction<String> line) {
        JobSpec s = spec.withTimeout(DEADLINE);
        JobResult r = Jobs.run(s);
        assertEquals(0, r.exitCode(), () -> s.mainClass() + " failed: " + r + "\n" + r.transcript());
        ShmFiles.assertNoneLeft(r.sessionName());
        for (int pe = 0; pe < nPes; pe++) {
            int p = pe;
            assertTrue(r.stdout(pe).stream().anyMatch(l -> l.contains(line.apply(p))), () -> "PE " + p
                    + " did not print a line containing '" + line.apply(p) + "'\n" + r.transcript());
        }
        return r;
    }
}
