package io.jshmem.it;

import io.jshmem.it.pe.ContextsChapterPe;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * OpenSHMEM 1.6's contexts rows, as processes: Context.INVALID, sessions and their misuse, the PRIVATE, SERIALIZED and
 * NOSTORE options, and the SINGLE, FUNNELED and SERIALIZED thread levels checked with JSHMEM_CHECKS on.
 */
class ContextsChapterTest {
    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 2, 4})
    @Timeout(300)
    void invalidContextSessionsAndOptions(int nPes) {
        CollectivesTest.runOkWithLine(Jobs.spec(ContextsChapterPe.class, nPes), nPes,
                pe -> "CONTEXTS CHAPTER OK pe " + pe);
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 2})
    @Timeout(300)
    void privateIsEnforcedWithChecksOff(int nPes) {
        CollectivesTest.runOkWithLine(Jobs.spec(ContextsChapterPe.class, nPes, "unchecked")
                .withEnv("JSHMEM_CHECKS", "false"), nPes, pe -> "CONTEXTS CHAPTER OK pe " + pe);
    }

    @ParameterizedTest(name = "{0} at {1} PEs")
    @CsvSource({"SINGLE, 1", "SINGLE, 2", "FUNNELED, 2", "FUNNELED, 4", "SERIALIZED, 1", "SERIALIZED, 2",
        "SERIALIZED, 4"})
    @Timeout(300)
    void threadLevelsAreCheckedAndNameTheLevel(String level, int nPes) {
        CollectivesTest.runOkWithLine(Jobs.spec(ContextsChapterPe.class, nPes, level), nPes,
                pe -> "CONTEXTS CHAPTER OK pe " + pe);
    }
}
