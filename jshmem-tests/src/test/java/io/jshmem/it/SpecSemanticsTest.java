package io.jshmem.it;

import io.jshmem.it.pe.SpecSemanticsPe;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * OpenSHMEM 1.6 and CANN SHMEM cases, as PE processes ({@link SpecSemanticsPe}): {@code shmem_addr_accessible}
 * of local memory (private memory is not symmetric), calloc's count * size overflow as an invalid argument (and a
 * bad allocation argument on one PE failing every PE at once), an init with explicit attributes of a live instance
 * rejected while a plain init nests. collect at a non-zero destIndex with per-PE counts is
 * {@link CollectiveOffsetsTest}.
 */
class SpecSemanticsTest {
    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 2, 3})
    @Timeout(120)
    void addrAccessibleAnswersForLocalSegments(int nPes) {
        run("addr", nPes);
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {2, 3})
    @Timeout(120)
    void callocOverflowIsAnInvalidArgumentAndABadArgumentOnOnePeFailsEveryPe(int nPes) {
        run("calloc", nPes);
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 2})
    @Timeout(120)
    void anInitWithExplicitAttributesOfALiveInstanceIsRejected(int nPes) {
        run("reinit", nPes);
    }

    private static void run(String which, int nPes) {
        // A short deadline: a PE left waiting by another's local throw would otherwise hold the job for minutes.
        CollectivesTest.runOkWithLine(Jobs.spec(SpecSemanticsPe.class, nPes, which).withEnv("JSHMEM_TIMEOUT", "15"),
                nPes, pe -> "SPEC " + which + " OK pe " + pe + " of " + nPes);
    }
}
