package io.jshmem.it;

import io.jshmem.it.pe.BadInputPe;
import io.jshmem.it.pe.HeapPe;
import io.jshmem.it.pe.RmaPe;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;


/** Put/get in every form and type, the symmetric heap, and bad input, with 1, 2 and 4 PE processes. */
class RmaTest {
    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 2, 4})
    @Timeout(150)
    void everyRmaFormDeliversTheRightValues(int nPes) {
        Jobs.runOk(RmaPe.class, nPes, pe -> "RMA OK pe " + pe + " of " + nPes);
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 2, 4})
    @Timeout(150)
    void collectiveAllocationIsSymmetricAndVerified(int nPes) {
        Jobs.runOk(HeapPe.class, nPes, pe -> "HEAP OK pe " + pe);
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 2, 4})
    @Timeout(150)
    void badInputIsRejectedWithoutModifyingAnything(int nPes) {
        Jobs.runOk(BadInputPe.class, nPes, pe -> "BAD INPUT OK pe " + pe);
    }
}
