package io.jshmem.it;

import io.jshmem.it.pe.BlockStridedBadInputPe;
import io.jshmem.it.pe.BlockStridedPe;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * OpenSHMEM 1.6's RMA chapter routines, with 1, 2 and 4 PE processes: OpenSHMEM 1.6's block-strided
 * ibput/ibget in every type, the sized 128-bit and mem forms, the facade's array, segment and symmetric local
 * operands (iput/iget included) and a created context, checked byte for byte over canaries; and their bad input
 * (strides, signs, spans whose product would wrap, PE, null and freed handles, destroyed context) rejected by name
 * with nothing written on any PE.
 */
class RmaChapterTest {
    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 2, 4})
    @Timeout(240)
    void blockStridedAndStridedFormsMoveExactlyTheirBlocks(int nPes) {
        CollectivesTest.runOkWithLine(Jobs.spec(BlockStridedPe.class, nPes), nPes,
                pe -> "BLOCK STRIDED OK pe " + pe + ":");
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 2, 4})
    @Timeout(150)
    void badBlockStridedInputIsRejectedByNameAndWritesNothing(int nPes) {
        CollectivesTest.runOkWithLine(Jobs.spec(BlockStridedBadInputPe.class, nPes), nPes,
                pe -> "BLOCK STRIDED BAD INPUT OK pe " + pe + ":");
    }
}
