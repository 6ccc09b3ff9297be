package io.jshmem.it;

import io.jshmem.it.pe.CollectiveOffsetsPe;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Collectives land exactly where they are asked to: every collective with non-zero destination and source
 * positions on world, shared, split, 2-D, one-PE and destroyed teams, the whole destination block compared after
 * each call (canaries before and after the range); collect with per-member counts that differ, with a total that
 * does not fit and with members that disagree on dest (every member throws, nothing written on any).
 */
class CollectiveOffsetsTest {
    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {2, 3, 4})
    @Timeout(180)
    void collectivesWriteOnlyTheRangeAskedFor(int nPes) {
        CollectivesTest.runOkWithLine(Jobs.spec(CollectiveOffsetsPe.class, nPes), nPes,
                pe -> "COLLECTIVE OFFSETS OK pe " + pe + " of " + nPes);
    }
}
