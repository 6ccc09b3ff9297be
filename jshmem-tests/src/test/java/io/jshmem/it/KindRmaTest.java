package io.jshmem.it;

import io.jshmem.it.pe.KindRmaPe;
import io.jshmem.launcher.JobResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Contiguous put and get on DEVICE_SIDE blocks of a kind without host views, in jobs of separate PE processes
 * ({@link KindRmaPe}, over the test kind {@link io.jshmem.it.pe.OpaqueFileDeviceProvider}, which only its own copies
 * reach, as a GPU kind): a ring of every blocking and nbi form verified byte for byte, contexts of the world and of a
 * reversed team, bad input refused with nothing moved on any PE, and the calls that take HOST_SIDE buffers only still
 * refusing; and the transfers again with JSHMEM_CHECKS=false. Each case is named, so the first failing one is
 * reported.
 */
class KindRmaTest {
    private static final String[] CASES = {"ring-putmem", "ring-nbi", "ring-typed", "host-block-operand",
        "contexts", "calloc-zeroes", "bad-input", "host-only-refused"};

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {2, 3})
    @Timeout(240)
    void contiguousRmaReachesAKindWithoutHostViews(int nPes, @TempDir Path dir) {
        var r = CollectivesTest.runOkWithLine(Jobs.spec(KindRmaPe.class, nPes, dir.toString()), nPes,
                pe -> "KIND RMA OK pe " + pe + " of " + nPes);
        passed(r, nPes, CASES);
    }

    /** With JSHMEM_CHECKS=false the operand checks are off, and a kind block must still reach the kind's copies. */
    @Test
    @Timeout(240)
    void withChecksOffTheTransfersStillReachTheKind(@TempDir Path dir) {
        int nPes = 2;
        var r = CollectivesTest.runOkWithLine(Jobs.spec(KindRmaPe.class, nPes, dir.toString(), "unchecked")
                .withEnv("JSHMEM_CHECKS", "false"), nPes, pe -> "KIND RMA OK pe " + pe + " of " + nPes);
        passed(r, nPes, Arrays.copyOf(CASES, 6));
    }

    private static void passed(JobResult r, int nPes, String[] cases) {
        for (int pe = 0; pe < nPes; pe++) {
            int p = pe;
            for (String c : cases) {
                assertTrue(r.stdout(pe).stream().anyMatch(l -> l.contains("case " + c + " ok pe " + p)),
                        () -> "PE " + p + " did not pass case " + c + "\n" + r.transcript());
            }
        }
    }
}
